/**
 * The official ACBL convention cards (docs/official-cards.md, ADR 197): the ACBL's own blank form
 * (packages/server/assets/acbl/, shipped as published) is each page's background, and the
 * agreement is drawn at the rectangles of the form's fields: text in DejaVu Sans Condensed (the
 * form's Helvetica cannot print ♠ ♥ ♦ ♣), ticks in the printed boxes, the card led circled in the
 * lead grid, a footer line with the agreement's version and date. What goes where is the
 * domain's (official-card.ts and the forms' field maps); this module draws it, and adds the
 * numbered supplementary sheet ("S3 · Notrump Openings") for what the card has no field for.
 *
 * Drawn by the product's own PDF writer (pdf-document.ts, page-content.ts, ADR 194) like the
 * agreement PDF; the form's pages are copied in as Form XObjects prepared once per process
 * (form-pages.ts). Like every PDF of one agreement, the card carries it as `agreement.json`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { AlertKind } from '@bpa/domain/alert-procedures';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { ContractDocument } from '@bpa/domain/contract';
import { toTextRuns } from '@bpa/domain/markup';
import {
  type BoxMark,
  type FilledField,
  type FittedOfficialCard,
  type OfficialCardId,
  type OfficialCardMap,
  fillOfficialCard,
  fitOfficialCard,
} from '@bpa/domain/official-card';
import { REPO_ROOT } from '../config';
import { attachAgreement } from './agreement-attachment';
import { type AgreementFont, type FontStyle, loadCondensedFonts, measureText } from './agreement-fonts';
import { type FormField, type FormPages, embedFormPage, readFormPages } from './form-pages';
import { type DocumentFonts, PageContent, embedFonts } from './page-content';
import { PdfDocument } from './pdf-document';
import { footerStamp } from './render-agreement-pdf';

/** The forms, as shipped (ADR 197). */
export const OFFICIAL_CARD_FILES: Readonly<Record<OfficialCardId, string>> = {
  classic: resolve(REPO_ROOT, 'packages/server/assets/acbl/acbl-classic-2023.pdf'),
  '2022': resolve(REPO_ROOT, 'packages/server/assets/acbl/acbl-2022.pdf'),
};

/** The field map of each card (docs/official-cards.md §2). */
export const OFFICIAL_CARD_MAPS: Readonly<Record<OfficialCardId, OfficialCardMap>> = { classic: ACBL_CLASSIC_CARD, '2022': ACBL_2022_CARD };

const loadedForms = new Map<OfficialCardId, Promise<FormPages>>();

/**
 * A card's form, read on first use and kept for the process (form-pages.ts).
 *
 * @throws Error when the form's file is missing or cannot be parsed (a broken install)
 */
export function loadForm(card: OfficialCardId): Promise<FormPages> {
  let form = loadedForms.get(card);
  if (!form) {
    form = readFormPages(readFileSync(OFFICIAL_CARD_FILES[card]));
    loadedForms.set(card, form);
  }
  return form;
}

/** Ink of the card: text, ticks, the circles of the lead grid. */
const INK = '#111111';
/** The footer line's grey. */
const FOOTER_INK = '#555555';
/**
 * The Alert colours of the card's write-ins (docs/bridge.md §1c): the red and blue the forms
 * print their own Alert and Announce items in, dark enough for 4.5:1 on white.
 */
export const CARD_ALERT_INK: Readonly<Record<AlertKind, string>> = { alert: '#c8102e', announce: '#0b5cad' };

/** The card and what went to its supplement. */
export interface OfficialCardPdf {
  pdf: Buffer;
  /** "Label: text → S3" for every item printed on the supplement (docs/official-cards.md §3). */
  fitReport: string[];
}

type Faces = Readonly<Record<FontStyle, AgreementFont>>;

/** Width of markup at a size, in points: suit shorthand as symbols, colour marks dropped. */
function measureMarkup(faces: Faces, style: FontStyle, markup: string, size: number): number {
  let width = 0;
  for (const run of toTextRuns(markup)) width += measureText(faces[style], run.text, size);
  return width;
}

/**
 * Draws markup from `x` with its baseline at `baseline` (points from the top of the page): red
 * suits and colour marks in their colours, the rest in `colour`.
 */
function drawMarkup(content: PageContent, faces: Faces, style: FontStyle, markup: string, x: number, baseline: number, size: number, colour: string): void {
  let at = x;
  for (const run of toTextRuns(markup)) {
    if (run.text === '') continue;
    content.drawText(run.text, style, size, run.colour ?? colour, at, baseline);
    at += measureText(faces[style], run.text, size);
  }
}

