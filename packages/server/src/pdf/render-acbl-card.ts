/**
 * The ACBL-style convention card (issue 14 §1, docs/bridge.md §1a): two Letter pages laid out like
 * the ACBL classic card. The front: the names line, General Approach, notrump, major and minor
 * openings, 2-level openings, other conventional calls and special doubles; the back: defensive
 * and competitive bidding, vs preempts and notrump, slam conventions, leads and carding. Each
 * field is the catalogue item `fillAcblCard` (domain acbl-card.ts) fills from the agreement: its
 * check boxes (☒ ticked, ☐ not) and what is written in.
 *
 * Text that does not fit its line is set smaller, down to MIN_FONT_SIZE; what still does not fit
 * is cut with "(see page 3)" and printed in full on a supplementary third page, and listed in the
 * fit report. Drawn with pdfkit's own text API and the product's DejaVu fonts (suits print and copy
 * as text).
 */
import { type AlertKind, type FilledAcblCard, type FilledAcblField, fillAcblCard } from '@bpa/domain/acbl-card';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { ContractDocument } from '@bpa/domain/contract';
import { toTextRuns } from '@bpa/domain/markup';
import PDFDocument from 'pdfkit';
import { loadAgreementFonts } from './agreement-fonts';
import { footerStamp } from './render-agreement-pdf';

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

type Doc = InstanceType<typeof PDFDocument>;

/** Plain text of a name (colour markup and suit shorthand turned into text, suits as symbols). */
function plain(markup: string): string {
  return toTextRuns(markup)
    .map((run) => run.text)
    .join('');
}

/** Draws `text` at (x, y), in red where the markup says (hearts and diamonds), else `colour`. */
function drawRuns(doc: Doc, markup: string, x: number, y: number, size: number, font: string, colour: string): number {
  doc.font(font).fontSize(size);
  let at = x;
  for (const run of toTextRuns(markup)) {
    doc.fillColor(run.colour ?? colour).text(run.text, at, y, { lineBreak: false });
    at += doc.widthOfString(run.text);
  }
  return at - x;
}

/** The largest size from FONT_SIZE down to MIN_FONT_SIZE at which `text` fits `width`, or null. */
function fittingSize(doc: Doc, text: string, width: number, font: string): number | null {
  doc.font(font);
  for (let size = FONT_SIZE; size >= MIN_FONT_SIZE - 1e-9; size -= 0.25) {
    if (doc.fontSize(size).widthOfString(text) <= width) return size;
  }
  return null;
}

/** Cuts `text` so that it and `suffix` fit `width` at MIN_FONT_SIZE. */
function cutToFit(doc: Doc, text: string, suffix: string, width: number, font: string): string {
  doc.font(font).fontSize(MIN_FONT_SIZE);
  const characters = Array.from(text);
  let length = characters.length;
  while (length > 0 && doc.widthOfString(`${characters.slice(0, length).join('')}…${suffix}`) > width) length -= 1;
  return `${characters.slice(0, length).join('').trimEnd()}…${suffix}`;
}

/** A column being filled: its left edge and the next line's top. */
interface Cursor {
  page: 0 | 1;
  column: 0 | 1;
  y: number;
}

const columnX = (column: 0 | 1) => PAGE.margin + column * (COLUMN_WIDTH + PAGE.gutter);
const top = () => PAGE.margin + PAGE.headerHeight;
const bottom = PAGE.height - PAGE.margin - 12;

/**
 * Renders the convention card of an agreement.
 *
 * @param document the agreement (name, categories, player names)
 * @param options.printedOn the date in the footer (default now)
 * @returns the PDF (two Letter pages, a third when something did not fit) and the fit report
 * @throws when the DejaVu fonts cannot be found (package `dejavu-fonts-ttf` missing)
 */
export async function renderAcblCard(document: ContractDocument, options: { printedOn?: Date } = {}): Promise<AcblCardPdf> {
  const card = fillAcblCard(document);
  const fonts = loadAgreementFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    autoFirstPage: false,
    font: '',
    info: { Title: `Convention card: ${plain(document.contractName)}`, Creator: PRODUCT_TITLE },
    lang: 'en',
  });
  // pdfkit takes a parsed fontkit font as well as a buffer; its types only list the buffer.
  doc.registerFont('regular', fonts.regular.font as unknown as Buffer);
  doc.registerFont('bold', fonts.bold.font as unknown as Buffer);
  doc.registerFont('italic', fonts.italic.font as unknown as Buffer);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const overflow: { label: string; text: string }[] = [];
  for (const page of [0, 1] as const) {
    doc.addPage({ size: 'LETTER', margin: 0 });
    drawHeader(doc, card, page, document.contractName, footerStamp(options.printedOn ?? new Date(), undefined));
    const cursor: Cursor = { page, column: 0, y: top() };
    for (const section of card.sections.filter((candidate) => candidate.page === page)) {
      ensureRoom(cursor, LINE * 2.2);
      drawSectionTitle(doc, section.title, cursor);
      for (const field of section.fields) drawField(doc, field, cursor, overflow);
      cursor.y += 4;
    }
  }
  if (overflow.length > 0) drawSupplement(doc, overflow);
  doc.end();
  return { pdf: await finished, fitReport: overflow.map((item) => `${plain(item.label)}: ${plain(item.text)}`) };
}

/** Moves to the next column when `height` more points do not fit in this one. */
function ensureRoom(cursor: Cursor, height: number): void {
  if (cursor.y + height <= bottom || cursor.column === 1) return;
  cursor.column = 1;
  cursor.y = top();
}

