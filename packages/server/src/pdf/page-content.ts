/**
 * Writes one PDF page's content stream compactly: shapes first, then all text in a single text
 * object, each face, size and colour set only when it changes.
 *
 * Why not `doc.text()`: pdfkit wraps every call in its own save/transform/BT/ET block, writes
 * colours with 16 decimals, glyphs as hex and shapes every word again in every document; for the
 * ~2,500 text pieces of a large agreement that made the renderer about three times slower and
 * the file about twice bigger than writing the operators here.
 *
 * Fonts (ADR 183): a document's pages are drawn first, recording which glyphs each face draws;
 * `DocumentFonts.finish` then takes each face's subset from the per-process cache
 * (font-subsets.ts), encodes the text with it and deflates each page's content
 * (PAGE_CONTENT_DEFLATE_LEVEL). The font objects (descriptor, /W, ToUnicode, font file) are written
 * by `writeFontObjects` in place of pdfkit's `embed`, from the cached bytes. pdfkit internals used
 * (pdfkit 0.20): the embedded font's `id`, `ref`, `embed`, `encode` and `dictionary`, the page's
 * `fonts` and `content` (its `buffer`, `compress` and `data`), checked at start-up
 * (pdfkit-internals.ts); the renderer's tests read the text back with PDF.js, so a change there fails them.
 *
 * Coordinates are pdfkit's: points from the page's top-left corner, y growing downwards.
 */
import { deflateSync } from 'node:zlib';
import { type AgreementFont, FONT_STYLES, type FontStyle, shapeText } from './agreement-fonts';
import { type FontSubset, encodeWithSubset, findOrBuildSubset, splitWords, updateSubsetSize } from './font-subsets';

/**
 * Deflate level of page content, chosen by measurement (ADR 183's table, the largest agreement):
 * level 3 takes about two thirds of the time of level 6 (zlib's default, pdfkit's) for 3.5 KB more,
 * inside the size goal (at most a quarter of Chromium's file); levels 1 and 2 are no faster.
 */
export const PAGE_CONTENT_DEFLATE_LEVEL = 3;

/** A PDF object as pdfkit writes it (PDFReference). */
interface PdfkitReference {
  data: Record<string, unknown>;
  /** Chunks written so far; deflated by `finalize` when `compress` is set. */
  buffer: Uint8Array[];
  compress: boolean;
  end(chunk?: Uint8Array): void;
}

/** The part of pdfkit's document used here (`ref` makes a new object). */
interface PdfkitDocumentInternals {
  ref(data?: Record<string, unknown>): PdfkitReference;
  page: PdfkitPage;
  options: { bufferPages?: boolean };
}

/** The part of pdfkit's page used here. */
interface PdfkitPage {
  fonts: Record<string, unknown>;
  content: PdfkitReference;
}

/** The part of pdfkit's EmbeddedFont used here. */
interface PdfkitEmbeddedFont {
  id: string;
  ref(): unknown;
  /** Writes the font's objects at `doc.end()`; replaced by `writeFontObjects`. */
  embed(): void;
  /** pdfkit's own text encoding (doc.text): refused for these faces, whose glyphs are numbered here. */
  encode(text: string): unknown;
  /** The Type0 font object pages refer to (made by `ref`). */
  dictionary?: PdfkitReference;
}

/** One face as a document uses it. */
export interface DocumentFont {
  embedded: PdfkitEmbeddedFont;
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
  private readonly shapes: string[] = [];
  /** Operators in order; a text shown is its move (a string) followed by its TextGlyphs, encoded at the end. */
  private readonly text: (string | TextGlyphs)[] = [];
  private textStyle: FontStyle | '' = '';
  private textSize = 0;
  private textColour = '';
  /** Start of the current text line (Td moves are relative to it), in PDF coordinates. */
  private lineX = 0;
  private lineY = 0;
  /** The pdfkit page current when this content was made. */
  private readonly page: PdfkitPage;