/**
 * Draws an agreement on one of the two official ACBL cards (docs/official-cards.md).
 *
 * @param document the agreement (names and categories)
 * @param card which form: the classic card (2023 revision) or the 2022 card
 * @param options `revision`: the agreement's version, printed in the footer line; `printedOn`: the
 *   date printed there and the attachment's date (default now)
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
  const faces = loadCondensedFonts();
  const printedOn = options.printedOn ?? new Date();

  const filled = fillOfficialCard(document, map);
  const fieldWidth = (name: string) => Math.max(0, (form.fields.get(name)?.width ?? 0) - 2);
  const fitted = fitOfficialCard(filled, map, (text, size) => measureMarkup(faces, 'regular', text, size), fieldWidth);

  const doc = new PdfDocument({
    title: `${document.contractName}: ${map.title}`,
    creator: PRODUCT_TITLE,
    lang: 'en',
    displayTitle: true,
    creationDate: printedOn,
  });
  const fonts = embedFonts(doc, faces);
  form.pages.forEach((template, pageIndex) => {
    doc.addPage(template.width, template.height);
    const content = new PageContent(doc, fonts, template.height);
    content.drawForm('Fm0', embedFormPage(doc, template));
    if (pageIndex === map.page) {
      drawFields(content, faces, form, fitted, map.boxes, template.height);
      drawLeads(content, fitted, template.height);
      const stamp = `${document.contractName} · ${footerStamp(printedOn, options.revision)} · ${PRODUCT_TITLE}`;
      drawMarkup(content, faces, 'regular', stamp, map.footer.x, template.height - map.footer.y, 4.5, FOOTER_INK);
    }
    content.finish();
  });
  if (fitted.supplement.length > 0) drawSupplement(doc, fonts, faces, fitted, { names: filled.names, agreement: document.contractName, title: map.title });
  fonts.finish();
  attachAgreement(doc, document, printedOn);
  return { pdf: doc.end(), fitReport: fitted.fitReport };
}

/** The colour a filled field is written in. */
const inkOf = (value: FilledField): string => (value.alert ? CARD_ALERT_INK[value.alert] : INK);

/** Writes the fitted fields at their rectangles, and ticks in their boxes. */
function drawFields(
  content: PageContent,
  faces: Faces,
  form: FormPages,
  fitted: FittedOfficialCard,
  boxes: OfficialCardMap['boxes'],
  pageHeight: number,
): void {
  for (const { field: name, value, size } of fitted.fields) {
    const field = form.fields.get(name);
    if (!field) continue;
    if (value.kind === 'tick') {
      drawTick(content, field, boxes?.[name], pageHeight);
      continue;
    }
    // On a line's field the text sits just above the line whatever its size; a taller box centres it.
    const above = field.height <= 12 ? 1.8 : (field.height - size * 0.72) / 2;
    const baseline = pageHeight - (field.y + above);
    drawMarkup(content, faces, 'regular', value.text, field.x + 1, baseline, size, inkOf(value));
  }
}

/** A tick: a cross inside the printed box (or at the widget's centre, where the form prints its box). */
function drawTick(content: PageContent, field: FormField, box: BoxMark | undefined, pageHeight: number): void {
  const side = box?.[2] ?? Math.min(field.width, field.height) * 0.5;
  const centre = box ? { x: box[0], y: box[1] } : { x: field.x + field.width / 2, y: field.y + field.height / 2 };
  const half = side * 0.36;
  const [x1, x2, y1, y2] = [centre.x - half, centre.x + half, pageHeight - centre.y - half, pageHeight - centre.y + half];
  content.strokeLine(x1, y1, x2, y2, 1.1, INK);
  content.strokeLine(x1, y2, x2, y1, 1.1, INK);
}

/** Circles the card led in the lead grid ("circle card led, if not in bold"). */
function drawLeads(content: PageContent, fitted: FittedOfficialCard, pageHeight: number): void {
  for (const lead of fitted.leads) {
    content.strokeEllipse(lead.x + lead.width / 2, pageHeight - (lead.y + lead.height / 2 - 0.6), lead.width / 2 + 2.2, 5.2, 0.9, INK);
  }
}

/** The supplementary sheet: "S3 · Notrump Openings", each entry "Label: text", in two columns per page. */
function drawSupplement(
  doc: PdfDocument,
  fonts: DocumentFonts,
  faces: Faces,
  fitted: FittedOfficialCard,
  text: { names: string; agreement: string; title: string },
): void {
  const PAGE = { width: 576, height: 612, margin: 28, gutter: 16 } as const;
  const SIZE = 7.5;
  const LINE = 9.4;
  const columnWidth = (PAGE.width - 2 * PAGE.margin - PAGE.gutter) / 2;
  const top = PAGE.margin + 30;
  let content!: PageContent;
  let column = 0;
  let y = top;
  const startPage = (first: boolean) => {
    content?.finish();
    doc.addPage(PAGE.width, PAGE.height);
    content = new PageContent(doc, fonts, PAGE.height);
    drawMarkup(content, faces, 'bold', `Supplement to the ${text.title}${first ? '' : ' (continued)'}`, PAGE.margin, PAGE.margin + 8, 10, INK);
    drawMarkup(content, faces, 'regular', [text.names, text.agreement].filter(Boolean).join(' · '), PAGE.margin, PAGE.margin + 20, 8, INK);
    column = 0;
    y = top;
  };
  const room = (height: number) => {
    if (y + height <= PAGE.height - PAGE.margin) return;
    if (column === 0) {
      column = 1;
      y = top;
    } else startPage(false);
  };
  const x = () => PAGE.margin + column * (columnWidth + PAGE.gutter);
  startPage(true);
  for (const section of fitted.supplement) {
    room(LINE * 3);
    y += LINE + 2;
    drawMarkup(content, faces, 'bold', `S${section.number} · ${section.title}`, x(), y, 8.5, INK);
    y += 3;
    for (const entry of section.entries) {
      const colour = entry.alert ? CARD_ALERT_INK[entry.alert] : INK;
      const lines: string[] = [];
      let line = '';
      for (const word of [entry.label, entry.text].filter(Boolean).join(': ').split(/\s+/)) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (line !== '' && measureMarkup(faces, 'regular', candidate, SIZE) > columnWidth - (lines.length > 0 ? 8 : 0)) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      if (line) lines.push(line);
      lines.forEach((part, index) => {
        room(LINE);
        y += LINE;
        drawMarkup(content, faces, 'regular', part, x() + (index > 0 ? 8 : 0), y, SIZE, colour);
      });
    }
  }
  content.finish();
}
