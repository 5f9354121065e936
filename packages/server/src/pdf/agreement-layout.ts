/**
 * Page layout of the agreement PDF, computed before anything is drawn.
 *
 * The agreement reads top to bottom in two newspaper columns: the agreement name as title on the
 * first page, then each category with a selected subject under a shaded heading "I. Overcalls",
 * subcategory headings, the selected subjects and their selected options indented beneath them
 * (docs/pdf.md §2). Text is measured with the embedded font and wrapped here, so that the layout
 * knows every block's height and can keep a subject with its options: a subject never starts in
 * one column and ends in the next. Headings stay with the first subject under them, a column that
 * opens in the middle of a category repeats its heading marked "(continued)", and the columns of
 * the last page are balanced so a short agreement does not sit in one half of the page.
 */
import type { PageSize, PrintLayout } from '@bpa/domain/api';
import { toTextRuns } from '@bpa/domain/markup';
import type { OutlineCategory } from '@bpa/domain/outline';
import { noteOf } from '@bpa/domain/contract';
import { type AgreementFont, type FontStyle, ascentOf, glyphBoxOf, measureText, toFontStyle } from './agreement-fonts';

/** Page sizes in points (1/72 inch): US Letter 8.5 x 11 in, ISO A4 210 x 297 mm. */
export const PAGE_SIZES: Readonly<Record<PageSize, { width: number; height: number }>> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

/** Geometry of every page, in points. */
export const PAGE = {
  marginX: 40,
  marginTop: 40,
  /** Space under the columns for the footer. */
  marginBottom: 52,
  gutter: 22,
  /** Gap between the title's rule and the columns on the first page. */
  titleGap: 12,
  /** Distance from the page's bottom edge to the footer's baseline. */
  footerBaseline: 28,
} as const;

/** Look of each kind of text: size in points, line height (leading) in points, default colour. */
export const TEXT = {
  title: { size: 17, leading: 21, colour: '#111111' },
  category: { size: 10.5, leading: 13.5, colour: '#12263f' },
  categoryLabel: { colour: '#1f4e79' },
  continued: { colour: '#5b6b7c' },
  subcategory: { size: 8.5, leading: 11, colour: '#1f4e79' },
  subject: { size: 9, leading: 11.4, colour: '#111111' },
  option: { size: 8.5, leading: 10.6, colour: '#111111' },
  note: { size: 9, leading: 12, colour: '#5b6b7c' },
  footer: { size: 7.5, colour: '#5b6b7c' },
} as const;

/** Vertical spacing in points. */
const SPACE = {
  beforeCategory: 9,
  categoryPadding: 3,
  beforeSubcategory: 5,
  afterSubcategory: 1,
  beforeSubject: 3.2,
  beforeOption: 0.4,
} as const;

/** Width of the dark bar at the left of a category heading's band, in points. */
export const BAND_ACCENT_WIDTH = 2.2;

/** Indent of an option under its subject, and where its bullet sits, in points. */
export const OPTION_INDENT = 12;
export const BULLET_OFFSET = 6;

/** Size, leading and colour of one kind of text, in points. */
export interface TextLook {
  size: number;
  leading: number;
  colour: string;
}

/**
 * Everything that differs between the layouts of the print options (docs/product.md §11):
 * page geometry, text sizes, spacing, the number of columns and how suit symbols are set.
 */
export interface LayoutLook {
  columns: 1 | 2;
  page: { marginX: number; marginTop: number; marginBottom: number; gutter: number; titleGap: number; footerBaseline: number };
  text: {
    title: TextLook;
    category: TextLook;
    categoryLabel: { colour: string };
    continued: { colour: string };
    subcategory: TextLook;
    subject: TextLook;
    option: TextLook;
    note: TextLook;
    legend: TextLook;
    footer: { size: number; colour: string };
  };
  space: { beforeCategory: number; categoryPadding: number; beforeSubcategory: number; afterSubcategory: number; beforeSubject: number; beforeOption: number };
  optionIndent: number;
  bulletOffset: number;
  /** Suit symbols (♠ ♥ ♦ ♣) are set this many times the size of the text around them. */
  suitScale: number;
}

