/**
 * The user session of the store (docs/product.md §3 "User session"), with the spec's codes.
 * Kept apart from the slice so that the thunks (session-thunks.ts) and the slice can both read it
 * without importing each other.
 */
import type { Role, SubscriberStatus } from '@bpa/domain/api-users';

/** docs/product.md §3: isRegistrationConfirmed -1 failed, 0 pending/unknown, 1 confirmed. */
export type RegistrationConfirmedCode = -1 | 0 | 1;
/** docs/product.md §3: isRegistrationSent 1 sent, -1 error (0: nothing sent yet). */
export type RegistrationSentCode = -1 | 0 | 1;
/** docs/product.md §3: isForgotPasswordSent 1 sent, -1 failed, -2 email unconfirmed, 0 none. */
export type ForgotPasswordSentCode = -2 | -1 | 0 | 1;
/** docs/product.md §3: isResetPasswordSent 0, 1 (changed), -1 (not changed). */
export type ResetPasswordSentCode = -1 | 0 | 1;

/**
 * Whether the session of an earlier visit has been looked up (GET /users/session on start):
 * `unchecked` before, `pending` while the call runs, `done` afterwards or once a login or logout
 * has decided the session; `stale` when a call was refused with 403, so the session must be looked
 * up again (another tab may have changed it). Guarded routes wait (spinner) until it is `done`.
 */
export type SessionCheck = 'unchecked' | 'pending' | 'done' | 'stale';

export interface SessionState {
  /** Not a spec field: the start-up session lookup (see SessionCheck). */
  sessionCheck: SessionCheck;
  isLoggedIn: boolean;
  /** docs/product.md §4: set by a failed login and by a failed current-user load. */
  isAuthFail: boolean;
  /** The text of the last failed login (docs/product.md §8), shown on the login form; null when there is nothing to show. */
  authFailMessage: string | null;
  isConfirmedEmailFail: boolean;
  isRegistrationConfirmed: RegistrationConfirmedCode;
  isRegistrationSent: RegistrationSentCode;
  userName: string;
  email: string;
  /** docs/product.md §6: 'admin' opens the Admin Panel; null while logged out. */
  role: Role | null;
  /** docs/product.md §3/6: expired and cancelled subscribers cannot pass login; null while logged out. */
  subscriberStatus: SubscriberStatus | null;
  /** The administrator signed in as this user, or null (docs/product.md §D8: banner and a way back). */
  impersonatedBy: string | null;
  isForgotPasswordSent: ForgotPasswordSentCode;
  isResetPasswordSent: ResetPasswordSentCode;
  /**
   * Not a spec field (ADR 110): why the server ended or refused the session (e.g. the
   * inactive-subscription text), shown on the sign-in page until the next sign-in; null otherwise.
   */
  signOutNotice: string | null;
}

/** A visitor nobody has signed in as yet. */
export const initialSessionState: SessionState = {
  sessionCheck: 'unchecked',
  isLoggedIn: false,
  isAuthFail: false,
  authFailMessage: null,
  isConfirmedEmailFail: false,
  isRegistrationConfirmed: 0,
  isRegistrationSent: 0,
  userName: '',
  email: '',
  role: null,
  subscriberStatus: null,
  impersonatedBy: null,
  isForgotPasswordSent: 0,
  isResetPasswordSent: 0,
  signOutNotice: null,
};

/** Any state holding the session (the app's RootState does). */
export interface WithSession {
  session: SessionState;
}
