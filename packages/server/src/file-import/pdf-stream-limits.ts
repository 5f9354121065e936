/**
 * Bounds on what a PDF's streams decode to, checked before any PDF library reads the file
 * (docs/decisions/190-untrusted-files-off-the-request-thread.md). A PDF of a few kilobytes can hold
 * a stream that inflates to gigabytes ("zip bomb"), or one deflated twice over; the PDF reader would
 * inflate it into memory without a limit. Here every stream that starts with a zlib header is
 * inflated with a hard output cap, and its output again while that is zlib data too (nested
 * filters), before the file reaches the PDF reader (pdf-lib).
 *
 * The check does not trust the stream dictionaries (`/Filter` may be an indirect object, `/Length`
 * may lie): it looks at the bytes after every `stream` keyword and inflates from there up to the
 * end of the deflate data (the inflater stops there by itself, so an `endstream` hidden inside the
 * data changes nothing). A total budget over all streams bounds the work on a file made of many
 * small bombs, and a budget on the packed bytes read bounds a file whose streams overlap (each
 * `stream` keyword starting another read of the same megabytes). Image filters (DCT, JPX, JBIG2,
 * CCITT) are not zlib data and are never decoded by an import, which reads only the document's
 * structure, its attachments and its form fields.
 *
 * The inflater is pako, a JavaScript port of zlib, not Node's zlib: the import worker may be ended
 * at any instant (its time limit), and Node aborts the whole process when a thread ends while one
 * of its native zlib objects is half made (ADR 190, "Ending the worker safely").
 */
import { Inflate } from 'pako';

/** Largest size one stream may decode to, in bytes. The product's PDFs stay under 1 MB a stream; the ACBL forms under 2 MB. */
export const MAX_DECODED_STREAM_BYTES = 16 * 1024 * 1024;
/** Largest size all the streams of one file may decode to together, in bytes. */
export const MAX_DECODED_FILE_BYTES = 64 * 1024 * 1024;
/** Most zlib layers one stream may have: `[/FlateDecode]` is one; PDF writers never nest two. */
export const MAX_ZLIB_LAYERS = 2;
/** Most streams one file may have: the largest agreement's PDF has under 1,000, the classic ACBL form under 3,000. */
export const MAX_STREAMS = 20_000;

/**
 * Packed bytes the check may read for every byte of the file, beyond PACKED_READ_ALLOWANCE: streams
 * that do not overlap are read once, so a real PDF reads at most its own length.
 */
export const PACKED_READS_PER_FILE_BYTE = 2;
/** Packed bytes the check may read whatever the file's length (see PACKED_READS_PER_FILE_BYTE). */
export const PACKED_READ_ALLOWANCE = 1024 * 1024;
/** Bytes of packed data given to the inflater at once, doubled while a stream goes on: small, so a stream that ends early costs little. */
const FIRST_PIECE_BYTES = 4 * 1024;
/** Bytes the inflater hands back at a time: the output cap is checked at each. */
const OUTPUT_CHUNK_BYTES = 16 * 1024;

/** Why a PDF was refused before reading: each becomes its own message (file-import/read-uploaded-agreement.ts). */
export type PdfLimitProblem = 'stream_too_large' | 'file_too_large' | 'nested_filters' | 'too_many_streams' | 'overlapping_streams';

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

/** What one stream's inflation gave, and how many packed bytes it read before its last piece. */
interface Inflated {
  bytes: Uint8Array;
  /** Packed bytes given before the piece in which the stream ended (for PACKED_READS_PER_FILE_BYTE). */
  readBeforeEnd: number;
}

/**
 * Inflates zlib data with a cap on its output, in pieces, stopping where the deflate data ends.
 *
 * A stream that breaks off (truncated, or bad data after good) gives what it decoded before, as
 * PDF readers do, short of at most its last OUTPUT_CHUNK_BYTES (pako hands back only whole chunks
 * until the stream's end): too little to hide a bomb behind.
 *
 * @param data zlib data (RFC 1950 header first), possibly followed by anything
 * @param maxBytes most bytes the output may have
 * @param maxRead most packed bytes that may be read before the stream's last piece
 * @returns the decoded bytes and what was read; null when the data is not zlib data PDF readers
 *   accept (a preset dictionary), so it cannot bomb
 * @throws PdfLimitError stream_too_large past `maxBytes`; overlapping_streams past `maxRead`
 */
