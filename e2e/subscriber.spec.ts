/**
 * The subscriber workspace end to end (docs/product.md §2, §4), in real Chromium
 * against the real server: an invited subscriber signs in, renames an agreement, loads LC Standard
 * into it, edits several categories, saves, reloads, is warned before leaving with unsaved edits,
 * makes the PDF, sees it in both viewers and downloads it; and two tabs editing one agreement get
 * their different changes merged, and after a reset elsewhere the stale-save question without
 * losing anything typed.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import type { Contract, ContractName } from '@bpa/domain/contract';
import { MESSAGES } from '@bpa/domain/messages';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectedPdfLines, squeeze, unselectedNames } from './support/agreement-text';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(12);

/** The editor's save state (the phone's save bar repeats the second one). */
const SAVED = 'All changes are saved.';
const UNSAVED = 'You have unsaved changes.';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const optionsOf = (page: Page, subject: string) => page.getByRole('list', { name: `Options of ${subject}`, exact: true });

/** The subscriber's agreement names, from the server (GET /api/v1/contracts/my). */
async function agreementNames(page: Page): Promise<ContractName[]> {
  const answer = await page.request.get('/api/v1/contracts/my');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: ContractName[] }).data;
}

/** One agreement as stored (GET /api/v1/contracts/my/{id}). */
async function storedAgreement(page: Page, name: string): Promise<Contract> {
  const row = (await agreementNames(page)).find((agreement) => agreement.contractName === name);
  expect(row, `an agreement called ${name}`).toBeDefined();
  const answer = await page.request.get(`/api/v1/contracts/my/${row!._id}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Contract }).data;
}

function subjectOf(agreement: Contract, category: string, subject: string) {
  const found = agreement.categories.find((c) => c.categoryName === category)?.subjects.find((s) => (s.isEdited ? s.editedName : s.subjectName) === subject);
  expect(found, `${category}: ${subject}`).toBeDefined();
  return found!;
}

async function openCategory(page: Page, name: RegExp, heading: RegExp): Promise<void> {
  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

async function saveAgreement(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText(SAVED);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
}

/** The text of a downloaded PDF, white space squeezed, and its page count. */
async function readDownload(download: Download): Promise<{ text: string; pageCount: number }> {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pages = await readPdfText(await readFile(await download.path()));
  return { text: squeeze(pages.join(' ')), pageCount: pages.length };
}

/** Exactly the selected items of the agreement, in order, and none of the unselected ones. */
function expectPdfToShow(text: string, agreement: Contract): void {
  let position = 0;
  for (const line of expectedPdfLines(agreement)) {
    const found = text.indexOf(squeeze(line), position);
    expect(found, `"${line}" appears in order in the PDF`).toBeGreaterThanOrEqual(0);
    position = found + line.length;
  }
  const printed = expectedPdfLines(agreement);
  for (const name of unselectedNames(agreement)) {
    // Short option names (e.g. "Never") can be part of a longer selected name; check the long ones.
    if (name.length < 24 || printed.some((line) => line.includes(name))) continue;
    expect(text, `unselected "${name}" is not printed`).not.toContain(squeeze(name));
  }
}

test('a subscriber renames an agreement, loads LC Standard, edits, saves, and downloads its PDF from both viewers', async ({ subscriberPage: page }) => {
  test.setTimeout(180_000);
  // Added by the administrator, the subscriber has the five agreements made from Blank.
  await expect(page.getByRole('button', { name: /^Edit Agreement: / })).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(mainNav(page).getByRole('link')).toHaveText(['Instructions', 'Contact Us', 'Logout']);
  await expectNoSeriousAxeViolations(page);
  // /my/instructions without a loaded agreement (docs/product.md §2): Go To Dashboard, Logout.
  await mainNav(page).getByRole('link', { name: 'Instructions' }).click();
  await expect(page).toHaveURL(/\/my\/instructions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instructions' })).toBeVisible();
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Logout']);
  await mainNav(page).getByRole('link', { name: 'Go To Dashboard' }).click();
  await expect(page).toHaveURL(/\/my\/home$/);

  // Edit Name, with Cancel (docs/product.md §4: inline with cancel) and Save (PATCH base/{id}/name).
  await page.getByRole('button', { name: 'Edit Name: Partner 2' }).click();
  await page.getByLabel('New name for Partner 2').fill('Never saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit Name: Partner 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Name: Partner 1' }).click();
  await page.getByLabel('New name for Partner 1').fill('Pat and me');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit Name: Pat and me' })).toBeVisible();
  // The renamed agreement keeps its place on the dashboard.
  expect((await agreementNames(page)).map((agreement) => agreement.contractName)).toEqual(['Pat and me', 'Partner 2', 'Partner 3', 'Partner 4', 'Partner 5']);

  // Load a Template: the six templates in the spec's order (then any an administrator uploaded,
  // e.g. by admin.spec.ts), a choice, then the OK confirmation (docs/product.md §5).
  await page.getByRole('button', { name: 'Load a Template: Pat and me' }).click();
  const templateDialog = page.getByRole('dialog', { name: 'Load a Template' });
  await expect(templateDialog.getByRole('radio').nth(5)).toBeVisible();
  const templateLabels = await templateDialog.locator('.template-option label').allInnerTexts();
  expect(templateLabels.map((label) => label.trim()).slice(0, 6)).toEqual([
    'Blank',
    'Basic Precision',
    'Modern Standard American',
    'Basic 2 over 1 Game Forcing',
    'Bridge World Standard',
    'LC Standard',
  ]);
  await templateDialog.getByRole('button', { name: 'Load Template' }).click();
  await expect(templateDialog.getByText('Please choose a template.')).toBeVisible();
  await templateDialog.getByLabel('LC Standard').check();
  await templateDialog.getByRole('button', { name: 'Load Template' }).click();
  await expect(templateDialog.getByText(MESSAGES.resetToTemplateConfirm)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await templateDialog.getByRole('button', { name: 'OK' }).click();
  await expect(templateDialog).toBeHidden();
  const fromTemplate = await storedAgreement(page, 'Pat and me');
  expect(subjectOf(fromTemplate, 'General Approach', 'Basic system').options.find((o) => o.optionName === 'LC Standard')?.isSelected).toBe(true);

  // The editor with all 13 categories.
  await page.getByRole('button', { name: 'Edit Agreement: Pat and me' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await expect(page.locator('.agreement-status-name')).toHaveText('Pat and me');
  await expect(page.locator('.category-button')).toHaveCount(13);
  await expect(page.locator('.category-button[aria-disabled="true"]')).toHaveCount(0);
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Instructions', 'Contact Us', 'Logout']);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // Several items across categories.
  await openCategory(page, /General Approach/, /^I\. General Approach/);
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await optionsOf(page, 'Psychic calls').getByLabel('Rare', { exact: true }).check();
  await openCategory(page, /Notrump Openings/, /^II\. Notrump Openings/);
  await page.getByLabel('1NT second range', { exact: true }).check();
  await page.getByLabel('5-card major in a 1NT opening', { exact: true }).uncheck();
  await openCategory(page, /Slam Bidding/, /^VIII\. Slam Bidding/);
  await page.getByRole('button', { name: 'Add New Subject' }).click();
  await page.getByRole('dialog').locator('[contenteditable="true"]').fill('Our own slam tries over 1!h');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Our own slam tries over 1♥', { exact: true })).toBeChecked();
  await openCategory(page, /Signals and Discards/, /^XIII\. Signals and Discards/);
  await page.getByLabel('Upside-down signals', { exact: true }).check();
  await expect(page.locator('.save-state')).toHaveText(UNSAVED);
  await expectNoSeriousAxeViolations(page);
  // The save sends only what changed (ADR 181): a few kilobytes, not the 300 kB agreement.
  const saveRequest = page.waitForRequest((request) => request.method() === 'PATCH' && /\/api\/v1\/contracts\/my\/[^/]+\/changes$/.test(request.url()));
  await saveAgreement(page);
  expect((await saveRequest).postData()?.length ?? Infinity).toBeLessThan(20_000);

  const saved = await storedAgreement(page, 'Pat and me');
  expect(saved.revision).toBeGreaterThan(fromTemplate.revision);
  expect(subjectOf(saved, 'General Approach', 'Psychic calls').isSelected).toBe(true);
  expect(subjectOf(saved, 'General Approach', 'Psychic calls').options.find((o) => o.optionName === 'Rare')?.isSelected).toBe(true);
  expect(subjectOf(saved, 'Notrump Openings', '1NT second range').isSelected).toBe(true);
  expect(subjectOf(saved, 'Notrump Openings', '5-card major in a 1NT opening').isSelected).toBe(false);
  expect(subjectOf(saved, 'Slam Bidding', 'Our own slam tries over 1!h').isSelected).toBe(true);
  expect(subjectOf(saved, 'Signals and Discards', 'Upside-down signals').isSelected).toBe(true);

  // With an agreement loaded, /my/instructions and /my/contact lead back to the editor (docs/product.md §2).
  await mainNav(page).getByRole('link', { name: 'Instructions' }).click();
  await expect(page).toHaveURL(/\/my\/instructions$/);
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Go To Agreement Editor', 'Logout']);
  await mainNav(page).getByRole('link', { name: 'Go To Agreement Editor' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await mainNav(page).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/my\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Go To Agreement Editor', 'Instructions', 'Logout']);
  await mainNav(page).getByRole('link', { name: 'Go To Agreement Editor' }).click();
  await expect(page.locator('.agreement-status-name')).toHaveText('Pat and me');

  // A reload opens the same agreement again, from the server.
  await page.reload();
  await expect(page.locator('.agreement-status-name')).toHaveText('Pat and me');
  await openCategory(page, /Notrump Openings/, /^II\. Notrump Openings/);
  await expect(page.getByLabel('1NT second range', { exact: true })).toBeChecked();
  await expect(page.getByLabel('5-card major in a 1NT opening', { exact: true })).not.toBeChecked();
  await expect(page.locator('.save-state')).toHaveText(SAVED);

  // Unsaved edits: leaving through an in-app link asks first, and Cancel stays.
  await page.getByLabel('Shapes opened 1NT', { exact: true }).check();
  await mainNav(page).getByRole('link', { name: 'Go To Dashboard' }).click();
  const leaveDialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: MESSAGES.leaveWithoutSaving });
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(leaveDialog).toBeHidden();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await expect(page.getByLabel('Shapes opened 1NT', { exact: true })).toBeChecked();

  // Reloading the tab gets the browser's own question (beforeunload); dismissing it keeps the page.
  const beforeUnload = page.waitForEvent('dialog');
  // Not awaited: the page's script waits while the browser asks.
  const reloading = page.evaluate(() => window.location.reload()).catch(() => undefined);
  const question = await beforeUnload;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await reloading;
  await expect(page.getByLabel('Shapes opened 1NT', { exact: true })).toBeChecked();
  await expect(page.locator('.save-state')).toHaveText(UNSAVED);
  await saveAgreement(page);
  const agreement = await storedAgreement(page, 'Pat and me');
  expect(subjectOf(agreement, 'Notrump Openings', 'Shapes opened 1NT').isSelected).toBe(true);

  // Make PDF: /my/pdfview, and the file downloads by itself once it is there (docs/product.md §4).
  const autoDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/\/my\/pdfview$/);
  const downloaded = await readDownload(await autoDownload);
  expectPdfToShow(downloaded.text, agreement);
  expect(downloaded.text).toContain('Our own slam tries over 1♥');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pat and me');
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Instructions', 'Contact Us', 'Logout']);
  // Every page, and zoom.
  await expect(page.locator('.react-pdf__Page')).toHaveCount(downloaded.pageCount, { timeout: 30_000 });
  await expect(page.locator('.react-pdf__Page canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('status', { name: 'Zoom level' }).or(page.locator('.pdf-zoom-level'))).toHaveText('125%');
  const clickedDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await readDownload(await clickedDownload)).text).toBe(downloaded.text);

  // The iframe viewer shows the same file.
  await page.getByRole('link', { name: "Open it in the browser's own PDF viewer instead" }).click();
  await expect(page).toHaveURL(/\/my\/pdfview2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pat and me');
  const frame = page.locator('iframe.pdf-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  const frameDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await readDownload(await frameDownload)).text).toBe(downloaded.text);

  // Back to the editor, and from there to the dashboard without a question (all saved).
  await page.getByRole('link', { name: 'Go To Contract Editor' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await mainNav(page).getByRole('link', { name: 'Go To Dashboard' }).click();
  await expect(page).toHaveURL(/\/my\/home$/);

  // A reload empties the store, but the viewer shows this tab's last PDF again (docs/pdf.md §5).
  await page.goto('/my/pdfview2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pat and me');
  // A new tab has no PDF yet: the viewers say so (docs/product.md §2).
  const newTab = await page.context().newPage();
  await newTab.goto('/my/pdfview2');
  await expect(newTab.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.pleaseLoadContract);
  await expect(newTab.getByRole('link', { name: 'Go To Contract Editor' })).toHaveAttribute('href', '/my/contract');
  await newTab.close();
});

test('two tabs editing one agreement: different changes are merged; after a reset elsewhere the save merges onto the reset', async ({
  subscriberPage: page,
  context,
}) => {
  test.setTimeout(120_000);
  const second = await context.newPage();
  // The second tab gets no live changes (docs/sharing.md §13), as behind a proxy that drops the
  // stream: its saves are stale, and merge as ADR 170 says. (review.spec.ts checks the live way.)
  await second.route(/\/live$/, (route) => route.abort());
  await second.goto('/my/home');

  for (const tab of [page, second]) {
    await tab.getByRole('button', { name: 'Edit Agreement: Partner 3' }).click();
    await expect(tab).toHaveURL(/\/my\/contract$/);
    await openCategory(tab, /General Approach/, /^I\. General Approach/);
  }

  // The first tab saves a change; the second, opened before, changes something else: merged (ADR 170).
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await saveAgreement(page);
  await second.getByLabel('Major-suit openings', { exact: true }).check();
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.locator('#agreement-status-message')).toContainText('Merged with');
  await expect(second.getByLabel('Psychic calls', { exact: true })).toBeChecked();
  await expect(second.locator('.save-state')).toHaveText(SAVED);

  // The first tab's dashboard loads a template into the agreement. Its items keep their ids by
  // catalogue key (docs/catalogue-keys.md), so the second tab's next save merges onto the reset: the
  // reset stands, and only what this tab changed since it loaded is added to it.
  await second.getByLabel('Third-seat openings', { exact: true }).check();
  await page.goto('/my/home');
  await page.getByRole('button', { name: 'Load a Template: Partner 3' }).click();
  const templates = page.getByRole('dialog', { name: 'Load a Template' });
  await templates.getByLabel('Blank', { exact: true }).check();
  await templates.getByRole('button', { name: 'Load Template' }).click();
  await templates.getByRole('button', { name: 'OK' }).click();
  await expect(templates).toBeHidden();

  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.locator('#agreement-status-message')).toContainText('Merged with');
  await expect(second.locator('.save-state')).toHaveText(SAVED);
  await expect(second.getByLabel('Third-seat openings', { exact: true })).toBeChecked();
  await expect(second.getByLabel('Psychic calls', { exact: true })).not.toBeChecked();
  const stored = await storedAgreement(page, 'Partner 3');
  expect(subjectOf(stored, 'General Approach', 'Third-seat openings').isSelected).toBe(true);
  // The reset to Blank cleared what was saved before it; the merge did not bring it back.
  expect(subjectOf(stored, 'General Approach', 'Psychic calls').isSelected).toBe(false);
  expect(subjectOf(stored, 'General Approach', 'Major-suit openings').isSelected).toBe(false);
});

test('on a phone, the saved toast lies below the site header and fits the screen, and Make PDF stays free', async ({ subscriberPage: page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await page.getByRole('button', { name: 'Edit Agreement: Partner 4' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await openCategory(page, /General Approach/, /^I\. General Approach/);
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('region', { name: 'Save and Make PDF' });
  await bar.getByRole('button', { name: 'Save changes' }).click();
  const toast = page.locator('.p-toast-message').filter({ hasText: 'Your agreement is saved.' });
  await expect(toast).toBeVisible();
  const [toastBox, headerBox] = [await toast.boundingBox(), await page.locator('.site-header').boundingBox()];
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  expect(toastBox!.x).toBeGreaterThanOrEqual(0);
  expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(390);
  // While the toast shows, the save bar's Make PDF can be pressed.
  await bar.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/\/pdfview$/);
});
