/**
 * Print options (docs/product.md §11), in real Chromium: a subscriber chooses Large print, A4 and
 * four-colour suits and names the players; Make PDF downloads a file that is A4, set in large type
 * and carries the players, the legend and the version; the options are remembered after a reload. A visitor's trial PDF
 * downloads by itself after Make PDF.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(9);

/** Page size, every text item with its size, of a downloaded PDF. */
async function readDownload(download: Download) {
  const document = await getDocument({ data: new Uint8Array(await readFile(await download.path())), verbosity: 0, isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const [, , width = 0, height = 0] = page.view;
  const items = (await page.getTextContent()).items.flatMap((item) =>
    'str' in item && item.str.trim() !== '' ? [{ text: item.str, size: Math.abs(item.transform[3] as number) }] : [],
  );
  const pages = document.numPages;
  await document.destroy();
  return { width, height, items, pages, text: items.map((item) => item.text).join(' ') };
}

async function openPrintOptions(page: Page) {
  await page.getByRole('button', { name: 'Print options' }).first().click();
  return page.getByRole('dialog', { name: 'Print options' });
}

test('a subscriber prints in large print on A4 with four-colour suits, and the choice is remembered', async ({ subscriberPage: page }) => {
  test.setTimeout(120_000);
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await page.getByRole('button', { name: 'Select All' }).click();
  // The players' names, printed under the title.
  await page.getByLabel('Player 1').fill('Anna Smith');
  await page.getByLabel('Player 2').fill('Bob Jones');
  await page.getByLabel('Player 2').press('Enter');
  await page.locator('.agreement-status').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.agreement-status').getByText('All changes are saved.')).toBeVisible();

  await expect(page.locator('.print-options-summary')).toContainText('Letter · Detailed · legend');
  const dialog = await openPrintOptions(page);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('radio', { name: /A4/ }).check();
  await dialog.getByRole('radio', { name: /Large print/ }).check();
  await dialog.getByRole('checkbox', { name: /Four-colour suits/ }).check();
  await dialog.getByRole('button', { name: 'Use these options' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.print-options-summary')).toContainText('A4 · Large print · four-colour suits · legend');

  // Make PDF goes to the viewer, which downloads the new file by itself.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Make PDF' }).first().click();
  const pdf = await readDownload(await downloading);
  expect({ width: pdf.width, height: pdf.height }).toEqual({ width: 595.28, height: 841.89 });
  expect(pdf.text).toContain('Bold: on the ACBL convention card.');
  expect(pdf.text).toContain('Players: Anna Smith & Bob Jones');
  expect(pdf.text).toMatch(/Version \d+ · \d{1,2} [A-Z][a-z]+ \d{4} · Page 1 of \d+/);
  // Everything but the footer (the name and the version line) and the legend is body text.
  const legend = 'Bold: on the ACBL convention card. Italic: one of the "25 Bridge Conventions You Should Know".';
  const body = pdf.items.filter(
    (item) => item.text !== 'Partner 1' && !item.text.includes('Page ') && !legend.includes(item.text.trim()) && !item.text.startsWith('Players:'),
  );
  expect(body.length).toBeGreaterThan(20);
  expect(Math.min(...body.map((item) => item.size))).toBeGreaterThanOrEqual(13);

  // Remembered in this browser; the names were saved with the agreement.
  await page.goto('/my/contract');
  await expect(page.getByLabel('Player 1')).toHaveValue('Anna Smith');
  await expect(page.locator('.print-options-summary')).toContainText('A4 · Large print · four-colour suits · legend');
});

test("a visitor's trial PDF downloads by itself after Make PDF", async ({ page }) => {
  await page.goto('/trial');
  await page
    .getByRole('link', { name: 'Get Started' })
    .or(page.getByRole('button', { name: 'Get Started' }))
    .click();
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  await page.getByRole('button', { name: 'Select All' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Make PDF' }).first().click();
  await expect(page).toHaveURL(/\/pdfview$/);
  const pdf = await readDownload(await downloading);
  expect(pdf.text).toContain('Overcalls');
  expect({ width: pdf.width, height: pdf.height }).toEqual({ width: 612, height: 792 });
});
