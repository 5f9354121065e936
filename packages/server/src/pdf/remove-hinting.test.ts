import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { parseFont } from './agreement-fonts';
import { removeTrueTypeHinting } from './remove-hinting';

/** fontkit's table directory, which @types/fontkit does not declare. */
const tablesOf = (font: Font) => (font as Font & { directory: { tables: Record<string, unknown> } }).directory.tables;

const require = createRequire(import.meta.url);
const readFont = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

describe('removeTrueTypeHinting', () => {
  // Accented letters are composite glyphs in DejaVu; suits and digits are simple ones.
  const sample = 'Stayman 1NT 15-17 ♠♥♦♣ Überruf façade ÅÉÎ fi';

  it.each(['DejaVuSans.ttf', 'DejaVuSans-BoldOblique.ttf'])('keeps outlines, widths and characters of %s and drops the hinting', (file) => {
    const source = readFont(file);
    const original = parseFont(source);
    const stripped = parseFont(removeTrueTypeHinting(source));

    const before = original.layout(sample);
    const after = stripped.layout(sample);
    expect(after.advanceWidth).toBe(before.advanceWidth);
    expect(after.glyphs.map((glyph) => glyph.id)).toEqual(before.glyphs.map((glyph) => glyph.id));
    expect(after.glyphs.map((glyph) => glyph.path.toSVG())).toEqual(before.glyphs.map((glyph) => glyph.path.toSVG()));
    expect(after.glyphs.map((glyph) => glyph.codePoints)).toEqual(before.glyphs.map((glyph) => glyph.codePoints));

    expect(Object.keys(tablesOf(original))).toEqual(expect.arrayContaining(['fpgm', 'prep', 'cvt ']));
    expect(Object.keys(tablesOf(stripped))).not.toEqual(expect.arrayContaining(['fpgm']));
    expect(Object.keys(tablesOf(stripped))).not.toContain('prep');
    expect(stripped.postscriptName).toBe(original.postscriptName);
  });

  it('makes the font smaller and leaves the source untouched', () => {
    const source = readFont('DejaVuSans.ttf');
    const copy = Buffer.from(source);
    expect(removeTrueTypeHinting(source).length).toBeLessThan(source.length * 0.9);
    expect(source.equals(copy)).toBe(true);
  });

  it('refuses a file that is not a TrueType font', () => {
    expect(() => removeTrueTypeHinting(new Uint8Array(64))).toThrow(/Not a TrueType font/);
  });
});