const DETAILED: LayoutLook = {
  columns: 2,
  page: PAGE,
  text: { ...TEXT, legend: { size: 7.5, leading: 10, colour: '#5b6b7c' } },
  space: SPACE,
  optionIndent: OPTION_INDENT,
  bulletOffset: BULLET_OFFSET,
  suitScale: 1,
};

/**
 * The three layouts. Compact: two columns, about 20 % smaller type and tighter spacing, for a card
 * holder. Large print: one column, body text 13.5 pt (docs/product.md §11), headings and
 * suit symbols larger still.
 */
export const LOOKS: Readonly<Record<PrintLayout, LayoutLook>> = {
  detailed: DETAILED,
  compact: {
    columns: 2,
    page: { marginX: 28, marginTop: 28, marginBottom: 40, gutter: 14, titleGap: 8, footerBaseline: 22 },
    text: {
      ...DETAILED.text,
      title: { size: 13, leading: 16, colour: TEXT.title.colour },
      category: { size: 8.5, leading: 10.5, colour: TEXT.category.colour },
      subcategory: { size: 7, leading: 8.6, colour: TEXT.subcategory.colour },
      subject: { size: 7.2, leading: 8.8, colour: TEXT.subject.colour },
      option: { size: 6.8, leading: 8.2, colour: TEXT.option.colour },
      note: { size: 7.2, leading: 9.2, colour: TEXT.note.colour },
      legend: { size: 6.5, leading: 8.4, colour: '#5b6b7c' },
      footer: { size: 6.5, colour: TEXT.footer.colour },
    },
    space: { beforeCategory: 5, categoryPadding: 2, beforeSubcategory: 3, afterSubcategory: 0.5, beforeSubject: 1.6, beforeOption: 0 },
    optionIndent: 9,
    bulletOffset: 4.5,
    suitScale: 1,
  },
  large: {
    columns: 1,
    page: { marginX: 44, marginTop: 44, marginBottom: 60, gutter: 0, titleGap: 14, footerBaseline: 30 },
    text: {
      ...DETAILED.text,
      title: { size: 24, leading: 29, colour: TEXT.title.colour },
      category: { size: 16, leading: 20, colour: TEXT.category.colour },
      subcategory: { size: 13.5, leading: 17, colour: TEXT.subcategory.colour },
      subject: { size: 14, leading: 18, colour: TEXT.subject.colour },
      option: { size: 13.5, leading: 17.4, colour: TEXT.option.colour },
      note: { size: 13.5, leading: 17.4, colour: TEXT.note.colour },
      legend: { size: 12, leading: 15.5, colour: '#4a5a6b' },
      footer: { size: 11, colour: TEXT.footer.colour },
    },
    space: { beforeCategory: 14, categoryPadding: 4, beforeSubcategory: 8, afterSubcategory: 2, beforeSubject: 6, beforeOption: 1.5 },
    optionIndent: 20,
    bulletOffset: 10,
    suitScale: 1.25,
  },
};

/**
 * Suit colours of the four-colour option (docs/product.md §11): spades black, hearts
 * red, diamonds orange, clubs green. Each reaches 4.5:1 contrast on white (WCAG AA for text), and
 * in greyscale they fall on different greys (0, 54, 72 and 106 of 255): hearts and clubs are the
 * closest pair, which their shapes tell apart.
 */
export const FOUR_COLOUR_SUITS: Readonly<Record<string, string>> = {
  '♠': '#000000',
  '♥': '#e0002a',
  '♦': '#b35900',
  '♣': '#00571c',
};

/** How suit symbols are set: their size against the text around them, and four colours or the markup's two. */
export interface SuitLook {
  scale: number;
  isFourColour: boolean;
}

/** Text of a run to be set in one face, size and colour (null: the role's default colour). */
export interface StyledRun {
  text: string;
  colour: string | null;
  style: FontStyle;
  size: number;
}

