/**
 * ADR 133: the browser console stays free of Content-Security-Policy violations and errors on
 * every page: as a guest, as a subscriber and as an administrator, including a dialog, the
 * editor and the PDF viewer (where PrimeReact and PDF.js add styles). Any `securitypolicyviolation`
 * event, console error or uncaught exception fails the test; the only console errors let through
 * are Chromium's "Failed to load resource" lines for 4xx answers of the API, which are answers the
 * pages expect (401 from /api/v1/users/me for a guest, 400 for a made-up token). The API
 * documentation (/api/docs, Swagger UI) is held to the same policy.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/first-admin';
import { linkIn, readOutbox, waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';

useClientAddress(4);

const PASSWORD = 'Csp-Check-Pass-2468';

interface Problems {
  list: string[];
}

/** Starts recording CSP violations, console errors and page errors of `page`. */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { list: [] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && new URL(url).pathname.startsWith('/api/')) return;
    problems.list.push(`${page.url()}: ${text}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => problems.list.push(`${page.url()}: uncaught ${error.message}`));
  return problems;
}

/** Opens a page and waits until it has settled (lazy chunk loaded, calls answered). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the CSP header has no unsafe-inline or unsafe-eval, and carries a fresh style nonce the page hands to PrimeReact', async ({ page }) => {
  const first = await page.request.get('/', { headers: { accept: 'text/html' } });
  const second = await page.request.get('/guest/home', { headers: { accept: 'text/html' } });
  const csp = first.headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  const nonce = /style-src 'self' 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
  expect(nonce).toBeDefined();
  expect(await first.text()).toContain(`<meta name="csp-nonce" content="${nonce}"`);
  expect(second.headers()['content-security-policy']).not.toContain(nonce);
});

test('no CSP violation or console error on any guest page, the editor or the PDF viewer', async ({ page }) => {
  const problems = await watch(page);
  for (const path of [
    '/',
    '/trial',
    '/instructions',
    '/contact',
    // Rendered at build time: without a trial agreement yet, the page and the static pages' script (ADR 184).
    '/guest/contract',
    '/guest/home',
    '/login',
    '/register',
    '/register-pass',
    '/register-fail',
    '/forgot-password',
    '/reset-password/not-a-real-token',
    '/accept-invite/not-a-real-token',
    '/no-such-page',
  ]) {
    await visit(page, path);
  }
  // The editor, a dialog and the PDF viewer.
  await visit(page, '/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await page.getByRole('button', { name: /Overcalls/ }).click();
  await page.getByRole('button', { name: 'Add New Subject' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // Loaded again with the trial agreement in the browser: the page rendered at build time, then the app over it.
  await visit(page, '/guest/contract');
  await expect(page.getByRole('heading', { level: 2, name: /Overcalls/ })).toBeVisible();
  await page.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/pdfview/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: /Download/ })).toBeVisible();
  expect(problems.list).toEqual([]);
});

test('no CSP violation or console error on any subscriber or administrator page', async ({ page }) => {
  const problems = await watch(page);
  await signInAsAdmin(page);
  const email = `csp-${Date.now().toString(36)}@example.org`;
  const before = (await readOutbox()).map((message) => message.file);
  expect((await page.request.post('/api/v1/users/admin-signup', { data: { email } })).status()).toBe(201);
  // The administrator's pages (every tab of the Admin Panel).
  await visit(page, '/my/home');
  await visit(page, '/my/admin');
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await page.waitForLoadState('networkidle');
  }
  await page.request.post('/api/v1/users/logout');

  const token =
    linkIn(await waitForEmail(email, { ignoreFiles: before }), 'accept-invite')
      .split('/')
      .at(-1) ?? '';
  expect((await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: PASSWORD, passwordConfirm: PASSWORD } })).status()).toBe(200);
  expect((await page.request.post('/api/v1/users/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  for (const path of ['/my/home', '/my/instructions', '/my/contact']) await visit(page, path);
  await visit(page, '/my/home');
  await page
    .getByRole('button', { name: /^Edit Agreement: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await page.waitForLoadState('networkidle');
  // "Do we agree?": its page, and a questionnaire started from it (docs/questionnaire.md).
  await page.getByRole('link', { name: 'Do we agree?' }).click();
  await page.getByRole('button', { name: 'Start and ask my partners' }).click();
  await expect(page).toHaveURL(/questionnaire=/);
  await page.waitForLoadState('networkidle');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/my\/contract$/);
  // Practice (docs/questionnaire.md §8).
  await page.getByRole('link', { name: 'Practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Know our card' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goBack();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await page.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/\/my\/pdfview/);
  await page.waitForLoadState('networkidle');
  expect(problems.list).toEqual([]);
});

test('no CSP violation or console error on the API documentation, which lists the operations and opens one', async ({ page }) => {
  const problems = await watch(page);
  await page.goto('/api/docs');
  const health = page.locator('.opblock-summary', { hasText: '/api/v1/health' }).first();
  await expect(health).toBeVisible();
  expect(await page.locator('.opblock-summary').count()).toBeGreaterThan(20);
  // An operation opened: its parameters, responses and example answers (highlighted code).
  await health.click();
  await expect(page.locator('.opblock.is-open .responses-wrapper').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems.list).toEqual([]);
});
