import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfObjectsText } from '../test/pdf-objects-text';
import { testAgreement, testOption, testSubject } from '../test/test-agreement-builders';
import { inflateSync } from 'node:zlib';
import { fontDescriptorFlags, loadAgreementFonts, parseFont, shapeText } from './agreement-fonts';
import {
  SUPERSET_SLACK_GLYPHS,
  clearFontSubsetCache,
  encodeWithSubset,
  findOrBuildSubset,
  fontSubsetCacheStats,
  type GlyphUse,
  updateSubsetSize,
} from './font-subsets';
import { renderAgreementPdf } from './render-agreement-pdf';

/** An agreement whose first category holds `subjects` (name -> its options). */
function agreement(contractName: string, subjects: Record<string, string[]>) {
  return testAgreement(contractName, {
    0: Object.entries(subjects).map(([name, options], at) =>
      testSubject(
        name,
        options.map((text) => testOption(text, { bold: at === 1 })),
        { italics: at === 2 },
      ),
    ),
  });
}

const printedOn = new Date('2026-11-25T12:00:00Z');

/** All text of a PDF as PDF.js extracts it (through each font's ToUnicode map), pages joined. */
async function extractText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) texts.push(item.str);
  }
  await document.destroy();
  return texts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Glyph use of `text` in the regular face, as PageContent records it. */
function glyphsOf(text: string): GlyphUse {
  const face = loadAgreementFonts().regular;
  const used: GlyphUse = new Map();
  for (const chunk of text.split(/( )/).filter(Boolean)) {
    const shaped = shapeText(face, chunk);
    shaped.glyphIds.forEach((glyphId, index) => {
      if (!used.has(glyphId)) used.set(glyphId, shaped.codePoints[index] ?? []);
    });
  }
  return used;
}