/** A stretch of one line drawn in one face, size and colour; `x` from the line's start. */
export interface Piece {
  text: string;
  colour: string;
  style: FontStyle;
  size: number;
  x: number;
  width: number;
}

/** One set line: its pieces, height (leading) and baseline measured from the line's top. */
export interface Line {
  pieces: Piece[];
  height: number;
  baseline: number;
}

/** What a part of the page shows; decides how it is drawn. */
/** `note`: a category's note (or the empty agreement's line); `subjectNote`: a subject's note, under its options. */
export type PartKind = 'category' | 'continued' | 'subcategory' | 'subject' | 'option' | 'subjectNote' | 'note';

/** A block of lines that is drawn as a whole. `height` excludes `spaceBefore`. */
export interface Part {
  kind: PartKind;
  lines: Line[];
  /** Left indent inside the column. */
  indent: number;
  /** Space above the part, dropped at the top of a column. */
  spaceBefore: number;
  /** Space above and below the lines inside the part (the shaded band of a category heading). */
  padding: number;
  height: number;
}

/** A part placed on a page: top-left corner and the column's width. */
export interface PlacedPart {
  part: Part;
  page: number;
  x: number;
  y: number;
  width: number;
}

/** The whole layout: page size, title lines, parts placed on pages, page count. */
export interface AgreementLayout {
  width: number;
  height: number;
  title: Line[];
  /** The legend and the players line under the title, on the first page (empty when left out). */
  legend: Line[];
  /** Bottom of the title block on the first page (where its rule is drawn). */
  titleBottom: number;
  /** The look the layout used, for drawing (bullets, bands, footer). */
  look: LayoutLook;
  placed: PlacedPart[];
  pageCount: number;
}

/** Parts that must share a column; `category` indexes the heading to repeat when it continues. */
interface Unit {
  category: number;
  parts: Part[];
  hasCategoryHeading: boolean;
}

/** A column to fill: page index, left edge, top, bottom limit and width. */
interface Frame {
  page: number;
  x: number;
  top: number;
  bottom: number;
  width: number;
}

type Fonts = Readonly<Record<FontStyle, AgreementFont>>;

/** What the layout of an agreement may vary (docs/product.md §11); every field optional, today's look by default. */
export interface LayoutOptions {
  layout?: PrintLayout;
  fourColourSuits?: boolean;
  /** Lines of small print under the title (the legend), plain text; none by default. */
  legend?: readonly string[];
}

/**
 * Lays out an agreement.
 *
 * @param contractName the agreement name (colour markup allowed), shown as the title.
 * @param outline the categories to print, from `outlineAgreement` (domain outline.ts).
 * @param pageSize 'letter' or 'a4'.
 * @param fonts the four faces from `loadAgreementFonts`.
 * @param options the print options: layout (LOOKS), four-colour suits, the legend's lines.
 * @returns every line with its page and position; at least one page.
 */
