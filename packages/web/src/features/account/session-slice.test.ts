/// <reference types="node" />
/**
 * The session transitions of docs/product.md §4 on the app's real store. The thunks run for real,
 * through RTK Query and fetch, against a small HTTP server in this file that answers as
 * `@bpa/domain/api-users` documents (the web app may not import the server package); races are
 * played with the thunks' own actions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@bpa/domain/api-users';
import { MESSAGES } from '@bpa/domain/messages';
import { makeStore } from '../../app/store';
import { api as baseApi } from '../../lib/api';
import { NETWORK_FAILURE_MESSAGE } from '../../lib/error-message';
import { UNEXPECTED_ANSWER_MESSAGE } from '../../lib/api';
import { type TestApiServer, startTestApiServer } from '../../test/test-api-server';
import { accountApi } from './account-api';
import { initialSessionState } from './session-state';
import { clearSessionErrors, selectIsAdmin, selectIsSessionKnown, selectMayEnterDashboard, sessionStarted } from './session-slice';
import { changePassword, confirmEmail, endImpersonation, impersonateUser, logIn, logOut, requestPasswordReset, restoreSession } from './session-thunks';

let server: TestApiServer;
let received: TestApiServer['received'];

beforeAll(async () => {
  server = await startTestApiServer();
  received = server.received;
});

afterAll(() => server.close());

beforeEach(() => server.reset());

function answer(route: string, status: number, body: unknown) {
  server.answer(route, status, body);
}

const subscriber: CurrentUser = { email: 'ann@example.org', userName: 'Ann', role: 'subscriber', subscriberStatus: 'active' };
const admin: CurrentUser = { email: 'admin@example.org', userName: 'Admin', role: 'admin', subscriberStatus: 'none' };
const credentials = { email: 'ann@example.org', password: 'Abcdef12' };
const goodToken = 'A'.repeat(43);

/** Any call through the app's one base query (what a feature's endpoint does). */
const api = baseApi.injectEndpoints({ endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => ({ url: '/users' }) }) }) });

function newStore() {
  return makeStore({ storage: null });
}

function loggedInStore(user: CurrentUser = subscriber) {
  const store = newStore();
  store.dispatch(logIn.fulfilled({ user }, 'login-1', credentials));
  return store;
}

const ok = (data: unknown) => ({ status: 'success', data });
const message = (text: string) => ({ status: 'success', message: text });
const fail = (text: string) => ({ status: 'fail', code: 'unauthorised', message: text });

describe('session slice: initial state (docs/product.md §3)', () => {
  it('starts logged out with every code at 0 and the session not yet looked up', () => {
    const { session } = newStore().getState();
    expect(session).toEqual(initialSessionState);
    expect(session.isLoggedIn).toBe(false);
    expect([session.isRegistrationConfirmed, session.isRegistrationSent, session.isForgotPasswordSent, session.isResetPasswordSent]).toEqual([0, 0, 0, 0]);
    expect(session.sessionCheck).toBe('unchecked');
  });
});