  /**
   * @param doc the document whose current page is drawn on; made with `bufferPages: true`, as the
   *   content is written after the last page is drawn.
   * @param fonts the document's faces, from `embedFonts`.
   * @param pageHeight height of the page in points.
   * @param isTagged a tagged PDF (PDF/UA basics): the shapes are written as an Artifact (page
   *   furniture a screen reader skips), and text is marked with `beginMarked`.
   * @throws Error when the document does not buffer its pages
   */
  constructor(
    doc: PDFKit.PDFDocument,
    private readonly fonts: DocumentFonts,
    private readonly pageHeight: number,
    private readonly isTagged = false,
  ) {
    const internals = doc as unknown as PdfkitDocumentInternals;
    if (!internals.options.bufferPages) throw new Error('PageContent needs a document made with bufferPages: true (its text is written at the end).');
    this.page = internals.page;
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
      this.text.push(`/${font.embedded.id} ${formatNumber(size)} Tf`);
      this.textStyle = style;
      this.textSize = size;
      this.page.fonts[font.embedded.id] ??= font.embedded.ref();
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
   * Writes shapes, then text (on top of the heading bands), to the page, deflated at
   * PAGE_CONTENT_DEFLATE_LEVEL, after what pdfkit wrote there itself (its flip of the y axis).
   * Every face used must have its subset.
   */
  writeToPage(): void {
    if (this.shapes.length === 0 && this.text.length === 0) return;
    const stream = this.page.content;
    // One string, lines ended by '\n', joined once: what pdfkit wrote there (Latin-1 keeps every byte as is), then ours.
    const parts: string[] = [];
    for (const chunk of stream.buffer) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1'));
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
    stream.buffer = [data];
    stream.compress = false;
    stream.data.Filter = 'FlateDecode';
    stream.data.Length = data.length;
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
function newDocumentFont(embedded: PdfkitEmbeddedFont, face: AgreementFont): DocumentFont {
  let texts = textGlyphsByFace.get(face);
  if (!texts) {
    texts = new Map();
    textGlyphsByFace.set(face, texts);
  }
  const serial = nextDocumentFontSerial;
  nextDocumentFontSerial += 1;
  return { embedded, face, used: new Map(), marks: new Uint8Array(face.font.numGlyphs), serial, texts };
}

/**
 * The four faces as one pdfkit document uses them, and its pages waiting for their text to be
 * encoded. Made by `embedFonts`; call `finish` once, after the last page is drawn and before `doc.end()`.
 */
export class DocumentFonts {
  private readonly pages: PageContent[] = [];
  private isFinished = false;

  /** @param faces pdfkit's embedded font and this document's glyphs, per face */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly faces: Readonly<Record<FontStyle, DocumentFont>>,
  ) {}

  /** Queues a drawn page (PageContent.finish). */
  addPage(page: PageContent): void {
    if (this.isFinished) throw new Error('A page was drawn after DocumentFonts.finish.');
    this.pages.push(page);
  }

  /**
   * Chooses each used face's subset (font-subsets.ts: cached, or built and cached), writes every
   * queued page's content with it, and makes pdfkit write each face's objects from the subset's
   * bytes at `doc.end()`.
   *
   * @throws Error when called twice
   */
  finish(): void {
    if (this.isFinished) throw new Error('DocumentFonts.finish was called twice.');
    this.isFinished = true;
    const doc = this.doc as unknown as PdfkitDocumentInternals;
    for (const style of FONT_STYLES) {
      const font = this.faces[style];
      if (font.used.size === 0) continue;
      const subset = findOrBuildSubset(font.face, font.used);
      font.subset = subset;
      font.embedded.embed = () => writeFontObjects(doc, font.embedded, subset);
    }
    for (const page of this.pages) page.writeToPage();
    for (const style of FONT_STYLES) {
      const { subset } = this.faces[style];
      if (subset) updateSubsetSize(subset);
    }
  }
}

/** Font descriptor entries that depend on the face only (pdfkit's `embed`), per parsed font. */
const descriptors = new WeakMap<object, Record<string, unknown>>();

/** The face's FontDescriptor entries besides its name and file, computed as pdfkit's `embed` does. */
function describeFace(font: FontSubset['font']): Record<string, unknown> {
  let described = descriptors.get(font);
  if (described) return described;
  const scale = 1000 / font.unitsPerEm;
  // Tables @types/fontkit does not list.
  const tables = font as unknown as { 'OS/2'?: { sFamilyClass?: number }; post: { isFixedPitch?: number }; head: { macStyle: { italic?: boolean } } };
  const familyClass = (tables['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 1 << 2; // symbolic: glyphs outside the standard Latin set
  if (tables.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (tables.head.macStyle.italic) flags |= 1 << 6;
  const { bbox } = font;
  described = {
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: font.italicAngle,
    Ascent: font.ascent * scale,
    Descent: font.descent * scale,
    CapHeight: (font.capHeight || font.ascent) * scale,
    XHeight: (font.xHeight || 0) * scale,
    StemV: 0,
  };
  descriptors.set(font, described);
  return described;
}

/**
 * Writes one face's objects for this document from a cached subset, as pdfkit's `embed` would
 * (ISO 32000-1 §9.7: Type0 font, CIDFontType2 descendant with /W and Identity CIDToGIDMap,
 * FontDescriptor with /FontFile2, ToUnicode CMap), each a new object of this document; only the
 * streams' bytes come from the cache (already deflated, so pdfkit does not compress them again).
 */
function writeFontObjects(doc: PdfkitDocumentInternals, embedded: PdfkitEmbeddedFont, subset: FontSubset): void {
  const dictionary = embedded.dictionary;
  if (!dictionary) return;
  const name = `${subset.tag}+${subset.font.postscriptName.replaceAll(' ', '_')}`;
  const fontFile = doc.ref({ Length1: subset.fontFileLength, Filter: 'FlateDecode' });
  fontFile.end(subset.fontFile);
  const descriptor = doc.ref({ Type: 'FontDescriptor', FontName: name, ...describeFace(subset.font), FontFile2: fontFile });
  descriptor.end();
  const descendant = doc.ref({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    W: [0, subset.widths],
    CIDToGIDMap: 'Identity',
  });
  descendant.end();
  const toUnicode = doc.ref({ Filter: 'FlateDecode' });
  toUnicode.end(subset.toUnicode);
  dictionary.data = { Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode };
  dictionary.end();
}

/**
 * Registers the four faces with a pdfkit document and returns them as this document uses them.
 * They are registered under names of their own: pdfkit's `doc.text` cannot use them (their glyphs
 * are numbered by the subset cache) and throws if asked to; a page drawn with `doc.text` registers
 * the faces again under other names (render-acbl-card.ts, page 3).
 *
 * @param doc a document made with `bufferPages: true`
 * @param fonts parsed fontkit fonts per face (`loadAgreementFonts`).
 */
export function embedFonts(doc: PDFKit.PDFDocument, fonts: Readonly<Record<FontStyle, AgreementFont>>): DocumentFonts {
  const embed = (style: FontStyle): DocumentFont => {
    const name = `page-content-${style}`;
    // pdfkit takes a parsed fontkit font as well as a buffer; its types only list the buffer.
    doc.registerFont(name, fonts[style].font as unknown as Buffer);
    doc.font(name);
    const embedded = (doc as unknown as { _font: PdfkitEmbeddedFont })._font;
    embedded.encode = () => {
      throw new Error(`The face ${name} is drawn through PageContent only; register the font again for doc.text().`);
    };
    return newDocumentFont(embedded, fonts[style]);
  };
  return new DocumentFonts(doc, { regular: embed('regular'), bold: embed('bold'), italic: embed('italic'), boldItalic: embed('boldItalic') });
}
