/**
 * The official ACBL convention cards (docs/official-cards.md, ADR 197): the ACBL's own blank form
 * (packages/server/assets/acbl/, shipped as published) is the page, and the agreement is drawn at
 * the rectangles of the form's fields: text in DejaVu Sans Condensed (the form's Helvetica cannot
 * print ♠ ♥ ♦ ♣), ticks in the check boxes, the card led circled in the lead grid. What goes where
 * is the domain's (official-card.ts and the forms' field maps); this module reads the form, draws,
 * and adds the numbered supplementary sheet.
 *
 * The form is parsed once per process (pdf-lib, `@cantoo/pdf-lib`): its field rectangles are read
 * and its pages are copied into each new card as they are, without the form's fields, so the card
 * is a plain PDF that prints the same everywhere.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { PDFCheckBox, PDFDocument, type PDFEmbeddedPage, type PDFFont, type PDFPage, rgb, type RGB } from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { AlertKind } from '@bpa/domain/acbl-card';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { ContractDocument } from '@bpa/domain/contract';
import { toTextRuns } from '@bpa/domain/markup';
import {
  type FilledField,
  type FittedOfficialCard,
  MIN_CARD_FONT_SIZE,
  type OfficialCardId,
  type OfficialCardMap,
  fillOfficialCard,
  fitOfficialCard,
} from '@bpa/domain/official-card';
import { REPO_ROOT } from '../config';
import { footerStamp } from './render-agreement-pdf';

/** The forms, as shipped (ADR 197). */
export const OFFICIAL_CARD_FILES: Readonly<Record<OfficialCardId, string>> = {
  classic: resolve(REPO_ROOT, 'packages/server/assets/acbl/acbl-classic-2023.pdf'),
  '2022': resolve(REPO_ROOT, 'packages/server/assets/acbl/acbl-2022.pdf'),
};

export const OFFICIAL_CARD_MAPS: Readonly<Record<OfficialCardId, OfficialCardMap>> = { classic: ACBL_CLASSIC_CARD, '2022': ACBL_2022_CARD };

/** A form field's place: its page (0-based), rectangle (points, PDF coordinates) and kind. */
export interface FormField {
  name: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'text' | 'check';
  /** For a check box, the printed box's centre and side (points) when the form prints it as a glyph near the widget. */
  box?: { x: number; y: number; side: number };
}

/** A form parsed once: its document (pages to copy) and its fields by name. */
interface LoadedForm {
  document: PDFDocument;
  fields: Map<string, FormField>;
  pageCount: number;
}

const loadedForms = new Map<OfficialCardId, Promise<LoadedForm>>();

/**
 * Reads a form's fields: name, page, rectangle and kind (check box or text), each field's first
 * widget. Public so the map tests can check the maps against the forms (scripts/official-cards.test.ts).
 *
 * @param bytes the form's PDF
 * @throws Error when the PDF cannot be parsed
 */
export async function readFormFields(bytes: Uint8Array): Promise<{ document: PDFDocument; fields: Map<string, FormField> }> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = document.getPages();
  const fields = new Map<string, FormField>();
  for (const field of document.getForm().getFields()) {
    const widget = field.acroField.getWidgets()[0];
    if (!widget) continue;
    const rect = widget.getRectangle();
    const pageRef = widget.P();
    const page = Math.max(
      0,
      pages.findIndex((candidate) => candidate.ref === pageRef),
    );
    fields.set(field.getName(), { name: field.getName(), page, ...rect, kind: field instanceof PDFCheckBox ? 'check' : 'text' });
  }
  await findPrintedBoxes(bytes, fields);
  return { document, fields };
}

/** A check box glyph of the forms' fonts (a square in the private use area, or U+25A1 ☐). */
const BOX_GLYPH = /^[\u25a1\uf000-\uf0ff]$/u;

/**
 * Finds, for each check field, the box the form prints for it: the classic card prints its boxes
 * as glyphs a little left of and below the centre of their 14 pt widgets, so a tick drawn at the
 * widget's centre would miss the box. The nearest box glyph within 8 pt of the widget's centre is
 * taken (pdf.js reads the glyphs' positions); the square sits at 0.44 and 0.34 of the font size
 * from the glyph's origin and is 0.7 of it wide (measured on the classic form at 720 dpi).
 */
async function findPrintedBoxes(bytes: Uint8Array, fields: Map<string, FormField>): Promise<void> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    for (let pageIndex = 0; pageIndex < document.numPages; pageIndex++) {
      const content = await (await document.getPage(pageIndex + 1)).getTextContent();
      const boxes: { x: number; y: number; side: number }[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !BOX_GLYPH.test(item.str)) continue;
        const [size = 0, , , , x = 0, y = 0] = item.transform as number[];
        boxes.push({ x: x + 0.44 * size, y: y + 0.34 * size, side: 0.7 * size });
      }
      for (const field of fields.values()) {
        if (field.kind !== 'check' || field.page !== pageIndex) continue;
        const centre = { x: field.x + field.width / 2, y: field.y + field.height / 2 };
        let best: { x: number; y: number; side: number } | undefined;
        let bestDistance = 8;
        for (const box of boxes) {
          const distance = Math.hypot(box.x - centre.x, box.y - centre.y);
          if (distance < bestDistance) {
            best = box;
            bestDistance = distance;
          }
        }
        if (best) field.box = best;
      }
    }
  } finally {
    await document.destroy();
  }
}

