/**
 * Storage benchmark (ADR 192): does the database stay bounded when one agreement is saved again and
 * again? Every save writes the agreement's whole document row (`contracts.document`, about 320 kB of
 * JSON for the largest template, ADR 185), and PostgreSQL keeps the replaced row version until a
 * VACUUM frees its space for reuse. This makes one agreement from the largest template, saves it
 * 2,000 times with one tick changed each time, through the real app (`app.inject`, PATCH
 * {id}/changes as the editor saves: the small-change path of ADR 185), and prints the database's
 * size before, after the saves and after maintenance (a plain `VACUUM (ANALYZE)` of the whole
 * database: the nightly job of the embedded database, `vacuumWholeDatabase`, and on PostgreSQL what
 * its autovacuum does), on
 * PGlite on disk and, when DATABASE_URL is set or the local PostgreSQL answers, on a scratch
 * database of that server. Also how long each VACUUM the server ran by itself held the database
 * (db/table-vacuum.ts; on PGlite with its CHECKPOINT). Asserts nothing.
 *
 * Sizes: `pg_database_size(current_database())` on both engines; on PGlite also the data folder on
 * disk (bytes of its files) after a CHECKPOINT. Goal: growth < 5 MB per 1,000 saves after
 * maintenance (2,000 saves < 10 MB).
 *
 * Run: `npx tsx bench/storage-bench.ts` (or `npm run bench`). Knobs: STORAGE_BENCH_SAVES (2000),
 * STORAGE_BENCH_ENGINES (`pglite,postgres`), STORAGE_BENCH_VACUUM_EVERY (the server's VACUUM_EVERY_WRITES;
 * 0: the server vacuums nothing by itself, as before ADR 192), DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * skipped when it does not answer), STORAGE_BENCH_DIR (parent of the PGlite folder, default the system's temporary folder).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@bpa/server/app';
import { loadConfig } from '@bpa/server/config';
import { type Database, openDatabase } from '@bpa/server/db/database';
import { templates } from '@bpa/server/db/schema/templates';
import { VACUUM_EVERY_WRITES, vacuumWholeDatabase } from '@bpa/server/db/table-vacuum';
import { loadTemplates } from '@bpa/server/features/templates/load-templates';
import { createTestAccount, signInAs } from '@bpa/server/test/test-accounts';
import { eq, sql } from 'drizzle-orm';
import { createPostgresDatabase } from './support/product-server';

const SAVES = Number(process.env.STORAGE_BENCH_SAVES ?? 2000);
const ENGINES = (process.env.STORAGE_BENCH_ENGINES ?? 'pglite,postgres').split(',').map((engine) => engine.trim());
/** Agreement writes between the server's VACUUMs; undefined: the server's default (VACUUM_EVERY_WRITES); 0: none. */
const VACUUM_EVERY = process.env.STORAGE_BENCH_VACUUM_EVERY === undefined ? undefined : Number(process.env.STORAGE_BENCH_VACUUM_EVERY);
const POSTGRES_SERVER_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const BASE = '/api/v1/contracts/my';
/** Goal: growth per 1,000 saves after maintenance, in bytes. */
const GOAL_PER_1000_BYTES = 5 * 1024 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function databaseBytes(db: Database): Promise<number> {
  const result = (await db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)) as unknown as { rows: { bytes: string | number }[] };
  return Number(result.rows[0]!.bytes);
}

/** Bytes of a table with its TOAST and indexes. */
async function tableBytes(db: Database, table: string): Promise<number> {
  const result = (await db.execute(sql`select pg_total_relation_size(${table}::regclass)::bigint as bytes`)) as unknown as {
    rows: { bytes: string | number }[];
  };
  return Number(result.rows[0]!.bytes);
}

/** Bytes of every file under `dir` (and its folders). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

/** The sizes at one moment: after a CHECKPOINT, so the PGlite folder holds every changed page. */
async function sizes(db: Database, pgliteDir: string | undefined): Promise<Sizes> {
  await db.execute(sql`checkpoint`);
  const tables = { contracts: await tableBytes(db, 'contracts'), revisions: await tableBytes(db, 'contract_revisions') };
  if (pgliteDir === undefined) return { database: await databaseBytes(db), ...tables, folder: undefined, wal: undefined };
  return { database: await databaseBytes(db), ...tables, folder: folderBytes(pgliteDir), wal: folderBytes(join(pgliteDir, 'pg_wal')) };
}

/**
 * Bytes: `pg_database_size`, of it the agreement table and the history (each with TOAST and
 * indexes), and on PGlite the data folder's files and those of its write-ahead log (pg_wal).
 */