describe('font subset cache (ADR 183)', () => {
  beforeEach(() => clearFontSubsetCache());

  it('reuses the subsets on a second render, and both files read the same', async () => {
    const sample = agreement('Cache ♠♥', {
      'Stayman over 1NT': ['Garbage Stayman allowed', 'Smolen ♦ and ♣'],
      'Jacoby transfers': ['Texas at the four level'],
      'Weak twos': ['Ogust 2NT (quiz: jumpy vexing)'],
    });
    const first = await renderAgreementPdf(sample, { revision: 3, printedOn });
    const afterFirst = fontSubsetCacheStats();
    const facesUsed = (pdfObjectsText(first).match(/\/Type \/FontDescriptor/g) ?? []).length;
    expect(facesUsed).toBeGreaterThanOrEqual(3); // regular, bold and italic at least
    expect(afterFirst.misses).toBe(facesUsed); // each face's subset built once...
    expect(afterFirst.hits).toBe(0);
    const second = await renderAgreementPdf(sample, { revision: 3, printedOn });
    const afterSecond = fontSubsetCacheStats();
    expect(afterSecond.misses).toBe(afterFirst.misses); // ...and not again
    expect(afterSecond.hits).toBe(afterFirst.misses);

    const text = await extractText(first);
    expect(text).toContain('Smolen ♦ and ♣');
    expect(text).toContain('Ogust 2NT (quiz: jumpy vexing)');
    expect(await extractText(second)).toBe(text);
    // Each file writes its own font objects: a descriptor, a font file and a ToUnicode map per face.
    const objects = pdfObjectsText(second);
    const faces = (objects.match(/\/Type \/FontDescriptor/g) ?? []).length;
    expect(faces).toBe(facesUsed);
    expect((objects.match(/\/FontFile2 \d+ 0 R/g) ?? []).length).toBe(faces);
    expect((objects.match(/\/ToUnicode \d+ 0 R/g) ?? []).length).toBe(faces);
  });

  it('serves another agreement with the same glyphs in another order from the cache', async () => {
    await renderAgreementPdf(agreement('Order', { 'Alpha beta': ['gamma delta'] }), { printedOn });
    const built = fontSubsetCacheStats().misses;
    const pdf = await renderAgreementPdf(agreement('Order', { 'gamma delta': ['Alpha beta'] }), { printedOn });
    expect(fontSubsetCacheStats().misses).toBe(built);
    const text = await extractText(pdf);
    expect(text).toMatch(/gamma delta\W+Alpha beta/);
  });

  it('serves a document with a few glyphs fewer from the larger subset, within the slack only', () => {
    const face = loadAgreementFonts().regular;
    const large = findOrBuildSubset(face, glyphsOf('abcdefgh ijklmnop'));
    const fewer = findOrBuildSubset(face, glyphsOf('abcdefgh ijkl'));
    expect(fewer).toBe(large);
    expect(fontSubsetCacheStats()).toMatchObject({ misses: 1, supersetHits: 1 });
    expect(() => encodeWithSubset(fewer, face, 'hijk')).not.toThrow();
    // Far fewer glyphs than the cached subset: a subset of their own.
    const few = 'abcdefgh ijklmnop'.slice(0, 16 - SUPERSET_SLACK_GLYPHS - 2);
    expect(findOrBuildSubset(face, glyphsOf(few))).not.toBe(large);
    expect(fontSubsetCacheStats().misses).toBe(2);
  });

  it('numbers the glyphs as the subset font file does (fontkit numbers them in the order included)', () => {
    const face = loadAgreementFonts().bold;
    const used = glyphsOf('Zebra quartz ♠♥♦♣ 2NT');
    const subset = findOrBuildSubset(face, used);
    const file = parseFont(inflateSync(subset.fontFile));
    expect(file.numGlyphs).toBe(subset.cids.size);
    expect(subset.fontFileLength).toBe(inflateSync(subset.fontFile).length);
    for (const glyphId of used.keys()) {
      const cid = subset.cids.get(glyphId) as number;
      const original = face.font.getGlyph(glyphId);
      const embedded = file.getGlyph(cid);
      expect(embedded.advanceWidth, `glyph ${glyphId}`).toBe(original.advanceWidth);
      expect(embedded.bbox, `glyph ${glyphId}`).toEqual(original.bbox);
      expect(subset.widths[cid]).toBeCloseTo((original.advanceWidth * 1000) / face.unitsPerEm, 6);
    }
  });

  it('refuses to encode a glyph that is not in the subset', () => {
    const face = loadAgreementFonts().regular;
    const subset = findOrBuildSubset(face, glyphsOf('abc'));
    expect(() => encodeWithSubset(subset, face, 'abz')).toThrow(/not in the font subset/);
  });

  it('counts the encoded texts a document adds in the cache size', () => {
    const face = loadAgreementFonts().regular;
    const subset = findOrBuildSubset(face, glyphsOf('abcdefgh ijklmnop'));
    const before = fontSubsetCacheStats().bytes;
    for (let index = 0; index < 200; index += 1)
      encodeWithSubset(subset, face, `${'abcdefgh'.slice(index % 8)} ${'ijklmnop'.slice(index % 7)} ${index % 3 ? 'a' : 'b'}${'c'.repeat(index)}`);
    updateSubsetSize(subset);
    expect(fontSubsetCacheStats().bytes).toBeGreaterThan(before + 200 * 48);
  });

  it('stays within its bound, dropping the least recently used subsets', () => {
    const maxBytes = 30_000;
    clearFontSubsetCache(maxBytes);
    const face = loadAgreementFonts().regular;
    const words = ['quartz', 'vexing', 'jumpy', 'blowzy', 'fjord', 'wicks', 'nymph', 'glyph', 'crwth', 'pfft', 'bodes', 'klutz'];
    const first = findOrBuildSubset(face, glyphsOf(`${words[0]} ABCDEFGHIJKLMNOPQRSTUVWXYZ`));
    for (const word of words.slice(1)) {
      findOrBuildSubset(face, glyphsOf(`${word} ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789`));
      expect(fontSubsetCacheStats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const stats = fontSubsetCacheStats();
    expect(stats.misses).toBe(words.length);
    expect(stats.entries).toBeLessThan(words.length);
    // The first subset was evicted: asking for it again builds it again.
    expect(findOrBuildSubset(face, glyphsOf(`${words[0]} ABCDEFGHIJKLMNOPQRSTUVWXYZ`))).not.toBe(first);
    expect(fontSubsetCacheStats().misses).toBe(words.length + 1);
  });
});

describe('fontDescriptorFlags', () => {
  it('reads the FontDescriptor flags pdfkit wrote from the DejaVu faces: symbolic, and italic for the obliques', () => {
    const fonts = loadAgreementFonts();
    expect([fonts.regular.flags, fonts.bold.flags, fonts.italic.flags, fonts.boldItalic.flags]).toEqual([4, 4, 68, 68]);
    expect(() => fontDescriptorFlags(new Uint8Array(12))).toThrow('head and post');
  });
});
