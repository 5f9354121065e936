/**
 * The first pages a visitor sees, rendered at build time (docs/product.md §D12, ADR 184; packages/web/scripts/prerender.tsx):
 * `/` and `/trial` arrive as HTML with a small script and without the app's; their phone menu works;
 * their links lead into the app; `/` still signs out; a signed-in user gets the app at `/trial`,
 * with their own navigation (ADR 110: no link there may sign them out by surprise).
 * `/guest/contract` arrives as the guest editor's first view: without a trial agreement it is such a page too;
 * a visitor whose browser holds a trial agreement never sees that view, only their agreement (ADR 184).
 */
import type { Page } from '@playwright/test';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(16);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The app's entry script (index-*.js): a test that blocks it sees the page as it arrives, before the app runs. */
const APP_ENTRY = /\/assets\/index-[^/]*\.js$/;

/** The scripts a page load fetches (their file names). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.split('/').at(-1) ?? '');
  });
  return scripts;
}

test('the landing and trial pages need none of the app: their menu works on a phone and their links lead into the app', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Bridge Partnership Agreements' })).toBeVisible();
  await expect(page).toHaveTitle('Bridge Partnership Agreements');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => /^(vendor|main|zod)-/.test(name))).toEqual([]);
  // The main button stays one box on the phone, its label wrapped inside it.
  const trialButton = page.getByRole('link', { name: /^Try the free trial/ });
  expect(await trialButton.evaluate((element) => element.getClientRects().length)).toBe(1);

  const menu = mainNav(page).getByRole('button', { name: 'Menu' });
  // Its icon is drawn inline (no icon font in a first view): bars while closed, a cross while open.
  await expect(menu.locator('.site-nav-toggle-bars')).toBeVisible();
  await expect(menu.locator('.site-nav-toggle-cross')).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.locator('.site-nav-toggle-cross')).toBeVisible();
  await expect(menu.locator('.site-nav-toggle-bars')).toBeHidden();
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(menu.locator('.site-nav-toggle-bars')).toBeVisible();

  await page.getByRole('link', { name: /Try the free trial/ }).click();
  await expect(page).toHaveURL(/\/trial$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Free Trial' })).toBeVisible();
  await expect(page).toHaveTitle('Free Trial · Bridge Partnership Agreements');
  expect(scripts.filter((name) => /^(vendor|main|zod)-/.test(name))).toEqual([]);

  await page.getByRole('link', { name: /Get Started/ }).click();
  await expect(page).toHaveURL(/\/guest\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((name) => name.startsWith('vendor-'))).toBe(true);
});

test('a signed-in subscriber gets their own navigation at /trial, and opening / signs them out', async ({ subscriberPage: page }) => {
  await page.goto('/trial');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Trial' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Go To Dashboard' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveCount(0);

  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/logout'));
  await page.goto('/');
  expect((await loggedOut).ok()).toBe(true);
  const session = await (await page.request.get('/api/v1/users/session')).json();
  expect(session.data.user).toBeNull();
});

test('the guest editor arrives rendered: without a trial agreement it needs none of the app and looks as the app draws it; a stored trial agreement is never shown as "not loaded"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const goToDashboard = () => page.getByRole('main').getByRole('link', { name: 'Go To Dashboard' });
  const scripts = recordScripts(page);

  // A visitor without a trial agreement: the page and the static pages' script, not the app.
  await page.goto('/guest/contract');
  await expect(page).toHaveTitle('Agreement Editor · Bridge Partnership Agreements');
  await expect(page.getByRole('main').getByText('Agreement is not Loaded').first()).toBeVisible();
  const menu = mainNav(page).getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav(page).getByRole('link', { name: 'Instructions' })).toBeVisible();
  await menu.click();
  expect(scripts.some((name) => name.startsWith('static-'))).toBe(true);
  expect(scripts.filter((name) => /^(vendor|index|zod)-/.test(name))).toEqual([]);
  const drawnAtBuild = await goToDashboard().boundingBox();

  // The same page drawn by the app (an unreadable stored entry makes the page load the app, which
  // drops the entry and shows "not loaded"): the button is where and as large as it was.
  await page.evaluate(() => window.localStorage.setItem('bpa.guestAgreement.v1', 'not an agreement'));
  await page.reload();
  await expect(page.locator('main[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Agreement is not Loaded').first()).toBeVisible();
  expect(await goToDashboard().boundingBox()).toEqual(drawnAtBuild);
  expect(scripts.some((name) => name.startsWith('vendor-'))).toBe(true);

  // Into the app, with the trial agreement.
  await goToDashboard().click();
  await expect(page).toHaveURL(/\/guest\/home$/);
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  await expect(page.getByRole('heading', { level: 2, name: /Overcalls/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('bpa.guestAgreement.v1')?.includes('Overcalls'))).toBe(true);

  // This browser holds a trial agreement: the page as it arrives keeps its <main> hidden…
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.reload();
  await expect(page.locator('main[data-prerendered]')).toHaveCount(1);
  await expect(page.getByRole('main')).toBeHidden();
  // …and the app shows the agreement.
  await page.unroute(APP_ENTRY);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /Overcalls/ })).toBeVisible();
  await expect(page.getByText('Agreement is not Loaded')).toHaveCount(0);
});

test("a signed-in page asks for the session beside its scripts; once idle, the dashboard prefetches the editor's code and the editor the PDF viewer's with PDF.js's worker, running none of it (ADR 207)", async ({
  subscriberPage: page,
}) => {
  /** The files a page load prefetches: its `<link rel="prefetch">` elements, once they are there. */
  const prefetched = async () => {
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached({ timeout: 30_000 });
    return page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  };
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto('/my/home');
  // The app's first call (who is signed in) was asked for by the page's head, and the app used that answer: one request.
  await expect(page.getByRole('button', { name: /^Edit Agreement: / }).first()).toBeVisible();
  await expect(page.locator('link[rel="preload"][href="/api/v1/users/session"]')).toHaveCount(1);
  expect(fetched.filter((path) => path === '/api/v1/users/session')).toHaveLength(1);
  const fromDashboard = await prefetched();
  expect(fromDashboard.some((file) => /^\/assets\/my-contract-route-[^/]+\.js$/.test(file))).toBe(true);
  // Not the viewer's worker: the editor only holds its address.
  expect(fromDashboard.some((file) => file.includes('pdf.worker.min') && file.endsWith('.mjs'))).toBe(false);
  await expect.poll(() => fromDashboard.every((file) => fetched.includes(file))).toBe(true);
  // Fetched, not run: the dashboard is still the page, and the editor's chunk is no module of it.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await page.locator('script[src*="my-contract-route"], link[rel="modulepreload"][href*="my-contract-route"]').count()).toBe(0);

  await page
    .getByRole('button', { name: /^Edit Agreement: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/my\/contract/);
  await page.reload();
  const fromEditor = await prefetched();
  expect(fromEditor.some((file) => /^\/assets\/my-pdf-view-route-[^/]+\.js$/.test(file))).toBe(true);
  expect(fromEditor.some((file) => /^\/assets\/pdf\.worker\.min-[^/]+\.mjs$/.test(file))).toBe(true);
  await expect.poll(() => fromEditor.every((file) => fetched.includes(file))).toBe(true);
  expect(fetched.filter((path) => path === '/api/v1/users/session')).toHaveLength(2);
  // No preload the browser found unused.
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

test('on a phone the footer starts below the first screenful, while the dashboard loads and once it has: what arrives pushes nothing in view', async ({
  subscriberPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // Where the footer starts; -1 while the page is being parsed or redrawn and it has no box yet.
  const footerTop = async () => (await page.locator('footer.site-footer').boundingBox())?.y ?? -1;
  // Held before the session's answer, the page shows its frame and the "Checking your sign-in" spinner.
  const release: Array<() => void> = [];
  const sessionHeld = new Promise<void>((resolve) => release.push(resolve));
  await page.route('**/api/v1/users/session', async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.goto('/my/home', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Checking your sign-in' })).toBeVisible();
  await expect.poll(footerTop).toBeGreaterThanOrEqual(800);
  release.forEach((resolve) => resolve());
  await expect(page.getByRole('button', { name: /^Edit Agreement: / }).first()).toBeVisible();
  await expect.poll(footerTop).toBeGreaterThanOrEqual(800);
});

test("a signed-in page arrives with its frame and the session look-up's spinner before any script has run, with no link that could sign out (ADR 209)", async ({
  subscriberPage: page,
}) => {
  // Wide enough for the navigation's links to show without the phone menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  // The app's entry held back: what shows is the page as the server sent it.
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.goto('/my/home');
  await expect(page.locator('main[data-prerendered]')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Checking your sign-in' })).toBeVisible();
  await expect(mainNav(page).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Bridge Partnership Agreements' })).toHaveAttribute('href', '/my/home');
  await expect.poll(async () => (await page.locator('footer.site-footer').boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(800);

  // With the app: the page replaces the view, and the navigation is the signed-in one.
  await page.unroute(APP_ENTRY);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Edit Agreement: / }).first()).toBeVisible();
  await expect(page.locator('main[data-prerendered]')).toHaveCount(0);
  await expect(mainNav(page).getByRole('link')).toHaveText(['Instructions', 'Contact Us', 'Logout']);
});
