import type { CurrentUser } from '@bpa/domain/api-users';
import type { SessionUser } from '../sessions/sessions';

/**
 * The signed-in account as the API answers it (docs/product.md §3 "User (current-user call)": email, role,
 * subscriberStatus; userName; `impersonatedBy` is the administrator's email during impersonation).
 */
export function toCurrentUser(user: SessionUser, impersonator: { email: string } | null): CurrentUser {
  return {
    email: user.email,
    userName: user.userName,
    role: user.role,
    subscriberStatus: user.subscriberStatus,
    ...(impersonator ? { impersonatedBy: impersonator.email } : {}),
  };
}
