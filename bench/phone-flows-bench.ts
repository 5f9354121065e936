/**
 * Three things players do on a phone, timed from the tap to the result in real Chromium on a
 * throttled phone profile (docs/product.md §D12; bench/README.md): 1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms of latency (Chromium's network emulation) and a CPU 4x slower than this machine.
 *
 * 1. **Edit Agreement → first tick possible**: a subscriber on the dashboard taps "Edit Agreement"
 *    of an agreement made from the largest template; until the editor's first option can be ticked
 *    (a check box on screen and enabled). Goal <= 1.5 s.
 * 2. **Card → download**: in that editor, the subscriber taps "ACBL card (classic)" (and "Download
 *    the card" when the supplementary sheet is announced first, docs/official-cards.md §3); until
 *    the browser has the file. Goal <= 1.5 s.
 * 3. **Guest Make PDF → first page drawn**: a visitor holding the trial agreement taps Make PDF on
 *    `/guest/contract`; until the viewer's first page shows on its canvas. Goal <= 2.5 s.
 *
 * Each run is a new browser context (an empty cache), its page loaded throttled. Flows 1 and 3 are
 * timed twice: "read", tapped once the network is idle and the next step's code the page
 * prefetches once idle is in the cache (ADR 207: a player who has looked at the page for a few
 * seconds), and "quick", tapped as soon as the button shows, before that prefetch (which waits a
 * second after the load; the bench counts the quick taps that found it begun). Flow 2 is timed
 * once the editor has been read. Only the tap to the result is timed: the tap is the button's `click()` in the page once the button
 * shows (Playwright's own click first waits for the page to be still, which at 4x takes a while),
 * and a download counts when its file is complete. Prints the median of the runs, each run and the
 * machine's load; asserts nothing.
 *
 * Settings: PHONE_BENCH_RUNS (default 5), PHONE_BENCH_PORT (default 3296), CHROMIUM_PATH (default
 * /usr/bin/chromium).
 */
import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './support/cpu-profile';
import { type BenchDatabase, type ProductServer, seedBenchDatabase, startProductServer } from './support/product-server';
import { GUEST_AGREEMENT_STORAGE_KEY, trialAgreementText } from './support/trial-agreement';

const RUNS = Number(process.env.PHONE_BENCH_RUNS ?? 5);
const PORT = Number(process.env.PHONE_BENCH_PORT ?? 3296);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The phone profile: Lighthouse's mobile network (its "slow 4G") and CPU slowdown. */
const PHONE = { downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, latencyMs: 150, cpuSlowdown: 4 };
/** How long one step may take before the run counts as failed (milliseconds). */
const STEP_TIMEOUT_MS = 60_000;

if (!existsSync(CHROMIUM)) {
  console.log(`No Chromium at ${CHROMIUM}: the phone flows are skipped (set CHROMIUM_PATH).`);
  process.exit(0);
}

/** A new context on a phone's screen, throttled like a phone from its first request. */
async function phonePage(browser: Browser, server: ProductServer, cookie?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, acceptDownloads: true });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return { context, page };
}

/**
 * Waits until the files the page prefetches once idle (ADR 207) are in the browser's cache: each
 * `<link rel="prefetch">` has its resource timing entry. A player who has looked at the page for a
 * few seconds; a page that names none passes at once.
 */
async function prefetchDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const meta = document.querySelector<HTMLMetaElement>('meta[name="prefetch-after-load"]');
      if (!meta) return true;
      const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'));
      const fetched = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      return links.length > 0 && links.every((link) => fetched.has(link.href));
    },
    undefined,
    { polling: 100, timeout: STEP_TIMEOUT_MS },
  );
}

/** Taps `button` once it shows: its `click()` in the page. */
async function tap(button: Locator): Promise<void> {
  await button.waitFor({ state: 'visible' });
  await button.evaluate((element) => (element as HTMLElement).click());
}