describe('login (docs/product.md §4)', () => {
  it('success sets logged in with user name, email, role and subscriberStatus and clears the failure flags', async () => {
    const store = newStore();
    store.dispatch(logIn.rejected(null, 'login-0', credentials, MESSAGES.incorrectEmailOrPassword));
    store.dispatch(confirmEmail.rejected(null, 'confirm-0', goodToken, 'no'));
    answer('POST /api/v1/users/login', 200, ok({ user: subscriber }));
    const result = await store.dispatch(logIn(credentials));
    expect(logIn.fulfilled.match(result)).toBe(true);
    expect(received).toEqual([{ method: 'POST', path: '/api/v1/users/login', body: JSON.stringify(credentials) }]);
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      userName: 'Ann',
      email: 'ann@example.org',
      role: 'subscriber',
      subscriberStatus: 'active',
      impersonatedBy: null,
      isAuthFail: false,
      authFailMessage: null,
      isConfirmedEmailFail: false,
      sessionCheck: 'done',
    });
  });

  it.each([
    [401, MESSAGES.incorrectEmailOrPassword],
    [403, MESSAGES.subscriptionNotActive],
    [403, MESSAGES.emailNotConfirmedSent],
  ])('failure (%i) sets isAuthFail with the server text "%s" and clears the user data', async (status, text) => {
    const store = loggedInStore();
    answer('POST /api/v1/users/login', status, fail(text));
    await store.dispatch(logIn(credentials));
    expect(store.getState().session).toMatchObject({
      isLoggedIn: false,
      isAuthFail: true,
      authFailMessage: text,
      email: '',
      userName: '',
      role: null,
      subscriberStatus: null,
    });
  });

  it('an answer of the wrong shape is a failed login, not a crash', async () => {
    const store = newStore();
    answer('POST /api/v1/users/login', 200, ok({ user: { email: 'ann@example.org' } }));
    await store.dispatch(logIn(credentials));
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, isAuthFail: true, authFailMessage: UNEXPECTED_ANSWER_MESSAGE });
  });

  it('an unreachable server is a failed login with a sentence to show', async () => {
    const store = newStore();
    server.drop('POST /api/v1/users/login');
    const result = await store.dispatch(logIn(credentials));
    expect(logIn.rejected.match(result)).toBe(true);
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, isAuthFail: true, authFailMessage: NETWORK_FAILURE_MESSAGE });
  });

  it('a new attempt hides the previous failure text while it runs', () => {
    const store = newStore();
    store.dispatch(logIn.rejected(null, 'login-1', credentials, MESSAGES.incorrectEmailOrPassword));
    store.dispatch(logIn.pending('login-2', credentials));
    expect(store.getState().session.authFailMessage).toBeNull();
  });

  it('keeps nothing of the login (no password) in the RTK Query cache', async () => {
    const store = newStore();
    answer('POST /api/v1/users/login', 200, ok({ user: subscriber }));
    await store.dispatch(logIn(credentials));
    expect(store.getState().session.isLoggedIn).toBe(true);
    expect(JSON.stringify(store.getState().api)).not.toContain(credentials.password);
  });
});

describe('who may enter the dashboard (docs/product.md §2 Login, docs/product.md §6)', () => {
  it.each([
    ['active', true],
    ['none', true],
    ['expired', false],
    ['cancelled', false],
  ] as const)('a logged-in user with status %s: %s', (subscriberStatus, expected) => {
    const store = loggedInStore({ ...subscriber, subscriberStatus });
    expect(selectMayEnterDashboard(store.getState())).toBe(expected);
  });

  it('nobody while logged out', () => {
    expect(selectMayEnterDashboard(newStore().getState())).toBe(false);
  });

  it('the admin role counts only when logged in', () => {
    const store = loggedInStore(admin);
    expect(selectIsAdmin(store.getState())).toBe(true);
    store.dispatch(logOut.pending('logout-1', undefined));
    expect(selectIsAdmin(store.getState())).toBe(false);
  });
});

describe('logout (docs/product.md §4: any result leads to logged out, data cleared)', () => {
  it('logs out as soon as the call starts, every field back to its start value', () => {
    const store = loggedInStore();
    store.dispatch(requestPasswordReset.fulfilled('Token sent to email!', 'f', { email: subscriber.email }));
    store.dispatch(logOut.pending('logout-1', undefined));
    expect(store.getState().session).toEqual({ ...initialSessionState, sessionCheck: 'done' });
  });

  it.each([
    ['a success', { status: 200, body: message('Logged out') }],
    ['a failure', { status: 500, body: { status: 'error', message: 'The server had a problem.' } }],
    ['no answer', 'drop'],
  ] as const)('stays logged out after %s', async (_case, reply) => {
    const store = loggedInStore();
    if (reply === 'drop') server.drop('POST /api/v1/users/logout');
    else server.answer('POST /api/v1/users/logout', reply.status, reply.body);
    const result = await store.dispatch(logOut());
    expect(logOut.fulfilled.match(result)).toBe(true);
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/users/logout']);
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, email: '', role: null });
  });

  it('empties the RTK Query cache and still asks the server', async () => {
    const store = loggedInStore();
    answer('GET /api/v1/users/me', 200, ok({ data: subscriber }));
    await store.dispatch(accountApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
    expect(JSON.stringify(store.getState().api.queries)).toContain(subscriber.email);
    answer('POST /api/v1/users/logout', 200, message('Logged out'));
    await store.dispatch(logOut());
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/users/me', 'POST /api/v1/users/logout']);
    expect(store.getState().api.queries).toEqual({});
  });

  it("does not undo a login that happened while the logout's answer was on its way", () => {
    const store = newStore();
    store.dispatch(logOut.pending('logout-1', undefined));
    store.dispatch(logIn.fulfilled({ user: subscriber }, 'login-1', credentials));
    store.dispatch(logOut.fulfilled(undefined, 'logout-1', undefined));
    expect(store.getState().session.isLoggedIn).toBe(true);
  });
});

