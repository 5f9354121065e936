import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { type SessionUser, loadSessionUser } from '../sessions/sessions';
import { findUserByEmail } from './find-user';

/** 404 message: no account has the email an administrator asked to impersonate. */
export const NO_SUCH_USER_MESSAGE = 'There is no user with this email.';
/** 403 message: administrators are not impersonated (it would give nothing and nest impersonations). */
export const CANNOT_IMPERSONATE_ADMIN_MESSAGE = 'An administrator cannot be impersonated.';

/**
 * Finds the account an administrator wants to act as (docs/product.md §7 `POST /api/v1/users/im/login`,
 * docs/product.md §D8). The route starts the session, remembering the administrator. Subscribers are found
 * whatever their subscription status, so an administrator can look into an expired account.
 *
 * @param request the email of the account (ImpersonateSchema)
 * @returns the account as the session will show it
 * @throws AppError not_found (404) when no account has the email; forbidden (403) for an administrator's account
 */
export async function impersonateUser(db: Database, request: { email: string; now: Date }): Promise<SessionUser> {
  const account = await findUserByEmail(db, request.email);
  if (!account) throw new AppError('not_found', NO_SUCH_USER_MESSAGE);
  if (account.role === 'admin') throw new AppError('forbidden', CANNOT_IMPERSONATE_ADMIN_MESSAGE);
  return loadSessionUser(db, account, request.now);
}
