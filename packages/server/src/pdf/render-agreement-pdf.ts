/**
 * The agreement PDF: the product's main output, read at the bridge table (docs/product.md §D2, ADR 003).
 *
 * The renderer's own PDF writer (pdf-document.ts, ADR 194) draws a layout computed up front by
 * `layoutAgreement` (agreement-layout.ts) with DejaVu Sans embedded (agreement-fonts.ts), so suit
 * symbols print and can be copied as text.
 */
import type { PageSize, PrintOptions } from '@bpa/domain/api';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import { type Category, type ContractDocument, formatPlayerNames } from '@bpa/domain/contract';
import { toTextRuns } from '@bpa/domain/markup';
import { outlineAgreement } from '@bpa/domain/outline';
import { type AgreementFont, type FontStyle, loadAgreementFonts, measureText } from './agreement-fonts';
import { type AgreementLayout, BAND_ACCENT_WIDTH, type Line, type PlacedPart, layoutAgreement } from './agreement-layout';
import { attachAgreement } from './agreement-attachment';
import { PageContent, embedFonts } from './page-content';
import { PdfDocument } from './pdf-document';
import { type StructureElement, StructureTree } from './pdf-structure';

/** Colours of the page furniture (not user text). */
const INK = {
  band: '#e4ecf5',
  bandAccent: '#1f4e79',
  bullet: '#7b8a9a',
  rule: '#1f4e79',
  divider: '#d3dbe4',
  footerRule: '#c5ced8',
} as const;

type Fonts = Readonly<Record<FontStyle, AgreementFont>>;

/**
 * The legend under the title (docs/product.md §11): what bold and italic mean in this product
 * (docs/product.md §1: bold marks the ACBL convention card's items, italic the conventions of
 * "25 Bridge Conventions You Should Know").
 */
export const LEGEND_TEXT = 'Bold: on the ACBL convention card. Italic: one of the "25 Bridge Conventions You Should Know".';

/** The footer's date format, "25 November 2026" (UTC); made once, as making one costs about as much as a page of text. */
const FOOTER_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Version 12 · 25 November 2026", or only the date without a version. */
export function footerStamp(printedOn: Date, revision: number | undefined): string {
  const date = FOOTER_DATE.format(printedOn);
  return revision === undefined ? date : `Version ${revision} · ${date}`;
}

/**
 * Renders an agreement (convention card) as PDF.
 *
 * Prints the agreement name as title, then every category with a selected subject in order,
 * headed by its Roman numeral (docs/product.md §9), its subcategory headings, the selected subjects (bold /
 * italic as flagged) and their selected options beneath, in the colours of the markup, with suit
 * symbols; the footer of every page carries the agreement name and "Page n of N". A subject is
 * never separated from its options by a column or page break (ADR 003).
 *
 * @param agreement the agreement name (colour markup allowed) and its categories; which subjects
 *   and options print is decided by `outlineAgreement` (domain outline.ts).
 * @param options.pageSize 'letter' (default, 8.5 x 11 in) or 'a4'.
 * @param options.print layout (detailed, compact, large print), four-colour suits and the legend
 *   (docs/product.md §11); today's look with the legend by default.
 * @param options.revision the version printed, shown in the footer beside the date.
 * @param options.printedOn the date in the footer (default: now), written as "25 November 2026" (UTC).
 * @param options.attachment the agreement to embed as `agreement.json` (docs/product.md §12: a PDF can be
 *   imported back); none for sheets that are not one agreement (a comparison).
 * @returns the PDF file (PDF 1.5, tagged, ADR 194). Title metadata is the agreement name, Creator
 *   the product title; a promise, as the renderer ran in pdfkit's stream before.
 * @throws when the DejaVu fonts cannot be found (package `dejavu-fonts-ttf` missing).
 */
