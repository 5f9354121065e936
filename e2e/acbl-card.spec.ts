/**
 * The convention card (docs/product.md §13), in real Chromium: a subscriber loads Modern Standard American,
 * names the players and asks for the Convention card (ACBL layout); what did not fit is listed
 * before the download; the downloaded card holds the names, ticked boxes and the supplement page.
 */
import { readFile } from 'node:fs/promises';
import type { ContractName, TemplateSummary } from '@bpa/domain/contract';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(15);

test('a subscriber downloads the convention card, told first what did not fit', async ({ subscriberPage: page }) => {
  test.setTimeout(120_000);
  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner1 = agreements.find((row) => row.contractName === 'Partner 1')!;
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: TemplateSummary[] }).data;
  const sayc = templates.find((template) => template.templateName === 'Modern Standard American')!;
  expect((await page.request.patch(`/api/v1/contracts/my/${partner1._id}/template`, { data: { templateId: sayc._id } })).status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await page.getByLabel('Player 1').fill('Anna Smith');
  await page.getByLabel('Player 2').fill('Bob Jones');
  await page.getByLabel('Player 2').press('Enter');

  // Some of the template's long write-ins do not fit: the fit report comes first.
  await page.getByRole('button', { name: 'Convention card (ACBL layout)' }).click();
  const report = page.getByRole('dialog', { name: /did not fit on the card/ });
  await expect(report).toBeVisible();
  await expect(report.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download the card' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/card\.pdf$/);
  const text = (await readPdfText(await readFile(await download.path()))).join(' ');
  expect(text).toContain('CONVENTION CARD');
  expect(text).toContain('Anna Smith & Bob Jones');
  expect(text).toContain('☒');
  expect(text).toContain('SUPPLEMENT');
});
