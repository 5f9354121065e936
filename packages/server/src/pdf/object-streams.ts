/**
 * Object streams for pdfkit's files (PDF 1.5, ISO 32000-1 §7.5.7 and §7.5.8). pdfkit writes every
 * object as plain text with a classic cross-reference table; a tagged agreement has about 2,500
 * small dictionaries (the structure tree: one element per heading, list item and item body, ADR
 * 180), about 75 KB as text, which deflate shrinks about tenfold once they sit together in a
 * compressed object stream. `writeWithObjectStreams` makes a pdfkit document write its file that
 * way directly:
 *
 * - every object that is not a stream is written as PDF text when pdfkit finishes it (its
 *   `finalize`) and kept aside instead of going into the file; at the end they go into
 *   `/Type /ObjStm` streams of at most OBJECTS_PER_STREAM objects, in the order pdfkit finished
 *   them, compressed with deflate;
 * - streams (pages' content, fonts, the attachment) are written by pdfkit as before;
 * - the cross-reference table and trailer become a compressed `/Type /XRef` stream carrying the
 *   trailer's /Root, /Info and /ID; the header says PDF 1.5.
 *
 * Object numbers are pdfkit's, so every reference stays valid. Until ADR 186 the finished file was
 * parsed back and rewritten (`packObjectStreams`); writing the objects straight into their streams
 * saves that round trip, about a tenth of a render of the largest agreement.
 *
 * pdfkit internals used (pdfkit 0.20, checked at start-up by pdfkit-internals.ts): the document's
 * `_root` (a PDFReference, whose class's `finalize` is wrapped once per process, for the documents
 * given to `writeWithObjectStreams` only), `_refEnd`, `_finalize`, `_offsets`, `_offset`, `_write`,
 * `_info`, `_id` and `_security`; a reference's `document`, `id`, `data` and `buffer`.
 */
import { deflateSync } from 'node:zlib';

/**
 * Deflate level of the object streams, chosen by measurement (ADR 183's table, the largest
 * agreement): level 4 takes about two thirds of the time of level 6 (zlib's default) for 0.8 KB more.
 */
export const OBJECT_STREAM_DEFLATE_LEVEL = 4;

/** Objects per object stream: readers need not inflate a large stream to reach one object. */
const OBJECTS_PER_STREAM = 200;

/** A pdfkit PDFReference: one indirect object. */
interface PdfkitReference {
  document: object;
  id: number;
  data: unknown;
  /** Chunks of the stream written so far; none for a plain dictionary. */
  buffer: { length: number };
  finalize(): void;
  toString(): string;
}

/** The parts of a pdfkit document used here. */
interface PdfkitDocumentInternals {
  _root: PdfkitReference;
  _info: PdfkitReference;
  _id: Uint8Array;
  _security: unknown;
  /** Offset of each object by number - 1, set by `_refEnd`. */
  _offsets: (number | null | undefined)[];
  /** Bytes written so far. */
  _offset: number;
  _write(data: string | Uint8Array): void;
  _refEnd(ref: PdfkitReference): void;
  _finalize(): void;
  push(chunk: Uint8Array | null): boolean;
}

/** An object kept for an object stream: its number and its text. */
interface LooseObject {
  id: number;
  body: string;
}

/** The objects kept aside per document given to `writeWithObjectStreams`, in the order pdfkit finished them. */
const looseObjects = new WeakMap<object, LooseObject[]>();

/** Marks pdfkit's PDFReference class as wrapped. */
const WRAPPED = Symbol('objectStreamsWrapped');

/**
 * Collects a pdfkit document's file, its dictionaries written into compressed object streams and
 * its cross-reference table as a cross-reference stream (see the module comment). Call it right
 * after making the document, before anything is drawn: objects pdfkit finished before stay plain
 * objects of the file (still valid, only not compressed).
 *
 * An encrypted document (pdfkit's `userPassword` / `ownerPassword`) is collected as pdfkit writes
 * it, with a classic cross-reference table: its objects would have to be encrypted here.
 *
 * @param doc a new pdfkit document (pdfkit 0.20)
 * @returns the finished file once `doc.end()` has written it; rejects on the document's 'error'
 */
