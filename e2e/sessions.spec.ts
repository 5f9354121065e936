/**
 * Sessions as people meet them (docs/product.md §17; ADRs 110 and 111), in real Chromium
 * against the real server: no failed request on a visitor's pages; no sign-out by surprise (guards
 * and menus); a subscription cancelled during a visit; logout while impersonating; the Admin
 * Panel's renew, cancel and invitation status; the support address on the registration pages.
 */
import type { Page } from '@playwright/test';
import { MESSAGES } from '@bpa/domain/messages';
import { USER_EXISTS_MESSAGE } from '@bpa/domain/api-users';
import { USER_PASSWORD, newSubscriber, newUserEmail, signIn } from './support/accounts';
import { adminEmail, signInAsAdmin } from './support/first-admin';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(11);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openTab(page: Page, name: 'Subscriptions' | 'Messages' | 'Users' | 'Templates') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

function rowWith(page: Page, table: string, text: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

test("a visitor's pages make no failed request and log no error", async ({ page }) => {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/trial', '/login', '/instructions', '/register', '/register-pass', '/register-fail']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(failures).toEqual([]);
});

test('the registration pages give the support address as a mailto link', async ({ page }) => {
  for (const path of ['/register-pass', '/register-fail']) {
    await page.goto(path);
    const link = page.getByRole('link', { name: adminEmail });
    await expect(link).toHaveAttribute('href', `mailto:${adminEmail}`);
  }
});

test('a signed-in subscriber is never signed out by a guard or a menu', async ({ subscriberPage: page }) => {
  // A page the navigation table does not name: the signed-in menu, no Home link that signs out.
  await page.goto('/my/pdfview2');
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Instructions', 'Contact Us', 'Logout']);

  // The Admin Panel: back to the dashboard with a notice, still signed in.
  await page.goto('/my/admin');
  await expect(page).toHaveURL(/\/my\/home$/);
  await expect(page.getByRole('status').filter({ hasText: 'The Admin Panel is for administrators' })).toBeVisible();
  // /im/home without an impersonation: the dashboard too.
  await page.goto('/im/home');
  await expect(page).toHaveURL(/\/my\/home$/);
  const me = await page.request.get('/api/v1/users/me');
  expect(me.status()).toBe(200);
});

test('a subscription cancelled during a visit signs out at the next action, with the reason on the sign-in page', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const email = await newSubscriber(page, 'cancelled-live');

  const subscriberContext = await browser.newContext();
  const subscriber = await subscriberContext.newPage();
  await subscriber.goto('/login');
  await signIn(subscriber, email, USER_PASSWORD);
  await expect(subscriber).toHaveURL(/\/my\/home$/);

  // The administrator cancels it in the Subscriptions tab.
  await page.goto('/my/admin');
  await openTab(page, 'Subscriptions');
  const row = rowWith(page, 'Subscriptions', email);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Cancel the subscription of ${email}` }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(row).toContainText('Cancelled');

  // The subscriber's next action: the sign-in page says why, once.
  await subscriber
    .getByRole('button', { name: /^Edit Agreement: / })
    .first()
    .click();
  await expect(subscriber).toHaveURL(/\/login$/);
  await expect(subscriber.getByText(MESSAGES.subscriptionNotActive)).toBeVisible();

  // Renewing lets them in again, for a year from now.
  await row.getByRole('button', { name: `Renew the subscription of ${email} for a year` }).click();
  await expect(row).toContainText('Active');
  await signIn(subscriber, email, USER_PASSWORD);
  await expect(subscriber).toHaveURL(/\/my\/home$/);
  await subscriberContext.close();
});

test('logout while impersonating asks: back to the administrator, or out of both', async ({ page }) => {
  await signInAsAdmin(page);
  // 'aa-': the Users tab lists by email, ten a page; the new user must be on the first page.
  const email = await newSubscriber(page, 'aa-impersonated-logout');
  await page.goto('/my/admin');
  await openTab(page, 'Users');
  await expect(rowWith(page, 'Users', email)).not.toContainText('Invited, not signed in yet');

  const impersonate = async () => {
    await openTab(page, 'Users');
    await rowWith(page, 'Users', email)
      .getByRole('button', { name: `Impersonate ${email}` })
      .click();
    await expect(page).toHaveURL(/\/im\/home$/);
  };
  await impersonate();
  await mainNav(page).getByRole('link', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out while impersonating' });
  await expect(dialog).toContainText(`You are signed in as ${email}`);
  await dialog.getByRole('button', { name: `Return to ${adminEmail}` }).click();
  await expect(page).toHaveURL(/\/my\/admin$/);

  await impersonate();
  await mainNav(page).getByRole('link', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Log out while impersonating' }).getByRole('button', { name: 'Sign out of both' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The page shows the visitor at once; the logout request it sent may still be on its way (use-sign-out.ts).
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/v1/users/session');
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { data: { user: unknown } }).data.user;
    })
    .toBeNull();
});

test('the Users tab shows invitations not accepted yet, and refuses an existing email in words', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/my/admin');
  await openTab(page, 'Users');
  const invited = newUserEmail('aa-invited-only'); // sorts onto the first page of the Users tab
  await page.getByLabel('Email of the new user').fill(invited);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(rowWith(page, 'Users', invited)).toContainText('Invited, not signed in yet');
  await page.getByLabel('Email of the new user').fill(invited.toUpperCase());
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(USER_EXISTS_MESSAGE)).toBeVisible();
});
