import type { Database } from '../../db/database';
import { type AccountMail, sendAccountEmail } from './account-mail';
import { findUserByEmail } from './find-user';

/**
 * What a forgot-password request led to (docs/product.md §4 "Forgot password": 1 sent, -1 failed, -2 email
 * unconfirmed, in which case a confirmation email is sent instead).
 */
export type PasswordResetOutcome = 'reset_sent' | 'confirmation_sent' | 'unknown_email' | 'not_sent';

/**
 * Sends a password-reset link (1 hour) to a known, confirmed address, or a confirmation link to a
 * known, unconfirmed one (docs/product.md §7 `POST /api/v1/users/forgotPassword`).
 *
 * The spec answers an unknown address differently from a known one ("An email was not sent. Check
 * if your email is correct."), so the outcome says which; the route rate-limits the calls.
 *
 * @returns the outcome; never throws for a mail failure (`not_sent`)
 */
export async function requestPasswordReset(
  db: Database,
  request: { email: string },
  dependencies: { now: Date; mail: AccountMail },
): Promise<PasswordResetOutcome> {
  const account = await findUserByEmail(db, request.email);
  if (!account) return 'unknown_email';
  const isConfirmed = account.emailConfirmedAt !== null;
  const isSent = await sendAccountEmail(db, dependencies.mail, isConfirmed ? 'password_reset' : 'confirmation', account, { now: dependencies.now });
  if (!isSent) return 'not_sent';
  return isConfirmed ? 'reset_sent' : 'confirmation_sent';
}
