import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/users';
import { consumeToken } from './one-time-tokens';

/**
 * Confirms an email address with the token from a confirmation link (docs/product.md §7
 * `GET /api/v1/users/signup-complete/{token}`; docs/product.md §2 `/login/{token}`).
 *
 * @returns true when the token was valid (it is now used up), false when it is unknown, used or expired
 */
export async function confirmEmail(db: Database, request: { token: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, { token: request.token, purpose: 'email_confirmation', now: request.now });
    if (userId === null) return false;
    const [account] = await tx.select({ emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));
    if (account?.emailConfirmedAt === null) {
      await tx.update(users).set({ emailConfirmedAt: request.now, updatedAt: request.now }).where(eq(users.id, userId));
    }
    return true;
  });
}
