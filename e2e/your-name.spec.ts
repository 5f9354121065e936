/**
 * The name partners see (docs/sharing.md §11), in real Chromium: a subscriber sets it on the
 * dashboard, is told how partners now see them, finds it again after a reload, and the dashboard
 * passes the accessibility check.
 */
import type { CurrentUser } from '@bpa/domain/api-users';
import { expectNoSeriousAxeViolations } from './support/axe';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(31);

test('a subscriber sets the name partners see on the dashboard', async ({ subscriberPage: page }) => {
  const field = page.getByLabel('Your name, as partners see it');
  await expect(field).toBeVisible();
  await field.fill('Anna Gray');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Partners now see you as Anna Gray.' })).toBeVisible();
  const me = ((await (await page.request.get('/api/v1/users/me')).json()) as { data: { data: CurrentUser } }).data.data;
  expect(me.userName).toBe('Anna Gray');
  await page.reload();
  await expect(page.getByLabel('Your name, as partners see it')).toHaveValue('Anna Gray');
  await expectNoSeriousAxeViolations(page);
});