describe('restoring the session on start (GET /users/session; docs/product.md §4 "Current-user load failure: auth error")', () => {
  it('a known session logs the user in', async () => {
    const store = newStore();
    answer('GET /api/v1/users/session', 200, ok({ user: admin }));
    const running = store.dispatch(restoreSession());
    expect(selectIsSessionKnown(store.getState())).toBe(false);
    await running;
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, email: 'admin@example.org', role: 'admin', sessionCheck: 'done' });
  });

  it('nobody signed in is an auth error without a message to show, logged out, and no failed request (docs/product.md §17)', async () => {
    const store = newStore();
    answer('GET /api/v1/users/session', 200, ok({ user: null }));
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, isAuthFail: true, authFailMessage: null, signOutNotice: null, sessionCheck: 'done' });
  });

  it('a session refused for an inactive subscription leaves its reason for the sign-in page', async () => {
    const store = newStore();
    answer('GET /api/v1/users/session', 200, ok({ user: null, refusal: MESSAGES.subscriptionNotActive }));
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, signOutNotice: MESSAGES.subscriptionNotActive });
  });

  it('runs only once', async () => {
    const store = newStore();
    answer('GET /api/v1/users/session', 200, ok({ user: null }));
    await store.dispatch(restoreSession());
    const second = await store.dispatch(restoreSession());
    expect(restoreSession.rejected.match(second) && second.meta.condition).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('is skipped once opening / has signed out', async () => {
    const store = newStore();
    store.dispatch(logOut.pending('logout-1', undefined));
    const result = await store.dispatch(restoreSession());
    expect(restoreSession.rejected.match(result) && result.meta.condition).toBe(true);
    expect(received).toHaveLength(0);
  });

  it('never overrides a logout or a login that happened while it ran', () => {
    const store = newStore();
    store.dispatch(restoreSession.pending('me-1', undefined));
    store.dispatch(logOut.pending('logout-1', undefined));
    store.dispatch(restoreSession.fulfilled(subscriber, 'me-1', undefined));
    expect(store.getState().session.isLoggedIn).toBe(false);

    const other = newStore();
    other.dispatch(restoreSession.pending('me-1', undefined));
    other.dispatch(logIn.fulfilled({ user: admin }, 'login-1', credentials));
    other.dispatch(restoreSession.rejected(null, 'me-1', undefined, 'Please sign in to do this.'));
    expect(other.getState().session).toMatchObject({ isLoggedIn: true, role: 'admin', isAuthFail: false });
  });
});

