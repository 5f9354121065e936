/**
 * The dictionaries of a PDF by object number, for tests that look at the objects the renderer's
 * writer puts into object streams (pdf/pdf-document.ts, pdf/pdf-structure.ts), found through the
 * cross-reference stream as a reader finds them.
 */
import { inflateSync } from 'node:zlib';

/**
 * Every object of a file with a cross-reference stream (`/W [1 4 2]`): the dictionaries found in
 * object streams by object number, and the numbers of the objects stored plainly.
 *
 * @throws Error when an entry is free or does not point at its object, or a stream is not where its entry says
 */
export function packedDictionaries(pdf: Buffer): { dictionaries: Map<number, string>; plain: number[] } {
  const text = pdf.toString('latin1');
  const streamAt = (offset: number) => {
    const dictionary = text.slice(offset, text.indexOf('>>\nstream\n', offset) + 2);
    const start = offset + dictionary.length + '\nstream\n'.length;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    return { dictionary, data: inflateSync(pdf.subarray(start, start + length)) };
  };
  const xref = streamAt(Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]));
  if (!/\/Type \/XRef/.test(xref.dictionary) || !/\/W \[1 4 2\]/.test(xref.dictionary)) throw new Error('no cross-reference stream');
  const size = Number(/\/Size (\d+)/.exec(xref.dictionary)?.[1]);
  if (xref.data.length !== size * 7) throw new Error('cross-reference stream of the wrong length');
  const dictionaries = new Map<number, string>();
  const plain: number[] = [];
  for (let id = 1; id < size; id++) {
    const type = xref.data.readUInt8(id * 7);
    const field2 = xref.data.readUInt32BE(id * 7 + 1);
    const field3 = xref.data.readUInt16BE(id * 7 + 5);
    if (type === 1) {
      if (text.slice(field2, field2 + `${id} 0 obj`.length) !== `${id} 0 obj`) throw new Error(`xref entry ${id} does not point at its object`);
      plain.push(id);
    } else if (type === 2) {
      const container = streamAt(xref.data.readUInt32BE(field2 * 7 + 1));
      if (!/\/Type \/ObjStm/.test(container.dictionary)) throw new Error(`object ${id}: ${field2} is not an object stream`);
      const first = Number(/\/First (\d+)/.exec(container.dictionary)?.[1]);
      const content = container.data.toString('latin1');
      const pairs = content.slice(0, first).trim().split(' ').map(Number);
      if (pairs[field3 * 2] !== id) throw new Error(`object ${id} is not at index ${field3} of its object stream`);
      const start = first + (pairs[field3 * 2 + 1] ?? 0);
      const end = field3 * 2 + 3 < pairs.length ? first + (pairs[field3 * 2 + 3] ?? 0) : content.length;
      dictionaries.set(id, content.slice(start, end).replace(/\n$/, ''));
    } else {
      throw new Error(`object ${id} is free`);
    }
  }
  return { dictionaries, plain };
}
