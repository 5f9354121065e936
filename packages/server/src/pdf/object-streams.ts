/**
 * PDF object syntax and the compressed parts of a PDF 1.5 file (ISO 32000-1 §7.3, §7.5.7 and
 * §7.5.8), for the renderer's own writer (pdf-document.ts, ADR 194):
 *
 * - `toPdfText` writes a value (name, number, string, array, dictionary, reference) as PDF text;
 * - `encodeObjectStream` puts up to OBJECTS_PER_STREAM objects that are not streams into one
 *   `/Type /ObjStm` stream, deflated: a tagged agreement has about 2,500 small dictionaries (its
 *   structure tree, ADR 180), about 75 KB as text, which deflate shrinks about tenfold together;
 * - `encodeCrossReferenceStream` writes the cross-reference table as a deflated `/Type /XRef`
 *   stream with the trailer's entries.
 *
 * No library is involved: the text written is what the ISO 32000-1 sections above define, in the
 * layout pdfkit used before ADR 194 (entries one a line), so the files stay as they were.
 */
import { deflateSync } from 'node:zlib';

/**
 * Deflate level of the object streams, chosen by measurement (ADR 183's table, the largest
 * agreement): level 4 takes about two thirds of the time of level 6 (zlib's default) for 0.8 KB more.
 */
export const OBJECT_STREAM_DEFLATE_LEVEL = 4;

/** Objects per object stream: readers need not inflate a large stream to reach one object. */
export const OBJECTS_PER_STREAM = 200;

/** An object for an object stream: its number and its PDF text (a dictionary, array, string...). */
export interface LooseObject {
  id: number;
  body: string;
}

/**
 * One object stream (ISO 32000-1 §7.5.7) holding `objects` in their order.
 *
 * @param objects at most OBJECTS_PER_STREAM objects, none of them a stream
 * @returns the stream's dictionary (`<< /Type /ObjStm ... /Length n >>`) and its deflated data
 *   (OBJECT_STREAM_DEFLATE_LEVEL); object i is at index i of the stream
 */
export function encodeObjectStream(objects: readonly LooseObject[]): { dictionary: string; data: Buffer } {
  let index = '';
  let bodies = '';
  for (let n = 0; n < objects.length; n += 1) {
    const object = objects[n] as LooseObject;
    index += `${n === 0 ? '' : ' '}${object.id} ${bodies.length}`;
    bodies += `${object.body}\n`;
  }
  index += '\n';
  const data = deflateSync(Buffer.from(index + bodies, 'latin1'), { level: OBJECT_STREAM_DEFLATE_LEVEL });
  return { dictionary: `<< /Type /ObjStm /N ${objects.length} /First ${index.length} /Filter /FlateDecode /Length ${data.length} >>`, data };
}

/**
 * Where each object of a file is: a cross-reference stream entry (ISO 32000-1 §7.5.8.3, Table 18):
 * type 0 free, type 1 at a byte offset (field 2) of the file, type 2 in an object stream (field 2
 * its number, field 3 the object's index there).
 */
export type CrossReferenceEntry = readonly [type: 0 | 1 | 2, field2: number, field3: number];

/**
 * The cross-reference stream of a file (ISO 32000-1 §7.5.8) with entries of 1, 4 and 2 bytes.
 *
 * @param entries by object number; 0 and missing numbers are written free
 * @param trailer the trailer's entries besides /Size, e.g. "/Root 3 0 R /Info 9 0 R /ID [<..> <..>]"
 * @returns the stream's dictionary and its deflated data (OBJECT_STREAM_DEFLATE_LEVEL)
 * @throws RangeError when an offset is 2^32 or more (a file of 4 GiB)
 */
export function encodeCrossReferenceStream(entries: readonly (CrossReferenceEntry | undefined)[], trailer: string): { dictionary: string; data: Buffer } {
  const size = entries.length;
  const table = Buffer.alloc(size * 7);
  for (let id = 0; id < size; id += 1) {
    const [type, field2, field3] = id === 0 ? [0, 0, 0xffff] : (entries[id] ?? [0, 0, 0]);
    table.writeUInt8(type, id * 7);
    table.writeUInt32BE(field2, id * 7 + 1);
    table.writeUInt16BE(field3, id * 7 + 5);
  }
  const data = deflateSync(table, { level: OBJECT_STREAM_DEFLATE_LEVEL });
  return { dictionary: `<< /Type /XRef /Size ${size} /W [1 4 2] ${trailer} /Filter /FlateDecode /Length ${data.length} >>`, data };
}

/** Characters a PDF literal string escapes (ISO 32000-1 §7.3.4.2, Table 3). */
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

/** Characters of a name written as #xx (ISO 32000-1 §7.3.5): outside ! to ~, delimiters and #. */
const NAME_ESCAPABLE = /[^!-~]|[#()<>[\]{}/%]/;
const NAME_ESCAPABLE_ALL = new RegExp(NAME_ESCAPABLE.source, 'g');

/** One character of a name as #xx per byte of its UTF-8. */
function escapeNameCharacter(character: string): string {
  let escaped = '';
  for (const byte of Buffer.from(character, 'utf8')) escaped += `#${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return escaped;
}

/**
 * A value as PDF text (ISO 32000-1 §7.3): a string is a name (escaped with #xx where §7.3.5 asks),
 * a `String` object a literal string (UTF-16BE with a byte order mark when not ASCII, §7.9.2.2),
 * bytes a hex string, a Date a PDF date in UTC (§7.9.4), an array or a plain object an array or a
 * dictionary (entries one a line, those `undefined` left out), a number rounded to 6 decimals,
 * null `null`; anything else with a `toString` of its own (an object reference, `PdfRef` of
 * pdf-document.ts) as that string. The layout is the one pdfkit's `PDFObject.convert` used, so the
 * files are as before ADR 194.
 *
 * @throws Error for a number beyond ±1e21 (PDF numbers have no exponent)
 */
export function toPdfText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return NAME_ESCAPABLE.test(value) ? `/${value.replace(NAME_ESCAPABLE_ALL, escapeNameCharacter)}` : `/${value}`;
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
