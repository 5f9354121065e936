/**
 * "ACBL card (classic)" and "ACBL card (2022)" in the editor (docs/official-cards.md §4): the
 * agreement on screen printed on the ACBL's official convention card of the player's choice, and
 * downloaded. When some of the agreement has no field on that card, the fit report comes first
 * ("4 items go to the supplementary sheet: …", printed on a numbered sheet the card refers to)
 * with Download and Cancel. A trial visitor gets the card of the two trial categories.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Contract } from '@bpa/domain/contract';
import type { AcblCardAnswer } from '@bpa/domain/api-contracts';
import type { OfficialCardId } from '@bpa/domain/official-card';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppSelector } from '../../../lib/hooks';
import { toMakePdfRequest } from '../core/agreement-api';
import { useMakeAcblCardMutation, useMakeGuestAcblCardMutation } from './printing-api';
import { gzipJson } from '../../../lib/gzip-json';

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

/** The two official cards as the buttons name them. */
export const OFFICIAL_CARD_LABELS: Readonly<Record<OfficialCardId, string>> = { classic: 'ACBL card (classic)', '2022': 'ACBL card (2022)' };

/** "1 item goes to the supplementary sheet" / "3 items go to the supplementary sheet". */
export function fitReportTitle(count: number): string {
  return `${count} ${count === 1 ? 'item goes' : 'items go'} to the supplementary sheet`;
}

type Report = AcblCardAnswer['data'] & { card: OfficialCardId };

/**
 * Both card buttons and the fit report dialog.
 *
 * @param contract the agreement on screen
 * @param isGuest a trial visitor: the guest route, which prints the trial categories only
 */
export function OfficialCardButtons({ contract, isGuest }: { contract: Contract; isGuest: boolean }) {
  const { showFailure } = useToast();
  const [makeCard, subscriberState] = useMakeAcblCardMutation();
  const [makeGuestCard, guestState] = useMakeGuestAcblCardMutation();
  const [making, setMaking] = useState<OfficialCardId | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const isLoading = subscriberState.isLoading || guestState.isLoading;
  const isContractEdited = useAppSelector((state) => state.agreement.isContractEdited);

  const make = async (card: OfficialCardId) => {
    setMaking(card);
    try {
      // The card of a saved agreement says its version (docs/pdf.md).
      const answer = await (
        isGuest
          ? makeGuestCard(await gzipJson({ ...toMakePdfRequest(contract, false), card }))
          : // A saved agreement is named, not uploaded (docs/pdf.md §8); unsaved edits are sent with its version.
            isContractEdited
            ? makeCard(await gzipJson({ ...toMakePdfRequest(contract, true), card, revision: contract.revision }))
            : makeCard({ stored: { id: contract._id, revision: contract.revision }, isSubscriber: true, card })
      ).unwrap();
      if (answer.fitReport.length === 0) downloadStoredPdf(answer.pathName, answer.fileName);
      else setReport({ ...answer, card });
    } catch (error) {
      showFailure(error);
    } finally {
      setMaking(null);
    }
  };

  return (
    <div className="official-card-buttons" role="group" aria-label="Official ACBL convention cards">
      {(['classic', '2022'] as const).map((card) => (
        <Button
          key={card}
          type="button"
          label={OFFICIAL_CARD_LABELS[card]}
          icon="pi pi-id-card"
          size="small"
          text
          loading={making === card}
          disabled={isLoading && making !== card}
          onClick={() => void make(card)}
        />
      ))}
      <DialogFrame isOpen={report !== null} onClose={() => setReport(null)} title={report ? fitReportTitle(report.fitReport.length) : ''} width="36rem">
        {report && (
          <div className="fit-report">
            <p>
              The {OFFICIAL_CARD_LABELS[report.card]} has no field for these, or they are too long for theirs. They are printed in full on the card’s
              supplementary sheet, and the card says where (“see S3”):
            </p>
            {/* Focusable: a long list scrolls, and keyboard users must reach it. */}
            <ul tabIndex={0} aria-label="Items on the supplementary sheet">
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
    </div>
  );
}