/** Milliseconds from calling `act` until `result` resolves (both started together). */
async function timed(act: () => Promise<unknown>, result: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await Promise.all([result(), act()]);
  return performance.now() - started;
}

/** Whether the PDF viewer's first page has something drawn on its canvas (not only white). */
function firstPageDrawn(): boolean {
  const canvas = document.querySelector<HTMLCanvasElement>('.react-pdf__Page__canvas');
  if (!canvas || canvas.width === 0) return false;
  const sample = document.createElement('canvas');
  sample.width = sample.height = 64;
  const context = sample.getContext('2d');
  if (!context) return false;
  context.drawImage(canvas, 0, 0, 64, 64);
  const pixels = context.getImageData(0, 0, 64, 64).data;
  for (let index = 0; index < pixels.length; index += 4) {
    if (pixels[index + 3]! > 0 && (pixels[index]! < 240 || pixels[index + 1]! < 240 || pixels[index + 2]! < 240)) return true;
  }
  return false;
}

/**
 * When the tap comes: once the page has been read (network idle and its prefetch done), or as soon
 * as the button shows, before the page's prefetch has begun (it waits a second after the load).
 */
type Tap = 'read' | 'quick';

/** Whether the page has started its prefetch (ADR 207): any `<link rel="prefetch">`. */
const hasPrefetched = (page: Page) =>
  page
    .locator('link[rel="prefetch"]')
    .count()
    .then((count) => count > 0);

/** Flow 1 and, once the page has been read, flow 2 for one subscriber: the timings, and whether the prefetch had begun at the first tap. */
async function subscriberRun(
  browser: Browser,
  server: ProductServer,
  cookie: string,
  name: string,
  when: Tap,
): Promise<{ edit: number; card: number | undefined; prefetchBegun: boolean }> {
  const { context, page } = await phonePage(browser, server, cookie);
  try {
    await page.goto(`${server.url}/my/home`, { waitUntil: when === 'read' ? 'networkidle' : 'load' });
    if (when === 'read') await prefetchDone(page);
    const editButton = page.getByRole('button', { name: `Edit Agreement: ${name}` });
    await editButton.waitFor();
    const prefetchBegun = await hasPrefetched(page);
    const firstOption = page.locator('main input[type="checkbox"]:not([disabled])').first();
    const edit = await timed(
      () => tap(editButton),
      () => firstOption.waitFor({ state: 'visible' }),
    );
    if (when === 'quick') return { edit, card: undefined, prefetchBegun };
    await page.waitForLoadState('networkidle');
    await prefetchDone(page);
    const cardButton = page.getByRole('group', { name: 'Official ACBL convention cards' }).getByRole('button', { name: 'ACBL card (classic)' });
    const confirm = page.getByRole('button', { name: 'Download the card' });
    const started = performance.now();
    const download = page.waitForEvent('download');
    await tap(cardButton);
    // The supplementary sheet is announced first when the agreement says more than the card's fields hold.
    const announced = confirm.waitFor({ state: 'visible' }).then(
      () => true,
      () => false,
    );
    if (await Promise.race([announced, download.then(() => false)])) await tap(confirm);
    await (await download).path();
    const card = performance.now() - started;
    return { edit, card, prefetchBegun };
  } finally {
    await context.close();
  }
}

