/**
 * The object syntax and compressed file parts of object-streams.ts: `toPdfText` writes values as
 * pdfkit did before ADR 194; an object stream indexes its objects where they are; the
 * cross-reference stream has one 7-byte entry per object (whole files: pdf-document.test.ts).
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeCrossReferenceStream, encodeObjectStream, toPdfText } from './object-streams';
import { PdfRef } from './pdf-document';

const CREATED = new Date(Date.UTC(2026, 10, 26, 9, 30, 5));

describe('encodeObjectStream', () => {
  it('indexes each object at its offset after /First, in order', () => {
    const objects = [
      { id: 12, body: '<<\n/S /P\n>>' },
      { id: 3, body: '(a \\) b)' },
      { id: 40, body: '[1 2 0 R]' },
    ];
    const { dictionary, data } = encodeObjectStream(objects);
    const text = inflateSync(data).toString('latin1');
    const first = Number(/\/First (\d+)/.exec(dictionary)?.[1]);
    expect(dictionary).toMatch(new RegExp(`^<< /Type /ObjStm /N 3 /First ${first} /Filter /FlateDecode /Length ${data.length} >>$`));
    const pairs = text.slice(0, first).trim().split(' ').map(Number);
    expect(pairs.filter((_, index) => index % 2 === 0)).toEqual([12, 3, 40]);
    objects.forEach((object, index) => {
      const start = first + (pairs[index * 2 + 1] ?? 0);
      expect(text.slice(start, start + object.body.length)).toBe(object.body);
    });
  });
});

describe('encodeCrossReferenceStream', () => {
  it('writes object 0 free, then each entry as 1 + 4 + 2 bytes, with the trailer entries', () => {
    const { dictionary, data } = encodeCrossReferenceStream([undefined, [1, 15, 0], [2, 4, 7], undefined, [1, 0x01020304, 0]], '/Root 1 0 R');
    expect(dictionary).toBe(`<< /Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>`);
    expect([...inflateSync(data)]).toEqual([
      ...[0, 0, 0, 0, 0, 0xff, 0xff],
      ...[1, 0, 0, 0, 15, 0, 0],
      ...[2, 0, 0, 0, 4, 0, 7],
      ...[0, 0, 0, 0, 0, 0, 0],
      ...[1, 1, 2, 3, 4, 0, 0],
    ]);
  });
});

describe('toPdfText', () => {
  it('writes values as pdfkit’s PDFObject.convert did (ISO 32000-1 §7.3)', () => {
    expect(toPdfText('Type')).toBe('/Type');
    expect(toPdfText('application/json')).toBe('/application#2Fjson');
    expect(toPdfText('A B#é')).toBe('/A#20B#23#C3#A9');
    expect(toPdfText(612)).toBe('612');
    expect(toPdfText(1 / 3)).toBe('0.333333');
    expect(toPdfText(-0.0000001)).toBe('0');
    expect(() => toPdfText(1e22)).toThrow('unsupported number');
    expect(toPdfText(true)).toBe('true');
    expect(toPdfText(null)).toBe('null');
    expect(toPdfText(new String('a (b)\\\n'))).toBe('(a \\(b\\)\\\\\\n)');
    expect(toPdfText(new String('2♣'))).toBe('(\xfe\xff\x002&c)');
    expect(toPdfText(new Uint8Array([0, 171, 255]))).toBe('<00abff>');
    expect(toPdfText(CREATED)).toBe('(D:20261126093005Z)');
    expect(toPdfText([1, undefined, 'N', [2.5]])).toBe('[1 null /N [2.5]]');
    expect(toPdfText({ Type: 'Font', Skipped: undefined, K: [0, 1] })).toBe('<<\n/Type /Font\n/K [0 1]\n>>');
    expect(toPdfText({})).toBe('<<\n>>');
    // Anything with a toString of its own (references, name trees) is written as that.
    expect(
      toPdfText({
        P: new (class Reference {
          toString() {
            return '12 0 R';
          }
        })(),
      }),
    ).toBe('<<\n/P 12 0 R\n>>');
    expect(toPdfText([new PdfRef(7), null])).toBe('[7 0 R null]');
  });
});
