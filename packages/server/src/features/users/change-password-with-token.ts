import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { TokenPurpose } from '../../db/schema/user-tokens';
import { users } from '../../db/schema/users';
import { deleteSessionsOfUser } from '../sessions/sessions';
import { consumeToken, deleteTokensOfUser } from './one-time-tokens';
import { hashPassword } from './passwords';

/**
 * Sets an account's password with a token from an email link, in one transaction: the token is
 * used up, the password replaced, the address marked confirmed (the link proved the mailbox), the
 * account's other tokens of that purpose deleted, and every session of the account ended (whoever
 * knew the old password is signed out). Shared by resetPassword and setPassword.
 *
 * @param purpose password_reset or invitation
 * @returns true when the token was valid and the password is set; false otherwise (nothing changed)
 */
export async function changePasswordWithToken(
  db: Database,
  purpose: Extract<TokenPurpose, 'password_reset' | 'invitation'>,
  request: { token: string; password: string; now: Date },
): Promise<boolean> {
  // Hashed before the transaction: argon2 takes tens of milliseconds and needs no connection.
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, { token: request.token, purpose, now: request.now });
    if (userId === null) return false;
    const [account] = await tx.select({ emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: account?.emailConfirmedAt ?? request.now, updatedAt: request.now })
      .where(eq(users.id, userId));
    await deleteTokensOfUser(tx, userId, purpose);
    await deleteSessionsOfUser(tx, userId);
    return true;
  });
}