interface Sizes {
  database: number;
  contracts: number;
  revisions: number;
  folder: number | undefined;
  wal: number | undefined;
}

interface EngineResult {
  engine: string;
  documentKb: number;
  before: Sizes;
  afterSaves: Sizes;
  afterMaintenance: Sizes;
  savesSeconds: number;
  maintenanceMs: number;
  /** Durations of the VACUUMs of `contracts` the server ran by itself during the saves (from its log), ms. */
  serverVacuumMs: number[];
  /** Duration of the whole-database VACUUM the maintenance jobs ran when the app started (PGlite), ms. */
  startVacuumMs: number[];
}

async function runOn(engine: 'pglite' | 'postgres'): Promise<EngineResult | undefined> {
  const dataDir = mkdtempSync(join(process.env.STORAGE_BENCH_DIR ?? tmpdir(), 'bpa-storage-bench-'));
  let postgres: { url: string; drop: () => Promise<void> } | undefined;
  if (engine === 'postgres') {
    try {
      postgres = await createPostgresDatabase(POSTGRES_SERVER_URL, 'bpa_storage');
    } catch (error) {
      console.log(`(PostgreSQL at ${new URL(POSTGRES_SERVER_URL).host} does not answer: ${(error as Error).message}; its run is skipped)`);
      rmSync(dataDir, { recursive: true, force: true });
      return undefined;
    }
  }
  const pgliteDir = postgres ? undefined : join(dataDir, 'pglite');
  const connection = await openDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: pgliteDir! });
  const serverVacuumMs: number[] = [];
  const startVacuumMs: number[] = [];
  try {
    await connection.migrate();
    const { db } = connection;
    await loadTemplates(db, TEMPLATES_DIR);
    const rows = await db.select().from(templates).where(eq(templates.isHidden, false));
    const largest = rows.sort((a, b) => JSON.stringify(b.content).length - JSON.stringify(a.content).length)[0]!;
    const account = await createTestAccount(db, { email: 'storage-bench@example.org' });
    const cookie = await signInAs(db, account.id);
    const config = loadConfig({
      LOG_LEVEL: 'debug',
      TEMPLATES_DIR,
      DATA_DIR: dataDir,
      SAVES_PER_MINUTE: '1000000',
      ALTCHA_HMAC_KEY: 'storage-bench-altcha-hmac-key-0123456789abcdef',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    const app = await buildApp({
      config,
      db,
      renderPdf: () => Promise.reject(new Error('no PDFs in this bench')),
      ...(VACUUM_EVERY === undefined ? {} : { tableVacuum: { everyWrites: VACUUM_EVERY } }),
      // The server's own log lines about VACUUM carry its duration; everything else is dropped.
      logDestination: {
        write(line: string) {
          if (!line.includes('vacuumed')) return;
          const entry = JSON.parse(line) as { ms?: number; msg?: string };
          if (typeof entry.ms !== 'number') return;
          if (entry.msg === 'vacuumed the agreement table') serverVacuumMs.push(entry.ms);
          // The maintenance jobs run once when the app is ready: the nightly one is due on a new database.
          else if (entry.msg === 'vacuumed the embedded database') startVacuumMs.push(entry.ms);
        },
      },
    });
    try {
      const created = await app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: { templateId: largest.id } });
      if (created.statusCode !== 201) throw new Error(`Creating the agreement answered ${created.statusCode}: ${created.body}`);
      const agreement = (created.json() as { data: { _id: string; revision: number; categories: { subjects: { isSelected: boolean }[] }[] } }).data;
      const documentKb = Buffer.byteLength(created.body) / 1024;
      const before = await sizes(db, pgliteDir);

      // One tick per save, walking through the categories' subjects.
      const ticks = agreement.categories.flatMap((category, c) => category.subjects.map((subject, s) => ({ c, s, isSelected: subject.isSelected })));
      let revision = agreement.revision;
      const started = performance.now();
      for (let n = 0; n < SAVES; n++) {
        const tick = ticks[n % ticks.length]!;
        tick.isSelected = !tick.isSelected;
        const response = await app.inject({
          method: 'PATCH',
          url: `${BASE}/${agreement._id}/changes`,
          headers: { cookie },
          payload: { revision, changes: [{ op: 'replace', path: `/categories/${tick.c}/subjects/${tick.s}/isSelected`, value: tick.isSelected }] },
        });
        if (response.statusCode !== 200) throw new Error(`Save ${n + 1} answered ${response.statusCode}: ${response.body}`);
        revision = (response.json() as { data: { revision: number } }).data.revision;
      }
      const savesSeconds = (performance.now() - started) / 1000;
      // Closing the app waits for a VACUUM it may have started.
      await app.close();
      const afterSaves = await sizes(db, pgliteDir);

      // The nightly job of the embedded database; on PostgreSQL what its autovacuum does.
      const maintenanceStarted = performance.now();
      if (postgres) await db.execute(sql`vacuum (analyze)`);
      else await vacuumWholeDatabase(db);
      const maintenanceMs = performance.now() - maintenanceStarted;
      const afterMaintenance = await sizes(db, pgliteDir);
      return {
        engine: postgres ? 'PostgreSQL' : 'PGlite (on disk)',
        documentKb,
        before,
        afterSaves,
        afterMaintenance,
        savesSeconds,
        maintenanceMs,
        serverVacuumMs,
        startVacuumMs,
      };
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

const results: EngineResult[] = [];
for (const engine of ['pglite', 'postgres'] as const) {
  if (!ENGINES.includes(engine)) {
    console.log(`(STORAGE_BENCH_ENGINES leaves out ${engine})`);
    continue;
  }
  const result = await runOn(engine);
  if (result) results.push(result);
}

const per1000 = (growth: number) => (growth * 1000) / SAVES;
console.log(
  `\nStorage: ${SAVES} one-tick saves (PATCH {id}/changes) of one agreement from the largest template (${results[0]?.documentKb.toFixed(0) ?? '?'} kB of JSON), through app.inject; the server vacuums every ${VACUUM_EVERY ?? VACUUM_EVERY_WRITES} agreement writes (0: never)`,
);
const table: Record<string, string>[] = [];
for (const r of results) {
  // The write-ahead log is bounded by min_wal_size (segments kept for reuse after a checkpoint),
  // not by the saves: it is shown apart, and the goal is for the rest of the folder.
  const measures: { what: string; pick: (s: Sizes) => number; hasGoal: boolean }[] = [
    { what: 'pg_database_size', pick: (s) => s.database, hasGoal: true },
    { what: '  of it: contracts', pick: (s) => s.contracts, hasGoal: false },
    { what: '  of it: contract_revisions', pick: (s) => s.revisions, hasGoal: false },
    ...(r.before.folder !== undefined
      ? [
          { what: 'data folder without pg_wal', pick: (s: Sizes) => s.folder! - s.wal!, hasGoal: true },
          { what: 'pg_wal (write-ahead log)', pick: (s: Sizes) => s.wal!, hasGoal: false },
        ]
      : []),
  ];
  for (const { what, pick, hasGoal } of measures) {
    const growth = pick(r.afterMaintenance) - pick(r.before);
    table.push({
      engine: r.engine,
      size: what,
      before: mb(pick(r.before)),
      'after saves': mb(pick(r.afterSaves)),
      'after maintenance': mb(pick(r.afterMaintenance)),
      'growth / 1,000 saves': mb(per1000(growth)),
      goal: hasGoal ? `< ${mb(GOAL_PER_1000_BYTES)}` : what.startsWith('pg_wal') ? '<= min_wal_size' : '',
      met: hasGoal ? (per1000(growth) < GOAL_PER_1000_BYTES ? 'yes' : 'NO') : '',
    });
  }
}
console.table(table);
for (const r of results) {
  const vacuums = [...r.serverVacuumMs].sort((a, b) => a - b);
  const vacuumLine =
    vacuums.length === 0
      ? 'the server vacuumed contracts by itself 0 times'
      : `the server vacuumed contracts by itself ${vacuums.length} times: median ${vacuums[Math.floor(vacuums.length / 2)]!.toFixed(0)} ms, ` +
        `90th percentile ${vacuums[Math.floor(vacuums.length * 0.9)]!.toFixed(0)} ms, longest ${vacuums.at(-1)!.toFixed(0)} ms (the first: ${r.serverVacuumMs[0]!.toFixed(0)} ms)`;
  const startLine = r.startVacuumMs.length === 0 ? '' : `; the nightly whole-database VACUUM, due when the app started, ${r.startVacuumMs[0]!.toFixed(0)} ms`;
  console.log(
    `${r.engine}: saves took ${r.savesSeconds.toFixed(1)} s; ${vacuumLine}${startLine}; at the end, maintenance (VACUUM (ANALYZE) of the whole database${r.engine.startsWith('PGlite') ? ' and CHECKPOINT' : ''}) ${r.maintenanceMs.toFixed(0)} ms.`,
  );
}
