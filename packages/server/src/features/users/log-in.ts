import type { LoginInput } from '@bpa/domain/validation';
import { MESSAGES } from '@bpa/domain/messages';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { type SessionUser, loadSessionUser } from '../sessions/sessions';
import { type AccountMail, sendAccountEmail } from './account-mail';
import { findUserByEmail } from './find-user';
import { verifyPassword } from './passwords';
import { needsSubscription } from '@bpa/domain/api-users';
import { isSubscriptionInactive } from '../bookings/subscriber-status';

/** What a correct email and password lead to. */
export type LogInResult =
  | { outcome: 'signed_in'; user: SessionUser }
  /** docs/product.md §8: "The email is not confirmed. An email was just sent…" when `isEmailSent`. */
  | { outcome: 'email_not_confirmed'; isEmailSent: boolean };

/**
 * Checks a sign-in (docs/product.md §7 `POST /api/v1/users/login`, docs/product.md §4 "Login"). The session itself is
 * started by the route.
 *
 * Nothing is revealed beyond the spec's messages: an unknown email and a wrong password get the
 * same message after the same argon2 work (verifyPassword checks a dummy hash when there is no
 * account). Only after the password is right does the answer say more (inactive subscription,
 * unconfirmed email).
 *
 * @param credentials validated by LoginSchema (docs/product.md §5)
 * @returns signed_in with the account, or email_not_confirmed after sending a new confirmation email
 * @throws AppError unauthorised (401) incorrectEmailOrPassword; forbidden (403) subscriptionNotActive
 *   for a non-admin whose subscription expired or was cancelled (docs/product.md §6)
 */
export async function logIn(db: Database, credentials: LoginInput, dependencies: { now: Date; mail: AccountMail }): Promise<LogInResult> {
  const account = await findUserByEmail(db, credentials.email);
  const isPasswordRight = await verifyPassword(account?.passwordHash ?? null, credentials.password);
  if (!account || !isPasswordRight) throw new AppError('unauthorised', MESSAGES.incorrectEmailOrPassword);

  const user = await loadSessionUser(db, account, dependencies.now);
  if (needsSubscription(user.role) && isSubscriptionInactive(user.subscriberStatus)) {
    throw new AppError('forbidden', MESSAGES.subscriptionNotActive);
  }
  if (account.emailConfirmedAt === null) {
    const isEmailSent = await sendAccountEmail(db, dependencies.mail, 'confirmation', account, { now: dependencies.now });
    return { outcome: 'email_not_confirmed', isEmailSent };
  }
  return { outcome: 'signed_in', user };
}
