/**
 * Export or import one agreement (docs/product.md §12), from the dashboard:
 *
 * - Export downloads the agreement as JSON (the versioned agreement file, docs/agreement-format.md)
 *   or as CSV (the master-template format).
 * - Import reads a file the user chooses (the product's PDF, its JSON or a CSV, or a filled ACBL
 *   convention card) and shows the import report first (how many fields were read, placed, kept as
 *   text, and what has no place: docs/agreement-format.md, "Other tools' cards"), with the
 *   confirmation "This will completely erase the existing Agreement." (the template load's words,
 *   docs/product.md §5); OK replaces the agreement with it. The server reads and checks the file;
 *   its problems (line or field named) are listed here and nothing changes. The previous version
 *   stays in History.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { MAX_IMPORT_BYTES } from '@bpa/domain/constants';
import { MESSAGES } from '@bpa/domain/messages';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import type { ImportReport } from '@bpa/domain/api-contracts';
import { agreementExportUrl, useImportAgreementMutation, usePreviewImportMutation } from '../core/agreement-api';
import { toPlainName } from '../core/markup-text';

/** The agreement the dialog is for. */
export interface ExportImportTarget {
  id: string;
  contractName: string;
  /**
   * Whether the user may replace it (its owner, or a partner who can edit: the server checks
   * again); false offers only the export, as for an agreement shared with "can view".
   */
  canImport?: boolean;
}

export const FILE_TOO_LARGE_MESSAGE = `The file is too large: at most ${MAX_IMPORT_BYTES / 1_000_000} MB.`;
export const CHOOSE_FILE_MESSAGE = 'Choose a file to import.';

