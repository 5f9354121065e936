import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type UserRow, users } from '../../db/schema/users';
import { normaliseEmail } from './normalise-email';

/**
 * Finds an account by email, whatever its case and surrounding spaces.
 *
 * @returns the account row, or undefined
 */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** Finds an account by id; undefined when it does not exist. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
