/**
 * Conversion between stored colour markup (docs/product.md §D5) and the JSON content of the rich-text
 * name editor (Tiptap: a `doc` of paragraphs of text nodes, colour as a `textStyle` mark with a
 * `color` attribute, as `@tiptap/extension-text-style`'s TextStyle + Color write it).
 *
 * Pure functions with no DOM or editor import, so they are tested in Node. The editor only ever
 * receives text nodes and colour attributes built here: no user text is parsed as HTML.
 */
import { removeParagraphBreaks } from '@bpa/domain/editing';
import { type ColourIndex, COLOUR_INDICES, type MarkupSegment, PALETTE, parseMarkup, serialiseMarkup } from '@bpa/domain/markup';

/** Name of the mark that carries the colour (Tiptap's TextStyle mark). */
export const COLOUR_MARK = 'textStyle';

/** A mark on a text node, as Tiptap's `getJSON()` writes it. */
export interface EditorMark {
  type: string;
  attrs?: Record<string, unknown>;
}

/** Any node of editor JSON (Tiptap's `JSONContent`, restated so this file needs no editor import). */
export interface EditorNode {
  type?: string;
  text?: string;
  marks?: EditorMark[];
  content?: EditorNode[];
  attrs?: Record<string, unknown>;
}

/** A text node of the content this module builds. */
export interface EditorTextNode {
  type: 'text';
  text: string;
  marks?: EditorMark[];
}

/** The content this module builds: one paragraph (docs/product.md §D5: "each text is wrapped in a paragraph"). */
export interface EditorDocument {
  type: 'doc';
  content: [{ type: 'paragraph'; content?: EditorTextNode[] }];
}

/**
 * Builds the editor's initial content from stored markup.
 *
 * @param markup a stored name with `##cN#` / `###` markers (may be '').
 * @returns a document of one paragraph; each coloured run is a text node with a `textStyle` mark
 *   whose `color` is the palette hex (docs/product.md §D5); default-coloured runs have no mark.
 */
export function markupToEditorContent(markup: string): EditorDocument {
  const nodes: EditorTextNode[] = parseMarkup(markup).map((segment) =>
    segment.colour === null
      ? { type: 'text', text: segment.text }
      : { type: 'text', text: segment.text, marks: [{ type: COLOUR_MARK, attrs: { color: PALETTE[segment.colour] } }] },
  );
  return { type: 'doc', content: [nodes.length > 0 ? { type: 'paragraph', content: nodes } : { type: 'paragraph' }] };
}

/**
 * Converts the editor's content back to stored markup.
 *
 * - Paragraphs and hard breaks become one space (docs/product.md §5: "Rich-text edits have paragraph breaks
 *   removed"; `removeParagraphBreaks` of the domain also trims the ends).
 * - A text node's colour maps to its palette index; colours outside the palette (pasted text) and
 *   other marks are dropped, so the text falls back to the default colour.
 * - Typed text never turns into markup and comes back exactly as typed: `serialiseMarkup` escapes
 *   every `#` and backslash (docs/product.md §D5, §15).
 *
 * @param content the editor's `getJSON()` (any shape is tolerated; unknown nodes are skipped).
 * @returns the name as markup, without leading or trailing spaces.
 */
export function editorContentToMarkup(content: EditorNode): string {
  const segments: MarkupSegment[] = [];
  collectSegments(content, segments, { isFirstBlock: true });
  // Breaks are removed on the text, not on the markup, so that no marker is left around a removed
  // break; `removeParagraphBreaks` then finds nothing left to do, but states the rule once more.
  return removeParagraphBreaks(serialiseMarkup(joinLines(segments)));
}

const LINE_BREAKS = /\s*(?:\r\n|\r|\n|\u2028|\u2029)+\s*/g;

/**
 * Replaces each line break (with the spaces around it) by one space in the default colour and
 * trims the ends, keeping every other character's colour (docs/product.md §5: paragraph breaks removed).
 */
function joinLines(segments: readonly MarkupSegment[]): MarkupSegment[] {
  const plain = segments.map((segment) => segment.text).join('');
  const colours: (ColourIndex | null)[] = segments.flatMap((segment) => Array.from({ length: segment.text.length }, () => segment.colour));
  const out: MarkupSegment[] = [];
  const push = (text: string, colour: ColourIndex | null) => {
    const last = out.at(-1);
    if (last && last.colour === colour) last.text += text;
    else if (text !== '') out.push({ text, colour });
  };
  let index = 0;
  for (const match of plain.matchAll(LINE_BREAKS)) {
    for (; index < match.index; index += 1) push(plain.charAt(index), colours[index] ?? null);
    push(' ', null);
    index = match.index + match[0].length;
  }
  for (; index < plain.length; index += 1) push(plain.charAt(index), colours[index] ?? null);
  return trimSegments(out);
}

/** Removes white space at the start of the first runs and the end of the last ones. */
function trimSegments(segments: readonly MarkupSegment[]): MarkupSegment[] {
  const trimmed = segments.map((segment) => ({ ...segment }));
  for (const segment of trimmed) {
    segment.text = segment.text.trimStart();
    if (segment.text !== '') break;
  }
  for (const segment of trimmed.toReversed()) {
    segment.text = segment.text.trimEnd();
    if (segment.text !== '') break;
  }
  return trimmed.filter((segment) => segment.text !== '');
}

/** Walks the JSON tree in document order, turning block boundaries and hard breaks into '\n'. */
function collectSegments(node: EditorNode, out: MarkupSegment[], state: { isFirstBlock: boolean }): void {
  if (node.type === 'text') {
    if (typeof node.text === 'string' && node.text !== '') out.push({ text: node.text, colour: colourOfMarks(node.marks) });
    return;
  }
  if (node.type === 'hardBreak') {
    out.push({ text: '\n', colour: null });
    return;
  }
  if (node.type === 'paragraph' || node.type === 'heading') {
    if (!state.isFirstBlock) out.push({ text: '\n', colour: null });
    state.isFirstBlock = false;
  }
  for (const child of node.content ?? []) collectSegments(child, out, state);
}

/** The palette index of a text node's colour mark, or null (default colour, or off-palette). */
function colourOfMarks(marks: EditorMark[] | undefined): ColourIndex | null {
  for (const mark of marks ?? []) {
    if (mark.type !== COLOUR_MARK) continue;
    const colour = mark.attrs?.color;
    if (typeof colour === 'string') return toPaletteIndex(colour);
  }
  return null;
}

/**
 * Maps a CSS colour to its palette index (docs/product.md §D5), or null when it is not one of the five.
 * Accepts `#rrggbb`, `#rgb` (any case) and `rgb(r, g, b)`, the forms a browser may report.
 */
export function toPaletteIndex(cssColour: string): ColourIndex | null {
  const hex = toHex(cssColour.trim().toLowerCase());
  if (hex === null) return null;
  return COLOUR_INDICES.find((index) => PALETTE[index] === hex) ?? null;
}

function toHex(colour: string): string | null {
  if (/^#[0-9a-f]{6}$/.test(colour)) return colour;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*1(?:\.0*)?\s*)?\)$/.exec(colour);
  if (!rgb) return null;
  const parts = [rgb[1], rgb[2], rgb[3]].map((part) => Number(part));
  if (parts.some((part) => part > 255)) return null;
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}
