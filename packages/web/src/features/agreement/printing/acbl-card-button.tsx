/**
 * "Convention card (ACBL layout)" in the subscriber's editor (docs/product.md §13):
 * makes the card of the agreement on screen and downloads it; when something did not fit on the
 * card, the fit report is shown first ("3 items did not fit: …", printed in full on page 3) with
 * Download and Cancel.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import type { Contract } from '@bpa/domain/contract';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { toMakePdfRequest } from '../core/agreement-api';
import { useMakeAcblCardMutation } from './printing-api';

/** Starts the browser's download of a stored PDF (same origin: the session cookie goes along). */
function downloadStoredPdf(pathName: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = `/api/v1/contracts/pdfviewer/${encodeURIComponent(pathName)}/${encodeURIComponent(fileName)}`;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** "1 item did not fit" / "3 items did not fit". */
export function fitReportTitle(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} did not fit on the card`;
}

export function AcblCardButton({ contract }: { contract: Contract }) {
  const { showError } = useToast();
  const [makeCard, state] = useMakeAcblCardMutation();
  const [report, setReport] = useState<{ pathName: string; fileName: string; fitReport: string[] } | null>(null);

  const make = async () => {
    try {
      // The card of a saved agreement says its version (docs/pdf.md).
      const answer = await makeCard({ ...toMakePdfRequest(contract, true), revision: contract.revision }).unwrap();
      if (answer.fitReport.length === 0) downloadStoredPdf(answer.pathName, answer.fileName);
      else setReport(answer);
    } catch (error) {
      showError(toErrorMessage(error));
    }
  };

  return (
    <>
      <Button
        type="button"
        label="Convention card (ACBL layout)"
        icon="pi pi-id-card"
        size="small"
        text
        className="acbl-card-button"
        loading={state.isLoading}
        onClick={() => void make()}
      />
      <DialogFrame isOpen={report !== null} onClose={() => setReport(null)} title={report ? fitReportTitle(report.fitReport.length) : ''} width="36rem">
        {report && (
          <div className="fit-report">
            <p>These are cut short on the card and printed in full on its page 3:</p>
            {/* Focusable: a long list scrolls, and keyboard users must reach it. */}
            <ul tabIndex={0} aria-label="Items that did not fit">
              {report.fitReport.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className="dialog-actions">
              <Button type="button" label="Cancel" outlined onClick={() => setReport(null)} />
              <Button
                type="button"
                label="Download the card"
                icon="pi pi-download"
                onClick={() => {
                  downloadStoredPdf(report.pathName, report.fileName);
                  setReport(null);
                }}
              />
            </div>
          </div>
        )}
      </DialogFrame>
    </>
  );
}
