/**
 * PageContent's record of the glyphs a document draws (page-content.ts): every glyph of every
 * text drawn, once, with the code points of its first use; a text drawn again, in this document or
 * in the next, is recorded for each document; the process-wide map of texts is bounded. And the
 * text of each document reads back as drawn, although a text's encoding is kept between documents.
 */
import { type Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { loadAgreementFonts, shapeText } from './agreement-fonts';
import { MAX_TEXT_GLYPHS, PageContent, embedFonts, formatMove, formatNumber } from './page-content';
import { PdfDocument } from './pdf-document';
import { readPdfText } from '../test/read-pdf-text';

const fonts = loadAgreementFonts();

/** A document drawing `texts` in the regular face on one page; returns that face's recorded glyphs (glyph id -> code points). */
function recordedGlyphs(texts: readonly string[]): Map<number, readonly number[]> {
  const doc = new PdfDocument({ title: 'Glyphs', creator: 'page-content.test.ts' });
  const embedded = embedFonts(doc, fonts);
  doc.addPage(612, 792);
  const content = new PageContent(doc, embedded, 792);
  texts.forEach((text, index) => content.drawText(text, 'regular', 9, '#111111', 40, 40 + index * 10));
  return new Map(embedded.faces.regular.used);
}

/** The glyphs of `text` as shaped word by word, with their code points. */
function glyphsOf(text: string): Map<number, readonly number[]> {
  const glyphs = new Map<number, readonly number[]>();
  for (const word of text.split(/( )/).filter((chunk) => chunk !== '')) {
    const shaped = shapeText(fonts.regular, word);
    shaped.glyphIds.forEach((glyphId, index) => {
      if (!glyphs.has(glyphId)) glyphs.set(glyphId, shaped.codePoints[index] ?? []);
    });
  }
  return glyphs;
}

describe('PageContent glyph record', () => {
  it('records every glyph of the texts drawn, once, with its code points', () => {
    const recorded = recordedGlyphs(['Stayman 2♣', 'Jacoby transfers', 'Stayman 2♣']);
    expect(recorded).toEqual(new Map([...glyphsOf('Stayman 2♣'), ...glyphsOf('Jacoby transfers')]));
    expect([...recorded.values()]).toContainEqual([0x2663]);
  });

  it('records a text again for each document that draws it', () => {
    recordedGlyphs(['Gerber', 'Drury']);
    expect(recordedGlyphs(['Drury'])).toEqual(glyphsOf('Drury'));
    expect(recordedGlyphs(['Gerber', 'Drury'])).toEqual(new Map([...glyphsOf('Gerber'), ...glyphsOf('Drury')]));
  });

  it('still records every glyph after the map of texts was emptied at its bound', () => {
    const words = Array.from({ length: 160 }, (_, n) => `w${n}`);
    const texts = words.flatMap((first) => words.map((second) => `${first} ${second}`));
    expect(texts.length).toBeGreaterThan(MAX_TEXT_GLYPHS);
    const recorded = recordedGlyphs(['Lebensohl', ...texts, 'Lebensohl', 'Smolen']);
    for (const [glyphId, codePoints] of [...glyphsOf('Lebensohl'), ...glyphsOf('Smolen'), ...glyphsOf(texts.join(' '))]) {
      expect(recorded.get(glyphId)).toEqual(codePoints);
    }
  });
});

/** A finished file drawing `texts` in the regular face on one page. */
function fileDrawing(texts: readonly string[]): Buffer {
  const doc = new PdfDocument({ title: 'Text', creator: 'page-content.test.ts' });
  const embedded = embedFonts(doc, fonts);
  doc.addPage(612, 792);
  const content = new PageContent(doc, embedded, 792);
  texts.forEach((text, index) => content.drawText(text, 'regular', 9, '#111111', 40, 40 + index * 20));
  content.finish();
  embedded.finish();
  return doc.end();
}

describe('PageContent text encoding', () => {
  it('encodes a text for the subset of each document that draws it', async () => {
    // Three documents with three different subsets: the glyph numbers of "Splinter" differ in each.
    expect(await readPdfText(fileDrawing(['Splinter']))).toEqual(['Splinter']);
    expect(await readPdfText(fileDrawing(['Splinter', 'ABCDEFGHIJ abcdefghij 0123456789 ♠♥♦♣']))).toEqual(['Splinter ABCDEFGHIJ abcdefghij 0123456789 ♠♥♦♣']);
    expect(await readPdfText(fileDrawing(['Zz', 'Splinter']))).toEqual(['Zz Splinter']);
  });
});

describe('formatNumber', () => {
  it('prints to 1/100 without trailing zeros, the same before and after its cache is emptied', () => {
    const cases: [number, string][] = [
      [12.3456, '12.35'],
      [-6, '-6'],
      [0.1 + 0.2, '0.3'],
      [-0.004, '0'],
      [738.605, String(Math.round(738.605 * 100) / 100)],
      [1e-7, '0'],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [value, text] of cases) expect(formatNumber(value)).toBe(text);
      // Past the cache's bound: it is emptied, and prints the same.
      for (let n = 0; n < 5_000; n += 1) expect(formatNumber(n / 7)).toBe(String(Math.round((n / 7) * 100) / 100));
    }
  });
});

describe('formatMove', () => {
  it('writes the Td operator of each pair, never another pair’s', () => {
    const pairs: [number, number][] = [
      [6, 0],
      [-6, -11.22],
      [0, -11.22],
      [-11.22, 0],
      [1, -0.01],
      [0, 671088.63],
      [0.01, -335544.33],
      [-135.02, -18.13],
      [0, 400000],
      [0.01, 400000 - 671088.64],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [dx, dy] of pairs) expect(formatMove(dx, dy)).toBe(`${formatNumber(dx)} ${formatNumber(dy)} Td`);
    }
  });
});
