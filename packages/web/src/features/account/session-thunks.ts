/**
 * The account actions that call the server (docs/product.md §4 "States and transitions"; calls: docs/product.md §7). Each
 * is a thunk whose pending / fulfilled / rejected actions the session slice turns into the spec's
 * session fields; a rejection carries the sentence to show (`toErrorMessage`: the server's docs/product.md §8
 * text when it sent one).
 *
 * Mutations run with `track: false`: nothing of a login (least of all the password) stays in the
 * RTK Query cache.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { type CurrentUser, TokenParamSchema } from '@bpa/domain/api-users';
import type { LoginInput } from '@bpa/domain/validation';
import { api } from '../../lib/api';
import { toErrorMessage } from '../../lib/error-message';
import { accountApi, type LoginResult, type PasswordChangeRequest } from './account-api';
import type { WithSession } from './session-state';

const createSessionThunk = createAsyncThunk.withTypes<{ state: WithSession; rejectValue: string }>();

/** docs/product.md §7: a forgotPassword answer whose message starts with "Email" means the address is unconfirmed. */
export function isUnconfirmedEmailAnswer(message: string): boolean {
  return message.trimStart().startsWith('Email');
}

/** True for a link token of the documented shape (TokenParamSchema); others are refused without a call. */
export function isWellFormedToken(token: string): boolean {
  return TokenParamSchema.safeParse({ token }).success;
}

/** Sentence used when a link's token is malformed, so no request is made. */
const MALFORMED_TOKEN_MESSAGE = 'This link is not valid.';

/**
 * Looks up the session of an earlier visit (GET /users/session) once, on start, and again when a
 * call was refused with 403 (`stale`). Skipped when a login or logout already decided the session. Fulfils with the user; rejects when nobody is signed
 * in (docs/product.md §4: "Current-user load failure: auth error") with the reason a session was refused
 * (the inactive-subscription text) or '' when there was none, or with the failure's sentence.
 */
export const restoreSession = createSessionThunk<CurrentUser, void>(
  'session/restore',
  async (_arg, { dispatch, rejectWithValue }) => {
    try {
      const { user, refusal } = await dispatch(accountApi.endpoints.getSession.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
      return user ?? rejectWithValue(refusal ?? '');
    } catch (error) {
      return rejectWithValue(toErrorMessage(error));
    }
  },
  { condition: (_arg, { getState }) => ['unchecked', 'stale'].includes(getState().session.sessionCheck) },
);

/**
 * Signs in with `{ email, password }` (POST /users/login). Rejects with the server's text:
 * Incorrect Email or Password., the unconfirmed-email text or the inactive-subscription text (docs/product.md §8).
 */
export const logIn = createSessionThunk<LoginResult, LoginInput>('session/logIn', async (credentials, { dispatch, rejectWithValue }) => {
  try {
    return await dispatch(accountApi.endpoints.logIn.initiate(credentials, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});

/**
 * Signs out (POST /users/logout). Never rejects: docs/product.md §4 "any result, success or failure, leads to
 * logged out", so the slice logs out as soon as it starts. The RTK Query cache (the user's
 * answers) is emptied first: emptying it while the call runs would drop the call.
 */
export const logOut = createSessionThunk<void, void>('session/logOut', async (_arg, { dispatch }) => {
  dispatch(api.util.resetApiState());
  try {
    await dispatch(accountApi.endpoints.logOut.initiate(undefined, { track: false })).unwrap();
  } catch {
    // docs/product.md §4: the result does not matter; the browser has already forgotten the user.
  }
});

/** Starts a session as another user (POST /users/im/login, admin only; docs/product.md §4, docs/product.md §D8). */
export const impersonateUser = createSessionThunk<LoginResult, { email: string }>('session/impersonate', async (body, { dispatch, rejectWithValue }) => {
  try {
    return await dispatch(accountApi.endpoints.impersonate.initiate(body, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});

/** Ends an impersonation (POST /users/im/logout): the administrator's own session again (docs/product.md §D8). */
export const endImpersonation = createSessionThunk<LoginResult, void>('session/endImpersonation', async (_arg, { dispatch, rejectWithValue }) => {
  try {
    return await dispatch(accountApi.endpoints.endImpersonation.initiate(undefined, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});

/** Confirms an email address from the link /login/{token} (GET /users/signup-complete/{token}; docs/product.md §2, 4). */
export const confirmEmail = createSessionThunk<string, string>('session/confirmEmail', async (token, { dispatch, rejectWithValue }) => {
  if (!isWellFormedToken(token)) return rejectWithValue(MALFORMED_TOKEN_MESSAGE);
  try {
    return await dispatch(accountApi.endpoints.confirmEmail.initiate(token, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});

/**
 * Asks for reset instructions (POST /users/forgotPassword). Fulfils with the server's message
 * (see `isUnconfirmedEmailAnswer`); rejects when no email was sent.
 */
export const requestPasswordReset = createSessionThunk<string, { email: string }>('session/forgotPassword', async (body, { dispatch, rejectWithValue }) => {
  try {
    return await dispatch(accountApi.endpoints.forgotPassword.initiate(body, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});

/** Resets or sets a password from a link (PATCH resetPassword / setPassword; docs/product.md §2, 4). */
export const changePassword = createSessionThunk<string, PasswordChangeRequest>('session/changePassword', async (request, { dispatch, rejectWithValue }) => {
  if (!isWellFormedToken(request.token)) return rejectWithValue(MALFORMED_TOKEN_MESSAGE);
  try {
    return await dispatch(accountApi.endpoints.changePassword.initiate(request, { track: false })).unwrap();
  } catch (error) {
    return rejectWithValue(toErrorMessage(error));
  }
});
