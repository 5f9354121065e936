/**
 * Writes one PDF page's content stream compactly: shapes first, then all text in a single text
 * object, each face, size and colour set only when it changes.
 *
 * Why (ADR 004): pdfkit's `doc.text()`, used before, wrapped every call in its own
 * save/transform/BT/ET block, wrote colours with 16 decimals, glyphs as hex and shaped every word
 * again in every document; for the ~2,500 text pieces of a large agreement that made the renderer
 * about three times slower and the file about twice bigger than writing the operators here.
 *
 * Fonts (ADR 183): a document's pages are drawn first, recording which glyphs each face draws;
 * `DocumentFonts.finish` then takes each face's subset from the per-process cache
 * (font-subsets.ts), encodes the text with it and deflates each page's content
 * (PAGE_CONTENT_DEFLATE_LEVEL). The font objects (Type0 font, CIDFontType2 descendant with /W,
 * descriptor, font file, ToUnicode map) are written by `writeFontObjects` from the cached bytes,
 * into the renderer's own PDF writer (pdf-document.ts, ADR 194). The renderer's tests read the
 * text back with PDF.js, and the pixel tests compare the pages with reference images.
 *
 * Coordinates: points from the page's top-left corner, y growing downwards (each page's content
 * starts by flipping the y axis).
 */
import { deflateSync } from 'node:zlib';
import { type AgreementFont, FONT_STYLES, type FontStyle, shapeText } from './agreement-fonts';
import { type FontSubset, encodeWithSubset, findOrBuildSubset, splitWords, updateSubsetSize } from './font-subsets';
import type { PdfDocument, PdfPage, PdfRef } from './pdf-document';
import { toPdfText } from './object-streams';

/**
 * Deflate level of page content, chosen by measurement (ADR 183's table, the largest agreement):
 * level 3 takes about two thirds of the time of level 6 (zlib's default) for 3.5 KB more,
 * inside the size goal (at most a quarter of Chromium's file); levels 1 and 2 are no faster.
 */
export const PAGE_CONTENT_DEFLATE_LEVEL = 3;

/** One face as a document uses it. */
export interface DocumentFont {
  /** The face's name in the pages' resources, "F1" to "F4". */
  id: string;
  /** The Type0 font object, numbered when a page first uses the face; written by `DocumentFonts.finish`. */
  ref: PdfRef | undefined;
  face: AgreementFont;
  /** Glyphs drawn with this face so far: glyph id -> code points. */
  used: Map<number, readonly number[]>;
  /** 1 at the glyph ids already in `used` (a glyph id indexes it). */
  marks: Uint8Array;
  /** This document's number for the face, unique in the process (`TextGlyphs.recordedBy`). */
  serial: number;
  /** The face's texts with their glyphs (`glyphsOfText`). */
  texts: Map<string, TextGlyphs>;
  /** The subset chosen by `DocumentFonts.finish`. */
  subset?: FontSubset;
}

/**
 * Rounds to 1/100 and prints without trailing zeros (PDF numbers). Positions are kept to 1/100
 * point, far below what a printer resolves, and short numbers keep the file small. The same few
 * moves recur line after line: their text is kept, by hundredths (printing a fraction costs
 * several times a look-up).
 */
export function formatNumber(value: number): string {
  const hundredths = Math.round(value * 100);
  let text = numberTexts.get(hundredths);
  if (text === undefined) {
    text = String(hundredths / 100);
    if (numberTexts.size >= MAX_NUMBER_TEXTS) numberTexts.clear();
    numberTexts.set(hundredths, text);
  }
  return text;
}

/**
 * The Td operator moving the text line by (`dx`, `dy`) points, rounded to 1/100. Kept by the pair
 * of hundredths: a page repeats a few dozen moves (next line, next option, next word in another
 * colour) hundreds of times.
 */
export function formatMove(dx: number, dy: number): string {
  const dyHundredths = Math.round(dy * 100);
  // Pages are far smaller than 2^25 hundredths of a point (93 m): one exact number for the pair.
  if (Math.abs(dyHundredths) >= 0x2000000) return `${formatNumber(dx)} ${formatNumber(dy)} Td`;
  const key = Math.round(dx * 100) * 0x4000000 + dyHundredths;
  let text = moveTexts.get(key);
  if (text === undefined) {
    text = `${formatNumber(dx)} ${formatNumber(dy)} Td`;
    if (moveTexts.size >= MAX_NUMBER_TEXTS) moveTexts.clear();
    moveTexts.set(key, text);
  }
  return text;
}

