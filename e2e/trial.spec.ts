/**
 * The main job end to end (docs/product.md §1, §14: a visitor builds a trial agreement and downloads its PDF):
 * from the landing page through the trial to a downloaded PDF whose text holds exactly the
 * selected items, in real Chromium against the real server.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Contract } from '@bpa/domain/contract';
import { parseMarkup } from '@bpa/domain/markup';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectedPdfLines, squeeze, unselectedNames } from './support/agreement-text';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';

useClientAddress(14);

const STORAGE_KEY = 'bpa.guestAgreement.v1';

async function storedAgreement(page: Page): Promise<Contract> {
  const text = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(text, 'the guest agreement is kept in the browser').not.toBeNull();
  return (JSON.parse(text!) as { contract: Contract }).contract;
}

function optionsOf(page: Page, subject: string) {
  return page.getByRole('list', { name: `Options of ${subject}`, exact: true });
}

test('a newcomer tries the product, edits the trial agreement and downloads its PDF', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bridge Partnership Agreements');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Try the free trial (and see for yourself)' }).click();

  await expect(page).toHaveURL(/\/trial$/);
  await expect(page.getByText('Free Trial Information')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page
    .getByRole('link', { name: 'Get Started' })
    .or(page.getByRole('button', { name: 'Get Started' }))
    .click();

  await expect(page).toHaveURL(/\/guest\/home$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load a Template' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();

  await expect(page).toHaveURL(/\/guest\/contract$/);
  // The 11 categories outside the trial are listed but closed.
  await expect(page.locator('.category-button[aria-disabled="true"]')).toHaveCount(11);
  await page.getByRole('button', { name: /Overcalls/ }).click();
  await expect(page.getByRole('heading', { name: /IX\. Overcalls/ })).toBeVisible();

  // Untick a selected subject, tick an unselected one (its options open), tick and untick options.
  await page.getByLabel('Competing after they bid and raise', { exact: true }).check();
  await expect(optionsOf(page, 'Competing after they bid and raise')).toBeVisible();
  await optionsOf(page, 'Competing after they bid and raise').getByLabel('Double: takeout', { exact: true }).check();
  await page.getByLabel('Balancing (reopening) overcalls', { exact: true }).uncheck();
  await page.getByRole('button', { name: /^Options of New suit by advancer/ }).click();
  await optionsOf(page, 'New suit by advancer').getByLabel('Forcing', { exact: true }).check();
  await optionsOf(page, 'New suit by advancer').getByLabel('Not forcing, constructive', { exact: true }).uncheck();

  // Colour a subject's name red.
  await page.getByRole('button', { name: 'Edit name: One-level overcall (HCP)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const field = dialog.locator('[contenteditable="true"]');
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('One-level overcall 8-16');
  await page.keyboard.press('ControlOrMeta+A');
  await dialog.getByRole('button', { name: 'Red' }).click();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('One-level overcall 8-16', { exact: true })).toBeChecked();
  // Focus returns to the edit button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Edit name: One-level overcall 8-16' })).toBeFocused();

  // Add a subject of our own and an option under it.
  await page.getByRole('button', { name: 'Add New Subject' }).click();
  await page.getByRole('dialog').locator('[contenteditable="true"]').fill('Our 1!h overcall defence');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Our 1♥ overcall defence', { exact: true })).toBeChecked();
  // The "Add New Subject" button became the new subject: focus goes to its check box, not nowhere.
  await expect(page.getByLabel('Our 1♥ overcall defence', { exact: true })).toBeFocused();
  const ownOptions = page.getByRole('button', { name: /^Options of Our 1♥ overcall defence/ });
  if ((await ownOptions.getAttribute('aria-expanded')) !== 'true') await ownOptions.click();
  await optionsOf(page, 'Our 1♥ overcall defence').getByRole('button', { name: 'Add New Option' }).click();
  await page.getByRole('dialog').locator('[contenteditable="true"]').fill('Double shows both minors');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(optionsOf(page, 'Our 1♥ overcall defence').getByLabel('Double shows both minors', { exact: true })).toBeChecked();
  await expect(optionsOf(page, 'Our 1♥ overcall defence').getByLabel('Double shows both minors', { exact: true })).toBeFocused();

  // A category outside the trial stays closed.
  const notrump = page.getByRole('button', { name: /Notrump Openings/ });
  await expect(notrump).toHaveAttribute('aria-disabled', 'true');
  await expect(notrump).toContainText('full program');
  await notrump.click({ force: true });
  await expect(page.getByRole('heading', { name: /Notrump Openings/ })).toHaveCount(0);

  // Edits survive a reload: they are kept in the browser.
  // Writes to the browser's storage are throttled: wait for the last edit to land.
  await expect.poll(async () => JSON.stringify(await storedAgreement(page))).toContain('Double shows both minors');
  const beforeReload = await storedAgreement(page);
  const redName = beforeReload.categories.find((c) => c.categoryName === 'Overcalls')!.subjects[0]!.editedName;
  expect(parseMarkup(redName)).toEqual([{ text: 'One-level overcall 8-16', colour: 2 }]);
  // Once the editor is idle, the viewer's code and PDF.js's worker are prefetched (ADR 207); a tap
  // before that starts loading them as the PDF's request goes (preload-pdf-viewer.ts). Either way
  // the worker is asked for before the PDF (checked below).
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.reload();
  await page.getByRole('button', { name: /Overcalls/ }).click();
  await expect(page.getByLabel('Our 1♥ overcall defence', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Balancing (reopening) overcalls', { exact: true })).not.toBeChecked();
  const agreement = await storedAgreement(page);
  expect(agreement).toEqual(beforeReload);
  await expectNoSeriousAxeViolations(page);

  // Make the PDF, see it in the viewer, download it. The agreement goes up compressed (docs/pdf.md §8).
  const pdfRequest = page.waitForRequest((request) => request.url().endsWith('/api/v1/contracts/pdf-guest'));
  await page.getByRole('button', { name: 'Make PDF' }).click();
  const sent = await pdfRequest;
  const sentAt = requested.indexOf(sent.url());
  expect(requested.slice(0, sentAt).some((url) => /\/assets\/pdf\.worker[^/]*\.mjs$/.test(url))).toBe(true);
  expect(await sent.headerValue('content-encoding')).toBe('gzip');
  expect(await sent.headerValue('content-type')).toBe('application/json');
  expect(Number(await sent.headerValue('content-length'))).toBeLessThan(JSON.stringify(agreement).length / 3);
  await expect(page).toHaveURL(/\/pdfview$/);
  await expect(page.locator('.react-pdf__Page').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = squeeze((await readPdfText(await readFile(await download.path()))).join(' '));

  // Exactly the selected items of the two trial categories, in order; nothing unselected.
  const trialOnly = {
    ...agreement,
    categories: agreement.categories.filter((c) => c.categoryName === 'Overcalls' || c.categoryName === 'Doubles and Redoubles'),
  };
  const expected = expectedPdfLines(trialOnly);
  expect(expected).toContain('One-level overcall 8-16');
  expect(expected).toContain('Our 1♥ overcall defence');
  let position = 0;
  for (const line of expected) {
    const found = text.indexOf(squeeze(line), position);
    expect(found, `"${line}" appears in order in the PDF`).toBeGreaterThanOrEqual(0);
    position = found + line.length;
  }
  for (const name of unselectedNames(trialOnly)) {
    // Short option names (e.g. "Forcing") can be part of a longer selected name; check the long ones.
    if (name.length < 24 || expected.some((line) => line.includes(name))) continue;
    expect(text, `unselected "${name}" is not printed`).not.toContain(squeeze(name));
  }
  expect(text).not.toContain('Notrump Openings');

  // Back to the editor from the viewer: a guest goes to /trial (docs/product.md §2).
  await page
    .getByRole('link', { name: 'Go To Contract Editor' })
    .or(page.getByRole('button', { name: 'Go To Contract Editor' }))
    .click();
  await expect(page).toHaveURL(/\/trial$/);
});
