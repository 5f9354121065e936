/**
 * Export and import of agreements as files (issue 14 §3, docs/agreement-format.md): the formats
 * are the domain's (agreement-file.ts); here are the bytes. A PDF is read with PDF.js, loaded only
 * when a PDF is imported, for its `agreement.json` attachment.
 */
import {
  AGREEMENT_ATTACHMENT_NAME,
  AgreementFileError,
  NOT_AN_AGREEMENT_FILE_MESSAGE,
  PDF_WITHOUT_AGREEMENT_MESSAGE,
  detectAgreementFileKind,
  readAgreementCsv,
  readAgreementJson,
  toAgreementCsv,
  toAgreementFile,
} from '@bpa/domain/agreement-file';
import type { ContractDocument } from '@bpa/domain/contract';
import { AppError } from '../../errors';
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

/** The `agreement.json` attachment of a PDF, or null when it has none. */
async function readPdfAttachment(bytes: Uint8Array): Promise<string | null> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document;
  try {
    document = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, stopAtErrors: false }).promise;
  } catch (error) {
    throw new AppError('bad_request', 'This PDF cannot be read. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.', {
      logDetail: (error as Error).message,
    });
  }
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { filename?: string; content?: Uint8Array }>;
    const found = Object.values(attachments).find((attachment) => attachment.filename === AGREEMENT_ATTACHMENT_NAME);
    return found?.content ? new TextDecoder().decode(found.content) : null;
  } finally {
    await document.destroy();
  }
}

/**
 * Reads the agreement in an uploaded file: a PDF made by the product (its attachment), an
 * agreement JSON file or a master-template CSV, told apart by their first bytes.
 *
 * @returns the agreement document (not yet checked against the limits of a save: the caller's business)
 * @throws AppError bad_request with the problems (line or field named) when nothing can be imported
 */
export async function readUploadedAgreement(bytes: Uint8Array): Promise<ContractDocument> {
  try {
    const kind = detectAgreementFileKind(bytes);
    if (kind === 'pdf') {
      const json = await readPdfAttachment(bytes);
      if (json === null) throw new AgreementFileError(PDF_WITHOUT_AGREEMENT_MESSAGE);
      return readAgreementJson(json);
    }
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return kind === 'json' ? readAgreementJson(text) : readAgreementCsv(text);
  } catch (error) {
    if (error instanceof AgreementFileError) {
      throw new AppError('bad_request', error.message, {
        issues: error.issues.map((issue) => ({
          ...(issue.line === undefined ? {} : { line: issue.line }),
          message: issue.field ? `${issue.field}: ${issue.message}` : issue.message,
        })),
      });
    }
    if (error instanceof TypeError && /decode|encoded/i.test(error.message)) throw new AppError('bad_request', NOT_AN_AGREEMENT_FILE_MESSAGE);
    throw error;
  }
}