function drawHeader(doc: Doc, card: FilledAcblCard, page: 0 | 1, contractName: string, date: string): void {
  doc.font('bold').fontSize(13).fillColor(INK.band).text('CONVENTION CARD', PAGE.margin, PAGE.margin, { lineBreak: false });
  const side = page === 0 ? 'front' : 'back';
  doc
    .font('regular')
    .fontSize(7)
    .fillColor(INK.muted)
    .text(`${plain(contractName)} · ${side}`, PAGE.margin, PAGE.margin + 16, { lineBreak: false, width: 250, ellipsis: true });
  const namesX = PAGE.margin + 260;
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(INK.text)
    .text('NAMES', namesX, PAGE.margin + 4, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(9)
    .text(card.names, namesX + 38, PAGE.margin + 3, { lineBreak: false, width: PAGE.width - PAGE.margin - namesX - 38, ellipsis: true });
  doc
    .moveTo(namesX + 36, PAGE.margin + 14)
    .lineTo(PAGE.width - PAGE.margin, PAGE.margin + 14)
    .lineWidth(0.5)
    .strokeColor(INK.rule)
    .stroke();
  doc
    .moveTo(PAGE.margin, PAGE.margin + 30)
    .lineTo(PAGE.width - PAGE.margin, PAGE.margin + 30)
    .lineWidth(1.2)
    .strokeColor(INK.band)
    .stroke();
  doc
    .font('regular')
    .fontSize(6)
    .fillColor(INK.muted)
    .text(`${date} · Page ${page + 1}`, PAGE.width - PAGE.margin - 150, PAGE.height - PAGE.margin - 6, { lineBreak: false, width: 150, align: 'right' });
}

function drawSectionTitle(doc: Doc, title: string, cursor: Cursor): void {
  const x = columnX(cursor.column);
  doc.rect(x, cursor.y, COLUMN_WIDTH, 12).fill(INK.band);
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(INK.title)
    .text(title.toUpperCase(), x + 4, cursor.y + 2.5, { lineBreak: false });
  cursor.y += 15;
}

/** One field: its label, then its check boxes (wrapping), then the written-in text on the same or next line. */
function drawField(doc: Doc, field: FilledAcblField, cursor: Cursor, overflow: { label: string; text: string }[]): void {
  ensureRoom(cursor, LINE);
  let x = columnX(cursor.column) + 2;
  const right = columnX(cursor.column) + COLUMN_WIDTH;
  const labelFont = field.isPlayed ? 'bold' : 'regular';
  const mark = field.checks.length === 0 && field.writeIn === '' ? `${field.isPlayed ? TICKED : UNTICKED} ` : '';
  if (mark) x += drawRuns(doc, mark, x, cursor.y, FONT_SIZE, 'regular', INK.text);
  const labelInk = field.alert ? ALERT_INK[field.alert] : field.isPlayed ? INK.text : INK.muted;
  x += drawRuns(doc, field.label, x, cursor.y, FONT_SIZE, labelFont, labelInk) + 5;
  for (const check of field.checks) {
    const checkFont = check.isChecked ? 'bold' : 'regular';
    doc.font(checkFont).fontSize(FONT_SIZE);
    const width = doc.widthOfString(`${TICKED} ${plain(check.label)}`) + 6;
    if (x + width > right) {
      cursor.y += LINE;
      ensureRoom(cursor, LINE);
      x = columnX(cursor.column) + 12;
    }
    const checkInk = check.alert ? ALERT_INK[check.alert] : check.isChecked ? INK.text : INK.muted;
    drawRuns(doc, `${check.isChecked ? TICKED : UNTICKED} ${check.label}`, x, cursor.y, FONT_SIZE, checkFont, checkInk);
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
    const size = fittingSize(doc, text, available, 'italic');
    if (size !== null) {
      drawRuns(doc, field.writeIn, x, cursor.y + (FONT_SIZE - size) / 2, size, 'italic', INK.text);
    } else {
      drawRuns(doc, cutToFit(doc, text, SEE_SUPPLEMENT, available, 'italic'), x, cursor.y + (FONT_SIZE - MIN_FONT_SIZE) / 2, MIN_FONT_SIZE, 'italic', INK.text);
      overflow.push({ label: field.label, text: field.writeIn });
    }
    doc
      .moveTo(x, cursor.y + FONT_SIZE + 1.5)
      .lineTo(right, cursor.y + FONT_SIZE + 1.5)
      .lineWidth(0.3)
      .strokeColor(INK.rule)
      .stroke();
  }
  cursor.y += LINE;
}

/** Page 3: what did not fit, in full, under its field's label. */
function drawSupplement(doc: Doc, overflow: readonly { label: string; text: string }[]): void {
  doc.addPage({ size: 'LETTER', margin: 0 });
  doc.font('bold').fontSize(13).fillColor(INK.band).text('CONVENTION CARD: SUPPLEMENT', PAGE.margin, PAGE.margin, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(INK.muted)
    .text('What did not fit on the card, in full.', PAGE.margin, PAGE.margin + 17, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(6)
    .fillColor(INK.muted)
    .text('Page 3', PAGE.width - PAGE.margin - 30, PAGE.height - PAGE.margin - 6, { lineBreak: false, width: 30, align: 'right' });
  let y = PAGE.margin + 40;
  for (const item of overflow) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK.text)
      .text(plain(item.label), PAGE.margin, y, { width: PAGE.width - 2 * PAGE.margin });
    y = doc.y + 1;
    doc
      .font('regular')
      .fontSize(9)
      .text(plain(item.text), PAGE.margin + 12, y, { width: PAGE.width - 2 * PAGE.margin - 12 });
    y = doc.y + 6;
  }
}
