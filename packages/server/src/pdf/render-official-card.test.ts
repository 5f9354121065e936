/**
 * The official cards as produced (docs/official-cards.md): each shipped template's classic card
 * read back from the PDF. Text is found with its position by PDF.js and must sit in its field's
 * rectangle (the 1NT range, the weak-two range, the 2♣ range, the names, the footer); ticks and
 * the circles of the lead grid are found by rasterising the page (Poppler's pdftoppm) and
 * counting dark pixels in the box, or around the card, against the blank form. A pixel
 * comparison of each form with a committed reference image guards the look.
 *
 * After an intended change of the cards' look, regenerate the references and commit them:
 *   UPDATE_PDF_REFERENCE=1 npx vitest run packages/server/src/pdf/render-official-card.test.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACBL_CLASSIC_BOXES } from '@bpa/domain/acbl-classic-boxes';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { ContractDocument } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { fillOfficialCard, hcpRange } from '@bpa/domain/official-card';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { MAX_DIFFERENT_PIXELS, differentPixels, hasPdftoppm } from '../test/pdf-pixels';
import { readPdfText } from '../test/read-pdf-text';
import type { FormField } from './form-pages';
import { OFFICIAL_CARD_FILES, loadForm, renderOfficialCard } from './render-official-card';

const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const TEMPLATE_FILES = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));
const PRINTED_ON = new Date('2026-11-27T12:00:00Z');

function agreementOf(file: string): ContractDocument {
  const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));
  return { contractName: template.templateName, categories: template.categories, playerNames: ['Anna Smith', 'Bob Jones'] };
}

/** Text items of page 1 with their origin (points, PDF coordinates). */
async function positionedText(pdf: Uint8Array): Promise<{ text: string; x: number; y: number }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const content = await (await document.getPage(1)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim() !== '' ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [],
    );
  } finally {
    await document.destroy();
  }
}

/** Whether `text` is printed inside the field's rectangle (its baseline within the box, a point of slack). */
function isInField(items: { text: string; x: number; y: number }[], text: string, field: FormField): boolean {
  return items.some(
    (item) => item.text.includes(text) && item.x >= field.x - 1 && item.x <= field.x + field.width && item.y >= field.y - 1 && item.y <= field.y + field.height,
  );
}