/** Flow 3 for a visitor holding `storedTrial` in localStorage: the timing, and whether the prefetch had begun at the tap. */
async function guestRun(browser: Browser, server: ProductServer, storedTrial: string, when: Tap): Promise<{ pdf: number; prefetchBegun: boolean }> {
  const { context, page } = await phonePage(browser, server);
  try {
    await context.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!);
      },
      [GUEST_AGREEMENT_STORAGE_KEY, storedTrial],
    );
    await page.goto(`${server.url}/guest/contract`, { waitUntil: when === 'read' ? 'networkidle' : 'load' });
    if (when === 'read') await prefetchDone(page);
    // On a phone, Save and Make PDF stay in a bar at the bottom of the screen (docs/product.md §15).
    const makePdf = page.getByRole('region', { name: 'Save and Make PDF' }).getByRole('button', { name: 'Make PDF' });
    await makePdf.waitFor();
    const prefetchBegun = await hasPrefetched(page);
    const pdf = await timed(
      () => tap(makePdf),
      () => page.waitForFunction(firstPageDrawn, undefined, { polling: 'raf', timeout: STEP_TIMEOUT_MS }),
    );
    return { pdf, prefetchBegun };
  } finally {
    await context.close();
  }
}

/** An agreement of the largest template for the bench's subscriber: its name. */
async function largestAgreement(server: ProductServer, database: BenchDatabase): Promise<string> {
  const { cookie } = database.subscribers[0]!;
  const made = await fetch(`${server.url}/api/v1/contracts/my`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId: database.largestTemplate.id }),
  });
  if (made.status !== 201) throw new Error(`Creating an agreement answered ${made.status}`);
  return ((await made.json()) as { data: { contractName: string } }).data.contractName;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (what: string, values: number[], goalMs: number) => {
  const middle = median(values);
  return `${what.padEnd(48)} ${(middle / 1000).toFixed(2).padStart(6)} s   ${`<= ${(goalMs / 1000).toFixed(1)} s: ${middle <= goalMs ? 'met' : 'NOT met'}`.padEnd(20)} runs ${values.map((value) => (value / 1000).toFixed(2)).join(', ')}`;
};

const database = await seedBenchDatabase({ subscriberCount: 1 });
const server = await startProductServer(database, PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const name = await largestAgreement(server, database);
  const storedTrial = await trialAgreementText(server.url);
  const edits = { read: [] as number[], quick: [] as number[] };
  const guests = { read: [] as number[], quick: [] as number[] };
  const cards: number[] = [];
  // Quick taps that found the page's prefetch already begun, by flow: their figure gained from it.
  const quickAfterPrefetch = { edit: 0, guest: 0 };
  for (let run = 0; run < RUNS; run++) {
    for (const when of ['read', 'quick'] as const) {
      const subscriber = await subscriberRun(browser, server, database.subscribers[0]!.cookie, name, when);
      edits[when].push(subscriber.edit);
      if (subscriber.card !== undefined) cards.push(subscriber.card);
      const guest = await guestRun(browser, server, storedTrial, when);
      guests[when].push(guest.pdf);
      if (when === 'quick') {
        quickAfterPrefetch.edit += Number(subscriber.prefetchBegun);
        quickAfterPrefetch.guest += Number(guest.prefetchBegun);
      }
    }
  }
  console.log(
    `\nPhone flows: ${PHONE.downloadBitsPerSecond / 1e6} Mbit/s down, ${PHONE.uploadBitsPerSecond / 1e3} kbit/s up, ${PHONE.latencyMs} ms, CPU ${PHONE.cpuSlowdown}x; ` +
      `"${database.largestTemplate.name}" for the subscriber; median of ${RUNS} runs, each in a new context; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('"read": tapped once the page is still and its prefetch done (ADR 207); "quick": tapped as soon as the button shows');
  console.log(row('dashboard Edit Agreement -> first tick, read', edits.read, 1500));
  console.log(row('dashboard Edit Agreement -> first tick, quick', edits.quick, 1500));
  console.log(row('ACBL card (classic) -> download, read', cards, 1500));
  console.log(row('guest Make PDF -> first page drawn, read', guests.read, 2500));
  console.log(row('guest Make PDF -> first page drawn, quick', guests.quick, 2500));
  console.log(
    `quick taps that found the page's prefetch already begun: Edit Agreement ${quickAfterPrefetch.edit} of ${RUNS}, Make PDF ${quickAfterPrefetch.guest} of ${RUNS}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await database.dispose();
}
