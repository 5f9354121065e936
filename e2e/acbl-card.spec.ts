/**
 * The official ACBL cards (docs/official-cards.md), in real Chromium: a subscriber loads Modern
 * Standard American, names the players and asks for the ACBL card (classic); what goes to the
 * supplementary sheet is listed before the download; the downloaded card is the ACBL's form with
 * the names and the supplement; the editor tags the 1NT range "Announce: 15 to 17". The read-only link page downloads the 2022 card, and a trial
 * visitor gets the card of the two trial categories.
 */
import { readFile } from 'node:fs/promises';
import type { ContractName, TemplateSummary } from '@bpa/domain/contract';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(15);

test('a subscriber downloads the classic card, told first what goes to the supplementary sheet', async ({ subscriberPage: page, browser }) => {
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

  // The template says more than the card has fields for: the fit report comes first.
  const cards = page.getByRole('group', { name: 'Official ACBL convention cards' });
  await cards.getByRole('button', { name: 'ACBL card (classic)' }).click();
  const report = page.getByRole('dialog', { name: /go to the supplementary sheet/ });
  await expect(report).toBeVisible();
  await expect(report.getByRole('listitem').first()).toContainText(/→ S\d+$/);
  await expectNoSeriousAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download the card' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/ACBL.classic.card\.pdf$/);
  const pages = await readPdfText(await readFile(await download.path()));
  const card = pages[0]!;
  // The ACBL's own form, filled in.
  expect(card).toContain('SPECIAL');
  expect(card).toContain('Revised 2023');
  expect(card).toContain('Anna Smith & Bob Jones');
  expect(card).toMatch(/see S\d/);
  expect(pages.slice(2).join(' ')).toContain('Supplement to the ACBL Convention Card');

  // The editor marks what the ACBL Alert procedures flag, with what to say (docs/bridge.md §1c).
  await page
    .getByRole('button', { name: /Notrump Openings/ })
    .first()
    .click();
  await expect(page.getByLabel('1NT opening range (HCP)', { exact: true })).toHaveAccessibleDescription(/Announce/);
  await page.getByRole('button', { name: /^Options of 1NT opening range \(HCP\)/ }).click();
  await expect(page.getByLabel('15-17', { exact: true }).first()).toHaveAccessibleDescription(/Announce: 15 to 17/);
  await expectNoSeriousAxeViolations(page);

  // The read-only link page offers both cards; the 2022 card downloads.
  const made = await page.request.post(`/api/v1/contracts/my/${partner1._id}/link`);
  expect(made.status(), await made.text()).toBe(200);
  const { linkToken } = ((await made.json()) as { data: { linkToken: string } }).data;
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/shared/${linkToken}`);
  await expect(visitor.getByRole('link', { name: 'ACBL card (classic)' })).toBeVisible();
  const visitorDownload = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: 'ACBL card (2022)' }).click();
  const sharedCard = await visitorDownload;
  expect(sharedCard.suggestedFilename()).toMatch(/ACBL.2022.card\.pdf$/);
  expect((await readPdfText(await readFile(await sharedCard.path())))[0]).toContain('OVERVIEW');
  await expect.poll(() => visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitorContext.close();
});

test('a trial visitor downloads the card of the two trial categories', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  const cards = page.getByRole('group', { name: 'Official ACBL convention cards' });
  const downloading = page.waitForEvent('download');
  await cards.getByRole('button', { name: 'ACBL card (2022)' }).click();
  // When the trial's categories hold items the card has no field for, the fit report comes first.
  const report = page.getByRole('dialog', { name: /go to the supplementary sheet/ });
  const first = await Promise.race([downloading.then(() => 'download'), report.waitFor().then(() => 'report')]);
  if (first === 'report') await report.getByRole('button', { name: 'Download the card' }).click();
  const download = await downloading;
  const text = (await readPdfText(await readFile(await download.path()))).join(' ');
  expect(text).toContain('OVERVIEW');
  // Only Overcalls and Doubles were sent and printed: nothing of the notrump openings' supplement.
  expect(text).not.toContain('Notrump Openings');
});