describe('email confirmation (docs/product.md §3 isRegistrationConfirmed -1/0/1, isConfirmedEmailFail)', () => {
  it('pending is 0, success 1', async () => {
    const store = newStore();
    store.dispatch(confirmEmail.rejected(null, 'c-0', goodToken, 'no'));
    answer(`GET /api/v1/users/signup-complete/${goodToken}`, 200, message('Your email is confirmed'));
    const running = store.dispatch(confirmEmail(goodToken));
    expect(store.getState().session).toMatchObject({ isRegistrationConfirmed: 0, isConfirmedEmailFail: false });
    await running;
    expect(store.getState().session).toMatchObject({ isRegistrationConfirmed: 1, isConfirmedEmailFail: false });
  });

  it('a refused token is -1', async () => {
    const store = newStore();
    answer(`GET /api/v1/users/signup-complete/${goodToken}`, 400, fail(MESSAGES.emailCouldNotBeConfirmed));
    await store.dispatch(confirmEmail(goodToken));
    expect(store.getState().session).toMatchObject({ isRegistrationConfirmed: -1, isConfirmedEmailFail: true });
  });

  it('a malformed token fails at once (-1) without asking the server', async () => {
    const store = newStore();
    const result = await store.dispatch(confirmEmail('not a token!'));
    expect(confirmEmail.rejected.match(result)).toBe(true);
    expect(received).toHaveLength(0);
    expect(store.getState().session).toMatchObject({ isRegistrationConfirmed: -1, isConfirmedEmailFail: true });
  });
});

describe('forgot password (docs/product.md §3 isForgotPasswordSent 1 / -1 / -2 / 0)', () => {
  const body = { email: 'ann@example.org' };
  const route = 'POST /api/v1/users/forgotPassword';

  it('0 while pending, 1 when the instructions were sent', async () => {
    const store = newStore();
    answer(route, 200, message('Token sent to email!'));
    const running = store.dispatch(requestPasswordReset(body));
    expect(store.getState().session.isForgotPasswordSent).toBe(0);
    await running;
    expect(received[0]?.body).toBe(JSON.stringify(body));
    expect(store.getState().session.isForgotPasswordSent).toBe(1);
  });

  it('-2 when the answer starts with "Email" (unconfirmed address, docs/product.md §7)', async () => {
    const store = newStore();
    answer(route, 200, message('Email address not confirmed yet: a confirmation email was sent'));
    await store.dispatch(requestPasswordReset(body));
    expect(store.getState().session.isForgotPasswordSent).toBe(-2);
  });

  it.each([404, 500, 429])('-1 when no email was sent (%i)', async (status) => {
    const store = newStore();
    answer(route, status, fail(MESSAGES.forgotEmailNotSent));
    await store.dispatch(requestPasswordReset(body));
    expect(store.getState().session.isForgotPasswordSent).toBe(-1);
  });
});

describe('reset / set password (docs/product.md §3 isResetPasswordSent 0 / 1 / -1)', () => {
  const passwords = { password: 'Abcdef12', passwordConfirm: 'Abcdef12' };

  it.each([
    ['reset', 'resetPassword'],
    ['set', 'setPassword'],
  ] as const)('%s: 0 while pending, 1 on success (PATCH /users/%s/{token})', async (kind, path) => {
    const store = newStore();
    answer(`PATCH /api/v1/users/${path}/${goodToken}`, 200, message('Password changed'));
    const running = store.dispatch(changePassword({ kind, token: goodToken, ...passwords }));
    expect(store.getState().session.isResetPasswordSent).toBe(0);
    await running;
    expect(received[0]?.body).toBe(JSON.stringify(passwords));
    expect(store.getState().session.isResetPasswordSent).toBe(1);
  });

  it('-1 with the server text when the token is refused', async () => {
    const store = newStore();
    answer(`PATCH /api/v1/users/setPassword/${goodToken}`, 400, fail(MESSAGES.passwordNotSet));
    const result = await store.dispatch(changePassword({ kind: 'set', token: goodToken, ...passwords }));
    expect(changePassword.rejected.match(result) && result.payload).toBe(MESSAGES.passwordNotSet);
    expect(store.getState().session.isResetPasswordSent).toBe(-1);
  });

  it('-1 for a malformed token, without a call', async () => {
    const store = newStore();
    const result = await store.dispatch(changePassword({ kind: 'reset', token: '../../users', ...passwords }));
    expect(changePassword.rejected.match(result)).toBe(true);
    expect(received).toHaveLength(0);
    expect(store.getState().session.isResetPasswordSent).toBe(-1);
  });
});

