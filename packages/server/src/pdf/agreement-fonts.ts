/**
 * The fonts of the agreement PDF: DejaVu Sans (regular, bold, oblique, bold oblique) from the
 * `dejavu-fonts-ttf` package, chosen because it has the four suit symbols ♠ ♥ ♦ ♣ (docs/product.md §D2).
 *
 * The font files are read and parsed (fontkit) once per process: parsing and shaping are the
 * costly part of a render, so every document shares these objects (and fontkit's glyph caches)
 * and only picks its own subset (font-subsets.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { removeTrueTypeHinting } from './remove-hinting';

/** The four faces the PDF uses, named by what the agreement's flags ask for. */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

export const FONT_STYLES: readonly FontStyle[] = ['regular', 'bold', 'italic', 'boldItalic'];

/** File names inside `dejavu-fonts-ttf/ttf/` for each face. */
const FONT_FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

/** Shaped strings kept per face before the cache is emptied (names are user text: bound it). */
const MAX_SHAPED_TEXTS = 20_000;

/** A word (or a space) shaped by fontkit: glyphs, code points and advances in font units. */
export interface ShapedText {
  glyphIds: number[];
  codePoints: number[][];
  /** Width of each glyph. */
  advanceWidths: number[];
  /** Kerning after each glyph: its advance minus its width. */
  adjustments: number[];
  /** Sum of the advances (the text's width). */
  advanceWidth: number;
  /** 1000 / units per em: font units to the 1/1000 em of PDF text space. */
  scale: number;
}

/** One parsed face with a cache of shaped strings. */
export interface AgreementFont {
  style: FontStyle;
  /** The parsed font. */
  font: Font;
  /** The FontDescriptor's /Flags (ISO 32000-1 §9.8.2), read from the font file (`fontDescriptorFlags`). */
  flags: number;
  /** Shaped words and spaces, shared by measuring (layout) and drawing (page content). */
  shaped: Map<string, ShapedText>;
  /** Metrics read once (fontkit computes them on every access): units per em, ascent, descent (negative). */
  unitsPerEm: number;
  ascent: number;
  descent: number;
}

/** DejaVu Sans Condensed: the official cards' write-ins, where fields are narrow (render-official-card.ts). */
const CONDENSED_FONT_FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  boldItalic: 'DejaVuSansCondensed-BoldOblique.ttf',
};

let loadedFonts: Record<FontStyle, AgreementFont> | undefined;
let loadedCondensedFonts: Record<FontStyle, AgreementFont> | undefined;

/**
 * Parses one font file with fontkit (@types/fontkit). A collection (TTC) is refused: the PDF
 * embeds single TrueType faces only.
 *
 * @throws Error when the bytes hold a font collection
 */
export function parseFont(bytes: Uint8Array): Font {
  const parsed = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('layout' in parsed)) throw new Error('Expected a single font file, got a font collection.');
  return parsed;
}

/**
 * Returns the four DejaVu Sans faces, reading and parsing the files on the first call only.
 * The files are found through Node's module resolution from this package, so the code does not
 * depend on where node_modules sits. Throws when the `dejavu-fonts-ttf` package is missing.
 */
export function loadAgreementFonts(): Record<FontStyle, AgreementFont> {
  loadedFonts ??= loadFaces(FONT_FILES);
  return loadedFonts;
}

/**
 * Returns the four DejaVu Sans Condensed faces (the official cards' write-ins: more text fits a
 * narrow field, and the suits are there), read and parsed on the first call only.
 * Throws when the `dejavu-fonts-ttf` package is missing.
 */
export function loadCondensedFonts(): Record<FontStyle, AgreementFont> {
  loadedCondensedFonts ??= loadFaces(CONDENSED_FONT_FILES);
  return loadedCondensedFonts;
}

/** Reads and parses four faces of the `dejavu-fonts-ttf` package, hinting removed. */
function loadFaces(files: Record<FontStyle, string>): Record<FontStyle, AgreementFont> {
  const require = createRequire(import.meta.url);
  const load = (style: FontStyle): AgreementFont => {
    const path = require.resolve(`dejavu-fonts-ttf/ttf/${files[style]}`);
    // Hinting would be more than half of each embedded subset and does nothing for a PDF.
    const bytes = removeTrueTypeHinting(readFileSync(path));
    const font = parseFont(bytes);
    return { style, font, flags: fontDescriptorFlags(bytes), shaped: new Map(), unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: font.descent };
  };
  return { regular: load('regular'), bold: load('bold'), italic: load('italic'), boldItalic: load('boldItalic') };
}