export function layoutAgreement(
  contractName: string,
  outline: readonly OutlineCategory[],
  pageSize: PageSize,
  fonts: Fonts,
  options: LayoutOptions = {},
): AgreementLayout {
  const look = LOOKS[options.layout ?? 'detailed'];
  const suits: SuitLook = { scale: look.suitScale, isFourColour: options.fourColourSuits === true };
  const { page: geometry, text } = look;
  const { width, height } = PAGE_SIZES[pageSize];
  const contentWidth = width - 2 * geometry.marginX;
  const columnWidth = (contentWidth - geometry.gutter * (look.columns - 1)) / look.columns;

  const title = setText(fonts, toStyledRuns(contractName, 'bold', text.title.size, suits), text.title.colour, contentWidth, text.title.leading);
  const legend = (options.legend ?? []).flatMap((line) =>
    setText(fonts, [{ text: line, colour: null, style: 'regular', size: text.legend.size }], text.legend.colour, contentWidth, text.legend.leading),
  );
  const titleBottom = geometry.marginTop + [...title, ...legend].reduce((sum, line) => sum + line.height, 0) + 4;
  const columnBottom = height - geometry.marginBottom;

  const { units, continuedHeadings } = buildUnits(outline, fonts, columnWidth, look, suits);
  const frameAt = (index: number): Frame => {
    const page = Math.floor(index / look.columns);
    const top = page === 0 ? titleBottom + geometry.titleGap : geometry.marginTop;
    return { page, x: geometry.marginX + (index % look.columns) * (columnWidth + geometry.gutter), top, bottom: columnBottom, width: columnWidth };
  };
  const flowed = flowUnits(units, continuedHeadings, frameAt, true);
  if (!flowed) throw new Error('Agreement layout failed: columns without a bottom'); // cannot happen: frames never run out
  const placed = look.columns === 2 ? balanceLastPage(flowed, continuedHeadings, frameAt) : flowed.placed;
  const pageCount = placed.reduce((most, item) => Math.max(most, item.page + 1), 1);
  return { width, height, title, legend, titleBottom, placed, pageCount, look };
}

/** Turns the outline into units: each subject with its options, headings joined to the next subject. */
function buildUnits(
  outline: readonly OutlineCategory[],
  fonts: Fonts,
  columnWidth: number,
  look: LayoutLook,
  suits: SuitLook,
): { units: Unit[]; continuedHeadings: Part[] } {
  const { text: TEXT, space: SPACE, optionIndent: OPTION_INDENT } = look;
  const units: Unit[] = [];
  const continuedHeadings: Part[] = [];
  const textWidth = columnWidth - 2 * SPACE.categoryPadding - BAND_ACCENT_WIDTH;
  const setSubcategory = markupSetter(fonts, TEXT.subcategory, columnWidth, suits);
  const setSubject = markupSetter(fonts, TEXT.subject, columnWidth, suits);
  const setOption = markupSetter(fonts, TEXT.option, columnWidth - OPTION_INDENT, suits);
  const setNote = markupSetter(fonts, TEXT.note, columnWidth - OPTION_INDENT, suits);
  // A note keeps its line breaks: each line is set on its own (an empty line keeps its height).
  const noteLines = (note: string): Line[] => note.split('\n').flatMap((line) => setNote(line === '' ? ' ' : line, 'italic'));
  outline.forEach((entry, categoryIndex) => {
    const { category, label } = entry;
    const nameStyle = toFontStyle(true, category.italics);
    const headingRuns = (): StyledRun[] => [
      { text: `${label}. `, colour: TEXT.categoryLabel.colour, style: 'bold', size: TEXT.category.size },
      ...toStyledRuns(category.categoryName, nameStyle, TEXT.category.size, suits),
    ];
    const heading = makePart('category', setText(fonts, headingRuns(), TEXT.category.colour, textWidth, TEXT.category.leading), {
      spaceBefore: SPACE.beforeCategory,
      padding: SPACE.categoryPadding,
    });
    const continuedRuns: StyledRun[] = [
      ...headingRuns(),
      { text: ' (continued)', colour: TEXT.continued.colour, style: 'regular', size: TEXT.subcategory.size },
    ];
    continuedHeadings.push(
      makePart('continued', setText(fonts, continuedRuns, TEXT.category.colour, textWidth, TEXT.category.leading), {
        spaceBefore: 0,
        padding: SPACE.categoryPadding,
      }),
    );

    let pending: Part[] = [heading];
    const categoryNote = noteOf(category);
    if (categoryNote !== '') pending.push(makePart('note', noteLines(categoryNote), { spaceBefore: SPACE.beforeOption, padding: 0, indent: OPTION_INDENT }));
    for (const subcategory of entry.subcategories) {
      if (subcategory.heading !== '') {
        const lines = setSubcategory(subcategory.heading, toFontStyle(true, subcategory.italics));
        pending.push(makePart('subcategory', lines, { spaceBefore: SPACE.beforeSubcategory, padding: 0, paddingBottom: SPACE.afterSubcategory }));
      }
      for (const item of subcategory.subjects) {
        const parts = [...pending];
        const subjectLines = setSubject(item.name, toFontStyle(item.subject.bold, item.subject.italics));
        const isAfterHeading = pending.length > 0 && pending.at(-1)?.kind !== 'category' && pending.at(-1)?.kind !== 'note';
        parts.push(
          makePart('subject', subjectLines, {
            spaceBefore: isAfterHeading ? 0 : SPACE.beforeSubject,
            padding: 0,
          }),
        );
        for (const option of item.options) {
          const lines = setOption(option.name, toFontStyle(option.option.bold, option.option.italics));
          parts.push(makePart('option', lines, { spaceBefore: SPACE.beforeOption, padding: 0, indent: OPTION_INDENT }));
        }
        const subjectNote = noteOf(item.subject);
        if (subjectNote !== '')
          parts.push(makePart('subjectNote', noteLines(subjectNote), { spaceBefore: SPACE.beforeOption, padding: 0, indent: OPTION_INDENT }));
        units.push({ category: categoryIndex, parts, hasCategoryHeading: parts[0]?.kind === 'category' });
        pending = [];
      }
    }
  });
  if (units.length === 0) {
    const note = setText(
      fonts,
      [{ text: 'No subjects are selected in this agreement.', colour: null, style: 'italic', size: TEXT.note.size }],
      TEXT.note.colour,
      columnWidth,
      TEXT.note.leading,
    );
    units.push({ category: -1, parts: [makePart('note', note, { spaceBefore: 0, padding: 0 })], hasCategoryHeading: true });
  }
  return { units, continuedHeadings };
}

