/**
 * The text of a PDF's objects for tests that look for dictionary entries (`/Type /FontDescriptor`,
 * `/Lang (en)`…): the file as Latin-1 text followed by the inflated content of every object
 * stream, where the renderer packs its dictionaries (pdf/object-streams.ts).
 */
import { inflateSync } from 'node:zlib';

/** @returns the file's text and, appended, the text of each `/Type /ObjStm` stream */
export function pdfObjectsText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts = [raw];
  for (const match of raw.matchAll(/\/Type \/ObjStm[^>]*\/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    parts.push(inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1'));
  }
  return parts.join('\n');
}
