/**
 * "Do we agree?" on one phone (docs/questionnaire.md §9), in the trial: a visitor opens it from the
 * trial editor; Anna answers, hands the phone to Bob, who sees none of her answers and answers;
 * the reveal puts their difference first. Nothing is sent to the server; a reload keeps the round.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsOnPhone } from './support/axe';
import { useClientAddress } from './support/client-address';

useClientAddress(20);

/** Ticks an option of the question numbered `number` (1-based). */
async function answer(page: Page, number: number, optionIndex: number) {
  await page
    .getByRole('group')
    .filter({ hasText: new RegExp(`^${number}\\.`) })
    .getByRole('checkbox')
    .nth(optionIndex)
    .check();
}

test('a trial visitor passes the phone: each answers alone, then the reveal, and nothing goes to the server', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.method() !== 'GET') apiCalls.push(`${request.method()} ${request.url()}`);
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  await page.getByRole('link', { name: 'Do we agree?' }).click();
  await expect(page).toHaveURL(/\/guest\/agree$/);
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Anna');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Bob');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Start: Anna answers first' }).click();

  await expect(page.getByRole('heading', { name: 'Anna’s answers' })).toBeVisible();
  await answer(page, 1, 0);
  await answer(page, 2, 0);
  await page.getByRole('textbox', { name: 'Note (optional)' }).first().fill('ANNA NOTE');
  // A reload keeps the round (Anna's unsaved answers aside: her turn starts again).
  await page.getByRole('button', { name: 'Done: hand the phone to Bob' }).click();
  await expect(page.getByRole('heading', { name: 'Hand the phone to Bob' })).toBeVisible();
  await expect(page.getByText('ANNA NOTE')).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'I am Bob: show my questions' }).click();
  await expect(page.getByRole('heading', { name: 'Bob’s answers' })).toBeVisible();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await answer(page, 1, 0);
  await answer(page, 2, 1);
  await page.getByRole('button', { name: 'Done: show our answers' }).click();

  await expect(page.getByRole('heading', { name: /^Harmony: \d+%$/ })).toBeVisible();
  const first = page.locator('.questionnaire-revealed').first();
  await expect(first).toContainText('You disagree');
  await expect(first).toContainText('Anna');
  await expect(first).toContainText('Bob');
  await expect(page.getByText(/ANNA NOTE/)).toBeVisible();
  await expectNoSeriousAxeViolationsOnPhone(page);
  expect(apiCalls).toEqual([]);
});
