/**
 * Scheduled jobs that run once across servers (ADR 160). Every server ticks; on a tick
 * a job runs only on the server that takes its PostgreSQL advisory lock (pg_try_advisory_xact_lock,
 * held until the check-and-record transaction ends) and finds it due by `job_runs.last_run_at`, so
 * two servers never run it at once and it runs once per period whichever servers are up.
 * The embedded database serves one process, so there it only checks that the job is due.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './database';
import { jobRuns } from './schema/job-runs';

/** A stable 64-bit advisory lock key for a job name (the first 8 bytes of its SHA-256). */
export function jobLockKey(name: string): bigint {
  return createHash('sha256').update(`bpa-job:${name}`).digest().readBigInt64BE(0);
}

/**
 * Runs `job` when it is due (last run at least `everyMs` ago, or never) and no other server is
 * running it, and records the run.
 *
 * @param options `name` of the job, `everyMs` its period, `now`, and `isShared`: true on
 *   PostgreSQL (several servers may share the database), false on the embedded database
 * @returns true when the job ran here
 * @throws what the job throws (the run is then not recorded, so the next tick tries again)
 */
export async function runScheduledJob(
  db: Database,
  options: { name: string; everyMs: number; now: Date; isShared: boolean },
  job: () => Promise<void>,
): Promise<boolean> {
  const { name, everyMs, now } = options;
  const isDue = async (reader: Database) => {
    const [row] = await reader.select({ lastRunAt: jobRuns.lastRunAt }).from(jobRuns).where(eq(jobRuns.name, name));
    return !row || now.getTime() - row.lastRunAt.getTime() >= everyMs;
  };
  const record = (writer: Database) =>
    writer
      .insert(jobRuns)
      .values({ name, lastRunAt: now })
      .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: now } });

  if (!options.isShared) {
    if (!(await isDue(db))) return false;
    await job();
    await record(db);
    return true;
  }
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${jobLockKey(name)}::bigint) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked || !(await isDue(tx))) return false;
    // The job uses other connections of the pool; this transaction only holds the lock meanwhile.
    await job();
    await record(tx);
    return true;
  });
}
