import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { type SessionUser, loadSessionUser } from '../sessions/sessions';
import { findUserById } from './find-user';

/** 400 message for im/logout without an impersonation. */
export const NOT_IMPERSONATING_MESSAGE = 'You are not signed in as another user.';

/**
 * Ends an impersonation (docs/product.md §7 `POST /api/v1/users/im/logout`, docs/product.md §D8 "a way back"): answers the
 * administrator's own account; the route replaces the session with one of theirs.
 *
 * @param impersonator the administrator remembered by the session, or null when there is none
 * @throws AppError bad_request (400) when the session is not an impersonation; unauthorised (401)
 *   when the administrator's account is gone or no longer an administrator
 */
export async function stopImpersonating(db: Database, request: { impersonatorUserId: string | null; now: Date }): Promise<SessionUser> {
  if (request.impersonatorUserId === null) throw new AppError('bad_request', NOT_IMPERSONATING_MESSAGE);
  const account = await findUserById(db, request.impersonatorUserId);
  if (!account || account.role !== 'admin') throw new AppError('unauthorised', 'Your administrator session has ended. Please sign in again.');
  return loadSessionUser(db, account, request.now);
}