describe('the clear action (docs/product.md §4: "A clear action resets error flags")', () => {
  it('resets the error flags and the form outcomes, and keeps the user', () => {
    const store = loggedInStore();
    store.dispatch(requestPasswordReset.rejected(null, 'f', { email: 'a@b.c' }, 'x'));
    store.dispatch(changePassword.rejected(null, 'p', { kind: 'set', token: goodToken, password: 'a', passwordConfirm: 'a' }, 'x'));
    store.dispatch(confirmEmail.rejected(null, 'c', goodToken, 'x'));
    store.dispatch(clearSessionErrors());
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      email: 'ann@example.org',
      isAuthFail: false,
      authFailMessage: null,
      isConfirmedEmailFail: false,
      isRegistrationConfirmed: 0,
      isForgotPasswordSent: 0,
      isResetPasswordSent: 0,
      isRegistrationSent: 0,
    });
  });

  it('clears a failed login', () => {
    const store = newStore();
    store.dispatch(logIn.rejected(null, 'l', credentials, MESSAGES.incorrectEmailOrPassword));
    store.dispatch(clearSessionErrors());
    expect(store.getState().session).toMatchObject({ isAuthFail: false, authFailMessage: null });
  });
});

describe('the server ending the session during a visit (ADR 110)', () => {
  it("the first 401 of any call signs out and keeps the server's sentence for the sign-in page", async () => {
    const store = loggedInStore();
    answer('GET /api/v1/users', 401, fail(MESSAGES.subscriptionNotActive));
    await store.dispatch(api.endpoints.probe.initiate(undefined, { subscribe: false }));
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, email: '', signOutNotice: MESSAGES.subscriptionNotActive, sessionCheck: 'done' });
    // A later sign-in clears the notice.
    answer('POST /api/v1/users/login', 200, ok({ user: subscriber }));
    await store.dispatch(logIn(credentials));
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, signOutNotice: null });
  });

  it('a wrong password (401 of the sign-in itself) is not the end of a session', async () => {
    const store = loggedInStore();
    answer('POST /api/v1/users/login', 401, fail(MESSAGES.incorrectEmailOrPassword));
    await store.dispatch(logIn(credentials));
    expect(store.getState().session.signOutNotice).toBeNull();
  });

  it('a 403 makes the session stale, and the look-up that follows applies what the server says', async () => {
    const store = loggedInStore(admin);
    answer('GET /api/v1/users', 403, fail('Only an administrator may do this.'));
    await store.dispatch(api.endpoints.probe.initiate(undefined, { subscribe: false }));
    expect(store.getState().session.sessionCheck).toBe('stale');
    answer('GET /api/v1/users/session', 200, ok({ user: { ...subscriber, impersonatedBy: admin.email } }));
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, role: 'subscriber', impersonatedBy: admin.email, sessionCheck: 'done' });
  });
});

describe('impersonation (docs/product.md §4, docs/product.md §D8)', () => {
  it('switches to the chosen user and back to the administrator', async () => {
    const store = loggedInStore(admin);
    answer('POST /api/v1/users/im/login', 200, ok({ user: { ...subscriber, impersonatedBy: admin.email } }));
    answer('POST /api/v1/users/im/logout', 200, ok({ user: admin }));
    await store.dispatch(impersonateUser({ email: subscriber.email }));
    expect(store.getState().session).toMatchObject({ email: subscriber.email, role: 'subscriber', impersonatedBy: admin.email });
    await store.dispatch(endImpersonation());
    expect(store.getState().session).toMatchObject({ email: admin.email, role: 'admin', impersonatedBy: null });
  });

  it('a failed return keeps the impersonated session', async () => {
    const store = newStore();
    store.dispatch(sessionStarted({ ...subscriber, impersonatedBy: admin.email }));
    answer('POST /api/v1/users/im/logout', 400, fail('You are not impersonating anybody.'));
    const result = await store.dispatch(endImpersonation());
    expect(endImpersonation.rejected.match(result)).toBe(true);
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, impersonatedBy: admin.email });
  });
});
