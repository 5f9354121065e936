/**
 * One-time tokens for the links in account emails (docs/product.md §D8): random (256 bits), stored hashed,
 * single-use, and expiring: email confirmation 7 days, password reset 1 hour, invitation 7 days.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type TokenPurpose, userTokens } from '../../db/schema/user-tokens';
import { CONFIRMATION_LINK_LIFETIME_MS, INVITATION_LINK_LIFETIME_MS, PASSWORD_RESET_LINK_LIFETIME_MS } from '@bpa/domain/constants';
import { SECRET_PATTERN, hashSecret, makeSecret } from '../sessions/secrets';

/** How long each kind of token works, in milliseconds (docs/product.md §D8; the emails state the same). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  email_confirmation: CONFIRMATION_LINK_LIFETIME_MS,
  password_reset: PASSWORD_RESET_LINK_LIFETIME_MS,
  invitation: INVITATION_LINK_LIFETIME_MS,
};

/**
 * Makes and stores a token for `userId`. Expired tokens of everyone are deleted on the way.
 *
 * @returns the raw token for the link (only its hash is stored)
 */
export async function issueToken(db: Database, request: { userId: string; purpose: TokenPurpose; now: Date }): Promise<string> {
  const token = makeSecret();
  await db.delete(userTokens).where(lte(userTokens.expiresAt, request.now));
  await db.insert(userTokens).values({
    tokenHash: hashSecret(token),
    userId: request.userId,
    purpose: request.purpose,
    createdAt: request.now,
    expiresAt: new Date(request.now.getTime() + TOKEN_LIFETIME_MS[request.purpose]),
  });
  return token;
}

/**
 * Uses up a token: deletes it and answers whose it was, when it exists, has this purpose and has
 * not expired. Deleting and reading are one statement, so of two concurrent uses only one wins.
 * Call inside the transaction that makes the change the token allows, so a failed change keeps it.
 *
 * @returns the account id, or null for an unknown, used, expired or other-purpose token
 */
export async function consumeToken(db: Database, request: { token: string; purpose: TokenPurpose; now: Date }): Promise<string | null> {
  if (!SECRET_PATTERN.test(request.token)) return null;
  const [row] = await db
    .delete(userTokens)
    .where(and(eq(userTokens.tokenHash, hashSecret(request.token)), eq(userTokens.purpose, request.purpose)))
    .returning({ userId: userTokens.userId, expiresAt: userTokens.expiresAt });
  return row && row.expiresAt > request.now ? row.userId : null;
}

/** Deletes an account's tokens of one purpose (e.g. every reset link once the password is changed). */
export async function deleteTokensOfUser(db: Database, userId: string, purpose: TokenPurpose): Promise<void> {
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
}