/** The file's bytes in base64, for the JSON body of the import (read as a data: URL, which every browser does natively). */
function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The problems a refused import lists (`issues` of the error answer), as lines. */
function issuesOf(error: unknown): string[] {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const issues = typeof data === 'object' && data !== null && 'issues' in data ? (data as { issues: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    typeof issue === 'object' && issue !== null && 'message' in issue
      ? [`${'line' in issue ? `Line ${String(issue.line)}: ` : ''}${String(issue.message)}`]
      : [],
  );
}

/**
 * The Export or import dialog for one agreement (shown while `target` is set): the downloads, and the
 * import unless `target.canImport` is false (docs/product.md §12). `onClose` on Done, on closing it
 * and after a successful import.
 */
export function ExportImportDialog({ target, onClose }: { target: ExportImportTarget | null; onClose: () => void }) {
  return (
    <DialogFrame
      isOpen={target !== null}
      onClose={onClose}
      title={target?.canImport === false ? 'Export' : 'Export or import'}
      className="export-import-dialog"
      width="34rem"
    >
      {target !== null && <ExportImport key={target.id} target={target} onClose={onClose} />}
    </DialogFrame>
  );
}

function ExportImport({ target, onClose }: { target: ExportImportTarget; onClose: () => void }) {
  const name = toPlainName(target.contractName) || target.id;

  return (
    <div className="export-import">
      <h3 className="export-import-heading">Export {name}</h3>
      <p>Keep a copy, or move it to another account or tool.</p>
      <p className="button-row">
        <a className="p-button p-button-outlined p-button-sm link-button" href={agreementExportUrl(target.id, 'json')} download>
          <span className="pi pi-download" aria-hidden="true" /> Download JSON
        </a>
        <a className="p-button p-button-outlined p-button-sm link-button" href={agreementExportUrl(target.id, 'csv')} download>
          <span className="pi pi-download" aria-hidden="true" /> Download CSV
        </a>
        <a className="p-button p-button-outlined p-button-sm link-button" href={agreementExportUrl(target.id, 'bbo')} download>
          <span className="pi pi-download" aria-hidden="true" /> Download BBO card (XML)
        </a>
        <a className="p-button p-button-outlined p-button-sm link-button" href={agreementExportUrl(target.id, 'swan')} download>
          <span className="pi pi-download" aria-hidden="true" /> Download Bridge Winners card (JSON)
        </a>
      </p>
      {target.canImport === false ? (
        <div className="dialog-actions">
          <Button type="button" label="Done" outlined onClick={onClose} />
        </div>
      ) : (
        <ImportForm target={target} name={name} onClose={onClose} />
      )}
    </div>
  );
}

/** Choose a file, confirm the erase, import; the file's problems are listed when it is refused. */
function ImportForm({ target, name, onClose }: { target: ExportImportTarget; name: string; onClose: () => void }) {
  const { showSuccess, showError } = useToast();
  const [importAgreement] = useImportAgreementMutation();
  const [previewImport] = usePreviewImportMutation();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isReading, setIsReading] = useState(false);
  // From the click on OK: reading the file, sending it, the server checking and storing it.
  const [isImporting, setIsImporting] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [problem, setProblem] = useState<{ message: string; issues: string[] } | null>(null);
  const inputId = useId();
  const problemId = useId();

  // The file is read by the server first: its report comes with the confirmation, and a file that
  // cannot be imported is refused before anyone is asked to erase anything.
  const askForConfirmation = async () => {
    if (!file) return setProblem({ message: CHOOSE_FILE_MESSAGE, issues: [] });
    if (file.size > MAX_IMPORT_BYTES) return setProblem({ message: FILE_TOO_LARGE_MESSAGE, issues: [] });
    setProblem(null);
    setIsReading(true);
    try {
      setReport(await previewImport({ id: target.id, fileName: file.name, data: await toBase64(file) }).unwrap());
      setIsConfirming(true);
    } catch (error) {
      setProblem({ message: toErrorMessage(error), issues: issuesOf(error) });
    } finally {
      setIsReading(false);
    }
  };
  const runImport = async () => {
    if (!file) return;
    setIsImporting(true);
    try {
      await importAgreement({ id: target.id, fileName: file.name, data: await toBase64(file) }).unwrap();
      showSuccess(`${file.name} was imported into ${name}.`);
      onClose();
    } catch (error) {
      const message = toErrorMessage(error);
      showError(message);
      setProblem({ message, issues: issuesOf(error) });
      setIsConfirming(false);
    } finally {
      setIsImporting(false);
    }
  };

  if (isConfirming && file) {
    return (
      <div className="template-confirm">
        <p className="template-confirm-message" role="alert">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {MESSAGES.resetToTemplateConfirm}
        </p>
        <p>
          The agreement in <strong>{file.name}</strong> will replace <strong>{name}</strong>: every category, subject and option. The version before stays in
          History.
        </p>
        {report && <ImportReportView report={report} />}
        <p role="status">{isImporting ? `Importing ${file.name}…` : ''}</p>
        <div className="dialog-actions">
          {/* Focus starts on Cancel: Enter alone never erases an agreement. */}
          <Button type="button" label="Cancel" icon="pi pi-times" outlined disabled={isImporting} autoFocus onClick={() => setIsConfirming(false)} />
          <Button type="button" label="OK" icon="pi pi-check" severity="danger" loading={isImporting} disabled={isImporting} onClick={() => void runImport()} />
        </div>
      </div>
    );
  }

  return (
    <>
      <h3 className="export-import-heading">Import into {name}</h3>
      <p>
        A <strong>.json</strong> or <strong>.csv</strong> file exported here, a <strong>PDF</strong> made by this site, a filled{' '}
        <strong>ACBL convention card</strong> (the ACBL&rsquo;s fillable PDF, classic or 2022), a <strong>BBO card</strong> (.xml, from BBO&rsquo;s convention
        card manager), a <strong>Bridge Winners card</strong> (.json, exported from Bridge Winners), or a <strong>Bridgodex card</strong> (.json, exported from
        Bridgodex).
      </p>
      <p role="status">{isReading ? `Reading ${file?.name ?? 'the file'}…` : ''}</p>
      <label htmlFor={inputId} className="visually-hidden">
        File to import into {name}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,.csv,.pdf,.xml,application/json,text/csv,application/pdf,application/xml,text/xml"
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setProblem(null);
        }}
      />
      {problem && (
        <div id={problemId} className="field-problem export-import-problem" role="alert">
          <p>{problem.message}</p>
          {problem.issues.length > 1 && (
            <ul>
              {problem.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="dialog-actions">
        <Button type="button" label="Done" outlined onClick={onClose} />
        <Button type="button" label="Import" icon="pi pi-upload" loading={isReading} disabled={isReading} onClick={() => void askForConfirmation()} />
      </div>
    </>
  );
}

/**
 * The import report (docs/agreement-format.md, "Other tools' cards"): the format read, the counts,
 * and what has no place, which the import keeps in the subject "Imported, not placed".
 */
function ImportReportView({ report }: { report: ImportReport }) {
  const isWhole = report.placedAsText === 0 && report.notPlaced.length === 0;
  return (
    <section className="import-report" aria-label="Import report">
      <p>
        <strong>{report.format}</strong>
        {isWhole
          ? ': everything in it is imported.'
          : `: ${report.read} fields read, ${report.placed} placed on their items, ${report.placedAsText} kept as text (a note or an added option), ${report.notPlaced.length} with no place.`}
      </p>
      {report.notPlaced.length > 0 && (
        <>
          <p>Kept in the subject &ldquo;Imported, not placed&rdquo; of the first category, for you to check:</p>
          {/* Focusable: a long list scrolls, and keyboard users must reach it. */}
          <ul tabIndex={0} aria-label="Fields with no place">
            {report.notPlaced.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
