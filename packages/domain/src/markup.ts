/**
 * Colour markup of names (docs/product.md §D5, docs/product.md §1).
 *
 * Stored text uses `##c1#` .. `##c5#` to open a span in black, red, blue, green or orange and
 * `###` to close it. Spans do not nest (an opener closes the open span first); an unclosed span
 * ends with the text; a stray `###` is dropped; `##c6#`, `##cx#` are plain text. The suit
 * shorthand `!s !h !d !c` (any case) shows as ♠ ♥ ♦ ♣, hearts and diamonds in red.
 * This one parser serves the web app, the PDF and the CSV loader.
 *
 * Escapes (docs/product.md §15: text a user types comes back exactly as typed): `\#` is a literal `#`
 * and `\\` a literal backslash, so typed `##c3#blue###` or `C##` is never read as colour.
 * `serialiseMarkup` writes every `#` and `\` of text that way; only the colour buttons make
 * markers. A backslash before any other character is kept as it is, so older stored names (which
 * had no escapes) read as before.
 */

/** Palette index of a colour marker: `##c1#` is 1. */
export type ColourIndex = 1 | 2 | 3 | 4 | 5;

/**
 * The five colours, as hex (docs/product.md §9 "Colour palette"): black, red and green as the specification
 * gives them; blue and orange are darker shades of the specification's hues (#15b2d3 and #f3872f
 * measure 2.5:1 on white), so every colour reaches the 4.5:1 contrast of WCAG AA for text, in the
 * page and in the PDF (docs/product.md §16; ADR 101).
 */
export const PALETTE: Readonly<Record<ColourIndex, string>> = {
  1: '#000000',
  2: '#c83349',
  3: '#0e7490',
  4: '#248507',
  5: '#b45309',
};

/** Colour names for buttons and screen readers (docs/product.md §1: black, red, blue, green, orange). */
export const COLOUR_NAMES: Readonly<Record<ColourIndex, string>> = {
  1: 'Black',
  2: 'Red',
  3: 'Blue',
  4: 'Green',
  5: 'Orange',
};

/** All palette indices in order. */
export const COLOUR_INDICES: readonly ColourIndex[] = [1, 2, 3, 4, 5];

/** Colour of heart and diamond symbols: the palette's red. */
export const RED_SUIT_COLOUR = PALETTE[2];

/** A run of text in one colour; `colour` null is the default text colour. */
export interface MarkupSegment {
  text: string;
  colour: ColourIndex | null;
}

/** An escaped `#` or backslash, a colour opener, or the closer. */
const TOKEN = /\\([#\\])|##c([1-5])#|###/g;

/** A character that can start a colour marker or an escape; text without one is its own parse. */
const MARKER_CHARACTER = /[#\\]/;

/**
 * Parses markup into segments.
 *
 * @param text stored text with colour markers.
 * @returns non-empty segments, adjacent ones always of different colours; `[]` for ''.
 *   The result is normalised: `parseMarkup(serialiseMarkup(parseMarkup(s)))` equals `parseMarkup(s)`.
 */
export function parseMarkup(text: string): MarkupSegment[] {
  const segments: MarkupSegment[] = [];
  let colour: ColourIndex | null = null;
  let last = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const previous = segments.at(-1);
    if (previous && previous.colour === colour) previous.text += piece;
    else segments.push({ text: piece, colour });
  };
  for (const match of text.matchAll(TOKEN)) {
    push(text.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[1] !== undefined) push(match[1]);
    else colour = match[2] ? (Number(match[2]) as ColourIndex) : null;
  }
  push(text.slice(last));
  return segments;
}

/**
 * Writes segments back as markup: an opener before each coloured run and `###` only where a
 * coloured run is followed by default text; every `#` and backslash of the text escaped (`\#`,
 * `\\`). Empty segments are dropped and neighbours of one colour merged. For any text,
 * `parseMarkup(serialiseMarkup(x))` gives `x` back (normalised), and serialising what a stored
 * text parses to gives a fixed point.
 *
 * @param segments runs of text; `colour` null is default.
 * @returns stored text.
 */
export function serialiseMarkup(segments: readonly MarkupSegment[]): string {
  let out = '';
  let open: ColourIndex | null = null;
  for (const { text, colour } of segments) {
    if (text === '') continue;
    if (colour !== open) out += colour === null ? '###' : `##c${colour}#`;
    out += escapeMarkupText(text);
    open = colour;
  }
  return out;
}

/** Escapes text so the parser reads every character as text: `#` as `\#`, a backslash as `\\`. */
export function escapeMarkupText(text: string): string {
  return text.replace(/[#\\]/g, (char) => `\\${char}`);
}

/** The text without colour markers (suit shorthand untouched). */
export function stripMarkup(text: string): string {
  // Most names carry no marker: answered without parsing (the editor asks for every row, docs/product.md §D12).
  if (!MARKER_CHARACTER.test(text)) return text;
  return parseMarkup(text)
    .map((s) => s.text)
    .join('');
}

const SUIT = /!([shdc])(?![a-z])/gi;
const SUIT_SYMBOL: Readonly<Record<string, string>> = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** Replaces the suit shorthand `!s !h !d !c` (any case, not followed by a letter) by ♠ ♥ ♦ ♣. */
export function expandSuits(text: string): string {
  if (!text.includes('!')) return text;
  return text.replace(SUIT, (_, suit: string) => SUIT_SYMBOL[suit.toLowerCase()] ?? '');
}

/** A run ready to draw: plain text (suits expanded) in one colour (hex; null = default). */
export interface TextRun {
  text: string;
  colour: string | null;
}

/**
 * Turns stored markup into runs to draw, for the web app and the PDF.
 * Suit symbols are expanded; ♥ and ♦ are always red, ♠ and ♣ take the span's colour.
 *
 * @param markup stored text.
 * @returns runs in order; adjacent runs differ in colour; `[]` for ''.
 */
export function toTextRuns(markup: string): TextRun[] {
  if (markup === '') return [];
  if (!MARKER_CHARACTER.test(markup) && !markup.includes('!') && !/[♥♦]/u.test(markup)) return [{ text: markup, colour: null }];
  const runs: TextRun[] = [];
  const push = (text: string, colour: string | null) => {
    if (text === '') return;
    const previous = runs.at(-1);
    if (previous && previous.colour === colour) previous.text += text;
    else runs.push({ text, colour });
  };
  for (const segment of parseMarkup(markup)) {
    const colour = segment.colour === null ? null : PALETTE[segment.colour];
    for (const piece of expandSuits(segment.text).split(/([♥♦])/u)) {
      push(piece, piece === '♥' || piece === '♦' ? RED_SUIT_COLOUR : colour);
    }
  }
  return runs;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Renders stored markup as one HTML paragraph (docs/product.md §D5): all text escaped, coloured runs in
 * `<span style="color:#rrggbb">`. No user text ever becomes a tag or attribute.
 */
export function renderMarkupHtml(markup: string): string {
  const body = toTextRuns(markup)
    .map((run) => (run.colour === null ? escapeHtml(run.text) : `<span style="color:${run.colour}">${escapeHtml(run.text)}</span>`))
    .join('');
  return `<p>${body}</p>`;
}