export async function renderAgreementPdf(
  agreement: { contractName: string; categories: Category[]; playerNames?: [string, string] | undefined },
  options: { pageSize?: PageSize; print?: Partial<PrintOptions>; revision?: number; printedOn?: Date; attachment?: ContractDocument } = {},
): Promise<Buffer> {
  const pageSize = options.pageSize ?? 'letter';
  const fonts = loadAgreementFonts();
  const layout = layoutAgreement(agreement.contractName, outlineAgreement(agreement), pageSize, fonts, {
    layout: options.print?.layout,
    fourColourSuits: options.print?.fourColourSuits,
    legend: [
      ...(formatPlayerNames(agreement.playerNames) === '' ? [] : [`Players: ${formatPlayerNames(agreement.playerNames)}`]),
      ...(options.print?.legend === false ? [] : [LEGEND_TEXT]),
    ],
  });
  const stamp = footerStamp(options.printedOn ?? new Date(), options.revision);
  const plainName = toTextRuns(agreement.contractName)
    .map((run) => run.text)
    .join('');

  const doc = new PdfDocument({
    title: plainName,
    creator: PRODUCT_TITLE,
    displayTitle: true,
    lang: 'en',
    // PDF/UA basics (ADR 180): a structure tree of headings and lists, page furniture as artifacts.
    tagged: true,
  });
  const embedded = embedFonts(doc, fonts);
  if (options.attachment) attachAgreement(doc, options.attachment, options.printedOn ?? new Date());
  const structure = new AgreementStructure(doc);
  for (let page = 0; page < layout.pageCount; page += 1) {
    doc.addPage(layout.width, layout.height);
    const content = new PageContent(doc, embedded, layout.height, true);
    drawPage(content, layout, fonts, page, plainName, stamp, structure);
    content.finish();
  }
  structure.finish();
  embedded.finish();
  return doc.end();
}

/** Draws one page: title (first page), column divider, the parts placed on it, footer. */
function drawPage(
  content: PageContent,
  layout: AgreementLayout,
  fonts: Fonts,
  page: number,
  plainName: string,
  stamp: string,
  structure: AgreementStructure,
): void {
  const PAGE = layout.look.page;
  const onPage = layout.placed.filter((item) => item.page === page);
  if (page === 0) {
    let top = PAGE.marginTop;
    structure.tagged(content, 'H1', () => {
      for (const line of layout.title) {
        drawLine(content, line, PAGE.marginX, top);
        top += line.height;
      }
    });
    if (layout.legend.length > 0) {
      structure.tagged(content, 'P', () => {
        for (const line of layout.legend) {
          drawLine(content, line, PAGE.marginX, top);
          top += line.height;
        }
      });
    }
    content.strokeLine(PAGE.marginX, layout.titleBottom, layout.width - PAGE.marginX, layout.titleBottom, 1.2, INK.rule);
  }
  // A hairline between the columns, as long as the taller column.
  if (onPage.some((item) => item.x > PAGE.marginX)) {
    const top = page === 0 ? layout.titleBottom + PAGE.titleGap : PAGE.marginTop;
    const bottom = onPage.reduce((lowest, item) => Math.max(lowest, item.y + item.part.height), top);
    content.strokeLine(layout.width / 2, top, layout.width / 2, bottom, 0.5, INK.divider);
  }
  for (const item of onPage) structure.part(content, item, () => drawPart(content, item, layout));
  content.beginMarked('Artifact');
  drawFooter(content, fonts, layout, page, plainName, stamp);
  content.endMarked();
}

/**
 * The structure tree of the agreement PDF, built in reading order while the pages are drawn
 * (PDF/UA basics, ADR 180): Document > H1 (the name), P (legend and players), then per category
 * a Sect with its H2 heading, H3 subcategory headings, and an L of its subjects, one LI > LBody per
 * subject holding the subject's and its options' text. Repeated "(continued)" headings, bullets,
 * bands, rules and footers are artifacts.
 */
class AgreementStructure {
  private readonly tree: StructureTree;
  private section: StructureElement | null = null;
  private list: StructureElement | null = null;
  private body: StructureElement | null = null;

  constructor(doc: PdfDocument) {
    this.tree = new StructureTree(doc);
  }

  /** Draws with `draw` inside one marked sequence of a new element `tag` under the current section (or the document). */
  tagged(content: PageContent, tag: string, draw: () => void): void {
    const marked = this.tree.mark(content, tag);
    draw();
    content.endMarked();
    this.tree.addContent(this.tree.element(tag, this.section ?? this.tree.root), marked);
  }

