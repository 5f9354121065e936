/**
 * The ACBL-style convention card as a PDF (docs/product.md §13), read back with PDF.js: two Letter pages in
 * the classic card's order, the names, ticked boxes where the agreement ticks them, fonts embedded,
 * and what does not fit cut, reported and printed in full on page 3.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_CARD_SECTIONS, fillAcblCard } from '@bpa/domain/acbl-card';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameOption, setCategoryNote, setSubjectNote } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { ALERT_INK, renderAcblCard } from './render-acbl-card';
import { pdfObjectsText } from '../test/pdf-objects-text';

const sayc = (): ContractDocument => ({
  ...createAgreementFromTemplate(parseMasterCsv(readFileSync(join(REPO_ROOT, 'templates/modern-standard-american.csv'), 'utf8')), 'SAYC with Pat'),
  playerNames: ['Anna Smith', 'Bob Jones'],
});

interface Item {
  text: string;
  page: number;
  x: number;
  y: number;
}

async function read(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const items: Item[] = [];
  const pages: { width: number; height: number }[] = [];
  const fills: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    pages.push({ width, height });
    for (const item of (await page.getTextContent()).items) {
      if ('str' in item && item.str.trim() !== '')
        items.push({ text: item.str, page: number - 1, x: item.transform[4] as number, y: item.transform[5] as number });
    }
    const operators = await page.getOperatorList();
    fills.push(operators.fnArray.flatMap((fn, index) => (fn === OPS.setFillRGBColor ? [String(operators.argsArray[index])] : [])));
  }
  await document.destroy();
  return { items, pages, fills, text: items.map((item) => item.text).join(' ') };
}

describe('renderAcblCard', () => {
  it('draws two Letter pages in the classic card order, with the names and every section', async () => {
    const { pdf } = await renderAcblCard(sayc());
    const { pages, items, text } = await read(pdf);
    expect(pages.slice(0, 2)).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(text).toContain('CONVENTION CARD');
    expect(text).toContain('Anna Smith & Bob Jones');
    for (const section of ACBL_CARD_SECTIONS) {
      const title = items.find((item) => item.text === section.title.toUpperCase());
      expect(title?.page, section.title).toBe(section.page);
    }
    // Everything is on the paper.
    for (const item of items) {
      expect(item.x, item.text).toBeGreaterThanOrEqual(0);
      expect(item.y, item.text).toBeGreaterThan(0);
      expect(item.y, item.text).toBeLessThan(792);
    }
  });

  it('ticks exactly the boxes the agreement ticks, at their fields', async () => {
    const agreement = sayc();
    const { pdf } = await renderAcblCard(agreement);
    const { items } = await read(pdf);
    const card = fillAcblCard(agreement);
    const ticked = card.sections.flatMap((section) => section.fields.flatMap((field) => field.checks.filter((check) => check.isChecked)));
    const tickedItems = items.filter((item) => item.text.includes('☒'));
    expect(tickedItems.length).toBeGreaterThanOrEqual(ticked.length);
    // A sample: 1NT forcing over a major on the front, 4th best leads on the back, beside their fields.
    const forcing = items.find((item) => item.text.includes('☒') && item.text.includes('Forcing') && item.page === 0);
    expect(forcing).toBeDefined();
    const leads = items.find((item) => item.text === 'Length leads versus suits')!;
    const fourth = items.find((item) => item.text.startsWith('☒ 4th best') && item.page === 1 && Math.abs(item.y - leads.y) < 1)!;
    expect(fourth.x).toBeGreaterThan(leads.x);
  });

  it('embeds its fonts and colours announced items blue', async () => {
    const { pdf } = await renderAcblCard(sayc());
    const raw = pdfObjectsText(pdf);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toMatch(/\/Subtype \/Type1/);
    const { fills } = await read(pdf);
    expect(fills[0]).toContain(ALERT_INK.announce);
  });

  it('cuts what does not fit, reports it, and prints it in full on page 3', async () => {
    let agreement = sayc();
    const notrump = agreement.categories.find((category) => category.categoryName === 'Notrump Openings')!;
    const range = notrump.subjects.find((subject) => subject.subjectName === '1NT opening range (HCP)')!;
    const chosen = range.options.find((option) => option.isSelected)!;
    const long = 'Fifteen to seventeen high card points, may contain a five-card major or a six-card minor, and a singleton honour';
    agreement = renameOption(agreement, notrump._id, range._id, chosen._id, long);
    const { pdf, fitReport } = await renderAcblCard(agreement);
    expect(fitReport).toContain(`1NT opening range (HCP): ${long}`);
    const { pages, text, items } = await read(pdf);
    expect(pages).toHaveLength(3);
    expect(text).toContain('(see page 3)');
    expect(
      items
        .filter((item) => item.page === 2)
        .map((item) => item.text)
        .join(' '),
    ).toContain(long);
  });

  it('needs no page 3 when everything fits', async () => {
    const { fitReport, pdf } = await renderAcblCard({ ...sayc(), categories: sayc().categories.map((category) => ({ ...category, subjects: [] })) });
    expect(fitReport).toEqual([]);
    expect((await read(pdf)).pages).toHaveLength(2);
  });

  it("prints the partnership's notes on the supplement, without reporting them as cut", async () => {
    let agreement = sayc();
    const notrump = agreement.categories.find((category) => category.categoryName === 'Notrump Openings')!;
    const played = notrump.subjects.find((subject) => subject.isSelected)!;
    const unplayed = notrump.subjects.find((subject) => !subject.isSelected && !subject.subjectName.startsWith('button'))!;
    agreement = setCategoryNote(agreement, notrump._id, 'Same over 2NT');
    agreement = setSubjectNote(agreement, notrump._id, played._id, 'First line\nSecond line');
    agreement = setSubjectNote(agreement, notrump._id, unplayed._id, 'Not played, not printed');
    const { pdf, fitReport } = await renderAcblCard(agreement);
    expect(fitReport.filter((entry) => entry.includes('Same over 2NT') || entry.includes('First line'))).toEqual([]);
    const { pages, items } = await read(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const supplement = items
      .filter((item) => item.page >= 2)
      .map((item) => item.text)
      .join(' ');
    expect(supplement).toContain('Note: Notrump Openings');
    expect(supplement).toContain('Same over 2NT');
    expect(supplement).toContain('First line');
    expect(supplement).toContain('Second line');
    expect(supplement).not.toContain('Not played');
  });
});
