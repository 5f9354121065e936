import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The app under test: the real server on its own port, a throw-away embedded database, the built
// web app (npm run test:e2e builds it first).
const port = Number(process.env.E2E_PORT ?? 3187);
// Made once, by the runner: its workers load this file again but inherit the variable, so the
// tests read the same folder the server writes to.
const dataDir = (process.env.BPA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bpa-e2e-')));
export const outboxDir = join(dataDir, 'outbox');
/** The server's standard output: it prints the first administrator's set-password link there (docs/product.md §D8). */
export const serverOutputFile = join(dataDir, 'server-output.log');
/** The first administrator the server creates on start (docs/product.md §D8: ADMIN_EMAIL). */
export const adminEmail = 'admin@example.org';
/**
 * With DATABASE_URL set (CI creates a database per run), the server under test runs on a sibling
 * database `<name>_e2e` of the same PostgreSQL server, made afresh by start-server.mjs; the tests
 * may then reach into it (for what no screen can do, such as ending a subscription). Without it
 * the server uses the embedded PGlite database and such tests are skipped.
 */
export const e2eDatabaseUrl = (() => {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) return undefined;
  const url = new URL(serverUrl);
  url.pathname = `/${(url.pathname.slice(1) || 'bpa').replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_e2e`;
  return url.toString();
})();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node start-server.mjs > ${JSON.stringify(serverOutputFile)}`,
    url: `http://127.0.0.1:${port}/api/v1/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BPA_E2E_DATABASE_URL: e2eDatabaseUrl ?? '',
      // info: request lines too, so partners.spec.ts can check that no link token reaches the log.
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: adminEmail,
      // The notices of marks and replies within seconds, so review.spec.ts can read one.
      NOTICE_INTERVAL_SECONDS: '2',
    },
  },
});