/** The form of a card, parsed on first use and kept for the process. */
function loadForm(card: OfficialCardId): Promise<LoadedForm> {
  let form = loadedForms.get(card);
  if (!form) {
    form = readFormFields(readFileSync(OFFICIAL_CARD_FILES[card])).then(({ document, fields }) => ({ document, fields, pageCount: document.getPageCount() }));
    loadedForms.set(card, form);
  }
  return form;
}

/** Font bytes, read once: DejaVu Sans Condensed, regular and bold (docs/product.md §D2: the suits). */
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;
function loadFontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  if (!fontBytes) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontBytes = { regular: read('DejaVuSansCondensed.ttf'), bold: read('DejaVuSansCondensed-Bold.ttf') };
  }
  return fontBytes;
}

const hex = (colour: string): RGB =>
  rgb(parseInt(colour.slice(1, 3), 16) / 255, parseInt(colour.slice(3, 5), 16) / 255, parseInt(colour.slice(5, 7), 16) / 255);

/** Ink of the card: text, ticks, the circles of the lead grid. */
const INK = hex('#111111');
/**
 * The Alert colours of the card's write-ins (docs/bridge.md §1c): the red and blue the forms
 * print their own Alert and Announce items in, dark enough for 4.5:1 on white.
 */
export const CARD_ALERT_INK: Readonly<Record<AlertKind, string>> = { alert: '#c8102e', announce: '#0b5cad' };

/** The card and what did not fit on its fields. */
export interface OfficialCardPdf {
  pdf: Buffer;
  /** "Label: text → S3" for every item printed on the supplement (docs/official-cards.md §3). */
  fitReport: string[];
}

/** Width of markup at a size: suit shorthand as symbols, colour marks dropped. */
function measureMarkup(font: PDFFont, markup: string, size: number): number {
  let width = 0;
  for (const run of toTextRuns(markup)) width += font.widthOfTextAtSize(run.text, size);
  return width;
}

/** Draws markup from (x, baseline y): red suits and colour marks in their colours, the rest in `colour`. */
function drawMarkup(page: PDFPage, font: PDFFont, markup: string, x: number, y: number, size: number, colour: RGB): number {
  let at = x;
  for (const run of toTextRuns(markup)) {
    if (run.text === '') continue;
    page.drawText(run.text, { x: at, y, size, font, color: run.colour ? hex(run.colour) : colour });
    at += font.widthOfTextAtSize(run.text, size);
  }
  return at - x;
}

/** Draws a tick: a cross inside the printed box (or the widget's centre). */
function drawTick(page: PDFPage, field: FormField): void {
  const side = field.box?.side ?? Math.min(field.width, field.height) * 0.5;
  const centre = field.box ?? { x: field.x + field.width / 2, y: field.y + field.height / 2 };
  const half = side * 0.36;
  const box = { x1: centre.x - half, y1: centre.y - half, x2: centre.x + half, y2: centre.y + half };
  page.drawLine({ start: { x: box.x1, y: box.y1 }, end: { x: box.x2, y: box.y2 }, thickness: 1.1, color: INK });
  page.drawLine({ start: { x: box.x1, y: box.y2 }, end: { x: box.x2, y: box.y1 }, thickness: 1.1, color: INK });
}

/**
 * Draws an agreement on one of the two official ACBL cards (docs/official-cards.md).
 *
 * @param document the agreement (names and categories)
 * @param card which form: the classic card (2023 revision) or the 2022 card
 * @param options `revision`: the agreement's version, printed in the footer line; `printedOn`: the date printed there
 * @returns the PDF (the form's pages, then the supplement's) and the fit report
 * @throws Error when the form or the fonts cannot be read (a broken install)
 */
