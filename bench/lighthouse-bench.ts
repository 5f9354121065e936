/**
 * Lighthouse benchmark (docs/product.md §D12): the mobile scores of the pages a newcomer opens first, `/`,
 * `/trial` and `/guest/contract`, measured by Lighthouse (the npm package, its default mobile
 * profile: an emulated mid-range phone on a throttled 4G connection, simulated) in the system's
 * Chromium against the real server (`npm run serve` on a fresh embedded database; the web app
 * must be built: `npm run bench` builds it).
 *
 * Prints, per page, the median of LIGHTHOUSE_RUNS runs (default 3) of the performance,
 * accessibility and best-practices scores and of the largest contentful paint, each beside its
 * goal (performance, accessibility and best practices >= 95). Asserts nothing.
 *
 * Settings: LIGHTHOUSE_RUNS, LIGHTHOUSE_PORT (default 3292), CHROMIUM_PATH (default /usr/bin/chromium),
 * LIGHTHOUSE_SAVE_DIR (write each run's full Lighthouse report there as JSON, to see what an audit
 * found: the largest paint's element, the requests, the main thread's work), LIGHTHOUSE_PAGES
 * (comma-separated paths instead of the three pages), LIGHTHOUSE_SIGNED_IN (1 by default; 0 skips
 * the signed-in pages).
 *
 * Then the pages a signed-in subscriber opens cold on a phone (docs/product.md §D12): the
 * dashboard `/my/home` (with two agreements made from the largest template), the Compare screen
 * of those two, and
 * the read-only link page `/shared/{token}` of one (a partner opening the link; sent without the
 * session cookie). The subscriber's session cookie goes with every request of the signed-in pages
 * (Lighthouse's `extraHeaders`). And `/guest/contract` again for a visitor whose browser holds a
 * trial agreement (put into the page's localStorage before each run, which Lighthouse then keeps:
 * `disableStorageReset`), who gets the app rather than the page rendered at build time.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { ContractAnswerSchema } from '@bpa/domain/api';
import { chromium } from 'playwright-core';
import { NewLinkAnswerSchema } from '@bpa/domain/api-sharing';
import { CHROMIUM_ARGS } from './support/cpu-profile';
import { seedBenchDatabase, startProductServer } from './support/product-server';
import { GUEST_AGREEMENT_STORAGE_KEY, trialAgreementText } from './support/trial-agreement';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3292);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR || undefined;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/trial', '/guest/contract'];
const GOAL_SCORE = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface PageRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  /** Script transferred, compressed as sent (KB). */
  scriptKb: number;
}

/** The script a page transferred, in KB as sent (Lighthouse's network requests of type Script). */
function scriptKbOf(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const bytes = (details?.items ?? []).filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return bytes / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(CHROMIUM)) {
  console.log(`No Chromium at ${CHROMIUM}: the Lighthouse benchmark is skipped (set CHROMIUM_PATH).`);
  process.exit(0);
}

const SIGNED_IN = process.env.LIGHTHOUSE_SIGNED_IN !== '0';
const database = await seedBenchDatabase({ subscriberCount: SIGNED_IN ? 1 : 0 });
const server = await startProductServer(database, PORT);

/**
 * The signed-in pages and the cookie each is opened with: the dashboard of two agreements, one made
 * from the largest template (the blank catalogue) and one from the template with the most ticked
 * items (a whole system); Compare of the two; a read-only link of the whole system.
 */
