/**
 * Bounds on what a PDF's streams decode to, checked before any PDF library reads the file
 * (docs/decisions/190-untrusted-files-off-the-request-thread.md). A PDF of a few kilobytes can hold
 * a stream that inflates to gigabytes ("zip bomb"), or one deflated twice over; PDF.js would
 * inflate it into memory without a limit. Here every stream that starts with a zlib header is
 * inflated by Node's zlib with a hard output cap (`maxOutputLength`), and its output again while
 * that is zlib data too (nested filters), before the file reaches PDF.js.
 *
 * The check does not trust the stream dictionaries (`/Filter` may be an indirect object, `/Length`
 * may lie): it looks at the bytes after every `stream` keyword and inflates from there up to the
 * end of the deflate data (zlib stops there by itself, so an `endstream` hidden inside the data
 * changes nothing). A total budget over all streams bounds the work on a file made of many small
 * bombs. Image filters (DCT, JPX, JBIG2, CCITT) are not zlib data and are never decoded by an
 * import, which reads only the document's structure, its attachments and its form fields.
 */
import { constants, inflateSync } from 'node:zlib';

/** Largest size one stream may decode to, in bytes. The product's PDFs stay under 1 MB a stream; the ACBL forms under 2 MB. */
export const MAX_DECODED_STREAM_BYTES = 16 * 1024 * 1024;
/** Largest size all the streams of one file may decode to together, in bytes. */
export const MAX_DECODED_FILE_BYTES = 64 * 1024 * 1024;
/** Most zlib layers one stream may have: `[/FlateDecode]` is one; PDF writers never nest two. */
export const MAX_ZLIB_LAYERS = 2;
/** Most streams one file may have: the largest agreement's PDF has under 1,000, the classic ACBL form under 3,000. */
export const MAX_STREAMS = 20_000;

/** Why a PDF was refused before reading: each becomes its own message (file-import/read-uploaded-agreement.ts). */
export type PdfLimitProblem = 'stream_too_large' | 'file_too_large' | 'nested_filters' | 'too_many_streams';

/** Thrown by `checkPdfStreams` when the file passes a bound. */
export class PdfLimitError extends Error {
  readonly problem: PdfLimitProblem;
  constructor(problem: PdfLimitProblem, detail: string) {
    super(detail);
    this.name = 'PdfLimitError';
    this.problem = problem;
  }
}

/** What the check found, for tests and the log. */
export interface PdfStreamCheck {
  streams: number;
  /** Bytes all zlib streams decoded to, every layer counted. */
  decodedBytes: number;
}

/** True when `bytes` at `at` start like zlib data (RFC 1950: deflate, a 32 K window or less, header checksum). */
function startsZlib(bytes: Uint8Array, at: number): boolean {
  if (at + 2 > bytes.length) return false;
  const cmf = bytes[at]!;
  const flg = bytes[at + 1]!;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

/**
 * Inflates zlib data with a cap on its output.
 *
 * @returns the decoded bytes (a truncated stream gives what it has, as PDF readers do); null when
 *   the data is not valid zlib data (a PDF reader would fail on it too, so it cannot bomb)
 * @throws PdfLimitError stream_too_large past `maxBytes`
 */
function inflateCapped(data: Uint8Array, maxBytes: number): Buffer | null {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, maxBytes), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PdfLimitError('stream_too_large', `a stream decodes to more than ${maxBytes} bytes`);
    }
    return null;
  }
}

/** Offsets just after each `stream` keyword and its end of line (`stream\r\n` or `stream\n`), `endstream` excluded. */
function* streamDataStarts(bytes: Uint8Array): Generator<number> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const keyword = /(?<!end)stream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) yield match.index + match[0].length;
}

/**
 * Checks that every stream of a PDF decodes within the bounds above, without building anything
 * larger than MAX_DECODED_STREAM_BYTES at a time.
 *
 * @param bytes the whole file (at most MAX_IMPORT_BYTES: the caller's bound)
 * @returns how many streams were seen and what they decode to
 * @throws PdfLimitError stream_too_large, file_too_large (the total), nested_filters (more than
 *   MAX_ZLIB_LAYERS of zlib inside one another), too_many_streams
 */
export function checkPdfStreams(bytes: Uint8Array): PdfStreamCheck {
  let streams = 0;
  let decodedBytes = 0;
  for (const start of streamDataStarts(bytes)) {
    streams += 1;
    if (streams > MAX_STREAMS) throw new PdfLimitError('too_many_streams', `more than ${MAX_STREAMS} streams`);
    let layer: Uint8Array = bytes.subarray(start);
    for (let depth = 1; startsZlib(layer, 0); depth += 1) {
      if (depth > MAX_ZLIB_LAYERS) throw new PdfLimitError('nested_filters', `a stream has more than ${MAX_ZLIB_LAYERS} zlib layers`);
      const budget = Math.min(MAX_DECODED_STREAM_BYTES, MAX_DECODED_FILE_BYTES - decodedBytes);
      let decoded: Buffer | null;
      try {
        decoded = inflateCapped(layer, budget);
      } catch (error) {
        if (error instanceof PdfLimitError && budget < MAX_DECODED_STREAM_BYTES) {
          throw new PdfLimitError('file_too_large', `the streams decode to more than ${MAX_DECODED_FILE_BYTES} bytes`);
        }
        throw error;
      }
      if (decoded === null) break;
      decodedBytes += decoded.byteLength;
      layer = decoded;
    }
  }
  return { streams, decodedBytes };
}
