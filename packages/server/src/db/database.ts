/**
 * Opening the database (docs/product.md §D2): PostgreSQL through Drizzle ORM, on the embedded PGlite by
 * default (zero set-up) or on a PostgreSQL server when DATABASE_URL is set. Both speak the same
 * SQL; the rest of the server sees one `Database` type and never knows which one it has. PGlite
 * runs in a worker thread of its own (pglite-thread.ts, ADR 182).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { REPO_ROOT } from '../config';
import { PgliteThread } from './pglite-thread';

/** The Drizzle database every operation takes as its first argument. */
export type Database = PgDatabase<PgQueryResultHKT>;

/**
 * The committed SQL migrations written by `drizzle-kit generate` (packages/server/drizzle). Found
 * from REPO_ROOT, which is right both in src/ and in the production bundle (build.mjs).
 */
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'packages/server/drizzle');

/** Any number; all servers sharing one PostgreSQL database take this advisory lock to migrate. */
const MIGRATION_LOCK_KEY = 720_451_913;

/** An open database: one connection pool (or one PGlite instance) for the whole process. */
export interface DatabaseConnection {
  db: Database;
  /** Which engine is behind `db`: for log lines and tests only, never for behaviour. */
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that are not applied yet; safe when several servers start at once. */
  migrate(): Promise<void>;
  /** Closes the pool or the PGlite instance; the connection cannot be used afterwards. */
  close(): Promise<void>;
  /**
   * PGlite only: writes a gzipped tar of the whole data folder to a file, taken while the database
   * is open (between two statements, so the copy is consistent: pglite-thread.ts `writeArchive`),
   * and answers its size in bytes. Undefined for PostgreSQL: use pg_dump.
   */
  writeArchive?: (file: string) => Promise<number>;
}

/**
 * PostgreSQL settings of the embedded database. Its default shared buffers (128 MB) are sized for
 * a database server with many clients; one process with a product's data needs far fewer, and
 * every megabyte here stays resident (docs/product.md §D12: idle server <= 300 MB). Pages beyond it are read
 * through the operating system's file cache. After a checkpoint PostgreSQL keeps at least
 * `min_wal_size` of old write-ahead log segments for reuse (80 MB by default, and up to
 * `max_wal_size`, 1 GB, after busy periods); in the data folder of one process 32 MB is plenty
 * (ADR 192: the server's CHECKPOINTs, table-vacuum.ts, keep the log that short).
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'min_wal_size = 32MB', 'max_wal_size = 64MB'];

/**
 * Opens PGlite in a folder (or in memory) in its own thread (pglite-thread.ts).
 *
 * A folder without a database is first given one by a thread that then ends. Creating the files
 * (initdb) grows PGlite's WebAssembly memory by hundreds of MB, which an instance never gives
 * back; freed only with its thread, it would otherwise stay with the server (ADR 187 has the
 * measurement).
 *
 * @throws Error with PGlite's message when the folder cannot be created or opened (not writable, disk full)
 */
async function openPglite(dataDir: string | undefined, fromArchive: Blob | undefined): Promise<PgliteThread> {
  const settings = PGLITE_SETTINGS;
  if (dataDir === undefined) {
    return PgliteThread.open({ dataDir, settings, fromArchive: fromArchive ? new Uint8Array(await fromArchive.arrayBuffer()) : undefined });
  }
  await mkdir(dataDir, { recursive: true });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await (await PgliteThread.open({ dataDir, settings, fromArchive: undefined })).close();
  }
  return PgliteThread.open({ dataDir, settings, fromArchive: undefined });
}

/** The embedded databases' threads by their Drizzle database: this process is their only client. */
const soleClientThreads = new WeakMap<Database, PgliteThread>();

/**
 * Whether a statement may change one of the tables a pattern names: it names one of them and is
 * not a plain `select` (a `select … for update` or a data-modifying `with` counts as a change). Errs
 * towards yes: a statement counted that changed nothing costs only a cache entry.
 *
 * @param sql the statement as sent
 * @param tables matches a table's name as a word (quoted or not)
 */
export function mayChange(sql: string, tables: RegExp): boolean {
  if (!tables.test(sql)) return false;
  return !/^\s*select\b/i.test(sql) || /\b(insert|update|delete|merge|truncate)\b/i.test(sql);
}

/**
 * A counter of the statements sent so far that may change any of `tables` (`mayChange`), for
 * keeping what those tables say in memory while the count stays the same (the session lookup:
 * sessions.ts, ADR 187). Only where this process is the database's only client, so that it sees
 * every change: the embedded PGlite (one server per data folder, ADR 160). PostgreSQL is shared by
 * any number of servers and tools, whose changes no counter here could see: undefined.
 *
 * @param tables table names as in SQL (`users`, `sessions`…)
 * @returns a function reading the count (it only grows), or undefined on PostgreSQL
 */
export function watchWrites(db: Database, tables: readonly string[]): (() => number) | undefined {
  const thread = soleClientThreads.get(db);
  if (!thread) return undefined;
  const pattern = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  let count = 0;
  thread.onStatement((sql) => {
    if (mayChange(sql, pattern)) count++;
  });
  return () => count;
}

/** Where to find the data. */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` undefined means in memory (tests); then `fromArchive`, a `writeArchive` archive, is
   * the starting content instead of a new, empty cluster (tests start from one migrated copy).
   */
  | { kind: 'pglite'; dataDir: string | undefined; fromArchive?: Blob };

/**
 * Opens the database. Nothing is migrated yet: call `migrate()`.
 *
 * @param location a PostgreSQL connection string, or a PGlite folder (created when missing) or memory
 * @param onPoolError called when an idle pooled PostgreSQL connection fails (e.g. the server restarts);
 *   the pool replaces the connection, so this is for logging only
 * @throws when PGlite cannot open its folder; a PostgreSQL server that cannot be reached fails at the first query
 */
export async function openDatabase(location: DatabaseLocation, onPoolError?: (error: Error) => void): Promise<DatabaseConnection> {
  // Each engine's driver is loaded only when it is the one opened (ADR 211).
  if (location.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: location.url });
    pool.on('error', (error) => onPoolError?.(error));
    const db = drizzleNodePostgres({ client: pool });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // drizzle's migrator takes no lock: serialise servers that start together on one database.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // The driver first: a thread once opened is never left behind by a failed import.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const client = await openPglite(location.dataDir, location.fromArchive);
  // Drizzle's PGlite driver calls only `query`, `exec` and `transaction` on its client, which the
  // thread's stand-in provides with PGlite's signatures (pglite-thread.ts).
  const db = drizzlePglite({ client: client as unknown as PGlite });
  soleClientThreads.set(db, client);
  return {
    db,
    kind: 'pglite',
    // One PGlite instance runs one query at a time, so there is nothing to lock.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    writeArchive: (file) => client.writeArchive(file),
  };
}

/**
 * Makes a PGlite data folder from a backup (`writeArchive`): opens a new database in `dataDir`
 * (which must not hold one) loaded from the archive, checks it answers, and closes it.
 *
 * @throws when `dataDir` already holds a database, or the archive is not a PGlite backup
 */
export async function restorePgliteDataDir(dataDir: string, archive: Blob): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} already holds a database`);
  await mkdir(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dataDir, { loadDataDir: archive, postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  await client.query('select 1');
  await client.close();
}