function makePart(kind: PartKind, lines: Line[], spacing: { spaceBefore: number; padding: number; paddingBottom?: number; indent?: number }): Part {
  const linesHeight = lines.reduce((sum, line) => sum + line.height, 0);
  return {
    kind,
    lines,
    indent: spacing.indent ?? 0,
    spaceBefore: spacing.spaceBefore,
    padding: spacing.padding,
    height: linesHeight + 2 * spacing.padding + (spacing.paddingBottom ?? 0),
  };
}

/**
 * Set lines, per setting (look, measure, suits: `markupSetter`'s key), then per face, then per
 * markup. Keyed in two steps so that a name is looked up by its own string, not by a longer key
 * built around it for every name of every render.
 */
const setLinesCache = new Map<string, Record<FontStyle, Map<string, Line[]>>>();
/** Names kept set in all settings together before the cache is emptied (names are user text: bound it). */
export const MAX_CACHED_SETTINGS = 10_000;
let cachedSettings = 0;

/**
 * A function that sets a name (colour markup) in a given face as lines, like `setText`, in the
 * look, measure and suit look given here. Results are cached for the process: the same names
 * recur in every agreement made from a template, and the lines are never changed once made.
 * The cache is emptied when it holds MAX_CACHED_SETTINGS names.
 *
 * @param look size, leading (points) and default colour of the text
 * @param maxWidth the measure in points
 * @returns (markup, style) => the set lines, the same array for the same arguments while cached
 */
export function markupSetter(fonts: Fonts, look: TextLook, maxWidth: number, suits: SuitLook): (markup: string, style: FontStyle) => Line[] {
  const key = `${look.size}|${look.leading}|${look.colour}|${maxWidth}|${suits.scale}|${suits.isFourColour ? 4 : 2}`;
  let byStyle = setLinesCache.get(key);
  if (!byStyle) {
    byStyle = { regular: new Map(), bold: new Map(), italic: new Map(), boldItalic: new Map() };
    setLinesCache.set(key, byStyle);
  }
  const settings = byStyle;
  return (markup, style) => {
    const cache = settings[style];
    let lines = cache.get(markup);
    if (!lines) {
      lines = setText(fonts, toStyledRuns(markup, style, look.size, suits), look.colour, maxWidth, look.leading);
      if (cachedSettings >= MAX_CACHED_SETTINGS) {
        for (const faces of setLinesCache.values()) for (const map of Object.values(faces)) map.clear();
        cachedSettings = 0;
      }
      cache.set(markup, lines);
      cachedSettings += 1;
    }
    return lines;
  };
}

