/**
 * The browser tests' own fixtures (Playwright's `test.extend`). A spec that needs a signed-in
 * subscriber imports `test` and `expect` from here instead of from @playwright/test and asks for:
 *
 * - `subscriberPage`: the test's `page`, signed in through the sign-in form as a fresh subscriber
 *   and on their dashboard (/my/home);
 * - `subscriberEmail`: that subscriber's email. The first administrator makes the account through
 *   the API (accounts.ts `newSubscriber`, first-admin.ts), named after the spec file, and signs out.
 */
import { basename } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { USER_PASSWORD, newSubscriber, signIn } from './accounts';
import { signInAsAdmin } from './first-admin';

export { expect };

export const test = base.extend<{ subscriberEmail: string; subscriberPage: Page }>({
  subscriberEmail: async ({ page }, use, testInfo) => {
    await signInAsAdmin(page);
    const email = await newSubscriber(page, basename(testInfo.file, '.spec.ts'));
    await page.request.post('/api/v1/users/logout');
    await use(email);
  },
  subscriberPage: async ({ page, subscriberEmail }, use) => {
    await page.goto('/login');
    await signIn(page, subscriberEmail, USER_PASSWORD);
    await expect(page).toHaveURL(/\/my\/home$/);
    await use(page);
  },
});
