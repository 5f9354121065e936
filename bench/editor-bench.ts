/**
 * Editor interaction benchmark (docs/product.md §D12): main-thread script time of ticking a subject and of
 * Select All in the largest category of the largest template, measured in Chromium against the
 * real server (`npm run serve` on a fresh embedded database; the web app must be built).
 *
 * A subscriber's five agreements are made from the largest template; for each, the editor is opened
 * on the category with the most subjects and options. Script time is Chromium's own count
 * (`Performance.getMetrics` ScriptDuration) from just before the click until two animation frames
 * later, so it includes React's render and commit of the change (and not Playwright's search for
 * the element, done before). Prints the median and worst of the ticks and of the Select Alls
 * beside the goal (<= 16 ms: one frame). Asserts nothing. Select All is clicked
 * EDITOR_BENCH_SELECT_ALLS times per agreement (default 3: fifteen samples, five were too few to
 * read a median near the goal), each after an untimed Clear all but the first, which follows the
 * ticks.
 *
 * Each is measured at every CPU slowdown of EDITOR_BENCH_CPU_RATES (Chromium's
 * `Emulation.setCPUThrottlingRate`; default `1,4`: this machine, and a mid-range phone as
 * Lighthouse takes one), and besides the script time the input-to-paint time of the click: the
 * Event Timing API's `duration` of the `click` event (from the input until the next paint after
 * its handlers ran). The browser reports only events of 16 ms or more, so a shorter one is
 * printed as 16 ("< 16"). Goals: at most 16 ms of script each and input to paint at most 100 ms,
 * at 4x.
 *
 * Settings: EDITOR_BENCH_TICKS (ticks per agreement, default 10), EDITOR_BENCH_SELECT_ALLS
 * (Select Alls per agreement, default 3), EDITOR_BENCH_PORT (default
 * 3293), CHROMIUM_PATH (default /usr/bin/chromium), EDITOR_BENCH_CPU_RATES (default `1,4`),
 * EDITOR_BENCH_PROFILE=1 (also print where the last Select All spent its script time: self time
 * per function, from Chromium's CPU profiler; `tick`: where the last agreement's ticks did).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type CDPSession, type ElementHandle, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, type CpuProfile, printSelfTimes } from './support/cpu-profile';
import { seedBenchDatabase, startProductServer } from './support/product-server';

const TICKS = Number(process.env.EDITOR_BENCH_TICKS ?? 10);
const SELECT_ALLS = Math.max(1, Number(process.env.EDITOR_BENCH_SELECT_ALLS ?? 3));
const PORT = Number(process.env.EDITOR_BENCH_PORT ?? 3293);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const GOAL_MS = 16;
const GOAL_PAINT_MS = 100;
const CPU_RATES = (process.env.EDITOR_BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
/** The shortest event duration the Event Timing API reports (ms). */
const EVENT_TIMING_FLOOR_MS = 16;
const BASE = '/api/v1/contracts/my';

interface Category {
  categoryName: string;
  subjects: Array<{ subjectName: string; options: unknown[] }>;
}

if (!existsSync(CHROMIUM)) {
  console.log(`No Chromium at ${CHROMIUM}: the editor benchmark is skipped (set CHROMIUM_PATH).`);
  process.exit(0);
}

/** Starts recording the durations of click events in the page (Event Timing API), into `window.clickDurations`. */
async function recordClickDurations(page: Page): Promise<void> {
  await page.evaluate((floor) => {
    const durations: number[] = [];
    (window as unknown as { clickDurations: number[] }).clickDurations = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'click') durations.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: floor } as PerformanceObserverInit);
  }, EVENT_TIMING_FLOOR_MS);
}

/**
 * What `action` (a click) costs the page: script time in ms until two frames after it, and the
 * click's input-to-paint time (EVENT_TIMING_FLOOR_MS when the browser reported none: shorter).
 */
async function measure(page: Page, cdp: CDPSession, action: () => Promise<void>): Promise<{ scriptMs: number; paintMs: number }> {
  const read = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  const before = await read();
  const seen = await page.evaluate(() => (window as unknown as { clickDurations: number[] }).clickDurations.length);
  await action();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const scriptMs = ((await read()) - before) * 1000;
  // Event Timing entries are delivered after the paint: wait a little for this click's.
  await page.waitForTimeout(50);
  const durations = await page.evaluate((from) => (window as unknown as { clickDurations: number[] }).clickDurations.slice(from), seen);
  return { scriptMs, paintMs: Math.max(EVENT_TIMING_FLOOR_MS, ...durations) };
}

/**
 * Scrolls `element` into view and answers a click on its centre by the mouse, as a user's, without
 * Playwright's actionability checks (script it runs in the page, not the editor's cost).
 */
async function mouseClick(page: Page, element: ElementHandle): Promise<() => Promise<void>> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('The element to click is not visible');
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** EDITOR_BENCH_PROFILE: `1` profiles the last Select All, `tick` the last agreement's ticks (at the last CPU rate). */
const PROFILE = process.env.EDITOR_BENCH_PROFILE === '1' ? 'select-all' : process.env.EDITOR_BENCH_PROFILE === 'tick' ? 'tick' : undefined;