export function writeWithObjectStreams(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const internals = doc as unknown as PdfkitDocumentInternals;
  const isPacked = !internals._security;
  if (isPacked) {
    wrapFinalize(Object.getPrototypeOf(internals._root) as PdfkitReference & { [WRAPPED]?: true });
    const loose: LooseObject[] = [];
    looseObjects.set(doc, loose);
    internals._finalize = () => writeObjectStreamsAndXref(internals, loose);
  }
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      const pdf = Buffer.concat(chunks);
      // pdfkit wrote "%PDF-1.3" before we could say otherwise; "1.5" has as many bytes, so no offset moves.
      if (isPacked && pdf.toString('latin1', 0, 8) < '%PDF-1.5') pdf.write('1.5', 5, 'latin1');
      resolve(pdf);
    });
    doc.on('error', reject);
  });
}

/**
 * Ends `ref`, a pdfkit object that is not a stream, with `text` as its content, written as it is
 * into an object stream, without serialising its `data`; for documents given to
 * `writeWithObjectStreams` only.
 *
 * @param ref an object of the document (`doc.ref()`), not ended yet
 * @param text the object's PDF text, e.g. "<<\n/S /P\n/P 12 0 R\n>>"
 * @returns false, doing nothing, when the document is not written with object streams (the caller
 *   then ends `ref` with its `data`, as pdfkit does)
 */
export function endWithText(ref: object, text: string): boolean {
  const reference = ref as unknown as PdfkitReference;
  const loose = looseObjects.get(reference.document);
  if (!loose) return false;
  loose.push({ id: reference.id, body: text });
  (reference.document as PdfkitDocumentInternals)._refEnd(reference);
  return true;
}

/** Makes every PDFReference of a packed document keep its text aside when it is not a stream. */
function wrapFinalize(prototype: PdfkitReference & { [WRAPPED]?: true }): void {
  if (prototype[WRAPPED]) return;
  const original = prototype.finalize;
  prototype.finalize = function finalize(this: PdfkitReference): void {
    const loose = looseObjects.get(this.document);
    if (!loose || this.buffer.length > 0) {
      original.call(this);
      return;
    }
    loose.push({ id: this.id, body: toPdfText(this.data) });
    (this.document as PdfkitDocumentInternals)._refEnd(this);
  };
  prototype[WRAPPED] = true;
}

/** Ends the file, in place of pdfkit's `_finalize`: the object streams, then the cross-reference stream and `startxref`. */
function writeObjectStreamsAndXref(doc: PdfkitDocumentInternals, loose: readonly LooseObject[]): void {
  /** Cross-reference entries by object number: [type, field 2, field 3] (§7.5.8.3). */
  const entries: [number, number, number][] = [[0, 0, 0xffff]];
  doc._offsets.forEach((offset, index) => {
    entries[index + 1] = typeof offset === 'number' ? [1, offset, 0] : [0, 0, 0];
  });
  let nextId = doc._offsets.length + 1;
  const write = (text: string) => doc._write(Buffer.from(text, 'latin1'));

  for (let first = 0; first < loose.length; first += OBJECTS_PER_STREAM) {
    const streamId = nextId++;
    const count = Math.min(OBJECTS_PER_STREAM, loose.length - first);
    let index = '';
    let bodies = '';
    for (let n = 0; n < count; n += 1) {
      const object = loose[first + n] as LooseObject;
      index += `${n === 0 ? '' : ' '}${object.id} ${bodies.length}`;
      bodies += `${object.body}\n`;
      entries[object.id] = [2, streamId, n];
    }
    index += '\n';
    const data = deflateSync(Buffer.from(index + bodies, 'latin1'), { level: OBJECT_STREAM_DEFLATE_LEVEL });
    entries[streamId] = [1, doc._offset, 0];
    write(`${streamId} 0 obj\n<< /Type /ObjStm /N ${count} /First ${index.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`);
    doc._write(data);
    write('\nendstream\nendobj\n');
  }

  const xrefId = nextId;
  const size = xrefId + 1;
  const xrefStart = doc._offset;
  entries[xrefId] = [1, xrefStart, 0];
  const table = Buffer.alloc(size * 7);
  for (let id = 0; id < size; id++) {
    const [type, field2, field3] = entries[id] ?? [0, 0, 0];
    table.writeUInt8(type, id * 7);
    table.writeUInt32BE(field2, id * 7 + 1);
    table.writeUInt16BE(field3, id * 7 + 5);
  }
  const xrefData = deflateSync(table, { level: OBJECT_STREAM_DEFLATE_LEVEL });
  const trailer = `/Root ${doc._root.toString()} /Info ${doc._info.toString()} /ID ${toPdfText([doc._id, doc._id])}`;
  write(`${xrefId} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] ${trailer} /Filter /FlateDecode /Length ${xrefData.length} >>\nstream\n`);
  doc._write(xrefData);
  write(`\nendstream\nendobj\nstartxref\n${xrefStart}\n%%EOF\n`);
  doc.push(null);
}

