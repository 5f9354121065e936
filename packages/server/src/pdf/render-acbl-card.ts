/**
 * The ACBL-style convention card (docs/product.md §13, docs/bridge.md §1a, ADR 180): two Letter pages laid out like
 * the ACBL classic card. The front: the names line, General Approach, notrump, major and minor
 * openings, 2-level openings, other conventional calls and special doubles; the back: defensive
 * and competitive bidding, vs preempts and notrump, slam conventions, leads and carding. Each
 * field is the catalogue item `fillAcblCard` (domain acbl-card.ts) fills from the agreement: its
 * check boxes (☒ ticked, ☐ not) and what is written in; the items the ACBL's Alert procedures
 * name print blue (announce) or red (alert), docs/bridge.md §1c.
 *
 * Text that does not fit its line is set smaller, down to MIN_FONT_SIZE; what still does not fit
 * is cut with "(see page 3)" and printed in full on a supplementary third page, and listed in the
 * fit report. Drawn like the agreement PDF: the product's DejaVu fonts (suits print and copy as
 * text), written through PageContent (page-content.ts) for speed, page 3 too (its lines set by
 * the agreement layout's `setText`).
 */
import { type AlertKind, type FilledAcblCard, type FilledAcblField, fillAcblCard } from '@bpa/domain/acbl-card';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import { type ContractDocument, displayName, noteOf } from '@bpa/domain/contract';
import { toTextRuns } from '@bpa/domain/markup';
import { attachAgreement } from './agreement-attachment';
import { type AgreementFont, type FontStyle, loadAgreementFonts, measureText } from './agreement-fonts';
import { type DocumentFonts, PageContent, embedFonts } from './page-content';
import { type Line, setText } from './agreement-layout';
import { footerStamp } from './render-agreement-pdf';
import { PdfDocument } from './pdf-document';

/** Letter, in points. */
const PAGE = { width: 612, height: 792, margin: 24, gutter: 12, headerHeight: 40 } as const;
const COLUMN_WIDTH = (PAGE.width - 2 * PAGE.margin - PAGE.gutter) / 2;
/** Field text: normal size, the smallest it may shrink to, and the line height. */
const FONT_SIZE = 7;
export const MIN_FONT_SIZE = 6;
const LINE = 9.2;
const INK = { title: '#ffffff', band: '#1f4e79', text: '#111111', muted: '#5b6b7c', rule: '#9aa8b6' } as const;
/**
 * The card's Alert colours (docs/bridge.md §1c): red for alertable items, blue for announced ones;
 * both reach 4.5:1 on white.
 */
export const ALERT_INK: Readonly<Record<AlertKind, string>> = { alert: '#c8102e', announce: '#0b5cad' };
const TICKED = '☒';
const UNTICKED = '☐';
/** Where a cut text continues. */
const SEE_SUPPLEMENT = ' (see page 3)';

/** The card and what did not fit on it. */
export interface AcblCardPdf {
  pdf: Buffer;
  /** "Label: text" of every write-in cut on the card and printed in full on page 3. */
  fitReport: string[];
}

type Fonts = Readonly<Record<FontStyle, AgreementFont>>;

/** What the drawing functions share: the page's content and the faces to measure with. */
interface Pen {
  content: PageContent;
  fonts: Fonts;
}

/** Width of `text` in points. */
const widthOf = (pen: Pen, text: string, style: FontStyle, size: number) => measureText(pen.fonts[style], text, size);

/** Plain text of a name (colour markup and suit shorthand turned into text, suits as symbols). */
function plain(markup: string): string {
  return toTextRuns(markup)
    .map((run) => run.text)
    .join('');
}

/**
 * Draws markup with its top at `y`, in red where the markup says (hearts and diamonds), else `colour`.
 * @returns the width drawn, in points
 */
function drawRuns(pen: Pen, markup: string, x: number, y: number, size: number, style: FontStyle, colour: string): number {
  let at = x;
  for (const run of toTextRuns(markup)) {
    pen.content.drawText(run.text, style, size, run.colour ?? colour, at, y + size * 0.93);
    at += widthOf(pen, run.text, style, size);
  }
  return at - x;
}

