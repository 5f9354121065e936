/**
 * Accounts for browser tests: fresh users invited by the first administrator, and the sign-in and
 * password forms filled as a person fills them.
 */
import { expect, type Page } from '@playwright/test';
import { linkIn, readOutbox, waitForEmail } from './outbox';

/** The password every user made by these helpers chooses. */
export const USER_PASSWORD = 'Partner-Pass-1357';

/** A fresh address per test, so the tests do not depend on each other's users. */
export function newUserEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`;
}

/** Invites `email` as the signed-in administrator (POST /api/v1/users/admin-signup) and returns the invitation's path. */
export async function inviteUser(page: Page, email: string): Promise<string> {
  const before = (await readOutbox()).map((message) => message.file);
  const added = await page.request.post('/api/v1/users/admin-signup', { data: { email } });
  expect(added.status(), await added.text()).toBe(201);
  const invitation = await waitForEmail(email, { ignoreFiles: before });
  return linkIn(invitation, 'accept-invite');
}

/**
 * Makes a subscriber who has accepted the invitation (password USER_PASSWORD), as the signed-in
 * administrator of `page`, through the API.
 *
 * @returns the subscriber's email
 */
export async function newSubscriber(page: Page, label: string): Promise<string> {
  const email = newUserEmail(label);
  const token = (await inviteUser(page, email)).split('/').at(-1) ?? '';
  const set = await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: USER_PASSWORD, passwordConfirm: USER_PASSWORD } });
  expect(set.status(), await set.text()).toBe(200);
  return email;
}

/** Fills and sends a Set/Reset Password form. */
export async function choosePassword(page: Page, password: string, confirmation = password, button = 'Set Password') {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: button }).click();
}

/** Fills and sends the sign-in form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
