/**
 * Object streams for pdfkit's files (PDF 1.5, ISO 32000-1 §7.5.7 and §7.5.8). pdfkit writes every
 * object as plain text with a classic cross-reference table; a tagged agreement has about 2,500
 * small dictionaries (the structure tree: one element per heading, list item and item body, ADR
 * 180), about 75 KB as text, which deflate shrinks about tenfold once they sit together in a
 * compressed object stream. This module rewrites a finished file that way:
 *
 * - every object that is not a stream (and has generation 0) moves into `/Type /ObjStm` streams
 *   of at most OBJECTS_PER_STREAM objects, compressed with deflate;
 * - streams (pages' content, fonts, the attachment) are copied byte for byte;
 * - the cross-reference table and trailer become a compressed `/Type /XRef` stream carrying the
 *   trailer's /Root, /Info and /ID; the header says PDF 1.5 at least.
 *
 * Object numbers do not change, so every reference stays valid. The rewrite reads only the file's
 * own cross-reference table; a file it does not recognise (several xref sections, encryption,
 * an object that is not where the table says) is returned unchanged: packing saves space, it
 * must never break a file.
 */
import { deflateSync } from 'node:zlib';

/**
 * Deflate level of the object streams, chosen by measurement (ADR 183's table, the largest
 * agreement): level 4 takes about two thirds of the time of level 6 (zlib's default) for 0.8 KB more.
 */
export const OBJECT_STREAM_DEFLATE_LEVEL = 4;

/** Objects per object stream: readers need not inflate a large stream to reach one object. */
const OBJECTS_PER_STREAM = 200;

/** One object of the file as pdfkit wrote it. */
interface PdfObject {
  id: number;
  /** Where `id 0 obj` starts, and where the next object (or the xref table) starts. */
  start: number;
  end: number;
}

/**
 * Packs a PDF's non-stream objects into compressed object streams and writes a cross-reference
 * stream (see the module comment).
 *
 * @param pdf a complete PDF with one classic cross-reference section, as pdfkit writes it
 * @returns the packed file, or `pdf` itself when it is not in a form this function knows
 */
export function packObjectStreams(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const parsed = parseClassicFile(text);
  if (!parsed) return pdf;
  const { objects, trailer } = parsed;

  const loose: { id: number; body: string }[] = [];
  const streams: PdfObject[] = [];
  for (const object of objects) {
    const span = text.slice(object.start, object.end);
    const header = `${object.id} 0 obj`;
    const bodyEnd = span.lastIndexOf('endobj');
    if (!span.startsWith(header) || bodyEnd < 0) return pdf;
    const body = span.slice(header.length, bodyEnd).trim();
    if (body.endsWith('endstream')) streams.push(object);
    else loose.push({ id: object.id, body });
  }
  if (loose.length === 0) return pdf;

  const headerLine = text.slice(0, text.indexOf('\n') + 1);
  const version = Number(/^%PDF-(\d\.\d)/.exec(headerLine)?.[1] ?? '0');
  const out: Buffer[] = [Buffer.from(`%PDF-${version >= 1.5 ? version.toFixed(1) : '1.5'}\n%\xff\xff\xff\xff\n`, 'latin1')];
  let offset = out[0]!.length;
  const push = (chunk: Buffer) => {
    out.push(chunk);
    offset += chunk.length;
  };

  /** Cross-reference entries by object number: [type, field 2, field 3] (§7.5.8.3). */
  const entries = new Map<number, [number, number, number]>();
  for (const stream of streams) {
    entries.set(stream.id, [1, offset, 0]);
    push(pdf.subarray(stream.start, stream.end));
  }

  let nextId = Math.max(...objects.map((o) => o.id)) + 1;
  for (let first = 0; first < loose.length; first += OBJECTS_PER_STREAM) {
    const group = loose.slice(first, first + OBJECTS_PER_STREAM);
    const streamId = nextId++;
    let bodies = '';
    const pairs: string[] = [];
    group.forEach((object, index) => {
      pairs.push(`${object.id} ${Buffer.byteLength(bodies, 'latin1')}`);
      bodies += `${object.body}\n`;
      entries.set(object.id, [2, streamId, index]);
    });
    const index = `${pairs.join(' ')}\n`;
    const data = deflateSync(Buffer.from(index + bodies, 'latin1'), { level: OBJECT_STREAM_DEFLATE_LEVEL });
    entries.set(streamId, [1, offset, 0]);
    push(
      Buffer.from(
        `${streamId} 0 obj\n<< /Type /ObjStm /N ${group.length} /First ${index.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
        'latin1',
      ),
    );
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  const xrefId = nextId;
  const size = xrefId + 1;
  const xrefStart = offset;
  entries.set(xrefId, [1, xrefStart, 0]);
  const table = Buffer.alloc(size * 7);
  for (let id = 0; id < size; id++) {
    const [type, field2, field3] = entries.get(id) ?? [0, 0, id === 0 ? 0xffff : 0];
    table.writeUInt8(type, id * 7);
    table.writeUInt32BE(field2, id * 7 + 1);
    table.writeUInt16BE(field3, id * 7 + 5);
  }
  const xrefData = deflateSync(table, { level: OBJECT_STREAM_DEFLATE_LEVEL });
  push(
    Buffer.from(`${xrefId} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] ${trailer} /Filter /FlateDecode /Length ${xrefData.length} >>\nstream\n`, 'latin1'),
  );
  push(xrefData);
  push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefStart}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(out);
}

/**
 * Reads pdfkit's layout: one `xref` section starting at object 0, in-use entries of generation 0,
 * a trailer with /Root (and optionally /Info and /ID) and no /Encrypt or /Prev.
 *
 * @returns the objects in file order, the trailer's entries to carry over (as PDF text), and the
 *   offset of the xref table; or null for anything else
 */
function parseClassicFile(text: string): { objects: PdfObject[]; trailer: string; xrefOffset: number } | null {
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-64));
  if (!tail) return null;
  const xrefOffset = Number(tail[1]);
  const section = /^xref\r?\n0 (\d+)\r?\n/.exec(text.slice(xrefOffset, xrefOffset + 32));
  if (!section) return null;
  const count = Number(section[1]);
  const entriesStart = xrefOffset + section[0].length;
  const objects: PdfObject[] = [];
  for (let id = 1; id < count; id++) {
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(text.slice(entriesStart + id * 20, entriesStart + id * 20 + 18));
    if (!entry) return null;
    if (entry[3] === 'f') continue;
    if (entry[2] !== '00000') return null;
    objects.push({ id, start: Number(entry[1]), end: 0 });
  }
  const trailerAt = text.indexOf('trailer', entriesStart + count * 20);
  const trailerEnd = text.lastIndexOf('startxref');
  if (trailerAt < 0 || trailerEnd < trailerAt) return null;
  const trailerText = text.slice(trailerAt, trailerEnd);
  if (/\/(Encrypt|Prev|XRefStm)\b/.test(trailerText)) return null;
  const root = /\/Root\s+(\d+\s+0\s+R)/.exec(trailerText);
  if (!root) return null;
  const info = /\/Info\s+(\d+\s+0\s+R)/.exec(trailerText);
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailerText);
  const trailer = [`/Root ${root[1]}`, info ? `/Info ${info[1]}` : '', id ? `/ID ${id[1]}` : ''].filter(Boolean).join(' ');

  objects.sort((a, b) => a.start - b.start);
  objects.forEach((object, index) => {
    object.end = objects[index + 1]?.start ?? xrefOffset;
  });
  return { objects, trailer, xrefOffset };
}
