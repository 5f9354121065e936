/**
 * Writes one PDF page's content stream compactly: shapes first, then all text in a single text
 * object, each face, size and colour set only when it changes.
 *
 * Why not `doc.text()`: pdfkit wraps every call in its own save/transform/BT/ET block, writes
 * colours with 16 decimals, glyphs as hex and shapes every word again in every document; for the
 * ~2,500 text pieces of a large agreement that made the renderer about three times slower and
 * the file about twice bigger than writing the operators here. Font subsetting, widths, the
 * ToUnicode map (text extraction) and embedding stay pdfkit's: we fill its embedded font's
 * `subset`, `widths` and `unicode` exactly as its own `encode` does and register the font on the
 * page as its text method does (pdfkit 0.20 internals `_font`, `subset`, `widths`, `unicode`,
 * `ref`; the renderer's tests read the text back with PDF.js, so a change there fails them).
 *
 * Coordinates are pdfkit's: points from the page's top-left corner, y growing downwards.
 */
import { type AgreementFont, type FontStyle, shapeText } from './agreement-fonts';

/** The part of pdfkit's EmbeddedFont used here. */
interface PdfkitEmbeddedFont {
  id: string;
  ref(): unknown;
  /** fontkit subset: maps a font glyph id to its id in the embedded subset. */
  subset: { includeGlyph(glyphId: number): number };
  /** Advance width per subset glyph id, 1/1000 em (pdfkit writes the /W array from it). */
  widths: number[];
  /** Code points per subset glyph id (pdfkit writes the ToUnicode map from it). */
  unicode: number[][];
}

/** One face as a document uses it: the face and pdfkit's embedded font with this document's encodings. */
export interface DocumentFont {
  embedded: PdfkitEmbeddedFont;
  face: AgreementFont;
  /** Word or space -> its glyph bytes inside a TJ string (kerning closes and reopens the string). */
  encoded: Map<string, string>;
}

/** One byte of a PDF literal string, escaped where the syntax needs it. */
function toStringByte(byte: number): string {
  switch (byte) {
    case 0x28:
      return '\\(';
    case 0x29:
      return '\\)';
    case 0x5c:
      return '\\\\';
    case 0x0d:
      return '\\r';
    case 0x0a:
      return '\\n';
    default:
      return String.fromCharCode(byte);
  }
}

/**
 * Encodes a word or a space for this document: its glyphs go into the font subset with their
 * widths and code points (as pdfkit's own `encode` does), and come back as the inside of a TJ
 * string: 2-byte glyph ids as literal bytes (half the size of pdfkit's hex), kerning as numbers.
 */
function encodeChunk(documentFont: DocumentFont, chunk: string): string {
  let fragment = documentFont.encoded.get(chunk);
  if (fragment !== undefined) return fragment;
  const shaped = shapeText(documentFont.face, chunk);
  const { embedded } = documentFont;
  fragment = '';
  shaped.glyphIds.forEach((glyphId, index) => {
    const id = embedded.subset.includeGlyph(glyphId);
    embedded.widths[id] ??= (shaped.advanceWidths[index] ?? 0) * shaped.scale;
    embedded.unicode[id] ??= shaped.codePoints[index] ?? [];
    fragment += toStringByte(id >> 8) + toStringByte(id & 0xff);
    const adjustment = (shaped.adjustments[index] ?? 0) * shaped.scale;
    // Whole thousandths of an em: 0.01 pt at 10 pt, invisible.
    const rounded = Math.round(adjustment);
    if (rounded !== 0) fragment += `)${-rounded}(`;
  });
  documentFont.encoded.set(chunk, fragment);
  return fragment;
}

/**
 * Rounds to 1/100 and prints without trailing zeros (PDF numbers). Positions are kept to 1/100
 * point, far below what a printer resolves, and short numbers keep the file small.
 */
function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

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

/** Collects one page's drawing and writes it to the current pdfkit page on `finish`. */
export class PageContent {
  private readonly shapes: string[] = [];
  private readonly text: string[] = [];
  private textStyle: FontStyle | '' = '';
  private textSize = 0;
  private textColour = '';
  /** Start of the current text line (Td moves are relative to it), in PDF coordinates. */
  private lineX = 0;
  private lineY = 0;

  /**
   * @param doc the document whose current page is drawn on.
   * @param fonts pdfkit's embedded fonts per face, from `embedFonts`.
   * @param pageHeight height of the page in points.
   */
  /**
   * @param isTagged a tagged PDF (PDF/UA basics): the shapes are written as an Artifact (page
   *   furniture a screen reader skips), and text is marked with `beginMarked`.
   */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: Readonly<Record<FontStyle, DocumentFont>>,
    private readonly pageHeight: number,
    private readonly isTagged = false,
  ) {}

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
    const font = this.fonts[style];
    if (style !== this.textStyle || size !== this.textSize) {
      this.text.push(`/${font.embedded.id} ${formatNumber(size)} Tf`);
      this.textStyle = style;
      this.textSize = size;
      const resources = this.doc.page.fonts as Record<string, unknown>;
      resources[font.embedded.id] ??= font.embedded.ref();
    }
    if (colour !== this.textColour) {
      this.text.push(toColourOperator(colour, false));
      this.textColour = colour;
    }
    // Words and spaces are shaped apart, as the layout measured them (agreement-fonts.ts).
    let shown = '';
    let from = 0;
    while (from < text.length) {
      const space = text.indexOf(' ', from);
      if (space === -1) {
        shown += encodeChunk(font, text.slice(from));
        break;
      }
      if (space > from) shown += encodeChunk(font, text.slice(from, space));
      shown += encodeChunk(font, ' ');
      from = space + 1;
    }
    // Relative moves (Td) repeat the same few numbers line after line, which compresses well.
    const textX = roundPosition(x);
    const textY = roundPosition(this.pageHeight - baseline);
    this.text.push(`${formatNumber(textX - this.lineX)} ${formatNumber(textY - this.lineY)} Td[(${shown})]TJ`);
    this.lineX = textX;
    this.lineY = textY;
  }

  /** Writes shapes, then text, to the current page (text stays on top of the heading bands). */
  finish(): void {
    const content = this.isTagged && this.shapes.length > 0 ? ['/Artifact BMC', ...this.shapes, 'EMC'] : [...this.shapes];
    if (this.text.length > 0) content.push(`q 1 0 0 -1 0 ${formatNumber(this.pageHeight)} cm BT`, ...this.text, 'ET Q');
    // Latin-1 keeps every glyph byte as is (pdfkit would do the same with a string, more slowly).
    if (content.length > 0) this.doc.addContent(Buffer.from(`${content.join('\n')}\n`, 'latin1') as unknown as string);
  }
}

/**
 * Registers the four faces with a pdfkit document and returns them as this document uses them.
 *
 * @param fonts parsed fontkit fonts per face (`loadAgreementFonts`).
 */
export function embedFonts(doc: PDFKit.PDFDocument, fonts: Readonly<Record<FontStyle, AgreementFont>>): Record<FontStyle, DocumentFont> {
  const embed = (style: FontStyle): DocumentFont => {
    // pdfkit takes a parsed fontkit font as well as a buffer; its types only list the buffer.
    doc.registerFont(style, fonts[style].font as unknown as Buffer);
    doc.font(style);
    const embedded = (doc as unknown as { _font: PdfkitEmbeddedFont })._font;
    return { embedded, face: fonts[style], encoded: new Map() };
  };
  return { regular: embed('regular'), bold: embed('bold'), italic: embed('italic'), boldItalic: embed('boldItalic') };
}
