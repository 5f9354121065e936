/**
 * The server vacuums the agreement table itself (docs/decisions/192-bounded-storage.md). Every
 * change of an agreement writes its whole document again (about 100 kB compressed for the largest
 * template, ADR 185) and leaves the replaced version dead in the table's TOAST; only a VACUUM
 * marks that space free for the next versions. The embedded PGlite runs no autovacuum at all, and
 * PostgreSQL's autovacuum wakes once a minute at best, so 2,000 saves in a few minutes grew either
 * database by about 200 MB. Here a plain `VACUUM (ANALYZE)` of `contracts` runs after every
 * VACUUM_EVERY_WRITES agreement writes counted in this process, and on a timer when writes were
 * counted since the last one. Plain, not FULL: it takes no lock that stops reads or writes and gives
 * the space back to the table, whose file then stops growing; FULL would rewrite the table under
 * an exclusive lock.
 *
 * On the embedded database a CHECKPOINT follows: PGlite has no checkpointer process and never
 * starts a checkpoint by itself, so its write-ahead log (about 100 kB a save) would grow in the
 * data folder until the nightly backup's CHECKPOINT; after one, PostgreSQL recycles the old segments
 * down to `min_wal_size` (database.ts PGLITE_SETTINGS).
 */
import { sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * Agreement writes between two VACUUMs: each leaves about 100 kB dead (the largest agreement), so
 * at most about 5 MB wait for the next VACUUM (ADR 192 measured 25, 50 and 100: 50 meets the goal with half the VACUUMs of 25).
 */
export const VACUUM_EVERY_WRITES = 50;

/** Time between the timer's checks; a VACUUM runs then only when writes were counted since the last one (ms). */
export const VACUUM_INTERVAL_MS = 10 * 60 * 1000;

/** The statement: SKIP_LOCKED lets a server pass when another server is vacuuming the table (it would wait otherwise). */
const VACUUM_STATEMENT = sql`vacuum (analyze, skip_locked) contracts`;

/**
 * Vacuums the whole embedded database and writes a checkpoint: the nightly job of the embedded
 * database (jobs/schedule-cleanup.ts), which has no autovacuum to keep the
 * other tables' dead rows and statistics in order (ADR 192). Not for PostgreSQL, whose autovacuum
 * does this and where CHECKPOINT needs a privileged role.
 *
 * @returns how long the database was held, in milliseconds
 * @throws the database's error when a statement fails
 */
export async function vacuumWholeDatabase(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  await db.execute(sql`checkpoint`);
  return performance.now() - started;
}

/** What the vacuum tells its caller (the app's log). */
export interface TableVacuumLog {
  /** `ms`: how long the VACUUM and the CHECKPOINT after it took; `checkpointMs`: the CHECKPOINT alone (0 on PostgreSQL). */
  debug(fields: { ms: number; checkpointMs: number; writes: number }, message: string): void;
  error(fields: { err: unknown }, message: string): void;
}

/** The running vacuums by database: `noteAgreementWrite` finds the one of the database it is given. */
const vacuums = new WeakMap<Database, TableVacuum>();

/**
 * Counts agreement writes of one database and vacuums `contracts` after every `everyWrites` of them
 * and every `intervalMs` when any were counted. One VACUUM at a time: writes counted while one runs
 * wait for the next. On the embedded database the statement waits, as any other, while a
 * transaction is open (pglite-thread.ts), so it is never sent inside one (PostgreSQL refuses VACUUM
 * in a transaction); on PostgreSQL it takes a pool connection of its own.
 */
export class TableVacuum {
  readonly #db: Database;
  readonly #everyWrites: number;
  readonly #isEmbedded: boolean;
  readonly #log: TableVacuumLog;
  /** Writes counted since the last VACUUM started. */
  #writes = 0;
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Database, options: { everyWrites: number; intervalMs: number; isEmbedded: boolean; log: TableVacuumLog }) {
    this.#db = db;
    this.#everyWrites = options.everyWrites;
    this.#isEmbedded = options.isEmbedded;
    this.#log = options.log;
    if (options.intervalMs > 0) {
      this.#timer = setInterval(() => {
        if (this.#writes > 0) void this.vacuum();
      }, options.intervalMs);
      this.#timer.unref();
    }
  }

  /** Counts one write; starts a VACUUM (not awaited) when `everyWrites` have been counted and none is running. */
  noteWrite(): void {
    this.#writes += 1;
    if (this.#writes >= this.#everyWrites && !this.#running) void this.vacuum();
  }

  /**
   * Vacuums `contracts` now (and on the embedded database writes a checkpoint), or waits for the VACUUM already running. A failure is logged, not
   * thrown: the next writes try again.
   */
  vacuum(): Promise<void> {
    this.#running ??= (async () => {
      const writes = this.#writes;
      this.#writes = 0;
      const started = performance.now();
      try {
        await this.#db.execute(VACUUM_STATEMENT);
        const vacuumed = performance.now();
        if (this.#isEmbedded) await this.#db.execute(sql`checkpoint`);
        const ended = performance.now();
        this.#log.debug({ ms: Math.round(ended - started), checkpointMs: Math.round(ended - vacuumed), writes }, 'vacuumed the agreement table');
      } catch (error) {
        this.#writes += writes;
        this.#log.error({ err: error }, 'the vacuum of the agreement table failed; it is tried again after the next writes');
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** Stops the timer and waits for a VACUUM that is running; writes are no longer counted. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    if (vacuums.get(this.#db) === this) vacuums.delete(this.#db);
    await this.#running;
  }

  /** Makes this the vacuum `noteAgreementWrite(db)` counts for (the last one started wins). */
  register(): this {
    vacuums.set(this.#db, this);
    return this;
  }
}

/**
 * Starts vacuuming `contracts` of `db` as agreement writes are counted (`noteAgreementWrite`) and
 * on a timer that does not keep the process alive (ADR 192).
 *
 * @param options `everyWrites` (default VACUUM_EVERY_WRITES; 0 or less: never by count),
 *   `intervalMs` (default VACUUM_INTERVAL_MS; 0: no timer), `isEmbedded`: true on PGlite (a
 *   CHECKPOINT follows each VACUUM), `log` for each VACUUM's duration (debug) and failures (error)
 * @returns the vacuum; `close()` it when the app closes
 */
export function startTableVacuum(db: Database, options: { everyWrites?: number; intervalMs?: number; isEmbedded: boolean; log: TableVacuumLog }): TableVacuum {
  const everyWrites = options.everyWrites ?? VACUUM_EVERY_WRITES;
  return new TableVacuum(db, {
    everyWrites: everyWrites > 0 ? everyWrites : Number.POSITIVE_INFINITY,
    intervalMs: options.intervalMs ?? VACUUM_INTERVAL_MS,
    isEmbedded: options.isEmbedded,
    log: options.log,
  }).register();
}

/**
 * Counts one write of an agreement's row (a change that replaced its document) for the vacuum of
 * `db`, if one was started (`startTableVacuum`); nothing otherwise (scripts, the CLI).
 */
export function noteAgreementWrite(db: Database): void {
  vacuums.get(db)?.noteWrite();
}
