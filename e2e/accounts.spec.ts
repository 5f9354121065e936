/**
 * Accounts end to end (docs/product.md §2, §D8), in real Chromium against the real server:
 * the first administrator sets a password and signs in, invites a user (POST admin-signup: the
 * Admin Panel has its own test, admin.spec.ts), the user follows the emailed link, sets a password, signs in,
 * stays signed in over a reload and signs out. Also the spec's messages (docs/product.md §5, 8), the forgotten
 * password flow, impersonation's way back, the route guards (docs/product.md §2) and axe checks.
 *
 * An expired or cancelled subscription (docs/product.md §6) is ended in the database, which a test can reach
 * only when the server runs on PostgreSQL (CI); on the embedded database that test is skipped.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@bpa/domain/messages';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { e2eDatabaseUrl } from './playwright.config';
import { expectNoSeriousAxeViolations } from './support/axe';
import { ADMIN_PASSWORD, adminEmail, claimFirstAdminLink, signInAsAdmin } from './support/first-admin';
import { USER_PASSWORD, choosePassword, inviteUser, newUserEmail, signIn } from './support/accounts';
import { linkIn, readOutbox, waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';

useClientAddress(1);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Clicks Logout in the navigation and waits until the server has ended the session. */
async function logOutFromNavigation(page: Page) {
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/logout'));
  await mainNav(page).getByRole('link', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
}

test('an administrator invites a user, who sets a password, signs in, stays signed in and signs out', async ({ page }) => {
  // The first administrator: the one-time link the server printed (docs/product.md §D8).
  const adminLink = await claimFirstAdminLink();
  if (adminLink) {
    await page.goto(adminLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Set Password' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await choosePassword(page, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/login\/changed$/);
    await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();
  } else {
    await page.goto('/login');
  }

  await expect(page.getByText(MESSAGES.noLongerForSale)).toBeVisible();
  await expect(page.getByText(MESSAGES.canStillLogin)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await signIn(page, adminEmail, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/my\/home$/);
  // docs/product.md §2, admin navigation: Go To Dashboard, Instructions, Logout, Admin Panel.
  await expect(mainNav(page).getByRole('link')).toHaveText(['Go To Dashboard', 'Instructions', 'Logout', 'Admin Panel']);
  await mainNav(page).getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/my\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();

  const userEmail = newUserEmail('partner');
  const invitation = await inviteUser(page, userEmail);
  await logOutFromNavigation(page);
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

  // The user follows the invitation: the Set Password screen with the docs/product.md §5 rules.
  await page.goto(invitation);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Password' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await choosePassword(page, 'Short1', 'Short1');
  await expect(page.getByText(MESSAGES.passwordTooShort).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${invitation}$`));
  await choosePassword(page, USER_PASSWORD, `${USER_PASSWORD}x`);
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await choosePassword(page, USER_PASSWORD);
  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();

  // docs/product.md §5 and 8 on the login form.
  await signIn(page, 'not-an-email', 'short');
  await expect(page.getByText(MESSAGES.loginEmailInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.loginPasswordTooShort)).toBeVisible();
  await signIn(page, userEmail, 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.incorrectEmailOrPassword);
  await expect(page).toHaveURL(/\/login\/changed$/);

  await signIn(page, userEmail, USER_PASSWORD);
  await expect(page).toHaveURL(/\/my\/home$/);
  await expect(page.getByText(`Signed in as ${userEmail}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // docs/product.md §2, logged in on /my/home: Instructions, Contact Us, Logout.
  await expect(mainNav(page).getByRole('link')).toHaveText(['Instructions', 'Contact Us', 'Logout']);

  // A reload restores the session from GET /users/me.
  await page.reload();
  await expect(page).toHaveURL(/\/my\/home$/);
  await expect(page.getByText(`Signed in as ${userEmail}`)).toBeVisible();
  // Signed in, /login goes straight to the dashboard (docs/product.md §2).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/my\/home$/);

  await logOutFromNavigation(page);
  await expect(mainNav(page).getByRole('link')).toHaveText(['Sign In', 'Sign Up', 'Contact Us']);
  const me = await page.request.get('/api/v1/users/me');
  expect(me.status()).toBe(401);
  // Login-guarded screens send a signed-out visitor to / (docs/product.md §2).
  await page.goto('/my/home');
  await expect(page).toHaveURL(/\/$/);
});

test('a forgotten password is reset from the emailed link', async ({ page }) => {
  await signInAsAdmin(page);
  const userEmail = newUserEmail('forgetful');
  const invitation = await inviteUser(page, userEmail);
  await page.request.post('/api/v1/users/logout');
  const token = invitation.split('/').at(-1) ?? '';
  const set = await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: USER_PASSWORD, passwordConfirm: USER_PASSWORD } });
  expect(set.status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousAxeViolations(page);
  const email = page.getByLabel('Email');
  const send = page.getByRole('button', { name: 'Send Reset Instructions' });
  await email.fill('not-an-email');
  await send.click();
  await expect(page.getByText(MESSAGES.forgotEmailInvalid)).toBeVisible();
  await email.fill(newUserEmail('nobody'));
  await send.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.forgotEmailNotSent);

  const before = (await readOutbox()).map((message) => message.file);
  await email.fill(userEmail);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Reset instructions were sent' })).toBeVisible();
  const reset = linkIn(await waitForEmail(userEmail, { ignoreFiles: before }), 'reset-password');

  const newPassword = 'Fresh-Pass-8642';
  await page.goto(reset);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await choosePassword(page, newPassword, newPassword, 'Reset Password');
  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();

  // The link works once: a second use ends on /login/notchanged (docs/product.md §4).
  await page.goto(reset);
  await choosePassword(page, newPassword, newPassword, 'Reset Password');
  await expect(page).toHaveURL(/\/login\/notchanged$/);
  await expect(page.getByText(MESSAGES.passwordNotChanged)).toBeVisible();

  await signIn(page, userEmail, newPassword);
  await expect(page).toHaveURL(/\/my\/home$/);
});

test('an administrator impersonating a user sees the banner and returns to the Admin Panel', async ({ page }) => {
  await signInAsAdmin(page);
  const userEmail = newUserEmail('impersonated');
  await inviteUser(page, userEmail);
  const switched = await page.request.post('/api/v1/users/im/login', { data: { email: userEmail } });
  expect(switched.status(), await switched.text()).toBe(200);

  await page.goto('/im/home');
  const banner = page.getByRole('region', { name: 'Impersonation notice' });
  await expect(banner).toContainText(`You are signed in as ${userEmail} (impersonating)`);
  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/my\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation notice' })).toHaveCount(0);
  const me = await page.request.get('/api/v1/users/me');
  expect(((await me.json()) as { data: { data: { email: string } } }).data.data.email).toBe(adminEmail);
  // /im/home with no impersonation: an administrator is sent to the Admin Panel, where impersonations start.
  await page.goto('/im/home');
  await expect(page).toHaveURL(/\/my\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
});

test('guards, token screens and the closed registration', async ({ page }) => {
  // Signed out: login- and admin-guarded screens go to / (docs/product.md §2).
  for (const path of ['/my/home', '/my/admin', '/im/home']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }

  // /login/{token}: an unknown confirmation token (docs/product.md §2).
  await page.goto(`/login/${'x'.repeat(43)}`);
  await expect(page.getByText(MESSAGES.emailCouldNotBeConfirmed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/login/notchanged');
  await expect(page.getByText(MESSAGES.passwordNotChanged)).toBeVisible();

  // /register: the Register button is disabled; I Need to Login goes to /login (docs/product.md §2).
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign Up for a New Account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText(/The Register button has been disabled/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'I Need to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A subscriber is not an administrator: /my/admin goes to the dashboard with a notice, still
  // signed in (ADR 110; the spec's guard sent them to /, which signed them out).
  await signInAsAdmin(page);
  const userEmail = newUserEmail('plain');
  const invitation = await inviteUser(page, userEmail);
  await page.request.post('/api/v1/users/logout');
  const token = invitation.split('/').at(-1) ?? '';
  await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: USER_PASSWORD, passwordConfirm: USER_PASSWORD } });
  await page.goto('/login');
  await signIn(page, userEmail, USER_PASSWORD);
  await expect(page).toHaveURL(/\/my\/home$/);
  await page.goto('/my/admin');
  await expect(page).toHaveURL(/\/my\/home$/);
  await expect(page.getByRole('status').filter({ hasText: 'The Admin Panel is for administrators' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Logout' })).toBeVisible();
});

test('a subscriber whose subscription expired or was cancelled is told so at sign-in', async ({ page }) => {
  test.skip(!e2eDatabaseUrl, 'ending a subscription needs database access: runs when DATABASE_URL names a PostgreSQL server (CI)');
  await signInAsAdmin(page);
  const expired = newUserEmail('expired');
  const cancelled = newUserEmail('cancelled');
  for (const email of [expired, cancelled]) {
    const token = (await inviteUser(page, email)).split('/').at(-1) ?? '';
    const set = await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: USER_PASSWORD, passwordConfirm: USER_PASSWORD } });
    expect(set.status(), await set.text()).toBe(200);
  }
  const db = new pg.Client({ connectionString: e2eDatabaseUrl });
  await db.connect();
  try {
    const byEmail = 'user_id = (select id from users where email = $1)';
    const ended = await db.query(`update bookings set expires_at = now() - interval '1 day' where ${byEmail}`, [expired]);
    const stopped = await db.query(`update bookings set cancelled_at = now() where ${byEmail}`, [cancelled]);
    expect([ended.rowCount, stopped.rowCount]).toEqual([1, 1]);
  } finally {
    await db.end();
  }
  await page.request.post('/api/v1/users/logout');

  for (const email of [expired, cancelled]) {
    await page.goto('/login');
    await signIn(page, email, USER_PASSWORD);
    await expect(page.getByText(MESSAGES.subscriptionNotActive)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('an administrator made with the CLI sets a password, signs in and invites a user', async ({ page }) => {
  test.skip(!e2eDatabaseUrl, 'the CLI shares the database with the running server only on PostgreSQL (CI); PGlite is single-process');
  const cliAdmin = newUserEmail('cli-admin');
  const cli = spawnSync('npx', ['tsx', '../packages/server/src/cli.ts', 'create-admin', cliAdmin], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, PUBLIC_URL: 'http://127.0.0.1' },
  });
  expect(cli.status, cli.stderr).toBe(0);
  const link = /\/accept-invite\/[A-Za-z0-9_-]+/.exec(cli.stdout)?.[0];
  expect(link, cli.stdout).toBeTruthy();

  await page.goto(link!);
  await choosePassword(page, USER_PASSWORD);
  await expect(page).toHaveURL(/\/login\/changed$/);
  await signIn(page, cliAdmin, USER_PASSWORD);
  await expect(page).toHaveURL(/\/my\/home$/);
  await expect(mainNav(page).getByRole('link', { name: 'Admin Panel' })).toBeVisible();

  const invited = newUserEmail('invited-by-cli-admin');
  const invitation = await inviteUser(page, invited);
  expect(invitation).toMatch(/^\/accept-invite\//);
});