async function signedInPages(): Promise<{ path: string; cookie?: string }[]> {
  const subscriber = database.subscribers[0];
  if (!subscriber) return [];
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: subscriber.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const make = async (templateId: string) => ContractAnswerSchema.parse(await api('POST', '/api/v1/contracts/my', { templateId })).data;
  const blank = await make(database.largestTemplate.id);
  // A whole system: the largest template is the blank catalogue, with nothing ticked, whose link
  // page would show next to nothing.
  const system = await make(database.mostTickedTemplate.id);
  const link = NewLinkAnswerSchema.parse(await api('POST', `/api/v1/contracts/my/${system._id}/link`)).data;
  return [
    { path: '/my/home', cookie: subscriber.cookie },
    // The whole system against the blank catalogue: every item it ticks is a difference to show
    // (two agreements of the same template would compare as equal, a page with nothing on it).
    { path: `/my/compare?left=${system._id}&right=${blank._id}`, cookie: subscriber.cookie },
    { path: `/shared/${link.linkToken}` },
  ];
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
/**
 * One Lighthouse run of a page; a run whose trace recording failed (NO_NAVSTART and the like,
 * which Lighthouse itself says to run again) is run again, up to twice.
 */
async function audit(page: string, cookie?: string, localStorage?: Record<string, string>, attempt = 1): Promise<Result> {
  if (localStorage) await setLocalStorage(localStorage);
  const result = await lighthouse(`${server.url}${page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    ...(localStorage ? { disableStorageReset: true } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { lhr } = result;
  // Lighthouse does not clear localStorage itself: the other pages must not find the trial agreement.
  if (localStorage) await setLocalStorage(Object.fromEntries(Object.keys(localStorage).map((key) => [key, null])));
  if (!lhr.runtimeError) return lhr;
  if (attempt < 3) return audit(page, cookie, localStorage, attempt + 1);
  throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
}

/** The trial agreement a visitor's browser holds after "Try the free trial", as localStorage entries. */
async function trialAgreementStorage(): Promise<Record<string, string>> {
  return { [GUEST_AGREEMENT_STORAGE_KEY]: await trialAgreementText(server.url) };
}

/**
 * Sets (or, for null, removes) entries of the server's origin's localStorage in the Chromium
 * Lighthouse drives, and empties its HTTP cache, which Lighthouse keeps when told to keep the
 * storage: the page is measured cold, as the others.
 */
async function setLocalStorage(entries: Record<string, string | null>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${server.url}/instructions`);
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, value);
      }
    }, entries);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Only the connection: the browser is Lighthouse's.
    await browser.close();
  }
}

try {
  const pages: { path: string; cookie?: string; localStorage?: Record<string, string>; label: string }[] = [
    ...PAGES.map((path) => ({ path, label: path })),
    ...(SIGNED_IN && !process.env.LIGHTHOUSE_PAGES ? await signedInPages() : []).map((page) => ({
      ...page,
      label: page.path.startsWith('/shared/') ? '/shared/{token}' : page.path.startsWith('/my/compare') ? '/my/compare' : page.path,
    })),
    // Last: its localStorage is removed after each run, but nothing else depends on the order.
    ...(SIGNED_IN && !process.env.LIGHTHOUSE_PAGES
      ? [{ path: '/guest/contract', localStorage: await trialAgreementStorage(), label: '/guest/contract (trial)' }]
      : []),
  ];
  const results = new Map<string, PageRun[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const { path, cookie, localStorage, label: page } of pages) {
      const lhr = await audit(path, cookie, localStorage);
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        writeFileSync(join(SAVE_DIR, `${page === '/' ? 'landing' : page.slice(1).replaceAll(/[/{}() ]/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
      }
      const score = (category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const runs = results.get(page) ?? [];
      runs.push({
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        scriptKb: scriptKbOf(lhr),
      });
      results.set(page, runs);
    }
  }
  console.log(
    `Lighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS} runs)`}, mobile profile, the real server on the embedded database; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('page                     performance  accessibility  best practices   LCP s   TBT ms  script KB  goal (each score >= 95)');
  for (const { label: page } of pages) {
    const runs = results.get(page)!;
    const scores = CATEGORIES.map((category) => median(runs.map((r) => r.scores[category])));
    const isMet = scores.every((s) => s >= GOAL_SCORE);
    console.log(
      `${page.padEnd(24)} ${String(scores[0]).padStart(11)}  ${String(scores[1]).padStart(13)}  ${String(scores[2]).padStart(14)}  ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1).padStart(6)}  ${median(
        runs.map((r) => r.tbtMs),
      )
        .toFixed(0)
        .padStart(7)}  ${median(runs.map((r) => r.scriptKb))
        .toFixed(0)
        .padStart(9)}  ${isMet ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  await database.dispose();
}