function inflateCapped(data: Uint8Array, maxBytes: number, maxRead: number): Inflated | null {
  if (data[1]! & 0x20) return null; // FDICT: a preset dictionary, which PDF readers refuse
  const chunks: Uint8Array[] = [];
  let decoded = 0;
  let ended = false;
  // The two header bytes were checked by startsZlib; the rest is raw deflate. Raw, so that pako
  // stops at the end of the deflate data instead of reading what follows as another stream.
  const inflater = new Inflate({ raw: true, chunkSize: OUTPUT_CHUNK_BYTES });
  inflater.onData = (data) => {
    const chunk = data as Uint8Array; // a Uint8Array unless `to: 'string'` is asked for
    decoded += chunk.length;
    if (decoded > maxBytes) throw new PdfLimitError('stream_too_large', `a stream decodes to more than ${maxBytes} bytes`);
    chunks.push(chunk);
  };
  inflater.onEnd = () => {
    ended = true;
  };
  let readBeforeEnd = 0;
  for (let at = 2, piece = FIRST_PIECE_BYTES; at < data.length && !ended; at += piece, piece *= 2) {
    if (readBeforeEnd > maxRead) throw new PdfLimitError('overlapping_streams', `the streams read more than ${maxRead} packed bytes`);
    inflater.push(data.subarray(at, at + piece), false);
    if (!ended) readBeforeEnd += Math.min(piece, data.length - at);
  }
  return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), readBeforeEnd };
}

/** Offsets just after each `stream` keyword and its end of line (`stream\r\n` or `stream\n`), `endstream` excluded. */
function* streamDataStarts(bytes: Uint8Array): Generator<number> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const keyword = /(?<!end)stream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) yield match.index + match[0].length;
}

/**
 * Checks that every stream of a PDF decodes within the bounds above, without building anything
 * larger than MAX_DECODED_STREAM_BYTES at a time, and without reading its packed bytes more than
 * PACKED_READS_PER_FILE_BYTE times over.
 *
 * @param bytes the whole file (at most MAX_IMPORT_BYTES: the caller's bound)
 * @returns how many streams were seen and what they decode to
 * @throws PdfLimitError stream_too_large, file_too_large (the total), nested_filters (more than
 *   MAX_ZLIB_LAYERS of zlib inside one another), too_many_streams, overlapping_streams
 */
export function checkPdfStreams(bytes: Uint8Array): PdfStreamCheck {
  let streams = 0;
  let decodedBytes = 0;
  let readBytes = 0;
  const maxRead = PACKED_READS_PER_FILE_BYTE * bytes.length + PACKED_READ_ALLOWANCE;
  for (const start of streamDataStarts(bytes)) {
    streams += 1;
    if (streams > MAX_STREAMS) throw new PdfLimitError('too_many_streams', `more than ${MAX_STREAMS} streams`);
    let layer: Uint8Array = bytes.subarray(start);
    for (let depth = 1; startsZlib(layer, 0); depth += 1) {
      if (depth > MAX_ZLIB_LAYERS) throw new PdfLimitError('nested_filters', `a stream has more than ${MAX_ZLIB_LAYERS} zlib layers`);
      const budget = Math.min(MAX_DECODED_STREAM_BYTES, MAX_DECODED_FILE_BYTES - decodedBytes);
      let inflated: Inflated | null;
      try {
        // An inner layer reads what the outer one decoded, which its own cap bounds.
        inflated = inflateCapped(layer, budget, depth === 1 ? maxRead - readBytes : Infinity);
      } catch (error) {
        if (error instanceof PdfLimitError && error.problem === 'stream_too_large' && budget < MAX_DECODED_STREAM_BYTES) {
          throw new PdfLimitError('file_too_large', `the streams decode to more than ${MAX_DECODED_FILE_BYTES} bytes`);
        }
        throw error;
      }
      if (inflated === null) break;
      decodedBytes += inflated.bytes.byteLength;
      if (depth === 1) readBytes += inflated.readBeforeEnd;
      layer = inflated.bytes;
    }
  }
  return { streams, decodedBytes };
}

/**
 * Removes the web's `DecompressionStream` and `CompressionStream` from a thread's globals, so
 * that no library of the import worker inflates with them (ADR 190, "Ending the worker safely"):
 * Node builds them on native zlib objects. For the import worker only.
 *
 * @param scope the thread's `globalThis`
 */
export function withoutNativeDecompression(scope: typeof globalThis): void {
  for (const name of ['DecompressionStream', 'CompressionStream'] as const) {
    Object.defineProperty(scope, name, { value: undefined, configurable: true, writable: true });
  }
}