/** Td operators by their pair of hundredths, for `formatMove`; emptied at MAX_NUMBER_TEXTS. */
const moveTexts = new Map<number, string>();

/** Printed numbers by hundredths, for `formatNumber`; emptied at MAX_NUMBER_TEXTS. */
const numberTexts = new Map<number, string>();
const MAX_NUMBER_TEXTS = 4_096;

/** Rounds to 1/100, the precision of every position written (so relative moves do not drift). */
function roundPosition(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * '#rrggbb' as a PDF colour: "g" with one operand for greys, "r g b rg" otherwise (0..1, three
 * decimals); upper case operators (stroke) when `isStroke`. Cached.
 */
function toColourOperator(hex: string, isStroke: boolean): string {
  const key = isStroke ? `S${hex}` : hex;
  let operator = colourOperators.get(key);
  if (operator === undefined) {
    const operands = toRgbOperands(hex);
    const [red, green, blue] = operands.split(' ');
    const isGrey = red === green && green === blue;
    operator = isGrey ? `${red} ${isStroke ? 'G' : 'g'}` : `${operands} ${isStroke ? 'RG' : 'rg'}`;
    colourOperators.set(key, operator);
  }
  return operator;
}

const colourOperators = new Map<string, string>();

/** '#rrggbb' as PDF RGB operands "r g b" (0..1, three decimals). */
function toRgbOperands(hex: string): string {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  if (!/^#[0-9a-f]{6}$/i.test(hex) || Number.isNaN(value)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [value >> 16, (value >> 8) & 0xff, value & 0xff].map((part) => String(Math.round((part / 255) * 1000) / 1000)).join(' ');
}

/** Collects one page's drawing; `DocumentFonts.finish` writes it to its page once the document's fonts are known. */
export class PageContent {
  /** Operators drawn first, in the page's own (unflipped) coordinates: a form behind the page (`drawForm`). */
  private readonly background: string[] = [];
  private readonly shapes: string[] = [];
  /** Operators in order; a text shown is its move (a string) followed by its TextGlyphs, encoded at the end. */
  private readonly text: (string | TextGlyphs)[] = [];
  private textStyle: FontStyle | '' = '';
  private textSize = 0;
  private textColour = '';
  /** Start of the current text line (Td moves are relative to it), in PDF coordinates. */
  private lineX = 0;
  private lineY = 0;
  /** The page this content is drawn on. */
  private readonly page: PdfPage;

  /**
   * @param doc the document whose current page (the last added) is drawn on; the content is
   *   written to it by `DocumentFonts.finish`, after the last page is drawn.
   * @param fonts the document's faces, from `embedFonts`.
   * @param pageHeight height of the page in points.
   * @param isTagged a tagged PDF (PDF/UA basics): the shapes are written as an Artifact (page
   *   furniture a screen reader skips), and text is marked with `beginMarked`.
   * @throws Error when the document has no page yet
   */
  constructor(
    doc: PdfDocument,
    private readonly fonts: DocumentFonts,
    private readonly pageHeight: number,
    private readonly isTagged = false,
  ) {
    this.page = doc.page;
  }

  /**
   * Starts a marked-content sequence in the text: a structure element's content with its MCID
   * (`/P <</MCID 3>> BDC`), or page furniture (`/Artifact BMC`) without one. Close it with `endMarked`.
   */
  beginMarked(tag: string, mcid?: number): void {
    this.text.push(mcid === undefined ? `/${tag} BMC` : `/${tag} <</MCID ${mcid}>> BDC`);
  }

  /** Ends the marked-content sequence `beginMarked` started. */
  endMarked(): void {
    this.text.push('EMC');
  }

  /** A filled rectangle; top-left corner, width and height in points. */
  fillRect(x: number, y: number, width: number, height: number, colour: string): void {
    this.shapes.push(`${toColourOperator(colour, false)} ${formatNumber(x)} ${formatNumber(y)} ${formatNumber(width)} ${formatNumber(height)} re f`);
  }

  /**
   * Draws a Form XObject (an official card's blank form, form-pages.ts) as the page's background,
   * at the page's origin and size, under everything else drawn on the page.
   *
   * @param name its name in the page's resources, e.g. "Fm0"
   * @param form the XObject's reference in this document
   */
  drawForm(name: string, form: PdfRef): void {
    this.page.xObjects.set(name, form);
    this.background.push(`q /${name} Do Q`);
  }

  /**
   * An ellipse's outline (four Bézier arcs), `width` points thick; centre and radii in points,
   * y from the top of the page like every other shape.
   */
  strokeEllipse(cx: number, cy: number, rx: number, ry: number, width: number, colour: string): void {
    const k = 0.5523;
    const [ox, oy] = [rx * k, ry * k];
    const n = formatNumber;
    this.shapes.push(
      `${toColourOperator(colour, true)} ${n(width)} w ${n(cx - rx)} ${n(cy)} m ` +
        `${n(cx - rx)} ${n(cy - oy)} ${n(cx - ox)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)} c ` +
        `${n(cx + ox)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - oy)} ${n(cx + rx)} ${n(cy)} c ` +
        `${n(cx + rx)} ${n(cy + oy)} ${n(cx + ox)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)} c ` +
        `${n(cx - ox)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + oy)} ${n(cx - rx)} ${n(cy)} c S`,
    );
  }

  /** A straight line `width` points thick. */
  strokeLine(x1: number, y1: number, x2: number, y2: number, width: number, colour: string): void {
    this.shapes.push(
      `${toColourOperator(colour, true)} ${formatNumber(width)} w ${formatNumber(x1)} ${formatNumber(y1)} m ${formatNumber(x2)} ${formatNumber(y2)} l S`,
    );
  }

  /** Text on one line, without wrapping; `x` is its left edge, `baseline` its baseline, in points. */
  drawText(text: string, style: FontStyle, size: number, colour: string, x: number, baseline: number): void {
    if (text === '') return;
    const font = this.fonts.faces[style];
    if (style !== this.textStyle || size !== this.textSize) {
      this.text.push(`/${font.id} ${formatNumber(size)} Tf`);
      this.textStyle = style;
      this.textSize = size;
      if (!this.page.fonts.has(font.id)) this.page.fonts.set(font.id, (font.ref ??= this.fonts.doc.ref()));
    }
    if (colour !== this.textColour) {
      this.text.push(toColourOperator(colour, false));
      this.textColour = colour;
    }
    const glyphs = font.texts.get(text) ?? glyphsOfText(font, text);
    if (glyphs.recordedBy !== font.serial) recordGlyphs(font, glyphs);
    // Relative moves (Td) repeat the same few numbers line after line, which compresses well.
    const textX = roundPosition(x);
    const textY = roundPosition(this.pageHeight - baseline);
    this.text.push(formatMove(textX - this.lineX, textY - this.lineY), glyphs);
    this.lineX = textX;
    this.lineY = textY;
  }

  /** A text's glyphs as the inside of a TJ string for its face's subset (`encodeWithSubset`), kept on the text while the subset is the same. */
  private encode(glyphs: TextGlyphs): string {
    const { subset, face } = this.fonts.faces[glyphs.style];
    if (!subset) throw new Error('DocumentFonts.finish writes the pages once every face has its subset.');
    if (glyphs.encodedFor !== subset.serial) {
      glyphs.encoded = encodeWithSubset(subset, face, glyphs.text);
      glyphs.encodedFor = subset.serial;
    }
    return glyphs.encoded;
  }

  /** Ends the page's drawing: its content is written by `DocumentFonts.finish`. */
  finish(): void {
    this.fonts.addPage(this);
  }

  /**
   * Writes the page's content stream: the flip of the y axis, shapes, then text (on top of the
   * heading bands), deflated at PAGE_CONTENT_DEFLATE_LEVEL. Every face used must have its subset.
   *
   * @param doc the document of the page
   */
  writeToPage(doc: PdfDocument): void {
    // One string, lines ended by '\n', joined once (Latin-1 keeps every byte of the glyph codes as is).
    const parts: string[] = [];
    for (const operator of this.background) parts.push(operator, '\n');
    parts.push(`1 0 0 -1 0 ${formatNumber(this.page.height)} cm\n`);
    const isArtifact = this.isTagged && this.shapes.length > 0;
    if (isArtifact) parts.push('/Artifact BMC\n');
    for (const shape of this.shapes) parts.push(shape, '\n');
    if (isArtifact) parts.push('EMC\n');
    if (this.text.length > 0) {
      parts.push(`q 1 0 0 -1 0 ${formatNumber(this.pageHeight)} cm BT\n`);
      const { text } = this;
      for (let index = 0; index < text.length; index += 1) {
        const item = text[index] as string | TextGlyphs;
        const next = text[index + 1];
        if (typeof next === 'object') {
          parts.push(item as string, '[(', this.encode(next), ')]TJ\n');
          index += 1;
        } else {
          parts.push(item as string, '\n');
        }
      }
      parts.push('ET Q\n');
    }
    const data = deflateSync(Buffer.from(parts.join(''), 'latin1'), { level: PAGE_CONTENT_DEFLATE_LEVEL });
    doc.writeStream(this.page.contents, '/Filter /FlateDecode', data);
    this.page.isContentWritten = true;
  }
}

/** The glyphs a text draws in one face, each once, with the code points of its first use in the text. */
interface TextGlyphs {
  text: string;
  style: FontStyle;
  glyphIds: number[];
  codePoints: (readonly number[])[];
  /** `DocumentFont.serial` of the last document that recorded them: the next text drawn again in that document costs one comparison. */
  recordedBy: number;
  /** The text encoded with the subset whose `serial` is `encodedFor` (0: none yet). */
  encoded: string;
  encodedFor: number;
}

/** Per face, texts with their glyphs, for the process (the same names are drawn by every agreement of a template). */
const textGlyphsByFace = new WeakMap<AgreementFont, Map<string, TextGlyphs>>();
/** Texts kept per face before the map is emptied (names are user text: bound it). */
export const MAX_TEXT_GLYPHS = 20_000;
let nextDocumentFontSerial = 1;

/** Shapes `text` word by word, as the layout measured it and `encodeWithSubset` encodes it, and keeps its glyphs. */
function glyphsOfText(font: DocumentFont, text: string): TextGlyphs {
  const glyphs: TextGlyphs = { text, style: font.face.style, glyphIds: [], codePoints: [], recordedBy: 0, encoded: '', encodedFor: 0 };
  const seen = new Set<number>();
  for (const chunk of splitWords(text)) {
    const shaped = shapeText(font.face, chunk);
    for (let index = 0; index < shaped.glyphIds.length; index += 1) {
      const glyphId = shaped.glyphIds[index] ?? 0;
      if (seen.has(glyphId)) continue;
      seen.add(glyphId);
      glyphs.glyphIds.push(glyphId);
      glyphs.codePoints.push(shaped.codePoints[index] ?? []);
    }
  }
  if (font.texts.size >= MAX_TEXT_GLYPHS) font.texts.clear();
  font.texts.set(text, glyphs);
  return glyphs;
}

/** Adds a text's glyphs to the ones its face draws in this document (first use gives the code points). */
function recordGlyphs(font: DocumentFont, glyphs: TextGlyphs): void {
  glyphs.recordedBy = font.serial;
  const { marks } = font;
  for (let index = 0; index < glyphs.glyphIds.length; index += 1) {
    const glyphId = glyphs.glyphIds[index] as number;
    if (marks[glyphId] === 1) continue;
    marks[glyphId] = 1;
    font.used.set(glyphId, glyphs.codePoints[index] as readonly number[]);
  }
}

/** A face as a new document uses it, with nothing drawn yet. */
function newDocumentFont(id: string, face: AgreementFont): DocumentFont {
  let texts = textGlyphsByFace.get(face);
  if (!texts) {
    texts = new Map();
    textGlyphsByFace.set(face, texts);
  }
  const serial = nextDocumentFontSerial;
  nextDocumentFontSerial += 1;
  return { id, ref: undefined, face, used: new Map(), marks: new Uint8Array(face.font.numGlyphs), serial, texts };
}

/**
 * The four faces as one document uses them, and its pages waiting for their text to be
 * encoded. Made by `embedFonts`; call `finish` once, after the last page is drawn and before `doc.end()`.
 */
export class DocumentFonts {
  private readonly pages: PageContent[] = [];
  private isFinished = false;

  /** @param faces each face's name, object and this document's glyphs */
  constructor(
    readonly doc: PdfDocument,
    readonly faces: Readonly<Record<FontStyle, DocumentFont>>,
  ) {}

  /** Queues a drawn page (PageContent.finish). */
  addPage(page: PageContent): void {
    if (this.isFinished) throw new Error('A page was drawn after DocumentFonts.finish.');
    this.pages.push(page);
  }

  /**
   * Chooses each used face's subset (font-subsets.ts: cached, or built and cached), writes every
   * queued page's content with it, and each used face's objects from the subset's bytes.
   *
   * @throws Error when called twice
   */
  finish(): void {
    if (this.isFinished) throw new Error('DocumentFonts.finish was called twice.');
    this.isFinished = true;
    for (const style of FONT_STYLES) {
      const font = this.faces[style];
      if (font.used.size === 0 && !font.ref) continue;
      const subset = findOrBuildSubset(font.face, font.used);
      font.subset = subset;
      if (font.ref) writeFontObjects(this.doc, font.ref, font.face, subset);
    }
    for (const page of this.pages) page.writeToPage(this.doc);
    for (const style of FONT_STYLES) {
      const { subset } = this.faces[style];
      if (subset) updateSubsetSize(subset);
    }
  }
}

/** Font descriptor entries that depend on the face only, per face. */
const descriptors = new WeakMap<AgreementFont, Record<string, unknown>>();

/**
 * The face's FontDescriptor entries besides its name and file (ISO 32000-1 §9.8.1, Table 122), in
 * 1/1000 em: /Flags from the font file's tables (`AgreementFont.flags`), the rest from fontkit's
 * documented metrics.
 */
function describeFace(face: AgreementFont): Record<string, unknown> {
  let described = descriptors.get(face);
  if (described) return described;
  const { font } = face;
  const scale = 1000 / font.unitsPerEm;
  const { bbox } = font;
  described = {
    Flags: face.flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: font.italicAngle,
    Ascent: font.ascent * scale,
    Descent: font.descent * scale,
    CapHeight: (font.capHeight || font.ascent) * scale,
    XHeight: (font.xHeight || 0) * scale,
    StemV: 0,
  };
  descriptors.set(face, described);
  return described;
}

/**
 * Writes one face's objects for this document from a cached subset (ISO 32000-1 §9.7: the Type0
 * font `ref` with Identity-H encoding, a CIDFontType2 descendant with /W and an Identity
 * CIDToGIDMap, a FontDescriptor with /FontFile2, a ToUnicode CMap), each a new object of this
 * document; only the streams' bytes come from the cache (already deflated).
 */
function writeFontObjects(doc: PdfDocument, ref: PdfRef, face: AgreementFont, subset: FontSubset): void {
  const name = `${subset.tag}+${subset.font.postscriptName.replaceAll(' ', '_')}`;
  const fontFile = doc.ref();
  doc.writeStream(fontFile, `/Length1 ${subset.fontFileLength} /Filter /FlateDecode`, subset.fontFile);
  const descriptor = doc.ref();
  doc.writeObject(descriptor, toPdfText({ Type: 'FontDescriptor', FontName: name, ...describeFace(face), FontFile2: fontFile }));
  const descendant = doc.ref();
  doc.writeObject(
    descendant,
    toPdfText({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, subset.widths],
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = doc.ref();
  doc.writeStream(toUnicode, '/Filter /FlateDecode', subset.toUnicode);
  doc.writeObject(
    ref,
    toPdfText({ Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode }),
  );
}

/**
 * The four faces as a new document uses them, named F1 (regular), F2 (bold), F3 (italic) and F4
 * (bold italic) in the pages' resources; each face's objects are written by `DocumentFonts.finish`
 * if a page draws with it.
 *
 * @param doc the document the pages are drawn in
 * @param fonts parsed faces (`loadAgreementFonts`).
 */
export function embedFonts(doc: PdfDocument, fonts: Readonly<Record<FontStyle, AgreementFont>>): DocumentFonts {
  return new DocumentFonts(doc, {
    regular: newDocumentFont('F1', fonts.regular),
    bold: newDocumentFont('F2', fonts.bold),
    italic: newDocumentFont('F3', fonts.italic),
    boldItalic: newDocumentFont('F4', fonts.boldItalic),
  });
}
