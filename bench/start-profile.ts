/**
 * Where a signed-in page's start-up spends its script time on a phone's CPU (docs/product.md §D12:
 * "no long task over 50 ms during start-up at 4x CPU"): opens each page cold in Chromium at 4x CPU
 * slowdown with the CPU profiler on, from the navigation until the page has been idle for a second,
 * and prints the long tasks (over 50 ms) and the functions with the most self time. Read it on a
 * build without minification (`npx vite build --minify false` in packages/web) to see names.
 * A diagnostic, not a benchmark: it prints no goal and asserts nothing.
 *
 * Settings: START_PROFILE_PORT (default 3294), CHROMIUM_PATH (default /usr/bin/chromium),
 * START_PROFILE_PAGES (comma-separated: `home`, `compare`, `shared`; default all three).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, type CpuProfile, printSelfTimes, printSelfTimesByScript } from './support/cpu-profile';
import { seedBenchDatabase, startProductServer } from './support/product-server';

const PORT = Number(process.env.START_PROFILE_PORT ?? 3294);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const WANTED = (process.env.START_PROFILE_PAGES ?? 'home,compare,shared').split(',');
const BASE = '/api/v1/contracts/my';

if (!existsSync(CHROMIUM)) {
  console.log(`No Chromium at ${CHROMIUM}: the start-up profile is skipped (set CHROMIUM_PATH).`);
  process.exit(0);
}

const database = await seedBenchDatabase({ subscriberCount: 1 });
const server = await startProductServer(database, PORT);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const { cookie } = database.subscribers[0]!;
  const headers = { cookie, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let n = 0; n < 2; n++) {
    const made = await fetch(`${server.url}${BASE}`, { method: 'POST', headers, body: JSON.stringify({ templateId: database.largestTemplate.id }) });
    if (made.status !== 201) throw new Error(`Creating an agreement answered ${made.status}`);
    ids.push(((await made.json()) as { data: { _id: string } }).data._id);
  }
  const link = (await (await fetch(`${server.url}${BASE}/${ids[0]}/link`, { method: 'POST', headers: { cookie } })).json()) as { data: { linkToken: string } };
  const pages: Record<string, { path: string; signedIn: boolean }> = {
    home: { path: '/my/home', signedIn: true },
    compare: { path: `/my/compare?left=${ids[0]}&right=${ids[1]}`, signedIn: true },
    shared: { path: `/shared/${link.data.linkToken}`, signedIn: false },
  };
  for (const key of WANTED) {
    const target = pages[key];
    if (!target) throw new Error(`Unknown page ${key}: home, compare or shared`);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (target.signedIn) {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${target.path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks);
    console.log(
      `\n${target.path.split('?')[0]} at 4x CPU: long tasks (start ms, duration ms): ${tasks.map((task) => `${task.start}+${task.duration}`).join(', ') || 'none'}`,
    );
    printSelfTimesByScript(profile as CpuProfile);
    printSelfTimes(profile as CpuProfile, 25);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
