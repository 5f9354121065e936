import { sql } from 'drizzle-orm';
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
