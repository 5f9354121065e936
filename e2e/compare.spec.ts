/**
 * Compare (docs/sharing.md §9-10), in real Chromium: a subscriber changes three items of an agreement made
 * from the Blank template; comparing it with Blank lists exactly those three, the other categories
 * collapse to "same", and Download as PDF gives the "What's different" sheet with them.
 */
import { readFile } from 'node:fs/promises';
import type { ContractName, TemplateSummary } from '@bpa/domain/contract';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(3);

test('comparing an agreement with its template lists exactly the changed items', async ({ subscriberPage: page }) => {
  test.setTimeout(120_000);
  // Three changes to Partner 2 (made from Blank): two ticks and a rename.
  await page.getByRole('button', { name: 'Edit Agreement: Partner 2' }).click();
  await page.getByRole('button', { name: /General Approach/ }).click();
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await page.getByLabel('Third-seat openings', { exact: true }).check();
  await page.getByRole('button', { name: 'Edit name: Major-suit openings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('[contenteditable="true"]').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Five-card majors always');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes are saved.');

  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner2 = agreements.find((row) => row.contractName === 'Partner 2')!;
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: TemplateSummary[] }).data;
  const blank = templates.find((row) => row.templateName === 'Blank')!;

  await page.goto(`/my/compare?left=agr:${partner2._id}&right=tpl:${blank._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare agreements' })).toBeVisible();
  await expect(page.locator('.compare-summary')).toHaveText('3 differences in 1 categories.');
  const rows = page.locator('.compare-row:not(.compare-header)');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Psychic calls' })).toContainText('played in the first only');
  await expect(rows.filter({ hasText: 'Third-seat openings' })).toContainText('played in the first only');
  // Renaming ticks the subject too: played here (under its new name), not recorded in Blank.
  await expect(rows.filter({ hasText: 'Five-card majors always' })).toContainText('played in the first only');
  await expect(rows.filter({ hasText: 'Five-card majors always' })).toContainText('not recorded (unticked)');
  await expect(page.locator('.compare-same')).toHaveCount(12);
  await expect(page.locator('.compare-same').first()).toContainText(': same');
  await expectNoSeriousAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as PDF' }).click();
  const download = await downloading;
  const text = (await readPdfText(await readFile((await download.path())!))).join('\n');
  expect(text).toContain("What's different: Partner 2 | Blank (template)");
  expect(text).toContain('Psychic calls');
  expect(text).toContain('Blank (template): not recorded');
  expect(text).toContain('Same in both');

  // On a 390 px phone the page is no wider than the screen, even with a long agreement name to choose.
  const longName = 'Our club championship agreement with Pat, Wednesday evenings and weekends';
  expect((await page.request.patch(`/api/v1/contracts/my/${partner2._id}/name`, { data: { contractName: longName } })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('.compare-summary')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
