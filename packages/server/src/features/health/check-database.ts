import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../db/database';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';

/**
 * Checks that the database answers a query (`select 1`).
 *
 * @throws AppError unavailable (503) when it does not; the cause is logged, not sent
 */
export async function checkDatabase(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError('unavailable', 'The database is not available. Please try again later.', { cause: error });
  }
}

/** The migrations committed with this build (drizzle/meta/_journal.json). */
function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Checks that every migration of this build is applied to the database (a server started against
 * an older schema, or before another server finished migrating, is not ready).
 *
 * @returns the number of applied migrations
 * @throws AppError unavailable (503) when some are missing or the record cannot be read
 */
export async function checkMigrationsApplied(db: Database): Promise<number> {
  const expected = committedMigrationCount();
  let applied: number;
  try {
    const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: { applied: number }[] };
    applied = Number(result.rows[0]?.applied ?? 0);
  } catch (error) {
    throw new AppError('unavailable', 'The database is not ready yet. Please try again later.', { cause: error });
  }
  if (applied < expected) {
    throw new AppError('unavailable', 'The database is not ready yet. Please try again later.', { logDetail: `${applied} of ${expected} migrations applied` });
  }
  return applied;
}