/** A suit symbol as `toTextRuns` writes it. */
const SUIT_SYMBOL = /[♠♥♦♣]/;

/**
 * Markup to runs in one face and size (colours and suit symbols from `toTextRuns`, domain
 * markup.ts). Suit symbols become runs of their own when they are set larger or in four colours.
 */
function toStyledRuns(markup: string, style: FontStyle, size: number, suits: SuitLook = { scale: 1, isFourColour: false }): StyledRun[] {
  const runs = toTextRuns(markup).map((run): StyledRun => ({ text: run.text, colour: run.colour, style, size }));
  if (suits.scale === 1 && !suits.isFourColour) return runs;
  return runs.flatMap((run) => {
    if (!SUIT_SYMBOL.test(run.text)) return [run];
    return run.text
      .split(/([♠♥♦♣])/)
      .filter((text) => text !== '')
      .map((text): StyledRun => {
        if (!SUIT_SYMBOL.test(text)) return { ...run, text };
        return { text, style: run.style, size: run.size * suits.scale, colour: suits.isFourColour ? (FOUR_COLOUR_SUITS[text] ?? run.colour) : run.colour };
      });
  });
}

/** A stretch of a word in one face, size and colour; `width` in points. */
interface WordPiece {
  text: string;
  colour: string;
  style: FontStyle;
  size: number;
  width: number;
}

/** A word: text between spaces, possibly in several colours. */
interface Word {
  pieces: WordPiece[];
  width: number;
  /** Width of the space that followed it in the text. */
  spaceAfter: number;
}

/**
 * True for the white space that separates words: ASCII spaces, tabs and line breaks. A no-break
 * space (U+00A0) is not one, so "15 HCP" typed with it stays together.
 */
function isBreakingSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * Sets runs as lines no wider than `maxWidth`: breaks at spaces (runs of white space count as one
 * space), and inside a word only when the word alone is wider than the line.
 */