/** Characters a PDF literal string escapes, as pdfkit escapes them. */
const LITERAL_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
};
const LITERAL_ESCAPABLE = /[\n\r\t\b\f()\\]/g;

/**
 * A value of a pdfkit object's data as PDF text, exactly as pdfkit's own `PDFObject.convert`
 * writes it (without encryption), which pdfkit does not export: a string is a name, a `String`
 * object a literal string (UTF-16BE with a byte order mark when not ASCII), bytes a hex string, a
 * Date a PDF date, an array or a plain object an array or a dictionary (entries one a line, those
 * `undefined` left out), a number rounded to 6 decimals; anything else with a `toString` of its
 * own (references, name and number trees) as that string.
 *
 * @throws Error for a number beyond ±1e21, as pdfkit does
 */
export function toPdfText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `/${value}`;
    case 'number':
      if (value > -1e21 && value < 1e21) return String(Math.round(value * 1e6) / 1e6);
      throw new Error(`unsupported number: ${value}`);
    case 'object':
      break;
    default:
      return `${value as string}`;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) text += (index === 0 ? '' : ' ') + toPdfText(value[index] ?? null);
    return `${text}]`;
  }
  if (value instanceof String) return toLiteral(value.valueOf());
  if (value instanceof Uint8Array) return `<${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}>`;
  if (value instanceof Date) {
    const two = (part: number) => String(part).padStart(2, '0');
    const date = `${String(value.getUTCFullYear()).padStart(4, '0')}${two(value.getUTCMonth() + 1)}${two(value.getUTCDate())}`;
    return `(D:${date}${two(value.getUTCHours())}${two(value.getUTCMinutes())}${two(value.getUTCSeconds())}Z)`;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && value.toString !== Object.prototype.toString) return value.toString();
  let text = '<<';
  const entries = value as Record<string, unknown>;
  for (const key in entries) {
    const entry = entries[key];
    if (entry !== undefined) text += `\n/${key} ${toPdfText(entry)}`;
  }
  return `${text}\n>>`;
}

/** A PDF literal string: Latin-1 bytes when ASCII, else UTF-16BE after a byte order mark; escaped. */
function toLiteral(text: string): string {
  let bytes = text;
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) > 0x7f) {
      bytes = '\xfe\xff';
      for (let unit = 0; unit < text.length; unit += 1) {
        const code = text.charCodeAt(unit);
        bytes += String.fromCharCode(code >> 8, code & 0xff);
      }
      break;
    }
  }
  return `(${bytes.replace(LITERAL_ESCAPABLE, (character) => LITERAL_ESCAPES[character] ?? character)})`;
}