/** Prints where the profiled action spent its script time: the 20 functions with the most self time. */
function printProfile(profile: CpuProfile) {
  console.log(`${PROFILE === 'tick' ? 'Ticks' : 'Select All'}, self time by function (ms):`);
  printSelfTimes(profile, 20);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted.at(-1)! };
};

const database = await seedBenchDatabase({ subscriberCount: 1 });
const server = await startProductServer(database, PORT);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const { cookie } = database.subscribers[0]!;
  const headers = { cookie, 'content-type': 'application/json' };
  // The subscriber's five agreements, each made from the largest template.
  for (let n = 0; n < 5; n++) {
    const made = await fetch(`${server.url}${BASE}`, { method: 'POST', headers, body: JSON.stringify({ templateId: database.largestTemplate.id }) });
    if (made.status !== 201) throw new Error(`Creating an agreement answered ${made.status}: ${await made.text()}`);
  }
  const list = (await (await fetch(`${server.url}${BASE}`, { headers })).json()) as { data: Array<{ _id: string; contractName: string }> };
  let largest: { index: number; name: string; items: number } | undefined;
  const first = (await (await fetch(`${server.url}${BASE}/${list.data[0]!._id}`, { headers })).json()) as { data: { categories: Category[] } };
  first.data.categories.forEach((category, index) => {
    const items = category.subjects.reduce((n, s) => n + 1 + s.options.length, 0);
    if (!largest || items > largest.items) largest = { index, name: category.categoryName, items };
  });
  if (!largest) throw new Error('The agreement has no categories');

  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  const rows: { rate: number; action: string; script: number[]; paint: number[] }[] = [];
  for (const rate of CPU_RATES) {
    const ticks = { script: [] as number[], paint: [] as number[] };
    const selectAlls = { script: [] as number[], paint: [] as number[] };
    for (const agreement of list.data) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.goto(`${server.url}/my/home`);
      await page.getByRole('button', { name: new RegExp(`^Edit Agreement: ${agreement.contractName}$`) }).click();
      await page.locator('.category-list button').nth(largest.index).click();
      const panel = page.locator('.subjects-panel');
      await panel.getByRole('checkbox').first().waitFor();
      await recordClickDurations(page);
      // Elements are found before the clock starts and clicked by the mouse: Playwright's role queries
      // and actionability checks run script in the page, which is not the editor's cost.
      const boxes = [];
      for (let n = 0; n < TICKS; n++)
        boxes.push(
          (await panel
            .getByRole('checkbox')
            .nth(n * 2)
            .elementHandle())!,
        );
      const selectAllButton = await panel.getByRole('button', { name: 'Select All' }).elementHandle();
      const clearAllButton = await panel.getByRole('button', { name: 'Clear all' }).elementHandle();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const isLast = agreement === list.data.at(-1) && rate === CPU_RATES.at(-1);
      const startProfile = () =>
        cdp
          .send('Profiler.enable')
          .then(() => cdp.send('Profiler.setSamplingInterval', { interval: 100 }))
          .then(() => cdp.send('Profiler.start'));
      if (isLast && PROFILE === 'tick') await startProfile();
      for (const box of boxes) {
        const { scriptMs, paintMs } = await measure(page, cdp, await mouseClick(page, box));
        ticks.script.push(scriptMs);
        ticks.paint.push(paintMs);
      }
      if (isLast && PROFILE === 'tick') printProfile((await cdp.send('Profiler.stop')).profile);
      for (let round = 0; round < SELECT_ALLS; round++) {
        if (round > 0) {
          // Untimed: the category cleared again, so that this Select All ticks every row.
          await (
            await mouseClick(page, clearAllButton!)
          )();
          await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        }
        const isProfiled = isLast && round === SELECT_ALLS - 1 && PROFILE === 'select-all';
        if (isProfiled) await startProfile();
        const { scriptMs, paintMs } = await measure(page, cdp, await mouseClick(page, selectAllButton!));
        selectAlls.script.push(scriptMs);
        selectAlls.paint.push(paintMs);
        if (isProfiled) printProfile((await cdp.send('Profiler.stop')).profile);
      }
    }
    rows.push({ rate, action: 'tick', ...ticks }, { rate, action: 'Select All', ...selectAlls });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const paintText = (ms: number) => (ms <= EVENT_TIMING_FLOOR_MS ? `< ${EVENT_TIMING_FLOOR_MS}` : ms.toFixed(0));
  console.log(
    `Editor benchmark: category "${largest.name}" of "${database.largestTemplate.name}" (${largest.items} subjects and options), Chromium; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('CPU  action      samples  script median ms  script worst ms  input to paint median / worst ms  goal (at 4x: script <= 16 ms, paint <= 100 ms)');
  for (const { rate, action, script, paint } of rows) {
    const scriptSummary = summary(script);
    const paintSummary = summary(paint);
    const isMet = scriptSummary.median <= GOAL_MS && paintSummary.median <= GOAL_PAINT_MS;
    console.log(
      `${`${rate}x`.padEnd(4)} ${action.padEnd(11)} ${String(script.length).padStart(7)}  ${scriptSummary.median.toFixed(1).padStart(16)}  ${scriptSummary.worst
        .toFixed(1)
        .padStart(
          15,
        )}  ${`${paintText(paintSummary.median)} / ${paintText(paintSummary.worst)}`.padStart(32)}  ${rate >= 4 ? (isMet ? 'met' : 'NOT met') : '-'}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  await database.dispose();
}