export function setText(fonts: Fonts, runs: readonly StyledRun[], defaultColour: string, maxWidth: number, leading: number): Line[] {
  const words: Word[] = [];
  let current: Word | undefined;
  for (const run of runs) {
    const font = fonts[run.style];
    const colour = run.colour ?? defaultColour;
    const { text } = run;
    let start = 0;
    // One pass over the characters: a word ends at white space, a piece at the run's end.
    for (let index = 0; index <= text.length; index += 1) {
      const isEnd = index === text.length;
      if (!isEnd && !isBreakingSpace(text.charCodeAt(index))) continue;
      if (index > start) {
        const token = text.slice(start, index);
        const width = measureText(font, token, run.size);
        current ??= { pieces: [], width: 0, spaceAfter: 0 };
        current.pieces.push({ text: token, colour, style: run.style, size: run.size, width });
        current.width += width;
      }
      if (!isEnd && current) {
        current.spaceAfter = measureText(font, ' ', run.size);
        words.push(current);
        current = undefined;
      }
      start = index + 1;
    }
  }
  if (current) words.push(current);

  const lines: Line[] = [];
  let line: Word[] = [];
  let lineWidth = 0;
  for (const whole of words) {
    for (const word of whole.width > maxWidth ? splitWord(fonts, whole, maxWidth) : [whole]) {
      const previous = line[line.length - 1];
      const widthWithWord = previous ? lineWidth + previous.spaceAfter + word.width : word.width;
      if (previous && widthWithWord > maxWidth) {
        lines.push(toLine(fonts, line, leading));
        line = [word];
        lineWidth = word.width;
      } else {
        line.push(word);
        lineWidth = widthWithWord;
      }
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(toLine(fonts, line, leading));
  return lines;
}

/** Cuts a word wider than a line into pieces that fit, character by character. */
function splitWord(fonts: Fonts, word: Word, maxWidth: number): Word[] {
  const chunks: Word[] = [];
  let chunk: Word = { pieces: [], width: 0, spaceAfter: 0 };
  for (const piece of word.pieces) {
    const font = fonts[piece.style];
    for (const character of piece.text) {
      const width = measureText(font, character, piece.size);
      if (chunk.width + width > maxWidth && chunk.width > 0) {
        chunks.push(chunk);
        chunk = { pieces: [], width: 0, spaceAfter: 0 };
      }
      const last = chunk.pieces[chunk.pieces.length - 1];
      if (last && last.colour === piece.colour && last.style === piece.style && last.size === piece.size) {
        last.text += character;
        last.width += width;
      } else {
        chunk.pieces.push({ text: character, colour: piece.colour, style: piece.style, size: piece.size, width });
      }
      chunk.width += width;
    }
  }
  chunk.spaceAfter = word.spaceAfter;
  chunks.push(chunk);
  return chunks;
}

/**
 * Joins a line's words into as few pieces as colours and faces allow (words of one colour are
 * drawn as one string), with their x positions, and finds the baseline.
 */
function toLine(fonts: Fonts, words: readonly Word[], leading: number): Line {
  const pieces: Piece[] = [];
  let last: Piece | undefined;
  let x = 0;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as Word;
    for (const piece of word.pieces) {
      if (last && last.colour === piece.colour && last.style === piece.style && last.size === piece.size) {
        last.text += piece.text;
        last.width += piece.width;
      } else {
        last = { text: piece.text, colour: piece.colour, style: piece.style, size: piece.size, x, width: piece.width };
        pieces.push(last);
      }
      x += piece.width;
    }
    if (last && index < words.length - 1) {
      last.text += ' ';
      last.width += word.spaceAfter;
      x += word.spaceAfter;
    }
  }
  // Baseline: the tallest face's glyph box centred in the line's leading.
  let baseline = 0;
  for (const piece of pieces) {
    const font = fonts[piece.style];
    baseline = Math.max(baseline, (leading - glyphBoxOf(font, piece.size)) / 2 + ascentOf(font, piece.size));
  }
  return { pieces, height: leading, baseline };
}

/**
 * Places units into successive frames (columns). A unit goes whole into the current column, or
 * whole into the next one; only a unit taller than an empty column is cut, line by line, and
 * only when `canSplit` (else the flow fails). Returns null when the frames run out.
 */
function flowUnits(
  units: readonly Unit[],
  continuedHeadings: readonly Part[],
  frameAt: (index: number) => Frame | null,
  canSplit: boolean,
): { placed: PlacedPart[]; unitFrames: number[]; units: Unit[] } | null {
  const placed: PlacedPart[] = [];
  const unitFrames: number[] = [];
  const queue = [...units];
  let frameIndex = 0;
  let frame = frameAt(0);
  if (!frame) return null;
  let y = frame.top;
  let isColumnEmpty = true;

  const heightOf = (unit: Unit, atTop: boolean) => unitHeight(unit, atTop, continuedHeadings);
  const place = (part: Part, current: Frame) => {
    if (!isColumnEmpty) y += part.spaceBefore;
    placed.push({ part, page: current.page, x: current.x, y, width: current.width });
    y += part.height;
    isColumnEmpty = false;
  };

  for (let index = 0; index < queue.length; index += 1) {
    const unit = queue[index];
    if (!unit) continue;
    if (!isColumnEmpty && y + heightOf(unit, false) > frame.bottom) {
      frameIndex += 1;
      frame = frameAt(frameIndex);
      if (!frame) return null;
      y = frame.top;
      isColumnEmpty = true;
    }
    if (isColumnEmpty && y + heightOf(unit, true) > frame.bottom) {
      if (!canSplit) return null;
      const pieces = explodeUnit(unit);
      // A single line taller than a column cannot be cut further: let it overflow.
      if (pieces.length > 1) {
        queue.splice(index, 1, ...pieces);
        index -= 1;
        continue;
      }
    }
    const continued = continuedHeadings[unit.category];
    if (isColumnEmpty && !unit.hasCategoryHeading && continued) place(continued, frame);
    for (const part of unit.parts) place(part, frame);
    unitFrames[index] = frameIndex;
  }
  return { placed, unitFrames, units: queue };
}

/** Height of a unit in points; at the top of a column without its spaceBefore, with a repeated heading if it continues a category. */
function unitHeight(unit: Unit, atTop: boolean, continuedHeadings: readonly Part[]): number {
  let total = 0;
  unit.parts.forEach((part, index) => {
    total += part.height + (atTop && index === 0 ? 0 : part.spaceBefore);
  });
  const continued = continuedHeadings[unit.category];
  if (atTop && !unit.hasCategoryHeading && continued) total += continued.height + (unit.parts[0]?.spaceBefore ?? 0);
  return total;
}

/** Cuts a unit into one unit per line (a category heading stays whole), for units taller than a column. */
function explodeUnit(unit: Unit): Unit[] {
  const pieces: Unit[] = [];
  for (const part of unit.parts) {
    if (part.kind === 'category' || part.lines.length <= 1) {
      pieces.push({ category: unit.category, parts: [part], hasCategoryHeading: part.kind === 'category' });
      continue;
    }
    part.lines.forEach((line, lineIndex) => {
      const single = makePart(part.kind, [line], { spaceBefore: lineIndex === 0 ? part.spaceBefore : 0, padding: part.padding, indent: part.indent });
      pieces.push({ category: unit.category, parts: [single], hasCategoryHeading: false });
    });
  }
  return pieces;
}

/**
 * Evens out the two columns of the last page: tries every split of its units between the left
 * and the right column and keeps the one with the shorter taller column. A split in the middle
 * of a category costs a repeated "(continued)" heading, so it must save a quarter of a column to
 * be chosen; a few subjects left over on the last page therefore stay together in one column.
 */
function balanceLastPage(
  flowed: { placed: PlacedPart[]; unitFrames: number[]; units: Unit[] },
  continuedHeadings: readonly Part[],
  frameAt: (index: number) => Frame,
): PlacedPart[] {
  const lastFrame = flowed.unitFrames.reduce((most, frame) => Math.max(most, frame), 0);
  const lastPage = Math.floor(lastFrame / 2);
  const firstIndex = flowed.unitFrames.findIndex((frame) => Math.floor(frame / 2) === lastPage);
  const lastUnits = flowed.units.slice(firstIndex);
  const left = frameAt(lastPage * 2);
  const right = frameAt(lastPage * 2 + 1);
  const available = left.bottom - left.top;
  const columnHeight = (units: readonly Unit[]) => units.reduce((sum, unit, index) => sum + unitHeight(unit, index === 0, continuedHeadings), 0);

  let bestSplit = -1;
  let bestCost = Infinity;
  for (let split = 1; split <= lastUnits.length; split += 1) {
    const leftHeight = columnHeight(lastUnits.slice(0, split));
    const rightHeight = columnHeight(lastUnits.slice(split));
    if (leftHeight > available || rightHeight > available) continue;
    const isMidCategory = split < lastUnits.length && lastUnits[split]?.hasCategoryHeading === false;
    const cost = Math.max(leftHeight, rightHeight) + (isMidCategory ? available / 4 : 0);
    if (cost < bestCost) {
      bestCost = cost;
      bestSplit = split;
    }
  }
  if (bestSplit < 0) return flowed.placed;
  const leftFlow = flowUnits(lastUnits.slice(0, bestSplit), continuedHeadings, (index) => (index === 0 ? left : null), false);
  const rightFlow = flowUnits(lastUnits.slice(bestSplit), continuedHeadings, (index) => (index === 0 ? right : null), false);
  if (!leftFlow || !rightFlow) return flowed.placed;
  return [...flowed.placed.filter((item) => item.page < lastPage), ...leftFlow.placed, ...rightFlow.placed];
}
