/**
 * The captcha's single-use memory in the database (src/captcha/used-solution-store.ts describes the
 * contract): a solved challenge is good for one contact message, across every app server that
 * shares the database and across restarts. Table `captcha_solutions` (db/schema/captcha-solutions.ts).
 */
import { lt } from 'drizzle-orm';
import type { UsedSolutionStore } from '../../captcha/used-solution-store';
import type { Database } from '../../db/database';
import { captchaSolutions } from '../../db/schema/captcha-solutions';

/** Default time between deletions of expired keys, in milliseconds. */
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface DatabaseUsedSolutionStoreOptions {
  /** Clock; `new Date()` unless given (tests move it). */
  now?: () => Date;
  /** Expired keys are deleted at most this often, in milliseconds, during `markUsed`. Default 10 minutes. */
  sweepIntervalMs?: number;
}

/**
 * A `UsedSolutionStore` on the `captcha_solutions` table. `markUsed` is one
 * `INSERT … ON CONFLICT (key) DO NOTHING RETURNING key`: PostgreSQL lets exactly one of two
 * concurrent inserts of a key return a row, so a solution is accepted once even when two servers
 * see it at the same moment.
 *
 * A kept key is never reused after its expiry (keys carry the challenge's random nonce, and an
 * expired challenge is refused before the store is asked), so expired rows are only clutter: they
 * are deleted now and then, at most once per `sweepIntervalMs`, before an insert.
 *
 * @throws from `markUsed` when the database fails (the caller answers 5xx rather than blame the user)
 */
export function createDatabaseUsedSolutionStore(db: Database, options: DatabaseUsedSolutionStoreOptions = {}): UsedSolutionStore {
  const now = options.now ?? (() => new Date());
  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let lastSweepMs = Number.NEGATIVE_INFINITY;

  return {
    async markUsed(key, expiresAt) {
      const at = now();
      if (at.getTime() - lastSweepMs >= sweepIntervalMs) {
        lastSweepMs = at.getTime();
        await deleteExpiredCaptchaSolutions(db, at);
      }
      const rows = await db
        .insert(captchaSolutions)
        .values({ key, expiresAt })
        .onConflictDoNothing({ target: captchaSolutions.key })
        .returning({ key: captchaSolutions.key });
      return rows.length > 0;
    },
  };
}

/**
 * Deletes the used-solution keys whose challenge expired before `now`.
 *
 * @returns how many keys were deleted
 */
export async function deleteExpiredCaptchaSolutions(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now)).returning({ key: captchaSolutions.key });
  return deleted.length;
}
