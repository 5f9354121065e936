/**
 * The user session (docs/product.md §3 "User session") and its transitions (docs/product.md §4):
 *
 * - Login success sets logged in with user name, email, role and subscriberStatus and clears the
 *   failure flags; failure sets isAuthFail and clears the user data.
 * - Logout: any result leads to logged out with the data cleared (done when the call starts).
 * - Current-user load (start-up restore) failure: auth error, logged out.
 * - Registration confirmation: pending 0, then 1 confirmed or -1 failed (with isConfirmedEmailFail).
 * - Forgot password: pending 0, then 1 sent, -1 failed or -2 email unconfirmed.
 * - Reset / set password: 0 pending, then 1 or -1 (the screen then goes to /login/changed or
 *   /login/notchanged).
 * - `clearSessionErrors` resets the error flags and the form outcomes.
 *
 * The start-up restore never overrides a login or logout that happened while it ran: its answer is
 * only applied while `sessionCheck` is still `pending`.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { CurrentUser, SubscriberStatus } from '@bpa/domain/api-users';
import { SESSION_ENDED_MESSAGE } from '../../lib/api';
import { accountApi } from './account-api';
import { accessRefusedByServer, sessionEndedByServer } from '../../lib/session-events';
import { initialSessionState, type SessionState, type WithSession } from './session-state';
import {
  changePassword,
  confirmEmail,
  endImpersonation,
  impersonateUser,
  isUnconfirmedEmailAnswer,
  logIn,
  logOut,
  requestPasswordReset,
  restoreSession,
} from './session-thunks';

/** Shown when a login failed without a sentence of its own (never expected: the thunk always gives one). */
export const LOGIN_FAILED_FALLBACK = 'Signing in did not work. Please try again.';

/** docs/product.md §4/6: a subscriber whose status is expired or cancelled cannot pass login. */
export function isSubscriptionInactive(status: SubscriberStatus | null): boolean {
  return status === 'expired' || status === 'cancelled';
}

function setUser(state: SessionState, user: CurrentUser): void {
  state.isLoggedIn = true;
  state.userName = user.userName;
  state.email = user.email;
  state.role = user.role;
  state.subscriberStatus = user.subscriberStatus;
  state.impersonatedBy = user.impersonatedBy ?? null;
  state.sessionCheck = 'done';
  // docs/product.md §4: login success "clears failure flags".
  state.isAuthFail = false;
  state.authFailMessage = null;
  state.isConfirmedEmailFail = false;
}

