/**
 * Export and import (docs/product.md §12), in real Chromium: a subscriber exports an agreement as JSON,
 * imports the file into another of their agreements (with the erase confirmation; the player names
 * come along), and Compare finds no difference between the two; a file that is not an agreement is
 * refused with its reason before the erase confirmation. A filled ACBL convention card (the ACBL's
 * classic form, filled here with a PDF library) and a card exported from BBO are imported after
 * their import reports.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Contract, ContractName, TemplateSummary } from '@bpa/domain/contract';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(6);

test('a subscriber exports an agreement as JSON, imports it into another, and Compare finds no difference', async ({ subscriberPage: page }, testInfo) => {
  test.setTimeout(120_000);
  // Partner 1 gets LC Standard, so there is something to carry over.
  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner1 = agreements.find((row) => row.contractName === 'Partner 1')!;
  const partner2 = agreements.find((row) => row.contractName === 'Partner 2')!;
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: TemplateSummary[] }).data;
  const lc = templates.find((template) => template.templateName === 'LC Standard')!;
  expect((await page.request.patch(`/api/v1/contracts/my/${partner1._id}/template`, { data: { templateId: lc._id } })).status()).toBe(200);
  // And the players named: the JSON carries the whole agreement.
  const loaded = ((await (await page.request.get(`/api/v1/contracts/my/${partner1._id}`)).json()) as { data: Contract }).data;
  const named = { contractName: loaded.contractName, categories: loaded.categories, playerNames: ['Anna Smith', 'Bob Jones'], revision: loaded.revision };
  expect((await page.request.patch(`/api/v1/contracts/my/${partner1._id}`, { data: named })).status()).toBe(200);
  await page.reload();

  // Export Partner 1 as JSON.
  await page.getByRole('button', { name: 'Export or import: Partner 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export or import' });
  await expectNoSeriousAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Partner 1.json');
  const exported = join(testInfo.outputDir, 'partner-1.json');
  await download.saveAs(exported);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A file that is not an agreement is refused, and nothing changes.
  const notAnAgreement = join(testInfo.outputDir, 'notes.json');
  await writeFile(notAnAgreement, JSON.stringify({ notes: 'bring the convention card' }));
  await page.getByRole('button', { name: 'Export or import: Partner 2' }).click();
  await dialog.getByLabel('File to import into Partner 2').setInputFiles(notAnAgreement);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The server reads the file first: refused before anyone is asked to erase anything.
  await expect(dialog.getByRole('alert')).toContainText('This file is not an agreement');
  await expect(dialog.getByText('This will completely erase the existing Agreement.')).toBeHidden();

  // Import the export into Partner 2.
  await dialog.getByLabel('File to import into Partner 2').setInputFiles(exported);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Import report' })).toContainText('everything in it is imported');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  // Partner 2 keeps its own name (docs/product.md §12): the dashboard does not show two "Partner 1".
  await expect(page.getByRole('row').filter({ hasText: 'Partner 1' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Partner 2' })).toHaveCount(1);

  const imported = ((await (await page.request.get(`/api/v1/contracts/my/${partner2._id}`)).json()) as { data: Contract }).data;
  expect(imported.contractName).toBe('Partner 2');
  expect(imported.playerNames).toEqual(['Anna Smith', 'Bob Jones']);

  // Compare: the two agreements say the same.
  await page.goto(`/my/compare?left=agr:${partner1._id}&right=agr:${partner2._id}`);
  await expect(page.getByText('No difference: the two agreements say the same.')).toBeVisible();
});

test('a subscriber imports a filled ACBL classic card, told first what was placed and what has no place', async ({ subscriberPage: page }, testInfo) => {
  test.setTimeout(90_000);
  const form = await PDFDocument.load(await readFile(new URL('../packages/server/assets/acbl/acbl-classic-2023.pdf', import.meta.url)));
  const fields = form.getForm();
  fields.getTextField('NAMES').setText('Anna Gray & Bob White');
  fields.getTextField('to_4').setText('15');
  fields.getTextField('1_2').setText('17');
  fields.getCheckBox('2c Stayman').check();
  fields.getCheckBox('Natural Artif Bids').check();
  const card = join(testInfo.outputDir, 'our-card.pdf');
  await mkdir(testInfo.outputDir, { recursive: true });
  await writeFile(card, await form.save());

  await page.getByRole('button', { name: 'Export or import: Partner 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export or import' });
  await dialog.getByLabel('File to import into Partner 3').setInputFiles(card);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = dialog.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('ACBL convention card, classic (2023): 5 fields read, 4 placed on their items');
  await expect(dialog.getByRole('list', { name: 'Fields with no place' })).toContainText('Natural Artif Bids: ticked');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner3 = agreements.find((row) => row.contractName === 'Partner 3')!;
  const imported = ((await (await page.request.get(`/api/v1/contracts/my/${partner3._id}`)).json()) as { data: Contract }).data;
  expect(imported.playerNames).toEqual(['Anna Gray', 'Bob White']);
  const range = imported.categories.flatMap((category) => category.subjects).find((subject) => subject.key === 'nt.range')!;
  expect(range.options.filter((option) => option.isSelected).map((option) => option.key)).toEqual(['nt.range.15-17']);
});

test('a subscriber imports a card exported from BBO, told first what was placed', async ({ subscriberPage: page }) => {
  test.setTimeout(90_000);
  await page.getByRole('button', { name: 'Export or import: Partner 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export or import' });
  await dialog
    .getByLabel('File to import into Partner 4')
    .setInputFiles(fileURLToPath(new URL('../packages/server/src/test/fixtures/bbo-card-example.xml', import.meta.url)));
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = dialog.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText(/BBO convention card \(XML\): \d+ fields read, \d+ placed on their items/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner4 = agreements.find((row) => row.contractName === 'Partner 4')!;
  const imported = ((await (await page.request.get(`/api/v1/contracts/my/${partner4._id}`)).json()) as { data: Contract }).data;
  expect(imported.playerNames).toEqual(['Rick', 'Art']);
  const range = imported.categories.flatMap((category) => category.subjects).find((subject) => subject.key === 'nt.range')!;
  expect(range.options.filter((option) => option.isSelected).map((option) => option.key)).toEqual(['nt.range.15-17']);
});
