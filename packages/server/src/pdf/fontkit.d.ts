/**
 * The small part of fontkit 2 (pdfkit's font engine, no published types) that the PDF renderer
 * uses: parse a TrueType font once per process and lay out strings to measure them.
 */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    /** Advance width in font units. */
    advanceWidth: number;
    /** The outline. */
    path: { toSVG(): string };
  }

  export interface GlyphPosition {
    /** Advance after kerning, in font units. */
    xAdvance: number;
  }

  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    /** Sum of the glyph advances, in font units (see `Font.unitsPerEm`). */
    advanceWidth: number;
  }

  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    /** Ascent and descent in font units; descent is negative. */
    ascent: number;
    descent: number;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** Tables present in the file, by tag. */
    directory: { tables: Record<string, unknown> };
  }

  /** Parses a font file; a collection (TTC) would need a PostScript name, which we never pass. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
