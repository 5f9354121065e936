import type { Database } from '../../db/database';
import { changePasswordWithToken } from './change-password-with-token';

/**
 * Sets a new password with the token of a reset link (docs/product.md §7 `PATCH /api/v1/users/resetPassword/{token}`;
 * docs/product.md §D8: the link works once, for one hour). Signs the account out everywhere.
 *
 * @param request the token, the new password (already checked by PasswordChangeSchema, docs/product.md §5)
 * @returns false when the token is unknown, used or expired (docs/product.md §8: "Password was not updated")
 */
export function resetPassword(db: Database, request: { token: string; password: string; now: Date }): Promise<boolean> {
  return changePasswordWithToken(db, 'password_reset', request);
}
