/**
 * Reviewing with a partner (docs/sharing.md §6-8, §10), in real Chromium: the owner changes three items of
 * a shared agreement; the partner sees exactly those three highlighted under "Changes since your
 * last visit", marks one "to discuss" with a note, makes the PDF with the discussion sheet and
 * finds the note in its text; the dashboard badge says how many changes waited.
 */
import type { Page } from '@playwright/test';
import { readPdfText } from '@bpa/server/test/read-pdf-text';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsOnPhone } from './support/axe';
import { waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { sharedWithNewPartner } from './support/partners';

useClientAddress(10);

async function openPartner1(page: Page) {
  await page.goto('/my/home');
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
}

test('the partner sees exactly the three changed items, marks one to discuss and prints the discussion sheet', async ({
  subscriberPage: page,
  subscriberEmail: ownerEmail,
  browser,
}) => {
  test.setTimeout(150_000);
  // The owner shares Partner 1; the partner chooses a password and opens it once.
  const { agreementId, partnerEmail, partnerContext, partner } = await sharedWithNewPartner(page, browser, 'Partner 1', 'review-partner');
  const partner1 = { _id: agreementId };
  // Opening it records the visit; the partner then leaves it, so what the owner saves next waits
  // for their next visit (a partner still in the editor would see it arrive live).
  const visitRecorded = partner.waitForResponse((response) => response.url().endsWith('/seen') && response.ok());
  await openPartner1(partner);
  await expect(partner.getByText('Shared by')).toBeVisible();
  await visitRecorded;
  await partner.goto('/my/home');

  // The owner changes three items and saves.
  await openPartner1(page);
  await page.getByRole('button', { name: /General Approach/ }).click();
  await page.getByLabel('Psychic calls', { exact: true }).check();
  await page.getByLabel('Third-seat openings', { exact: true }).check();
  await page.getByLabel('Major-suit openings', { exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes are saved.');

  // The partner's dashboard says three changes wait; the editor shows exactly those three.
  await partner.goto('/my/home');
  await expect(partner.getByText('3 changes by partners')).toBeVisible();
  await openPartner1(partner);
  const panel = partner.getByRole('region', { name: /Changes since your last visit/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(4); // three lines and Mark all as seen
  for (const name of ['Psychic calls', 'Third-seat openings', 'Major-suit openings']) await expect(panel).toContainText(name);
  await expect(panel).toContainText(`ticked by ${ownerEmail}`);
  await panel.getByRole('button', { name: /Psychic calls/ }).click();
  await expect(partner.getByLabel('Psychic calls', { exact: true })).toBeFocused();
  await expect(partner.locator('.subject-row.is-changed')).toHaveCount(3);
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);

  // Marks one "to discuss" with a note.
  await partner.getByRole('button', { name: 'Agree or discuss: Psychic calls' }).click();
  const dialog = partner.getByRole('dialog', { name: 'Agree or discuss' });
  await dialog.getByRole('radio', { name: 'To discuss' }).check();
  await dialog.getByLabel(/Note/).fill('Only in third seat, not over 1!h');
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toBeHidden();
  await expect(partner.locator('.subject-row .mark-chip.is-discuss')).toHaveText('You: to discuss');
  await expect(partner.getByRole('region', { name: /To discuss/ })).toContainText('Only in third seat, not over 1♥');

  // A reply under the item to discuss (docs/sharing.md §7), editable by its author.
  const toDiscuss = partner.getByRole('region', { name: /To discuss/ });
  await toDiscuss.getByLabel('Reply on Psychic calls').fill('And never vulnerable');
  await toDiscuss.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = toDiscuss.getByRole('list', { name: 'Replies on Psychic calls' });
  await expect(replies).toContainText('You');
  await expect(replies).toContainText('And never vulnerable');
  await replies.getByRole('button', { name: 'Edit your reply' }).click();
  await replies.getByLabel('Your reply').fill('And never when vulnerable');
  await replies.getByRole('button', { name: 'Save reply' }).click();
  await expect(replies).toContainText('And never when vulnerable');
  await expect(replies).toContainText('(edited)');
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);

  // The owner hears of the mark and the reply by email (docs/sharing.md §12), chooses in the
  // Email notices dialog, and can stop such emails from the notice's own link without signing in.
  // The mark and the reply arrive in one notice or in two (the job runs every 2 s here): the one
  // that tells of the mark is read.
  const markLine = 'marked "Psychic calls" to discuss: "Only in third seat, not over 1♥"';
  const notice = await waitForEmail(ownerEmail, { subject: 'To discuss in "Partner 1"', text: markLine, timeoutMs: 30_000 });
  expect(notice.text).toContain(markLine);
  await openPartner1(page);
  await page.getByRole('button', { name: 'Email notices' }).click();
  const notices = page.getByRole('dialog', { name: 'Email notices' });
  await expect(notices.getByRole('checkbox', { name: 'Marks and replies to discuss' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await expectNoSeriousAxeViolationsOnPhone(page);
  await page.keyboard.press('Escape');
  await expect(notices).toBeHidden();
  const unsubscribe = /\/unsubscribe\/[A-Za-z0-9_-]{43}\?kind=discussion/.exec(notice.text ?? '')![0];
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(unsubscribe);
  await expect(visitor.getByText('Stop the emails about marks and replies to discuss of this agreement?')).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  await expectNoSeriousAxeViolationsOnPhone(visitor);
  await visitor.getByRole('button', { name: 'Stop the emails about marks and replies to discuss' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Done: you will no longer get the emails about marks and replies to discuss of “Partner 1”.');
  await visitorContext.close();
  expect(((await (await page.request.get(`/api/v1/contracts/${partner1._id}/notices`)).json()) as { data: object }).data).toEqual({
    digest: true,
    discussion: false,
  });

  // Mark all as seen: the highlights go.
  await panel.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(partner.locator('.subject-row.is-changed')).toHaveCount(0);

  // The PDF with the discussion sheet holds the note; the normal one does not.
  const pdfText = async (withSheet: boolean) => {
    const checkbox = partner.getByLabel(/Add the discussion sheet/);
    if (withSheet) await checkbox.check();
    else await checkbox.uncheck();
    const answer = partner.waitForResponse((response) => response.url().endsWith('/api/v1/contracts/pdfCreator'));
    await partner.getByRole('button', { name: 'Make PDF' }).first().click();
    const info = ((await (await answer).json()) as { data: { pathName: string; fileName: string } }).data;
    const file = await partner.request.get(`/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`);
    await partner.goto('/my/contract');
    return (await readPdfText(await file.body())).join('\n');
  };
  const withSheet = await pdfText(true);
  expect(withSheet).toContain('To discuss');
  expect(withSheet).toContain('Only in third seat, not over 1♥');
  expect(withSheet).toContain('replied: And never when vulnerable');
  expect(await pdfText(false)).not.toContain('Only in third seat');

  // Live (docs/sharing.md §13): with both in the agreement, each sees the other, and the owner's
  // save arrives in the partner's editor without a reload, merged under the partner's unsaved edit.
  await openPartner1(page);
  await openPartner1(partner);
  await expect(partner.locator('.agreement-presence')).toContainText(`Also here now: ${ownerEmail}`);
  await expect(page.locator('.agreement-presence')).toContainText(`Also here now: ${partnerEmail}`);
  await page.getByRole('button', { name: 'I. General Approach' }).click();
  await partner.getByRole('button', { name: 'I. General Approach' }).click();
  const partnerEdit = partner.getByLabel('Forcing opening', { exact: true });
  const partnerWas = await partnerEdit.isChecked();
  await partnerEdit.setChecked(!partnerWas);
  await expect(partner.locator('.save-state')).toHaveText(/unsaved/i);
  const ownerEdit = page.getByLabel('Basic system', { exact: true });
  const ownerWas = await ownerEdit.isChecked();
  await ownerEdit.setChecked(!ownerWas);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes are saved.');
  await expect(partner.getByLabel('Basic system', { exact: true })).toBeChecked({ checked: !ownerWas });
  await expect(partnerEdit).toBeChecked({ checked: !partnerWas });
  await expect(partner.locator('.save-state')).toHaveText(/unsaved/i);
  await expectNoSeriousAxeViolations(partner);
  await partner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(partner.locator('.save-state')).toHaveText('All changes are saved.');
  await expect(page.getByLabel('Forcing opening', { exact: true })).toBeChecked({ checked: !partnerWas });

  // The Instructions page explains all of this.
  await partner.goto('/my/instructions');
  await partner.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Reviewing with your partner and comparing agreements' }).click();
  await expect(partner.getByRole('heading', { name: 'Reviewing with your partner and comparing agreements' })).toBeInViewport();
  await expect(partner.getByRole('region', { name: 'Reviewing with your partner and comparing agreements' })).toContainText('Mark all as seen');
  await partnerContext.close();
});