function clearUser(state: SessionState): void {
  state.isLoggedIn = false;
  state.userName = '';
  state.email = '';
  state.role = null;
  state.subscriberStatus = null;
  state.impersonatedBy = null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /**
     * docs/product.md §4: "A clear action resets error flags". Also resets the outcome codes of the forgot,
     * reset and register forms (and a failed confirmation), so each visit of a form starts clean.
     */
    clearSessionErrors(state) {
      state.isAuthFail = false;
      state.authFailMessage = null;
      state.isConfirmedEmailFail = false;
      state.isForgotPasswordSent = 0;
      state.isResetPasswordSent = 0;
      state.isRegistrationSent = 0;
      if (state.isRegistrationConfirmed === -1) state.isRegistrationConfirmed = 0;
    },
    /** Starts a session from a login-shaped answer obtained elsewhere (e.g. the Admin Panel's impersonation). */
    sessionStarted(state, action: PayloadAction<CurrentUser>) {
      setUser(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.pending, (state) => {
        state.sessionCheck = 'pending';
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        if (state.sessionCheck !== 'pending') return;
        setUser(state, action.payload);
      })
      .addCase(restoreSession.rejected, (state, action) => {
        if (state.sessionCheck !== 'pending') return;
        // A look-up after a 403 that finds nobody: the session ended elsewhere (ADR 110).
        const hadUser = state.isLoggedIn;
        clearUser(state);
        // docs/product.md §4: "Current-user load failure: auth error". Nobody typed anything, so there is no
        // message on the form; a session the server refused says why on the sign-in page.
        state.isAuthFail = true;
        state.authFailMessage = null;
        state.signOutNotice = action.payload ? action.payload : hadUser ? SESSION_ENDED_MESSAGE : null;
        state.sessionCheck = 'done';
      })
      .addCase(accessRefusedByServer, (state) => {
        if (state.isLoggedIn && state.sessionCheck === 'done') state.sessionCheck = 'stale';
      })
      // ADR 110: a 401 to any call while signed in signs the browser out at once, and the
      // server's sentence waits on the sign-in page (the guards go there).
      .addCase(sessionEndedByServer, (state, action) => {
        if (!state.isLoggedIn) return;
        clearUser(state);
        state.signOutNotice = action.payload.message;
        state.sessionCheck = 'done';
      })
      .addCase(logIn.pending, (state) => {
        state.authFailMessage = null;
      })
      .addCase(logIn.fulfilled, (state, action) => {
        setUser(state, action.payload.user);
        state.signOutNotice = null;
      })
      .addCase(logIn.rejected, (state, action) => {
        clearUser(state);
        state.isAuthFail = true;
        state.authFailMessage = action.payload ?? LOGIN_FAILED_FALLBACK;
        state.sessionCheck = 'done';
      })
      // docs/product.md §4: "any result, success or failure, leads to logged out; data cleared". Applied at the
      // start, so a later login is never undone by the logout's answer.
      .addCase(logOut.pending, () => ({ ...initialSessionState, sessionCheck: 'done' as const }))
      .addCase(impersonateUser.fulfilled, (state, action) => {
        setUser(state, action.payload.user);
      })
      .addCase(endImpersonation.fulfilled, (state, action) => {
        setUser(state, action.payload.user);
      })
      .addCase(confirmEmail.pending, (state) => {
        state.isRegistrationConfirmed = 0;
        state.isConfirmedEmailFail = false;
      })
      .addCase(confirmEmail.fulfilled, (state) => {
        state.isRegistrationConfirmed = 1;
        state.isConfirmedEmailFail = false;
      })
      .addCase(confirmEmail.rejected, (state) => {
        state.isRegistrationConfirmed = -1;
        state.isConfirmedEmailFail = true;
      })
      .addCase(requestPasswordReset.pending, (state) => {
        state.isForgotPasswordSent = 0;
      })
      .addCase(requestPasswordReset.fulfilled, (state, action) => {
        // docs/product.md §4: "-2 (in -2 the server also sends a confirmation email)".
        state.isForgotPasswordSent = isUnconfirmedEmailAnswer(action.payload) ? -2 : 1;
      })
      .addCase(requestPasswordReset.rejected, (state) => {
        state.isForgotPasswordSent = -1;
      })
      .addCase(changePassword.pending, (state) => {
        state.isResetPasswordSent = 0;
      })
      .addCase(changePassword.fulfilled, (state) => {
        state.isResetPasswordSent = 1;
      })
      .addCase(changePassword.rejected, (state) => {
        state.isResetPasswordSent = -1;
      })
      // The name partners see, as the server stored it (docs/sharing.md §11).
      .addMatcher(accountApi.endpoints.setUserName.matchFulfilled, (state, action) => {
        state.userName = action.payload.userName;
      });
  },
});

export const { clearSessionErrors, sessionStarted } = sessionSlice.actions;

/** The session reducer, mounted at `session` by `app/store.ts`. */
export const sessionReducer = sessionSlice.reducer;

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectIsLoggedIn = (state: WithSession): boolean => state.session.isLoggedIn;
export const selectRole = (state: WithSession) => state.session.role;
export const selectIsAdmin = (state: WithSession): boolean => state.session.isLoggedIn && state.session.role === 'admin';
/** True once the start-up lookup, a login or a logout has decided who is signed in. */
export const selectIsSessionKnown = (state: WithSession): boolean => state.session.sessionCheck === 'done';
/** docs/product.md §2 (Login): a logged-in user whose subscription is not expired or cancelled goes to /my/home. */
export const selectMayEnterDashboard = (state: WithSession): boolean => state.session.isLoggedIn && !isSubscriptionInactive(state.session.subscriberStatus);
/** Why the server ended or refused the session, for the sign-in page (ADR 110); null for nothing. */
export const selectSignOutNotice = (state: WithSession): string | null => state.session.signOutNotice;
