import type { Database } from '../../db/database';
import { changePasswordWithToken } from './change-password-with-token';

/**
 * Sets the password of an invited account (or the first administrator) with the token of an
 * invitation link (docs/product.md §7 `PATCH /api/v1/users/setPassword/{token}`, page `/accept-invite/{tok}`;
 * docs/product.md §D8: valid 7 days, once). Using the link also confirms the email address.
 *
 * @returns false when the token is unknown, used or expired (docs/product.md §8: "Password was not set")
 */
export function setPassword(db: Database, request: { token: string; password: string; now: Date }): Promise<boolean> {
  return changePasswordWithToken(db, 'invitation', request);
}
