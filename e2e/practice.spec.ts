/**
 * Practice, "Know our card" (docs/questionnaire.md §8), in real Chromium: a subscriber opens
 * Practice from the editor, answers "10 before the game" (the keyboard grading some, the last ones
 * offline), and the schedule moves: the answers given offline are sent when the connection is back.
 */
import type { PracticeSession } from '@bpa/domain/practice';
import type { ContractName } from '@bpa/domain/contract';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsOnPhone } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(19);

test('a practice session answers ten prompts, offline too, and the schedule moves', async ({ subscriberPage: page, context }) => {
  test.setTimeout(120_000);
  const agreements = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner1 = agreements.find((row) => row.contractName === 'Partner 1')!;
  // Partner 1 starts from LC Standard, whose card ticks what there is to practise.
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: { _id: string; templateName: string }[] }).data;
  const lcStandard = templates.find((template) => template.templateName === 'LC Standard')!;
  expect((await page.request.patch(`/api/v1/contracts/my/${partner1._id}/template`, { data: { templateId: lcStandard._id } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await page.getByRole('link', { name: 'Practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Know our card' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Notrump Openings');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: '10 before the game' }).click();

  for (let answered = 0; answered < 10; answered++) {
    if (answered === 7) await context.setOffline(true);
    const prompt = page.locator('.practice-prompt');
    await expect(prompt.locator('legend')).toContainText(`${answered + 1} of 10`);
    await prompt.locator('input').first().check();
    await prompt.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'How well did you know it?' })).toBeVisible();
    if (answered === 0) {
      await expectNoSeriousAxeViolations(page);
      await expectNoSeriousAxeViolationsOnPhone(page);
    }
    // Graded by key on even prompts, by button on odd ones.
    if (answered % 2 === 0) await page.keyboard.press('3');
    else await page.getByRole('group', { name: 'How well you knew it' }).getByRole('button', { name: '4 Easy' }).click();
  }
  await expect(page.getByText('Session over: 10 prompts answered.')).toBeVisible();
  await expect(page.getByText(/3 answers are kept in this browser/)).toBeVisible();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(/kept in this browser/)).toHaveCount(0);

  // Every answer reached the schedule: ten prompts are no longer new.
  const full = ((await (await page.request.get(`/api/v1/contracts/${partner1._id}/practice?session=full`)).json()) as { data: PracticeSession }).data;
  expect(full.progress.reduce((sum, category) => sum + category.learned + category.learning, 0)).toBe(10);
  // The dashboard shows the progress, with the way back to practice.
  await page.goto('/my/home');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Practise “Partner 1”' }) });
  await expect(line).toContainText(/: \d+ learned, \d+ learning, \d+ new/);
  await expectNoSeriousAxeViolations(page);
});