/**
 * The FontDescriptor /Flags of a TrueType font (ISO 32000-1 §9.8.2, Table 123), from its tables
 * (OpenType spec: `post`, `OS/2`, `head`): FixedPitch (bit 1) from post.isFixedPitch, Serif (bit 2)
 * for sFamilyClass 1 to 7, Script (bit 4) for class 10, Italic (bit 7) from head.macStyle, and
 * always Symbolic (bit 3): the glyphs are addressed by CID, outside the standard Latin set.
 *
 * @param bytes an sfnt font file (not a collection)
 * @throws Error when the file has no `head` or `post` table
 */
export function fontDescriptorFlags(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  const tableCount = view.getUint16(4);
  for (let index = 0; index < tableCount; index += 1) {
    const at = 12 + index * 16;
    tables.set(String.fromCharCode(...bytes.subarray(at, at + 4)), view.getUint32(at + 8));
  }
  const head = tables.get('head');
  const post = tables.get('post');
  const os2 = tables.get('OS/2');
  if (head === undefined || post === undefined) throw new Error('Not a TrueType font with head and post tables');
  const familyClass = os2 === undefined ? 0 : view.getInt16(os2 + 30) >> 8;
  let flags = 1 << 2; // Symbolic
  if (view.getUint32(post + 12) !== 0) flags |= 1 << 0; // FixedPitch
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1; // Serif
  if (familyClass === 10) flags |= 1 << 3; // Script
  if (view.getUint16(head + 44) & 0b10) flags |= 1 << 6; // Italic
  return flags;
}

/** The face for a bold and an italic flag (docs/product.md §1: bold = ACBL card item, italic = 25 conventions). */
export function toFontStyle(isBold: boolean, isItalic: boolean): FontStyle {
  if (isBold) return isItalic ? 'boldItalic' : 'bold';
  return isItalic ? 'italic' : 'regular';
}

/**
 * Shapes `text` with fontkit (ligatures and kerning, `font.layout`), cached per face for
 * the process: shaping is the costly step of setting text and the same words recur. Layout and
 * drawing both go through here, one word or one space at a time, so a line measured by the
 * layout is exactly as wide on the page.
 */
export function shapeText(font: AgreementFont, text: string): ShapedText {
  let shaped = font.shaped.get(text);
  if (shaped) return shaped;
  const run = font.font.layout(text);
  shaped = { glyphIds: [], codePoints: [], advanceWidths: [], adjustments: [], advanceWidth: run.advanceWidth, scale: 1000 / font.unitsPerEm };
  for (let index = 0; index < run.glyphs.length; index += 1) {
    const glyph = run.glyphs[index];
    if (!glyph) continue;
    shaped.glyphIds.push(glyph.id);
    shaped.codePoints.push(glyph.codePoints);
    shaped.advanceWidths.push(glyph.advanceWidth);
    shaped.adjustments.push((run.positions[index]?.xAdvance ?? glyph.advanceWidth) - glyph.advanceWidth);
  }
  if (font.shaped.size >= MAX_SHAPED_TEXTS) font.shaped.clear();
  font.shaped.set(text, shaped);
  return shaped;
}

/** Width of `text` (a word or a space) set in `font` at `sizePt`, in points. */
export function measureText(font: AgreementFont, text: string, sizePt: number): number {
  return (shapeText(font, text).advanceWidth * sizePt) / font.unitsPerEm;
}

/** Distance from the top of a line of text to its baseline, in points (the font's ascent, as pdfkit placed text). */
export function ascentOf(font: AgreementFont, sizePt: number): number {
  return (font.ascent * sizePt) / font.unitsPerEm;
}

/** Height of a line's glyph box (ascent to descent), in points. */
export function glyphBoxOf(font: AgreementFont, sizePt: number): number {
  return ((font.ascent - font.descent) * sizePt) / font.unitsPerEm;
}