  /** Draws one placed part, tagged by its kind. */
  part(content: PageContent, item: PlacedPart, draw: () => void): void {
    switch (item.part.kind) {
      case 'category':
        this.closeList();
        this.section = this.tree.element('Sect', this.tree.root);
        this.tagged(content, 'H2', draw);
        return;
      case 'continued':
        content.beginMarked('Artifact');
        draw();
        content.endMarked();
        return;
      case 'subcategory':
        this.closeList();
        this.tagged(content, 'H3', draw);
        return;
      case 'subject':
      case 'option':
      case 'subjectNote': {
        const body = item.part.kind === 'subject' || !this.body ? this.openItem() : this.body;
        const marked = this.tree.mark(content, 'LBody');
        draw();
        content.endMarked();
        this.tree.addContent(body, marked);
        return;
      }
      case 'note':
        this.tagged(content, 'P', draw);
        return;
    }
  }

  /** Writes the tree; call once, after the last page. */
  finish(): void {
    this.tree.finish();
  }

  /** A new LI > LBody at the end of the current list (a new list if there is none); returns the LBody. */
  private openItem(): StructureElement {
    this.list ??= this.tree.element('L', this.section ?? this.tree.root);
    const li = this.tree.element('LI', this.list);
    this.body = this.tree.element('LBody', li);
    return this.body;
  }

  /** Ends the current list: the next subject starts a new one. */
  private closeList(): void {
    this.list = null;
    this.body = null;
  }
}

/** One placed part: its band (category headings) or bullet (options), then its lines. */
function drawPart(content: PageContent, item: PlacedPart, layout: AgreementLayout): void {
  const { part } = item;
  let x = item.x + part.indent;
  let top = item.y + part.padding;
  if (part.kind === 'category' || part.kind === 'continued') {
    content.fillRect(item.x, item.y, item.width, part.height, INK.band);
    content.fillRect(item.x, item.y, BAND_ACCENT_WIDTH, part.height, INK.bandAccent);
    x += part.padding + BAND_ACCENT_WIDTH;
  }
  const first = part.lines[0];
  if (part.kind === 'option' && first) {
    content.drawText('•', 'regular', layout.look.text.option.size, INK.bullet, x - layout.look.bulletOffset, top + first.baseline);
  }
  for (const line of part.lines) {
    drawLine(content, line, x, top);
    top += line.height;
  }
}

/** A set line whose top-left corner is at (`x`, `top`). */
function drawLine(content: PageContent, line: Line, x: number, top: number): void {
  for (const piece of line.pieces) content.drawText(piece.text, piece.style, piece.size, piece.colour, x + piece.x, top + line.baseline);
}

/** Agreement name on the left, "Version n · date · Page n of N" on the right, under a hairline. */
function drawFooter(content: PageContent, fonts: Fonts, layout: AgreementLayout, page: number, plainName: string, stamp: string): void {
  const { page: PAGE, text: TEXT } = layout.look;
  const baseline = layout.height - PAGE.footerBaseline;
  const ruleY = baseline - TEXT.footer.size - 3;
  content.strokeLine(PAGE.marginX, ruleY, layout.width - PAGE.marginX, ruleY, 0.5, INK.footerRule);
  const font = fonts.regular;
  const size = TEXT.footer.size;
  const pageText = `${stamp} · Page ${page + 1} of ${layout.pageCount}`;
  const pageWidth = measureText(font, pageText, size);
  const name = fitText(font, plainName.replace(/\s+/g, ' ').trim(), size, layout.width - 2 * PAGE.marginX - pageWidth - 24);
  content.drawText(name, 'regular', size, TEXT.footer.colour, PAGE.marginX, baseline);
  content.drawText(pageText, 'regular', size, TEXT.footer.colour, layout.width - PAGE.marginX - pageWidth, baseline);
}

/** `text`, cut and ended with an ellipsis when wider than `maxWidth` points. */
function fitText(font: AgreementFont, text: string, size: number, maxWidth: number): string {
  if (measureText(font, text, size) <= maxWidth) return text;
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measureText(font, `${characters.slice(0, middle).join('')}…`, size) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}
