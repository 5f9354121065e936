/**
 * Partners end to end (docs/sharing.md §10), in real Chromium against the real server: an owner shares an
 * agreement with a new partner by email; the partner chooses a password from the outbox email and
 * edits; both save from the same revision with different changes (merged, and said so), then with
 * a real conflict (settled item by item); the owner opens History, downloads an old version's PDF
 * and restores it; the read-only link, shown once, shows the restored content to a browser with no
 * session, and its token never reaches the server's log; revoked, the link says it is no longer valid.
 * Each partner page and dialog (the shared-with-me dashboard, the share dialog, the conflict dialog,
 * History and a version, the read-only page, the lost-access notice) passes axe, on desktop and on a
 * 390 px phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { serverOutputFile } from './playwright.config';
import { USER_PASSWORD, choosePassword, newUserEmail, signIn } from './support/accounts';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsOnPhone } from './support/axe';
import { linkIn, readOutbox, waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(8);

const SAVED = 'All changes are saved.';

async function openGeneralApproach(page: Page): Promise<void> {
  await page.getByRole('button', { name: /General Approach/ }).click();
  await expect(page.getByRole('heading', { name: /^I\. General Approach/ })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

async function renameSubject(page: Page, current: string, name: string): Promise<void> {
  await page.getByRole('button', { name: `Edit name: ${current}` }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.locator('[contenteditable="true"]');
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('an owner and a partner share one agreement: merge, conflict, history, restore and the read-only link', async ({
  subscriberPage: page,
  subscriberEmail: ownerEmail,
  browser,
}) => {
  test.setTimeout(180_000);
  // Neither side gets live changes (docs/sharing.md §13), as behind a proxy that drops the stream,
  // so that their saves are stale and merge or conflict as ADR 170 says (review.spec.ts checks the
  // live way).
  await page.context().route(/\/live$/, (route) => route.abort());
  // The owner shares Partner 1 with a new address.
  const partnerEmail = newUserEmail('partner');
  const before = (await readOutbox()).map((message) => message.file);
  await page.getByRole('button', { name: 'Share with partner: Partner 1' }).click();
  const share = page.getByRole('dialog', { name: 'Share with partner' });
  await expect(share).toContainText('Partner accounts are free');
  await share.getByLabel(/email/i).fill(partnerEmail);
  await share.getByLabel('Access').selectOption('edit');
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share.getByRole('combobox', { name: `Access of ${partnerEmail}` })).toHaveValue('edit');
  await expect(share).toContainText('invited, not accepted yet');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');

  // The partner chooses a password from the email and signs in: the agreement is shared with them.
  const invitation = await waitForEmail(partnerEmail, { ignoreFiles: before });
  expect(invitation.text).toContain('A partner account is free.');
  const partnerContext = await browser.newContext();
  await partnerContext.route(/\/live$/, (route) => route.abort());
  const partner = await partnerContext.newPage();
  await partner.goto(linkIn(invitation, 'accept-invite'));
  await choosePassword(partner, USER_PASSWORD);
  await expect(partner).toHaveURL(/\/login\/changed$/);
  await signIn(partner, partnerEmail, USER_PASSWORD);
  await expect(partner).toHaveURL(/\/my\/home$/);
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Agreements shared with you');
  await expect(partner.getByRole('cell', { name: ownerEmail })).toBeVisible();
  // Offered, not accepted: it opens nothing until the partner accepts it.
  await expect(partner.getByRole('button', { name: 'Edit Agreement: Partner 1' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);
  await partner.getByRole('button', { name: 'Accept: Partner 1' }).click();

  // Both open Partner 1 at the same revision.
  await partner.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(partner).toHaveURL(/\/my\/contract$/);
  await expect(partner.getByText(`Shared by ${ownerEmail}`)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await openGeneralApproach(page);
  await openGeneralApproach(partner);

  // Different changes: the partner's save is merged with the owner's, and says so.
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await save(page);
  await expect(page.locator('.save-state')).toHaveText(SAVED);
  await partner.getByLabel('Major-suit openings', { exact: true }).check();
  await save(partner);
  await expect(partner.locator('#agreement-status-message')).toContainText(`Merged with ${ownerEmail}’s changes`);
  await expect(partner.getByLabel('Psychic calls', { exact: true })).toBeChecked();
  await expect(partner.getByLabel('Major-suit openings', { exact: true })).toBeChecked();

  // The same subject renamed differently: a real conflict, settled item by item.
  await renameSubject(page, 'Third-seat openings', 'Third seat: light');
  await save(page);
  await expect(page.locator('#agreement-status-message')).toContainText('Merged with');
  await renameSubject(partner, 'Third-seat openings', 'Third seat: sound');
  await save(partner);
  const conflicts = partner.getByRole('dialog', { name: 'Your changes and a partner’s changes differ' });
  await expect(conflicts).toBeVisible();
  await expect(conflicts).toContainText('Third seat: light');
  // The item by the name both knew, and what it was before either change.
  await expect(conflicts.getByRole('group', { name: 'General Approach › Third-seat openings' })).toContainText('Before: Third-seat openings');
  await expect(conflicts).toContainText(ownerEmail);
  // A toast shown as the dialog opened (here "Merged with …") lies above the dialog's mask, never dimmed under it (docs/product.md §16).
  const [toastLayer, maskLayer] = await partner.evaluate(() =>
    ['.p-toast', '.p-dialog-mask'].map((selector) => Number(getComputedStyle(document.querySelector(selector) ?? document.body).zIndex)),
  );
  expect(toastLayer).toBeGreaterThan(maskLayer ?? Infinity);
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);
  await conflicts.getByRole('radio', { name: /^Mine/ }).check();
  await conflicts.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(conflicts).toBeHidden();
  await expect(partner.getByLabel('Third seat: sound', { exact: true })).toBeVisible();

  // The owner opens History, downloads an old version's PDF and restores that version.
  await page.reload();
  await openGeneralApproach(page);
  await expect(page.getByLabel('Third seat: sound', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(history).toContainText(partnerEmail);
  await expectNoSeriousAxeViolations(page);
  await expectNoSeriousAxeViolationsOnPhone(page);
  await history.getByRole('button', { name: 'Open version 1' }).click();
  const version = page.getByRole('dialog', { name: 'Version 1' });
  await expect(version).toContainText('Differences from the version in the editor');
  await expectNoSeriousAxeViolations(page);
  await expectNoSeriousAxeViolationsOnPhone(page);
  await version.getByRole('button', { name: 'Download PDF of this version' }).click();
  await expect(page).toHaveURL(/\/my\/pdfview$/);
  await page.goto('/my/contract');
  await page.getByRole('button', { name: 'History' }).click();
  await history.getByRole('button', { name: 'Open version 1' }).click();
  await version.getByRole('button', { name: 'Restore this version' }).click();
  await version.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText(/Version 1 is restored as version \d+/).first()).toBeVisible();
  await openGeneralApproach(page);
  await expect(page.getByLabel('Psychic calls', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Major-suit openings', { exact: true })).not.toBeChecked();

  // The read-only link shows the restored version to a browser with no session.
  await page.getByRole('button', { name: 'Share with partner' }).click();
  await share.getByRole('button', { name: 'Create a read-only link' }).click();
  const url = await share.getByRole('textbox', { name: 'Read-only link' }).inputValue();
  await expectNoSeriousAxeViolationsOnPhone(page);
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Partner 1');
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(visitor.getByText('Psychic calls')).toBeVisible();
  await expect(visitor.getByText('Major-suit openings')).toHaveCount(0);
  await expect(visitor.locator('body')).not.toContainText(ownerEmail);
  await expect(visitor.getByRole('link', { name: /Download PDF \(Letter\)/ })).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  // The page's head asked for the agreement beside the scripts, and the app used that answer: the
  // browser fetched it once (a preload the app did not match would be a second fetch).
  const linkAnswers = await visitor.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/v1/shared-links/') && !entry.name.includes('/pdf')),
  );
  expect(linkAnswers.map((entry) => (entry as PerformanceResourceTiming).initiatorType)).toEqual(['link']);

  // The server's log has the link's requests, but never its token (ADR 172).
  const token = url.split('/shared/')[1]!;
  const serverLog = () => readFile(serverOutputFile, 'utf8');
  await expect.poll(async () => (await serverLog()).includes('/api/v1/shared-links/[redacted]')).toBe(true);
  expect(await serverLog()).not.toContain(token);

  // Reopened, the dialog says a link is active but no longer shows it.
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await page.getByRole('button', { name: 'Share with partner' }).click();
  await expect(share.getByText(/A read-only link is active/)).toBeVisible();
  await expect(share.getByRole('textbox', { name: 'Read-only link' })).toHaveCount(0);

  // Revoked, the link says so.
  await share.getByRole('button', { name: 'Revoke the read-only link' }).click();
  await expect(share.getByRole('button', { name: 'Create a read-only link' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This link is no longer valid');
  await visitorContext.close();

  // The owner stops sharing while the partner has an unsaved change: Save says that access ended
  // and whose agreement it was, and the change can still be downloaded as an agreement file.
  await partner.reload();
  await openGeneralApproach(partner);
  await partner.getByLabel('Fourth-seat openings', { exact: true }).check();
  const names = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: { _id: string; contractName: string }[] }).data;
  const agreementId = names.find((row) => row.contractName === 'Partner 1')!._id;
  const shares = ((await (await page.request.get(`/api/v1/contracts/my/${agreementId}/shares`)).json()) as { data: { partners: { userId: string }[] } }).data;
  expect((await page.request.delete(`/api/v1/contracts/my/${agreementId}/shares/${shares.partners[0]!.userId}`)).status()).toBe(200);
  await save(partner);
  const notice = partner.locator('.lost-access-notice');
  await expect(notice).toContainText(`Your access to this agreement has ended: ${ownerEmail} stopped sharing it with you, or deleted it.`);
  await expectNoSeriousAxeViolations(partner);
  const [download] = await Promise.all([partner.waitForEvent('download'), notice.getByRole('button', { name: 'Download my changes (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe('Partner 1.json');
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    format: string;
    agreement: { categories: { subjects: { subjectName: string; isSelected: boolean }[] }[] };
  };
  expect(file.format).toBe('bridge-partnership-agreement');
  expect(file.agreement.categories[0]!.subjects.find((subject) => subject.subjectName === 'Fourth-seat openings')!.isSelected).toBe(true);
  await partnerContext.close();
});
