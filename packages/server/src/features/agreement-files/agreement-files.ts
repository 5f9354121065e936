/**
 * Export of agreements as files (docs/agreement-format.md): the formats are the domain's
 * (agreement-file.ts); here are the bytes. Reading an uploaded file is the import worker's
 * (file-import/read-uploaded-agreement.ts), off the request thread.
 */
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { toAgreementCsv } from '@bpa/domain/agreement-csv';
import type { ContractDocument } from '@bpa/domain/contract';
import { downloadName, safeFileName } from '../../safe-file-name';

/** An exported file: its bytes, type and the names it downloads under. */
export interface ExportedAgreement {
  body: string;
  contentType: string;
  /** ASCII fallback and the agreement's own name, for Content-Disposition. */
  fileName: string;
  downloadName: string;
}

/**
 * The agreement as a file to download.
 *
 * @param format `json` (the versioned agreement file) or `csv` (the master-template format)
 * @param now written in the JSON as `exportedAt`
 */
export function exportAgreement(document: ContractDocument, format: 'json' | 'csv', now: Date): ExportedAgreement {
  const body = format === 'json' ? `${JSON.stringify(toAgreementFile(document, now), null, 2)}\n` : toAgreementCsv(document);
  return {
    body,
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    fileName: safeFileName(document.contractName, format, 'agreement'),
    downloadName: downloadName(document.contractName, format, 'agreement'),
  };
}
