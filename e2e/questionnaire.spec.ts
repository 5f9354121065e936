/**
 * "Do we agree?" (docs/questionnaire.md), in real Chromium with two browser contexts: the owner
 * starts the core set from the editor and hands in two answers; the partner, asked by email, sees
 * nothing of them while answering; once the partner hands in, both see the reveal, the difference
 * first; the partner writes the owner's answer into the card, which saves a version in History.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsOnPhone } from './support/axe';
import { readOutbox, waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { sharedWithNewPartner } from './support/partners';

useClientAddress(18);

/** Ticks an option of the question numbered `number` (1-based) in the answering form. */
async function answer(page: Page, number: number, optionIndex: number) {
  const question = page.getByRole('group').filter({ hasText: new RegExp(`^${number}\\.`) });
  await question.getByRole('checkbox').nth(optionIndex).check();
}

test('two partners answer blind, the reveal shows where they differ, and adopting an answer saves a version', async ({ subscriberPage: page, browser }) => {
  test.setTimeout(150_000);
  const { agreementId, partnerEmail, partnerContext, partner } = await sharedWithNewPartner(page, browser, 'Partner 1', 'agree-partner');
  const partner1 = { _id: agreementId };
  await expect(partner.getByRole('button', { name: 'Edit Agreement: Partner 1' })).toBeVisible();

  // The owner starts the core set from the editor.
  await page.goto('/my/home');
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await page.getByRole('link', { name: 'Do we agree?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Do we agree?' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const seen = (await readOutbox()).map((message) => message.file);
  await page.getByRole('radio', { name: /Core set/ }).check();
  await page.getByRole('button', { name: 'Start and ask my partners' }).click();
  await expect(page).toHaveURL(/\/my\/agree\?id=.+&questionnaire=/);
  const questionnaireUrl = new URL(page.url());

  // The owner answers the first two questions and hands in.
  await answer(page, 1, 0);
  await answer(page, 2, 0);
  await page.getByRole('textbox', { name: 'Note (optional)' }).first().fill('OWNER NOTE');
  await expectNoSeriousAxeViolations(page);
  await expectNoSeriousAxeViolationsOnPhone(page);
  await page.getByRole('button', { name: 'Hand in my answers' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Hand in', exact: true }).click();
  await expect(page.getByText('Your answers are handed in.', { exact: false }).first()).toBeVisible();

  // The partner follows the emailed link: the questions, none of the owner's answers.
  const invitation = await waitForEmail(partnerEmail, { ignoreFiles: seen, subject: /do we agree/ });
  const link = /https?:\/\/[^\s"'<>]+(\/my\/agree\?[^\s"'<>]+)/.exec(invitation.text ?? '')![1]!;
  expect(link).toBe(`${questionnaireUrl.pathname}${questionnaireUrl.search}`);
  await partner.goto(link);
  await expect(partner.getByRole('button', { name: 'Hand in my answers' })).toBeVisible();
  await expect(partner.getByText('OWNER NOTE')).toHaveCount(0);
  await expect(partner.getByRole('list', { name: 'Who is asked' })).toContainText('handed in');
  // The same first answer, another second one.
  await answer(partner, 1, 0);
  await answer(partner, 2, 1);
  await partner.getByRole('button', { name: 'Hand in my answers' }).click();
  await partner.getByRole('alertdialog').getByRole('button', { name: 'Hand in', exact: true }).click();

  // The reveal: the disagreement first, with both answers and the owner's note.
  const reveal = partner.getByRole('list').filter({ has: partner.getByRole('heading', { level: 3 }) });
  await expect(partner.getByRole('heading', { name: /^Harmony: \d+%$/ })).toBeVisible();
  const first = reveal.getByRole('listitem').first();
  await expect(first).toContainText('You disagree');
  await expect(partner.getByText(/OWNER NOTE/)).toBeVisible();
  await expectNoSeriousAxeViolations(partner);
  await expectNoSeriousAxeViolationsOnPhone(partner);

  // The partner writes the owner's answer into the card: a save, in History.
  const revisionsBefore = ((await (await partner.request.get(`/api/v1/contracts/${partner1._id}/revisions`)).json()) as { data: { total: number } }).data.total;
  await first
    .getByRole('button', { name: /^Use this answer \(.+’s\) in the card$/ })
    .first()
    .click();
  await expect(partner.getByText(/^Saved: the card now says/)).toBeVisible();
  const history = (await (await partner.request.get(`/api/v1/contracts/${partner1._id}/revisions`)).json()) as {
    data: { total: number; revisions: { author: string }[] };
  };
  expect(history.data.total).toBe(revisionsBefore + 1);
  expect(history.data.revisions[0]!.author).toMatch(/reconciled with /);

  // The owner sees the same reveal, and the questionnaire's score in the list.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Harmony: \d+%$/ })).toBeVisible();
  await page.getByRole('link', { name: 'All questionnaires' }).click();
  await expect(page.getByRole('list').filter({ hasText: 'Core set' })).toContainText(/harmony \d+%/);
  await partnerContext.close();
});
