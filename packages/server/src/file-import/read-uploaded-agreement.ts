/**
 * Reads the agreement in an uploaded file (docs/agreement-format.md; docs/product.md §12): a PDF
 * made by the product (its `agreement.json` attachment, read with PDF.js), an agreement JSON file
 * or a master-template CSV, told apart by their first bytes. Runs in the import worker
 * (import-worker.ts), never on the request thread, behind the bounds of
 * docs/decisions/190-untrusted-files-off-the-request-thread.md.
 */
import {
  AGREEMENT_ATTACHMENT_NAME,
  AgreementFileError,
  describeFieldPath,
  NOT_AN_AGREEMENT_FILE_MESSAGE,
  PDF_WITHOUT_AGREEMENT_MESSAGE,
  detectAgreementFileKind,
  readAgreementJson,
} from '@bpa/domain/agreement-file';
import { readAgreementCsv } from '@bpa/domain/agreement-csv';
import { MAX_IMPORT_BYTES } from '@bpa/domain/constants';
import { type ContractDocument, ContractDocumentSchema } from '@bpa/domain/contract';
import { AppError } from '../errors';
import { PdfLimitError, checkPdfStreams } from './pdf-stream-limits';

/** 400 text for a PDF that PDF.js cannot open. */
export const UNREADABLE_PDF_MESSAGE = 'This PDF cannot be read. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 413 text for a PDF whose streams decode past the bounds (pdf-stream-limits.ts). */
export const PDF_CONTENT_TOO_LARGE_MESSAGE =
  'This PDF cannot be imported: its content unpacks to far more than any agreement needs. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 400 text for a PDF whose streams are packed inside one another more often than PDF writers do. */
export const PDF_NESTED_FILTERS_MESSAGE =
  'This PDF cannot be imported: its content is packed in more layers than PDF files use. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 413 text for an `agreement.json` attachment larger than an agreement file may be. */
export const ATTACHMENT_TOO_LARGE_MESSAGE = `The agreement inside this PDF is too large: at most ${MAX_IMPORT_BYTES / 1_000_000} MB.`;

/** The `agreement.json` attachment of a PDF, or null when it has none. */
async function readPdfAttachment(bytes: Uint8Array): Promise<string | null> {
  try {
    checkPdfStreams(bytes);
  } catch (error) {
    if (!(error instanceof PdfLimitError)) throw error;
    if (error.problem === 'nested_filters') throw new AppError('bad_request', PDF_NESTED_FILTERS_MESSAGE, { logDetail: error.message });
    throw new AppError('too_large', PDF_CONTENT_TOO_LARGE_MESSAGE, { logDetail: error.message });
  }
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document;
  try {
    document = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, stopAtErrors: false }).promise;
  } catch (error) {
    throw new AppError('bad_request', UNREADABLE_PDF_MESSAGE, { logDetail: String((error as { message?: unknown }).message ?? error) });
  }
  let attachments: Record<string, { filename?: string; content?: Uint8Array }>;
  try {
    attachments = ((await document.getAttachments()) ?? {}) as typeof attachments;
  } catch (error) {
    // PDF.js reads the objects lazily: a damaged file may open and then fail here (its exceptions are not Errors).
    throw new AppError('bad_request', UNREADABLE_PDF_MESSAGE, { logDetail: String((error as { message?: unknown }).message ?? error) });
  } finally {
    await document.destroy().catch(() => undefined);
  }
  const found = Object.values(attachments).find((attachment) => attachment.filename === AGREEMENT_ATTACHMENT_NAME);
  if (!found?.content) return null;
  if (found.content.byteLength > MAX_IMPORT_BYTES) throw new AppError('too_large', ATTACHMENT_TOO_LARGE_MESSAGE);
  return new TextDecoder().decode(found.content);
}

/**
 * Reads and checks the agreement in an uploaded file.
 *
 * @param bytes the file, at most MAX_IMPORT_BYTES (the route's bound)
 * @returns the agreement document, checked against the rules of a save (ContractDocumentSchema:
 *   names, counts, text)
 * @throws AppError bad_request with the problems (line or field named) when nothing can be
 *   imported; too_large for a PDF whose content unpacks past the bounds of pdf-stream-limits.ts
 */
export async function readUploadedAgreement(bytes: Uint8Array): Promise<ContractDocument> {
  let read: ContractDocument;
  try {
    const kind = detectAgreementFileKind(bytes);
    if (kind === 'pdf') {
      const json = await readPdfAttachment(bytes);
      if (json === null) throw new AgreementFileError(PDF_WITHOUT_AGREEMENT_MESSAGE);
      read = readAgreementJson(json);
    } else {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      read = kind === 'json' ? readAgreementJson(text) : readAgreementCsv(text);
    }
  } catch (error) {
    if (error instanceof AgreementFileError) {
      throw new AppError('bad_request', error.message, {
        issues: error.issues.map((issue) => ({
          ...(issue.line === undefined ? {} : { line: issue.line }),
          // The domain's message names the place as a player reads it (describeFieldPath).
          message: issue.message,
        })),
      });
    }
    if (error instanceof TypeError && /decode|encoded/i.test(error.message)) throw new AppError('bad_request', NOT_AN_AGREEMENT_FILE_MESSAGE);
    throw error;
  }
  // The same rules as a save (names, counts), whatever the file's kind.
  const checked = ContractDocumentSchema.safeParse(read);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 20).map((issue) => ({ message: `${describeFieldPath(read, issue.path)}: ${issue.message}` }));
    throw new AppError('bad_request', `The agreement in the file is not valid: ${issues[0]?.message ?? ''}`, { issues });
  }
  return checked.data;
}