export async function renderOfficialCard(
  document: ContractDocument,
  card: OfficialCardId,
  options: { revision?: number | undefined; printedOn?: Date } = {},
): Promise<OfficialCardPdf> {
  const map = OFFICIAL_CARD_MAPS[card];
  const form = await loadForm(card);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const bytes = loadFontBytes();
  const font = await pdf.embedFont(bytes.regular, { subset: true });
  const bold = await pdf.embedFont(bytes.bold, { subset: true });

  const embedded: PDFEmbeddedPage[] = await pdf.embedPages(form.document.getPages());
  const pages = embedded.map((formPage) => {
    const page = pdf.addPage([formPage.width, formPage.height]);
    page.drawPage(formPage);
    return page;
  });

  const filled = fillOfficialCard(document, map);
  const fieldWidth = (name: string) => Math.max(0, (form.fields.get(name)?.width ?? 0) - 2);
  const categoryOrder = document.categories.map((category) => category.key ?? '');
  const fitted = fitOfficialCard(filled, map, (text, size) => measureMarkup(font, text, size), fieldWidth, categoryOrder);
  drawFields(pages, form, fitted, font);
  drawLeads(pages[map.page]!, fitted);

  const stamp = `${document.contractName} · ${footerStamp(options.printedOn ?? new Date(), options.revision)} · ${PRODUCT_TITLE}`;
  const cardPage = pages[map.page]!;
  drawMarkup(cardPage, font, stamp, 8, 1.6, 4.5, hex('#555555'));

  if (fitted.supplement.length > 0) drawSupplement(pdf, fitted, { font, bold, names: filled.names, agreement: document.contractName, title: map.title });
  pdf.setTitle(`${document.contractName}: ${map.title}`);
  pdf.setCreator(PRODUCT_TITLE);
  pdf.setProducer(PRODUCT_TITLE);
  const saved = await pdf.save({ useObjectStreams: true });
  return { pdf: Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength), fitReport: fitted.fitReport };
}

/** The colour a filled field is written in. */
const inkOf = (value: FilledField): RGB => (value.alert ? hex(CARD_ALERT_INK[value.alert]) : INK);

function drawFields(pages: PDFPage[], form: LoadedForm, fitted: FittedOfficialCard, font: PDFFont): void {
  for (const { field: name, value, size } of fitted.fields) {
    const field = form.fields.get(name);
    const page = field ? pages[field.page] : undefined;
    if (!field || !page) continue;
    if (value.kind === 'tick') {
      drawTick(page, field);
      continue;
    }
    const baseline = field.y + Math.max(1, (field.height - size * 0.72) / 2);
    drawMarkup(page, font, value.text, field.x + 1, baseline, size, inkOf(value));
  }
}

function drawLeads(page: PDFPage, fitted: FittedOfficialCard): void {
  for (const lead of fitted.leads) {
    page.drawEllipse({
      x: lead.x + lead.width / 2,
      y: lead.y + lead.height / 2 - 0.6,
      xScale: lead.width / 2 + 2.2,
      yScale: 5.2,
      borderColor: INK,
      borderWidth: 0.9,
    });
  }
}

/** The supplementary sheet: "S3 · Notrump Openings", each entry "Label: text", in two columns per page. */
function drawSupplement(
  pdf: PDFDocument,
  fitted: FittedOfficialCard,
  text: { font: PDFFont; bold: PDFFont; names: string; agreement: string; title: string },
): void {
  const PAGE = { width: 576, height: 612, margin: 28, gutter: 16 } as const;
  const SIZE = 7.5;
  const LINE = 9.4;
  const columnWidth = (PAGE.width - 2 * PAGE.margin - PAGE.gutter) / 2;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let column = 0;
  const top = PAGE.height - PAGE.margin - 26;
  let y = top;
  const heading = (first: boolean) => {
    const title = `Supplement to the ${text.title}${first ? '' : ' (continued)'}`;
    drawMarkup(page, text.bold, title, PAGE.margin, PAGE.height - PAGE.margin - 4, 10, INK);
    const subtitle = [text.names, text.agreement].filter(Boolean).join(' · ');
    drawMarkup(page, text.font, subtitle, PAGE.margin, PAGE.height - PAGE.margin - 16, 8, INK);
  };
  heading(true);
  const newLine = (height: number) => {
    if (y - height >= PAGE.margin) return;
    if (column === 0) column = 1;
    else {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      heading(false);
      column = 0;
    }
    y = top;
  };
  const x = () => PAGE.margin + column * (columnWidth + PAGE.gutter);
  for (const section of fitted.supplement) {
    newLine(LINE * 3);
    y -= LINE + 2;
    drawMarkup(page, text.bold, `S${section.number} · ${section.title}`, x(), y, 8.5, INK);
    y -= 3;
    for (const entry of section.entries) {
      const colour = entry.alert ? hex(CARD_ALERT_INK[entry.alert]) : INK;
      const words = [entry.label, entry.text].filter(Boolean).join(': ').split(/\s+/);
      let line = '';
      const lines: string[] = [];
      for (const word of words) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (line !== '' && measureMarkup(text.font, candidate, SIZE) > columnWidth - (lines.length > 0 ? 8 : 0)) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      if (line) lines.push(line);
      lines.forEach((content, index) => {
        newLine(LINE);
        y -= LINE;
        drawMarkup(page, text.font, content, x() + (index > 0 ? 8 : 0), y, SIZE, colour);
      });
    }
  }
}

/** The smallest size a card's text is printed at (points), for the tests and the docs. */
export const CARD_MIN_SIZE = MIN_CARD_FONT_SIZE;
