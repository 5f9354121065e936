// Runs the browser tests in the system's Chromium. Without a browser the run says so loudly and
// passes on a developer's machine, but fails under CI (docs/product.md §D10).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const banner = '!'.repeat(78);
  console.error(`${banner}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n!! Install it (apt-get install chromium) or set CHROMIUM_PATH.\n${banner}`);
  process.exit(process.env.CI ? 1 : 0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
process.exit(result.status ?? 1);