/** The largest size from FONT_SIZE down to MIN_FONT_SIZE at which `text` fits `width`, or null. */
function fittingSize(pen: Pen, text: string, width: number, style: FontStyle): number | null {
  for (let size = FONT_SIZE; size >= MIN_FONT_SIZE - 1e-9; size -= 0.25) {
    if (widthOf(pen, text, style, size) <= width) return size;
  }
  return null;
}

/** Cuts `text` so that it, an ellipsis and `suffix` fit `width` at `size` (binary search on the characters). */
function cutToFit(pen: Pen, text: string, suffix: string, width: number, style: FontStyle, size = MIN_FONT_SIZE): string {
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(pen, `${characters.slice(0, middle).join('')}…${suffix}`, style, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…${suffix}`;
}

/** `text` as it fits `width` at `size`, cut with an ellipsis when it does not. */
function fitLine(pen: Pen, text: string, style: FontStyle, size: number, width: number): string {
  return widthOf(pen, text, style, size) <= width ? text : cutToFit(pen, text, '', width, style, size);
}

/** A column being filled: which one and the next line's top. */
interface Cursor {
  column: 0 | 1;
  y: number;
}

const columnX = (column: 0 | 1) => PAGE.margin + column * (COLUMN_WIDTH + PAGE.gutter);
const top = () => PAGE.margin + PAGE.headerHeight;
const bottom = PAGE.height - PAGE.margin - 12;

/**
 * Renders the convention card of an agreement.
 *
 * @param document the agreement (name, categories, player names), also embedded whole as `agreement.json` (docs/product.md §12)
 * @param options.printedOn the date in the footer (default now)
 * @returns the PDF (two Letter pages, a third when something did not fit) and the fit report
 * @throws when the DejaVu fonts cannot be found (package `dejavu-fonts-ttf` missing)
 */
export async function renderAcblCard(document: ContractDocument, options: { printedOn?: Date; revision?: number | undefined } = {}): Promise<AcblCardPdf> {
  const card = fillAcblCard(document);
  const fonts = loadAgreementFonts();
  const doc = new PdfDocument({ title: `Convention card: ${plain(document.contractName)}`, creator: PRODUCT_TITLE, lang: 'en' });
  const embedded = embedFonts(doc, fonts);

  const printedOn = options.printedOn ?? new Date();
  // The card can be imported back like any PDF of an agreement (docs/product.md §12).
  attachAgreement(doc, document, printedOn);
  // "Version N · date" on every card of a saved agreement (docs/pdf.md), as on its agreement PDF.
  const date = footerStamp(printedOn, options.revision);
  const overflow: { label: string; text: string }[] = [];
  for (const page of [0, 1] as const) {
    doc.addPage(PAGE.width, PAGE.height);
    const pen: Pen = { content: new PageContent(doc, embedded, PAGE.height), fonts };
    drawHeader(pen, card, page, document.contractName, date);
    const cursor: Cursor = { column: 0, y: top() };
    for (const section of card.sections.filter((candidate) => candidate.page === page)) {
      ensureRoom(cursor, LINE * 2.2);
      drawSectionTitle(pen, section.title, cursor);
      for (const field of section.fields) drawField(pen, field, cursor, overflow);
      cursor.y += 4;
    }
    pen.content.finish();
  }
  const notes = cardNotes(document);
  if (overflow.length > 0 || notes.length > 0) drawSupplement(doc, embedded, fonts, [...overflow, ...notes], date);
  embedded.finish();
  return { pdf: doc.end(), fitReport: overflow.map((item) => `${plain(item.label)}: ${plain(item.text)}`) };
}

/** Moves to the next column when `height` more points do not fit in this one. */
function ensureRoom(cursor: Cursor, height: number): void {
  if (cursor.y + height <= bottom || cursor.column === 1) return;
  cursor.column = 1;
  cursor.y = top();
}

function drawHeader(pen: Pen, card: FilledAcblCard, page: 0 | 1, contractName: string, date: string): void {
  drawRuns(pen, 'CONVENTION CARD', PAGE.margin, PAGE.margin, 13, 'bold', INK.band);
  const side = page === 0 ? 'front' : 'back';
  pen.content.drawText(fitLine(pen, `${plain(contractName)} · ${side}`, 'regular', 7, 250), 'regular', 7, INK.muted, PAGE.margin, PAGE.margin + 23);
  const namesX = PAGE.margin + 260;
  drawRuns(pen, 'NAMES', namesX, PAGE.margin + 4, 8, 'bold', INK.text);
  pen.content.drawText(fitLine(pen, card.names, 'regular', 9, PAGE.width - PAGE.margin - namesX - 38), 'regular', 9, INK.text, namesX + 38, PAGE.margin + 11.5);
  pen.content.strokeLine(namesX + 36, PAGE.margin + 14, PAGE.width - PAGE.margin, PAGE.margin + 14, 0.5, INK.rule);
  pen.content.strokeLine(PAGE.margin, PAGE.margin + 30, PAGE.width - PAGE.margin, PAGE.margin + 30, 1.2, INK.band);
  const footer = `${date} · Page ${page + 1}`;
  pen.content.drawText(footer, 'regular', 6, INK.muted, PAGE.width - PAGE.margin - widthOf(pen, footer, 'regular', 6), PAGE.height - PAGE.margin);
}

function drawSectionTitle(pen: Pen, title: string, cursor: Cursor): void {
  const x = columnX(cursor.column);
  pen.content.fillRect(x, cursor.y, COLUMN_WIDTH, 12, INK.band);
  drawRuns(pen, title.toUpperCase(), x + 4, cursor.y + 2.5, 7.5, 'bold', INK.title);
  cursor.y += 15;
}

/** One field: its label, then its check boxes (wrapping), then the written-in text on the same or next line. */
function drawField(pen: Pen, field: FilledAcblField, cursor: Cursor, overflow: { label: string; text: string }[]): void {
  ensureRoom(cursor, LINE);
  let x = columnX(cursor.column) + 2;
  const right = columnX(cursor.column) + COLUMN_WIDTH;
  const labelStyle: FontStyle = field.isPlayed ? 'bold' : 'regular';
  const mark = field.checks.length === 0 && field.writeIn === '' ? `${field.isPlayed ? TICKED : UNTICKED} ` : '';
  if (mark) x += drawRuns(pen, mark, x, cursor.y, FONT_SIZE, 'regular', INK.text);
  const labelInk = field.alert ? ALERT_INK[field.alert] : field.isPlayed ? INK.text : INK.muted;
  // A label longer than the column is set smaller, down to MIN_FONT_SIZE, and cut if it must be.
  const labelRoom = right - x - 2;
  const labelSize = fittingSize(pen, plain(field.label), labelRoom, labelStyle);
  const label = labelSize === null ? cutToFit(pen, plain(field.label), '', labelRoom, labelStyle) : field.label;
  const size = labelSize ?? MIN_FONT_SIZE;
  x += drawRuns(pen, label, x, cursor.y + (FONT_SIZE - size) / 2, size, labelStyle, labelInk) + 5;
  for (const check of field.checks) {
    const checkStyle: FontStyle = check.isChecked ? 'bold' : 'regular';
    const width = widthOf(pen, `${TICKED} ${plain(check.label)}`, checkStyle, FONT_SIZE) + 6;
    if (x + width > right) {
      cursor.y += LINE;
      ensureRoom(cursor, LINE);
      x = columnX(cursor.column) + 12;
    }
    const checkInk = check.alert ? ALERT_INK[check.alert] : check.isChecked ? INK.text : INK.muted;
    drawRuns(pen, `${check.isChecked ? TICKED : UNTICKED} ${check.label}`, x, cursor.y, FONT_SIZE, checkStyle, checkInk);
    x += width;
  }
  if (field.writeIn !== '') {
    const text = plain(field.writeIn);
    let available = right - x;
    if (available < 60) {
      cursor.y += LINE;
      ensureRoom(cursor, LINE);
      x = columnX(cursor.column) + 12;
      available = right - x;
    }
    const size = fittingSize(pen, text, available, 'italic');
    if (size !== null) {
      drawRuns(pen, field.writeIn, x, cursor.y + (FONT_SIZE - size) / 2, size, 'italic', INK.text);
    } else {
      drawRuns(pen, cutToFit(pen, text, SEE_SUPPLEMENT, available, 'italic'), x, cursor.y + (FONT_SIZE - MIN_FONT_SIZE) / 2, MIN_FONT_SIZE, 'italic', INK.text);
      overflow.push({ label: field.label, text: field.writeIn });
    }
    pen.content.strokeLine(x, cursor.y + FONT_SIZE + 1.5, right, cursor.y + FONT_SIZE + 1.5, 0.3, INK.rule);
  }
  cursor.y += LINE;
}

/**
 * The partnership's notes for the supplement (docs/agreement-format.md, "Notes"): each category's
 * note, then the notes of its played subjects, in document order, under "Note: <name>".
 */
function cardNotes(document: ContractDocument): { label: string; text: string }[] {
  const notes: { label: string; text: string }[] = [];
  for (const category of document.categories) {
    if (noteOf(category) !== '') notes.push({ label: `Note: ${category.categoryName}`, text: noteOf(category) });
    for (const subject of category.subjects) {
      if (subject.isSelected && noteOf(subject) !== '') notes.push({ label: `Note: ${displayName(subject)}`, text: noteOf(subject) });
    }
  }
  return notes;
}

/** Text size and leading of page 3's entries, in points (DejaVu's ascent plus descent is 1.164 em). */
const SUPPLEMENT_SIZE = 9;
const SUPPLEMENT_LEADING = 10.5;

/**
 * Page 3: what did not fit, in full, under its field's label, then the notes (cardNotes), set in lines by `setText`
 * (agreement-layout.ts) and drawn through PageContent like the card; a further page when it runs
 * over (the footer counts on: "Page 4").
 */
function drawSupplement(doc: PdfDocument, embedded: DocumentFonts, fonts: Fonts, overflow: readonly { label: string; text: string }[], date: string): void {
  const width = PAGE.width - 2 * PAGE.margin;
  const lowest = PAGE.height - PAGE.margin - 14;
  let pageNumber = 2;
  let pen: Pen | undefined;
  let y = 0;
  const newPage = () => {
    pen?.content.finish();
    pageNumber += 1;
    doc.addPage(PAGE.width, PAGE.height);
    pen = { content: new PageContent(doc, embedded, PAGE.height), fonts };
    drawRuns(pen, 'CONVENTION CARD: SUPPLEMENT', PAGE.margin, PAGE.margin, 13, 'bold', INK.band);
    pen.content.drawText(
      "What did not fit on the card, in full, and the partnership's notes.",
      'regular',
      8,
      INK.muted,
      PAGE.margin,
      PAGE.margin + 17 + 8 * 0.93,
    );
    const footer = `${date} · Page ${pageNumber}`;
    pen.content.drawText(footer, 'regular', 6, INK.muted, PAGE.width - PAGE.margin - widthOf(pen, footer, 'regular', 6), PAGE.height - PAGE.margin);
    y = PAGE.margin + 40;
  };
  const drawLines = (lines: readonly Line[], x: number) => {
    for (const line of lines) {
      if (!pen || y + line.height > lowest) newPage();
      for (const piece of line.pieces) pen!.content.drawText(piece.text, piece.style, piece.size, piece.colour, x + piece.x, y + line.baseline);
      y += line.height;
    }
  };
  for (const item of overflow) {
    const label = setText(fonts, [{ text: plain(item.label), colour: null, style: 'bold', size: SUPPLEMENT_SIZE }], INK.text, width, SUPPLEMENT_LEADING);
    // A note keeps its line breaks: each of its lines is set on its own.
    const text = item.text
      .split('\n')
      .flatMap((paragraph) =>
        setText(fonts, [{ text: plain(paragraph) || ' ', colour: null, style: 'regular', size: SUPPLEMENT_SIZE }], INK.text, width - 12, SUPPLEMENT_LEADING),
      );
    // A label is not left alone at the foot of a page.
    if (pen && y + SUPPLEMENT_LEADING * 2 > lowest) newPage();
    drawLines(label, PAGE.margin);
    y += 1;
    drawLines(text, PAGE.margin + 12);
    y += 6;
  }
  pen?.content.finish();
}
