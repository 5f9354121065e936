// Starts the server under test for Playwright (playwright.config.ts webServer). When
// BPA_E2E_DATABASE_URL names a PostgreSQL database, it is created afresh first (dropped if it
// exists) so the browser tests also run against a real PostgreSQL server; otherwise the server
// uses the embedded PGlite database under DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const databaseUrl = process.env.BPA_E2E_DATABASE_URL;
if (databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected e2e database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

// The production build (npm run build: packages/server/dist), run as `npm start` runs it: the same
// Node flags and malloc settings as packages/server/package.json's start script (ADR 205).
const entry = new URL('../packages/server/dist/server.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('start-server: packages/server/dist/server.js is missing; run `npm run build` first');
  process.exit(1);
}
const server = spawn(process.execPath, ['--max-semi-space-size=16', '--enable-source-maps', fileURLToPath(entry)], {
  stdio: 'inherit',
  // One server: its rate-limit counters stay in memory, never in a Redis that CI's earlier runs
  // (or the cluster test) filled within the same 15 minutes.
  // TRUST_PROXY: each spec file sends its own client address (support/client-address.ts).
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_TRIM_THRESHOLD_: '131072',
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    TRUST_PROXY: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