const DPI = 144;
/** Page 1 rasterised in grey: its pixels, width and the points-to-pixels scale. */
function raster(pdf: Uint8Array): { data: Buffer; width: number; scale: number; height: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bpa-card-'));
  try {
    writeFileSync(join(dir, 'card.pdf'), pdf);
    const run = spawnSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(DPI), '-gray', '-png', '-singlefile', join(dir, 'card.pdf'), join(dir, 'page')]);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr?.toString() ?? ''}`);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return { data: png.data, width: png.width, height: png.height, scale: DPI / 72 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Dark pixels in a square of `half` points around (x, y) (PDF coordinates). */
function darkAround(image: ReturnType<typeof raster>, x: number, y: number, half: number): number {
  let count = 0;
  const pageHeight = image.height / image.scale;
  for (let py = Math.floor((pageHeight - y - half) * image.scale); py <= (pageHeight - y + half) * image.scale; py++)
    for (let px = Math.floor((x - half) * image.scale); px <= (x + half) * image.scale; px++)
      if ((image.data[(py * image.width + px) * 4] ?? 255) < 110) count++;
  return count;
}

describe.skipIf(!hasPdftoppm).each(TEMPLATE_FILES)('the classic card of %s, read back from the PDF', (file) => {
  const agreement = agreementOf(file);
  const filled = fillOfficialCard(agreement, ACBL_CLASSIC_CARD);

  it('prints the names, the 1NT range, the weak-two and 2♣ ranges in their fields, and the version in the footer', async () => {
    const form = await loadForm('classic');
    const { pdf } = await renderOfficialCard(agreement, 'classic', { revision: 3, printedOn: PRINTED_ON });
    const items = await positionedText(pdf);
    const field = (name: string) => form.fields.get(name)!;
    expect(isInField(items, 'Anna Smith & Bob Jones', field('NAMES'))).toBe(true);
    for (const [name, value] of filled.fields) {
      if (value.kind !== 'text' || !/^(to_4|1_2|2h_2|to_15|2s_2|to_16|Other_7|to_13)$/.test(name)) continue;
      expect(isInField(items, value.text, field(name)), `${name}: ${value.text}`).toBe(true);
    }
    const range = agreement.categories.flatMap((c) => c.subjects).find((s) => s.key === 'nt.range' && s.isSelected);
    if (range) expect(filled.fields.get('to_4')).toBeDefined();
    expect(items.some((item) => item.text.includes('Version 3 · 27 November 2026'))).toBe(true);
  });

  it('ticks the boxes the agreement selects (the 2♣ strength, the carding) and circles the card led, in the form’s own boxes', async () => {
    const card = raster((await renderOfficialCard(agreement, 'classic', { printedOn: PRINTED_ON })).pdf);
    const blank = raster(readFileSync(OFFICIAL_CARD_FILES.classic));
    for (const name of ['Very Strong', 'Standard vs Suits', 'Standard vs NT', 'count vs Suits', 'attitude vs NT', 'Attitude', 'Count', 'vs SUITS', 'vs NT_2']) {
      // Where the form prints the box (domain acbl-classic-boxes.ts, checked against the form by official-card-maps.test.ts).
      const [x, y, side] = ACBL_CLASSIC_BOXES[name]!;
      const added = darkAround(card, x, y, side / 2 - 1) - darkAround(blank, x, y, side / 2 - 1);
      expect(added > 15, `${name}: ${added} dark pixels more than the blank box`).toBe(filled.fields.get(name)?.kind === 'tick');
    }
    for (const lead of filled.leads.slice(0, 6)) {
      const added =
        darkAround(card, lead.x + lead.width / 2, lead.y + lead.height / 2, 8) - darkAround(blank, lead.x + lead.width / 2, lead.y + lead.height / 2, 8);
      expect(added, lead.option).toBeGreaterThan(40);
    }
  });
});

describe('the supplement', () => {
  it('is numbered, named in the fit report, and referenced from the card', async () => {
    const agreement = agreementOf('basic-precision.csv');
    const { pdf, fitReport } = await renderOfficialCard(agreement, 'classic', { printedOn: PRINTED_ON });
    const pages = await readPdfText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const supplement = pages.slice(2).join(' ');
    expect(supplement).toContain('Supplement to the ACBL Convention Card (classic, 2023 revision)');
    expect(supplement).toMatch(/S1 · General Approach/);
    expect(fitReport.length).toBeGreaterThan(0);
    expect(fitReport.every((line) => / → S\d+$/.test(line))).toBe(true);
    expect(pages[0]).toMatch(/see S\d/);
  });

  it('is left out when the agreement says nothing the card cannot show', async () => {
    const { pdf, fitReport } = await renderOfficialCard({ contractName: 'Empty', categories: [] }, 'classic', { printedOn: PRINTED_ON });
    expect(fitReport).toEqual([]);
    expect((await readPdfText(pdf)).length).toBe(2);
  });
});

describe('hcpRange on every range the templates offer', () => {
  it('reads a range from each option of the 1NT range subject', () => {
    const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, 'blank.csv'), 'utf8'));
    const subject = template.categories.flatMap((c) => c.subjects).find((s) => s.key === 'nt.range')!;
    for (const option of subject.options) expect(hcpRange(option.optionName), option.optionName).toBeDefined();
  });
});

describe.skipIf(!hasPdftoppm)('official cards, pixel comparison', () => {
  it.each(['classic', '2022'] as const)('renders the %s card of LC Standard like the committed reference image', async (card) => {
    const { pdf } = await renderOfficialCard(agreementOf('lc-standard.csv'), card, { revision: 7, printedOn: PRINTED_ON });
    expect(differentPixels(pdf, 1, join(import.meta.dirname, 'reference', `official-${card}-page-1.png`))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });
});
