/**
 * Reading the master template upload (docs/product.md §5 "Master upload: a single CSV file, at most 1,000,000
 * bytes"; docs/product.md §7 "multipart, file field text"). Memory stays bounded whatever a client sends: the
 * file is cut off at MAX_UPLOAD_BYTES and reading stops there, other form fields are small and few.
 */
import { MASTER_UPLOAD_FIELD, MAX_UPLOAD_SIZE_LABEL } from '@bpa/domain/api-admin';
import { MAX_UPLOAD_BYTES } from '@bpa/domain/constants';
import { invalidFileSizeMessage } from '@bpa/domain/messages';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** 400 when the request is not a multipart form (the Templates tab always sends one). */
export const NOT_MULTIPART_MESSAGE = `Upload the template as a form (multipart/form-data) with one CSV file in the field "${MASTER_UPLOAD_FIELD}".`;
/** 400 when the form holds no file (or a file without a name: nothing was chosen). */
export const NO_FILE_MESSAGE = 'Choose a CSV file to upload.';
/** 400 when the form holds more than one file, or a file in another field. */
export const ONE_FILE_ONLY_MESSAGE = `Upload exactly one CSV file, in the field "${MASTER_UPLOAD_FIELD}".`;
/** 400 when the form holds more fields than any upload form has. */
export const TOO_MANY_FIELDS_MESSAGE = 'The upload form has too many fields.';

/** 400 for a file that is not CSV text: wrong extension or type, or binary content. */
export function notCsvMessage(fileName: string): string {
  return `${fileName}: The file is not a CSV text file. Upload a .csv file saved as text (UTF-8).`;
}

/**
 * Content types a browser may give a .csv file: text/csv normally, application/vnd.ms-excel on
 * Windows with Excel installed, text/plain or application/octet-stream when the system knows no
 * better. Anything else (an image, a PDF, a spreadsheet) is not a CSV file.
 */
const CSV_MIME_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/comma-separated-values',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

/** Busboy limits: one file of at most MAX_UPLOAD_BYTES, and a few small fields at most. */
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 };

/** An uploaded CSV file: its name as the browser gave it (cleaned) and its text. */
export interface CsvUpload {
  fileName: string;
  text: string;
}

/** 400 for a multipart body that cannot be read (docs/product.md §D7: it used to be a 500). */
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read: the request was not a complete multipart/form-data body. Please choose the file again and upload it.';

/**
 * Reads the one CSV file of a master upload.
 *
 * @returns the file's name (path and control characters removed, at most 255 characters) and its
 *   content decoded as UTF-8 (a BOM is kept for the CSV parser to skip)
 * @throws AppError bad_request (400): not multipart (NOT_MULTIPART_MESSAGE), no file (NO_FILE_MESSAGE),
 *   two files or a file in another field (ONE_FILE_ONLY_MESSAGE), too many fields, a body that cannot be read
 *   (MALFORMED_UPLOAD_MESSAGE), or not CSV text
 *   (notCsvMessage: extension other than .csv, another content type, NUL bytes, invalid UTF-8);
 *   too_large (413) with the spec's `invalidFileSizeMessage(fileName, '1,000,000 bytes')` as soon as
 *   the file passes MAX_UPLOAD_BYTES
 */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new AppError('bad_request', NOT_MULTIPART_MESSAGE);
  let upload: CsvUpload | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') continue; // e.g. a file name sent alongside: not needed
      if (part.fieldname !== MASTER_UPLOAD_FIELD || upload) throw new AppError('bad_request', ONE_FILE_ONLY_MESSAGE);
      upload = await readCsvFile(part);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    switch ((error as { code?: unknown }).code) {
      case 'FST_FILES_LIMIT':
        throw new AppError('bad_request', ONE_FILE_ONLY_MESSAGE);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw new AppError('bad_request', TOO_MANY_FIELDS_MESSAGE);
      default:
        // Anything else the multipart reader throws is a body it could not read: no boundary,
        // a broken part header, a body that ends before its closing boundary (docs/product.md §D7).
        throw new AppError('bad_request', MALFORMED_UPLOAD_MESSAGE);
    }
  }
  if (!upload) throw new AppError('bad_request', NO_FILE_MESSAGE);
  return upload;
}

async function readCsvFile(part: MultipartFile): Promise<CsvUpload> {
  const fileName = cleanFileName(part.filename);
  if (fileName === '') throw new AppError('bad_request', NO_FILE_MESSAGE);
  if (!fileName.toLowerCase().endsWith('.csv') || !CSV_MIME_TYPES.has(part.mimetype.toLowerCase())) {
    throw new AppError('bad_request', notCsvMessage(fileName));
  }
  const tooLarge = new AppError('too_large', invalidFileSizeMessage(fileName, MAX_UPLOAD_SIZE_LABEL));
  // Busboy cuts the file at the limit and then would read on to the end of the part, discarding;
  // destroying the stream stops the parsing (and the reading of the request) right there.
  part.file.once('limit', () => part.file.destroy(tooLarge));
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw tooLarge;
  const bytes = Buffer.concat(chunks);
  if (bytes.includes(0)) throw new AppError('bad_request', notCsvMessage(fileName));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new AppError('bad_request', notCsvMessage(fileName));
  }
  return { fileName, text };
}

/** The file name without a path (old browsers send one), control characters or excess length. */
function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '');
  return printable.trim().slice(0, 255);
}
