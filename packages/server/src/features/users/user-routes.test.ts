import type * as Argon2 from '@node-rs/argon2';
import { LoginAnswerSchema, MeAnswerSchema, SessionAnswerSchema, USER_EXISTS_MESSAGE, UserAnswerSchema, UserListAnswerSchema } from '@bpa/domain/api-users';
import { BLANK_TEMPLATE_NAME, CATEGORY_COUNT, PRICE_CENTS } from '@bpa/domain/constants';
import { isPlaceholderName } from '@bpa/domain/contract';
import { MESSAGES } from '@bpa/domain/messages';
import { asc, eq } from 'drizzle-orm';
import { FREE_FAILURES, MAX_BACKOFF_SECONDS, backoffSeconds } from './login-throttle';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { bookings } from '../../db/schema/bookings';
import { contractRevisions, contracts } from '../../db/schema/contracts';
import { sessions } from '../../db/schema/sessions';
import { templates } from '../../db/schema/templates';
import { userTokens } from '../../db/schema/user-tokens';
import { users } from '../../db/schema/users';
import { buildTestApp, makeTestConfig } from '../../test/test-app';
import { TEST_PASSWORD, type TestAccount, createTestAccount, insertBlankTemplate, sessionCookieFrom, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, linkToken, startTestSmtpServer } from '../../test/test-smtp-server';
import { NOT_ADMIN_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '../sessions/session-plugin';
import { hashSecret } from '../sessions/secrets';
import { BLANK_TEMPLATE_MISSING_MESSAGE } from '../agreements/create-agreement';
import { CANNOT_IMPERSONATE_ADMIN_MESSAGE, NO_SUCH_USER_MESSAGE } from './impersonate-user';
import { NOT_IMPERSONATING_MESSAGE } from './stop-impersonating';
import {
  CROSS_SITE_LOGOUT_MESSAGE,
  EMAIL_UNCONFIRMED_MESSAGE,
  FORGOT_PASSWORD_RATE_LIMIT,
  LOGGED_OUT_MESSAGE,
  LOGIN_RATE_LIMIT,
  TOKEN_SENT_MESSAGE,
} from './user-routes';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
/** argon2's verify, counted as it runs (a passthrough): a login's password work is counted instead of timed. */
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2Calls.verify += 1;
      return original.verify(...args);
    },
  };
});

/** The app's clock: tests move it to expire sessions and links. */
let clock: Date;
let admin: TestAccount;
let adminCookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startTestSmtpServer();
  await insertBlankTemplate(database.db);
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }), now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  clock = new Date();
  admin ??= await createTestAccount(database.db, { role: 'admin', email: 'boss@example.org' });
  adminCookie = await signInAs(database.db, admin.id, { now: clock });
});

let addressCount = 0;
/** A new client address per request, so that the rate limits only bite where a test wants them to. */
function nextAddress(): string {
  addressCount += 1;
  return `10.1.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

type Method = 'GET' | 'POST' | 'PATCH';
function call(method: Method, url: string, options: { cookie?: string; body?: object; address?: string } = {}) {
  return app.inject({
    method,
    url,
    ...(options.body ? { payload: options.body } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.address ?? nextAddress(),
  });
}

function logIn(email: string, password: string, options: { cookie?: string; address?: string } = {}) {
  return call('POST', '/api/v1/users/login', { body: { email, password }, ...options });
}

/**
 * Runs `body` with Date and timers on a fake clock, which only `vi.advanceTimersByTime` moves: the
 * sign-in throttle's waits (1 s, 2 s …) are real time in its in-memory store, and on a busy machine
 * more than a second can pass between two requests, which would end a wait early
 * (docs/conventions.md: "Tests hold on a loaded machine").
 */
async function onFakeClock(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

async function me(cookie: string | undefined) {
  return call('GET', '/api/v1/users/me', cookie ? { cookie } : {});
}

describe('GET /api/v1/users/me', () => {
  it('answers the signed-in subscriber as data.data.data (docs/product.md §7)', async () => {
    const anna = await createTestAccount(database.db, { email: 'anna.me@example.org', now: clock });
    const response = await me(await signInAs(database.db, anna.id, { now: clock }));
    expect(response.statusCode).toBe(200);
    expect(MeAnswerSchema.parse(response.json())).toEqual({
      status: 'success',
      data: { data: { email: 'anna.me@example.org', userName: 'anna.me@example.org', role: 'subscriber', subscriberStatus: 'active' } },
    });
  });

  it('answers an administrator with subscriberStatus none', async () => {
    const response = await me(adminCookie);
    expect(response.json().data.data).toEqual({ email: admin.email, userName: admin.email, role: 'admin', subscriberStatus: 'none' });
  });

  it('answers 401 without a session, with a malformed cookie (which it clears) and with an unknown session', async () => {
    const anonymous = await me(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'fail', code: expect.any(String), message: NOT_SIGNED_IN_MESSAGE });

    const malformed = await me('bpa_session=not-a-session');
    expect(malformed.statusCode).toBe(401);
    expect(String(malformed.headers['set-cookie'])).toMatch(/^bpa_session=;/);

    const unknown = await me(`bpa_session=${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses the session of an expired or cancelled subscriber with the spec message (docs/product.md §6)', async () => {
    for (const subscription of ['expired', 'cancelled'] as const) {
      const account = await createTestAccount(database.db, { subscription, now: clock });
      const response = await me(await signInAs(database.db, account.id, { now: clock }));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.subscriptionNotActive });
    }
  });
});

describe('PATCH /api/v1/users/me/name (docs/sharing.md §11)', () => {
  it('sets the name partners see, trimmed; an empty name shows the email again; refuses a name too long or with markup characters', async () => {
    const account = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, account.id);
    const set = (userName: string) => app.inject({ method: 'PATCH', url: '/api/v1/users/me/name', headers: { cookie }, payload: { userName } });
    const named = await set('  Anna Gray ');
    expect(named.statusCode, named.body).toBe(200);
    expect(MeAnswerSchema.parse(named.json()).data.data.userName).toBe('Anna Gray');
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(MeAnswerSchema.parse(me.json()).data.data.userName).toBe('Anna Gray');
    const [row] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, account.id));
    expect(row!.name).toBe('Anna Gray');
    expect(MeAnswerSchema.parse((await set('')).json()).data.data.userName).toBe(account.email);
    expect((await set('x'.repeat(61))).statusCode).toBe(400);
    expect((await set('<b>Anna</b>')).statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/users/me/name', payload: { userName: 'Nobody' } })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/session (docs/product.md §17, ADR 110)', () => {
  const session = (cookie: string | undefined) => app.inject({ method: 'GET', url: '/api/v1/users/session', headers: cookie ? { cookie } : {} });

  it('answers 200 with user null for a visitor, so the page logs no failed request', async () => {
    for (const cookie of [undefined, 'bpa_session=not-a-session', `bpa_session=${'A'.repeat(43)}`]) {
      const response = await session(cookie);
      expect(response.statusCode).toBe(200);
      expect(SessionAnswerSchema.parse(response.json())).toEqual({ status: 'success', data: { user: null } });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the signed-in user as /users/me does', async () => {
    const anna = await createTestAccount(database.db, { email: 'anna.session@example.org', now: clock });
    const cookie = await signInAs(database.db, anna.id, { now: clock });
    const response = await session(cookie);
    expect(SessionAnswerSchema.parse(response.json()).data).toEqual({ user: (await me(cookie)).json().data.data });
  });

  it('says why the session of an expired subscriber is not accepted', async () => {
    const account = await createTestAccount(database.db, { subscription: 'expired', now: clock });
    const response = await session(await signInAs(database.db, account.id, { now: clock }));
    expect(response.statusCode).toBe(200);
    expect(SessionAnswerSchema.parse(response.json()).data).toEqual({ user: null, refusal: MESSAGES.subscriptionNotActive });
  });
});

describe('sessions (docs/product.md §D8)', () => {
  it('slides: a use more than a day later pushes the expiry 30 days ahead and re-sends the cookie', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, account.id, { now: clock });
    const idHash = hashSecret(cookie.split('=')[1]!);
    const start = clock.getTime();

    clock = new Date(start + 60 * 60 * 1000);
    const soon = await me(cookie);
    expect(soon.statusCode).toBe(200);
    expect(soon.headers['set-cookie']).toBeUndefined();

    clock = new Date(start + 29 * 24 * 60 * 60 * 1000);
    const later = await me(cookie);
    expect(later.statusCode).toBe(200);
    expect(String(later.headers['set-cookie'])).toContain('Max-Age=2592000');
    const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, idHash));
    expect(row!.expiresAt.getTime()).toBe(clock.getTime() + 30 * 24 * 60 * 60 * 1000);

    // 30 days after the last use the session is over, and deleted.
    clock = new Date(clock.getTime() + 30 * 24 * 60 * 60 * 1000);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toEqual([]);
  });
});

describe('POST /api/v1/users/login', () => {
  it('signs in: a random HttpOnly SameSite=Lax cookie for 30 days, stored only as its SHA-256', async () => {
    const account = await createTestAccount(database.db, { email: 'bob.login@example.org', now: clock });
    const response = await logIn('  Bob.Login@Example.org ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(LoginAnswerSchema.parse(response.json())).toEqual({
      status: 'success',
      data: { user: { email: 'bob.login@example.org', userName: 'bob.login@example.org', role: 'subscriber', subscriberStatus: 'active' } },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^bpa_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = sessionCookieFrom(response.headers['set-cookie'])!;
    const value = cookie.split('=')[1]!;
    const stored = await database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(stored.map((s) => s.idHash)).toEqual([hashSecret(value)]);
    expect(JSON.stringify(stored)).not.toContain(value);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('sets a Secure __Host- cookie when PUBLIC_URL is https', async () => {
    const httpsApp = await buildTestApp(database.db, { config: makeTestConfig({ PUBLIC_URL: 'https://bridge.example.org', SMTP_URL: smtp.url }) });
    try {
      const account = await createTestAccount(database.db);
      const response = await httpsApp.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: account.email, password: TEST_PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(
        /^__Host-bpa_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      const cookie = sessionCookieFrom(response.headers['set-cookie'], '__Host-bpa_session')!;
      expect((await httpsApp.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await httpsApp.close();
    }
  });

  it('answers the same 401 for a wrong password, an unknown email and an account without a password', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const invited = await createTestAccount(database.db, { password: null, isConfirmed: false, now: clock });
    for (const [email, password] of [
      [account.email, 'Wrong-password-1'],
      ['nobody@example.org', TEST_PASSWORD],
      [invited.email, TEST_PASSWORD],
    ] as const) {
      const response = await logIn(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.incorrectEmailOrPassword });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('does the same password work for an unknown email as for a wrong password (a dummy hash is checked)', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    // Counted, not timed: a busy machine cannot blur a count (docs/conventions.md).
    const verifications = async (email: string) => {
      const before = argon2Calls.verify;
      expect((await logIn(email, 'Wrong-password-1')).json().message).toBe(MESSAGES.incorrectEmailOrPassword);
      return argon2Calls.verify - before;
    };
    expect(await verifications(account.email)).toBe(1);
    expect(await verifications('nobody-here@example.org')).toBe(1);
  });

  it('refuses an expired or cancelled subscriber with the right password (403), but says nothing without it', async () => {
    for (const subscription of ['expired', 'cancelled'] as const) {
      const account = await createTestAccount(database.db, { subscription, now: clock });
      const right = await logIn(account.email, TEST_PASSWORD);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.subscriptionNotActive });
      expect(right.headers['set-cookie']).toBeUndefined();
      expect((await logIn(account.email, 'Wrong-password-1')).json().message).toBe(MESSAGES.incorrectEmailOrPassword);
    }
  });

  it('lets an administrator in without any booking', async () => {
    const response = await logIn(admin.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ role: 'admin', subscriberStatus: 'none' });
  });

  it('lets the default first administrator admin@localhost in (an email without a top-level domain)', async () => {
    await createTestAccount(database.db, { role: 'admin', email: 'admin@localhost', now: clock });
    expect((await logIn('admin@localhost', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unconfirmed email with 403 and sends a confirmation email whose link confirms it', async () => {
    const account = await createTestAccount(database.db, { isConfirmed: false, now: clock });
    const since = smtp.received.length;
    const response = await logIn(account.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.emailNotConfirmedSent });
    const token = linkToken(await smtp.waitForEmail(account.email, since), 'login');
    expect((await call('GET', `/api/v1/users/signup-complete/${token}`)).statusCode).toBe(200);
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the body with the docs/product.md §5 messages', async () => {
    const badEmail = await logIn('not-an-email', TEST_PASSWORD);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain(MESSAGES.loginEmailInvalid);
    const shortPassword = await logIn('a@example.org', 'short');
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toContain(MESSAGES.loginPasswordTooShort);
    expect((await call('POST', '/api/v1/users/login', { body: {} })).statusCode).toBe(400);
  });

  it('replaces the session the browser had: the old cookie stops working', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const oldCookie = await signInAs(database.db, account.id, { now: clock });
    const response = await logIn(account.email, TEST_PASSWORD, { cookie: oldCookie });
    const newCookie = sessionCookieFrom(response.headers['set-cookie'])!;
    expect(newCookie).not.toBe(oldCookie);
    expect((await me(oldCookie)).statusCode).toBe(401);
    expect((await me(newCookie)).statusCode).toBe(200);
  });

  it(`locks a client address out after ${LOGIN_RATE_LIMIT.max} attempts with a clear 429`, async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const address = '192.0.2.10';
    // Many members' attempts (different emails, so no account is throttled) from one address.
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) {
      expect((await logIn(`member-${i}@example.org`, 'Wrong-password-1', { address })).statusCode).toBe(401);
    }
    const locked = await logIn(account.email, TEST_PASSWORD, { address });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(locked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("throttles one account's wrong passwords, not the other members behind the same address (ADR 189)", async () => {
    const clumsy = await createTestAccount(database.db, { now: clock });
    const other = await createTestAccount(database.db, { now: clock });
    const address = '192.0.2.20';
    await onFakeClock(async () => {
      for (let i = 0; i < FREE_FAILURES; i++) expect((await logIn(clumsy.email, 'Wrong-password-1', { address })).statusCode).toBe(401);
      // Twelve typos in all: from the fifth on, the account must wait.
      let throttled = 0;
      for (let i = FREE_FAILURES; i < 12; i++) if ((await logIn(clumsy.email, 'Wrong-password-1', { address })).statusCode === 429) throttled += 1;
      expect(throttled).toBeGreaterThan(0);
      const waiting = await logIn(clumsy.email.toUpperCase(), TEST_PASSWORD, { address });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().message).toMatch(/^Too many wrong passwords for this account\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another member at the same address signs in at once.
      expect((await logIn(other.email, TEST_PASSWORD, { address })).statusCode).toBe(200);
    });
  });

  it("does not let wrong passwords from other addresses keep the owner's correct password out (ADR 189)", async () => {
    const owner = await createTestAccount(database.db, { now: clock });
    // An attacker tries from three addresses until each of them must wait.
    const attackers = ['198.51.100.1', '198.51.100.2', '2001:db8:7::1'];
    for (const address of attackers) {
      for (let i = 0; i <= FREE_FAILURES; i++) expect((await logIn(owner.email, 'Wrong-password-1', { address })).statusCode).toBe(401);
    }
    // The owner, from an address of their own, signs in at once.
    expect((await logIn(owner.email, TEST_PASSWORD, { address: '203.0.113.5' })).statusCode).toBe(200);
  });

  it('slows the address that typed the wrong passwords, for that account only, and not the owner typing from elsewhere (ADR 189)', async () => {
    const owner = await createTestAccount(database.db, { now: clock });
    const attacker = '198.51.100.40';
    const home = '203.0.113.40';
    await onFakeClock(async () => {
      // The owner mistypes once at home.
      expect((await logIn(owner.email, 'Wrong-password-1', { address: home })).statusCode).toBe(401);
      for (let i = 0; i <= FREE_FAILURES; i++) expect((await logIn(owner.email, 'Wrong-password-1', { address: attacker })).statusCode).toBe(401);
      const slowed = await logIn(owner.email, 'Wrong-password-2', { address: attacker });
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toMatch(/^Too many wrong passwords for this account\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The same address's IPv6 neighbours count as one client: a /64 is one network.
      for (let i = 0; i <= FREE_FAILURES; i++)
        expect((await logIn(owner.email, 'Wrong-password-1', { address: `2001:db8:40::${i + 1}` })).statusCode).toBe(401);
      expect((await logIn(owner.email, 'Wrong-password-1', { address: '2001:db8:40::ffff' })).statusCode).toBe(429);
      // The owner's one typo at home does not stop their correct password there.
      expect((await logIn(owner.email, TEST_PASSWORD, { address: home })).statusCode).toBe(200);
    });
  });

  it('doubles the wait after each further wrong password, and a correct one clears the count', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const address = '192.0.2.30';
    const wrong = () => logIn(account.email, 'Wrong-password-1', { address });
    await onFakeClock(async () => {
      for (let i = 0; i < FREE_FAILURES; i++) expect((await wrong()).statusCode).toBe(401);
      expect((await wrong()).statusCode).toBe(401); // the fifth: a wait of 1 s starts
      const first = await wrong();
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      vi.advanceTimersByTime(900);
      expect((await wrong()).statusCode).toBe(429);
      vi.advanceTimersByTime(200);
      expect((await wrong()).statusCode).toBe(401); // the sixth: 2 s
      expect((await wrong()).headers['retry-after']).toBe('2');
      vi.advanceTimersByTime(2100);
      expect((await logIn(account.email, TEST_PASSWORD, { address })).statusCode).toBe(200);
      // Counting starts again from zero.
      for (let i = 0; i < FREE_FAILURES; i++) expect((await wrong()).statusCode).toBe(401);
    });
  });
});

describe('backoffSeconds', () => {
  it('waits nothing for the first failures, then 1, 2, 4 … seconds, at most 15 minutes', () => {
    expect([1, FREE_FAILURES].map(backoffSeconds)).toEqual([0, 0]);
    expect([FREE_FAILURES + 1, FREE_FAILURES + 2, FREE_FAILURES + 3].map(backoffSeconds)).toEqual([1, 2, 4]);
    expect(backoffSeconds(FREE_FAILURES + 40)).toBe(MAX_BACKOFF_SECONDS);
  });
});

describe('GET and POST /api/v1/users/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, account.id, { now: clock });
    const response = await call('POST', '/api/v1/users/logout', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: LOGGED_OUT_MESSAGE });
    expect(String(response.headers['set-cookie'])).toMatch(/^bpa_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers 200 without a session too, and deletes the session of an expired subscriber', async () => {
    expect((await call('POST', '/api/v1/users/logout')).statusCode).toBe(200);
    const expired = await createTestAccount(database.db, { subscription: 'expired', now: clock });
    const cookie = await signInAs(database.db, expired.id, { now: clock });
    expect((await call('POST', '/api/v1/users/logout', { cookie })).statusCode).toBe(200);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, expired.id))).toEqual([]);
  });
});

describe('GET /api/v1/users/logout from another site (ADR 131)', () => {
  const getLogout = (cookie: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: { cookie, ...headers }, remoteAddress: nextAddress() });

  it('is refused with 403 unless the browser says same-origin (or a typed address), and the session survives', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, account.id, { now: clock });
    const refusedHeaders: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const headers of refusedHeaders) {
      const refused = await getLogout(cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 'fail', code: expect.any(String), message: CROSS_SITE_LOGOUT_MESSAGE });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect((await me(cookie)).statusCode).toBe(200);
    const typed = await getLogout(cookie, { 'sec-fetch-site': 'none' });
    expect(typed.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    const again = await signInAs(database.db, account.id, { now: clock });
    expect((await getLogout(again, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(401);
  });

  it('POST from another site is refused by the origin check', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, account.id, { now: clock });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/users/signup-complete/{token}', () => {
  async function confirmationToken(account: TestAccount): Promise<string> {
    const since = smtp.received.length;
    await call('POST', '/api/v1/users/forgotPassword', { body: { email: account.email } });
    return linkToken(await smtp.waitForEmail(account.email, since), 'login');
  }

  it('confirms the email once; a second use fails with the spec message', async () => {
    const account = await createTestAccount(database.db, { isConfirmed: false, now: clock });
    const token = await confirmationToken(account);
    const first = await call('GET', `/api/v1/users/signup-complete/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: MESSAGES.emailConfirmed });
    const [row] = await database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.emailConfirmedAt).toEqual(clock);
    const second = await call('GET', `/api/v1/users/signup-complete/${token}`);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.emailCouldNotBeConfirmed });
  });

  it('refuses an expired (after 7 days), unknown or malformed token', async () => {
    const account = await createTestAccount(database.db, { isConfirmed: false, now: clock });
    const token = await confirmationToken(account);
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await call('GET', `/api/v1/users/signup-complete/${token}`)).json().message).toBe(MESSAGES.emailCouldNotBeConfirmed);
    expect((await call('GET', `/api/v1/users/signup-complete/${'B'.repeat(43)}`)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/users/signup-complete/short')).statusCode).toBe(400);
    const [row] = await database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.emailConfirmedAt).toBeNull();
  });
});

describe('POST /api/v1/users/forgotPassword', () => {
  it('sends a reset link to a confirmed email: "Token sent to email!"', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const since = smtp.received.length;
    const response = await call('POST', '/api/v1/users/forgotPassword', { body: { email: account.email.toUpperCase() } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: TOKEN_SENT_MESSAGE });
    expect(TOKEN_SENT_MESSAGE).toBe('Token sent to email!');
    const email = await smtp.waitForEmail(account.email, since);
    expect(email.subject).toBe('Reset your Bridge Partnership Agreements password');
    expect(linkToken(email, 'reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends a confirmation link to an unconfirmed email; the message starts with "Email" (docs/product.md §7, docs/product.md §4: -2)', async () => {
    const account = await createTestAccount(database.db, { isConfirmed: false, now: clock });
    const since = smtp.received.length;
    const response = await call('POST', '/api/v1/users/forgotPassword', { body: { email: account.email } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: EMAIL_UNCONFIRMED_MESSAGE });
    expect(response.json().message).toMatch(/^Email/);
    expect(linkToken(await smtp.waitForEmail(account.email, since), 'login')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 404 with the spec message for an unknown email, and 400 for a malformed one', async () => {
    const unknown = await call('POST', '/api/v1/users/forgotPassword', { body: { email: 'nobody@example.org' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.forgotEmailNotSent });
    const malformed = await call('POST', '/api/v1/users/forgotPassword', { body: { email: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(MESSAGES.forgotEmailInvalid);
  });

  it(`allows ${FORGOT_PASSWORD_RATE_LIMIT.max} requests per address, then 429`, async () => {
    const address = '192.0.2.20';
    for (let i = 0; i < FORGOT_PASSWORD_RATE_LIMIT.max; i++) {
      expect((await call('POST', '/api/v1/users/forgotPassword', { body: { email: `nobody${i}@example.org` }, address })).statusCode).toBe(404);
    }
    const locked = await call('POST', '/api/v1/users/forgotPassword', { body: { email: 'nobody@example.org' }, address });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
});

describe('PATCH /api/v1/users/resetPassword/{token}', () => {
  async function resetToken(account: TestAccount): Promise<string> {
    const since = smtp.received.length;
    await call('POST', '/api/v1/users/forgotPassword', { body: { email: account.email } });
    return linkToken(await smtp.waitForEmail(account.email, since), 'reset-password');
  }
  const newPassword = { password: 'New-password-2', passwordConfirm: 'New-password-2' };

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, account.id, { now: clock });
    const token = await resetToken(account);
    const response = await call('PATCH', `/api/v1/users/resetPassword/${token}`, { body: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: MESSAGES.passwordChanged });
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(account.email, newPassword.password)).statusCode).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await call('PATCH', `/api/v1/users/resetPassword/${token}`, { body: { password: 'Third-password-3', passwordConfirm: 'Third-password-3' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.passwordNotUpdated });
  });

  it('refuses mismatched or short passwords with the docs/product.md §5 messages, keeping the token', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const token = await resetToken(account);
    const mismatch = await call('PATCH', `/api/v1/users/resetPassword/${token}`, { body: { password: 'New-password-2', passwordConfirm: 'New-password-3' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(MESSAGES.passwordsDoNotMatch);
    const short = await call('PATCH', `/api/v1/users/resetPassword/${token}`, { body: { password: 'short', passwordConfirm: 'short' } });
    expect(short.json().message).toContain(MESSAGES.passwordTooShort);
    expect((await call('PATCH', `/api/v1/users/resetPassword/${token}`, { body: newPassword })).statusCode).toBe(200);
  });

  it('refuses an invitation token and an unknown token', async () => {
    const invited = await addUser('invited.reset@example.org');
    const invitation = linkToken(invited.email, 'accept-invite');
    expect((await call('PATCH', `/api/v1/users/resetPassword/${invitation}`, { body: newPassword })).json().message).toBe(MESSAGES.passwordNotUpdated);
    expect((await call('PATCH', `/api/v1/users/resetPassword/${'C'.repeat(43)}`, { body: newPassword })).statusCode).toBe(400);
    // The invitation still works where it belongs.
    expect((await call('PATCH', `/api/v1/users/setPassword/${invitation}`, { body: newPassword })).statusCode).toBe(200);
  });
});

describe('PATCH /api/v1/users/setPassword/{token}', () => {
  it('sets the first password and confirms the email; a reset token is refused', async () => {
    const invited = await addUser('invited.set@example.org');
    const token = linkToken(invited.email, 'accept-invite');
    const body = { password: 'First-password-1', passwordConfirm: 'First-password-1' };
    const response = await call('PATCH', `/api/v1/users/setPassword/${token}`, { body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: MESSAGES.passwordChanged });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'invited.set@example.org'));
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect((await logIn('invited.set@example.org', body.password)).statusCode).toBe(200);

    const since = smtp.received.length;
    await call('POST', '/api/v1/users/forgotPassword', { body: { email: 'invited.set@example.org' } });
    const reset = linkToken(await smtp.waitForEmail('invited.set@example.org', since), 'reset-password');
    const refused = await call('PATCH', `/api/v1/users/setPassword/${reset}`, { body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.passwordNotSet });
  });
});

/** Adds a user as the administrator and waits for the invitation. */
async function addUser(email: string) {
  const since = smtp.received.length;
  const response = await call('POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email } });
  expect(response.statusCode).toBe(201);
  return { response, email: await smtp.waitForEmail(email.trim().toLowerCase(), since) };
}

describe('POST /api/v1/users/admin-signup', () => {
  it('creates the account, a one-year booking at the product price and five agreements from Blank', async () => {
    const { response } = await addUser(' Carol.New@Example.org ');
    const body = UserAnswerSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'success', data: { email: 'carol.new@example.org', role: 'subscriber' }, isInvitationSent: true });
    const userId = body.data._id;

    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ role: 'subscriber', passwordHash: null, emailConfirmedAt: null });

    const booked = await database.db.select().from(bookings).where(eq(bookings.userId, userId));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ priceCents: PRICE_CENTS, cancelledAt: null, createdAt: clock });
    const expected = new Date(clock);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(booked[0]!.expiresAt).toEqual(expected);

    const agreements = await database.db.select().from(contracts).where(eq(contracts.ownerUserId, userId)).orderBy(asc(contracts.contractName));
    expect(agreements.map((a) => a.contractName)).toEqual(['Partner 1', 'Partner 2', 'Partner 3', 'Partner 4', 'Partner 5']);
    for (const agreement of agreements) {
      expect(agreement).toMatchObject({ revision: 0, templateName: BLANK_TEMPLATE_NAME });
      expect(agreement.document.contractName).toBe(agreement.contractName);
      expect(agreement.document.categories).toHaveLength(CATEGORY_COUNT);
      expect(isPlaceholderName(agreement.document.categories[0]!.subjects.at(-1)!.subjectName)).toBe(true);
    }
    // Fresh ids per agreement.
    expect(agreements[0]!.document.categories[0]!._id).not.toBe(agreements[1]!.document.categories[0]!._id);
    // Version 0 of each is the subscriber's own, not the inviting administrator's.
    const firsts = await database.db.select().from(contractRevisions).where(eq(contractRevisions.contractId, agreements[0]!.id));
    expect(firsts).toEqual([expect.objectContaining({ revision: 0, kind: 'create', authorUserId: userId, authorLabel: 'carol.new@example.org' })]);

    // The new subscriber is active once the invitation is accepted.
    const me = await call('GET', '/api/v1/users/me', { cookie: await signInAs(database.db, userId, { now: clock }) });
    expect(me.json().data.data.subscriberStatus).toBe('active');
  });

  it('refuses an email that already has an account (any case) with 409, creating nothing', async () => {
    await addUser('dave.twice@example.org');
    const before = (await database.db.select().from(contracts)).length;
    const response = await call('POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'DAVE.twice@example.org' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: USER_EXISTS_MESSAGE });
    expect((await database.db.select().from(contracts)).length).toBe(before);
  });

  it('validates the email with the spec message', async () => {
    const response = await call('POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'not an email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(MESSAGES.addUserEmailInvalid);
  });

  it('fails clearly (503) without the Blank template, and creates no account', async () => {
    const [blank] = await database.db.select().from(templates).where(eq(templates.templateName, BLANK_TEMPLATE_NAME));
    await database.db.delete(templates).where(eq(templates.id, blank!.id));
    try {
      const response = await call('POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'no.blank@example.org' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: BLANK_TEMPLATE_MISSING_MESSAGE });
      expect(await database.db.select().from(users).where(eq(users.email, 'no.blank@example.org'))).toEqual([]);
    } finally {
      await database.db.insert(templates).values(blank!);
    }
  });

  it('is for administrators only', async () => {
    const subscriber = await createTestAccount(database.db, { now: clock });
    const asSubscriber = await call('POST', '/api/v1/users/admin-signup', {
      cookie: await signInAs(database.db, subscriber.id, { now: clock }),
      body: { email: 'x@example.org' },
    });
    expect(asSubscriber.statusCode).toBe(403);
    expect(asSubscriber.json()).toEqual({ status: 'fail', code: expect.any(String), message: NOT_ADMIN_MESSAGE });
    // Refused before the body is looked at.
    expect((await call('POST', '/api/v1/users/admin-signup', { body: { email: 'bad' } })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users', () => {
  it('lists every account with _id, email and role, ordered by email', async () => {
    await createTestAccount(database.db, { email: 'aaa.first@example.org', now: clock });
    const response = await call('GET', '/api/v1/users', { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    const list = UserListAnswerSchema.parse(response.json()).data;
    const emails = list.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(list).toContainEqual({ _id: admin.id, email: admin.email, role: 'admin', isInvitationPending: false });
    expect(list.find((u) => u.email === 'aaa.first@example.org')).toMatchObject({ role: 'subscriber', isInvitationPending: false });
    expect(Object.keys(list[0]!).sort()).toEqual(['_id', 'email', 'isInvitationPending', 'role']);
  });

  it('tells which users never accepted their invitation (no password yet; docs/product.md §17)', async () => {
    await createTestAccount(database.db, { email: 'invited.only@example.org', password: null, now: clock });
    const list = UserListAnswerSchema.parse((await call('GET', '/api/v1/users', { cookie: adminCookie })).json()).data;
    expect(list.find((u) => u.email === 'invited.only@example.org')).toMatchObject({ isInvitationPending: true });
  });
});

describe('impersonation: POST /api/v1/users/im/login and /im/logout (docs/product.md §D8)', () => {
  it('signs the administrator in as the user, shows who impersonates, and goes back', async () => {
    const subscriber = await createTestAccount(database.db, { email: 'erin.im@example.org', now: clock });
    const response = await call('POST', '/api/v1/users/im/login', { cookie: adminCookie, body: { email: 'Erin.IM@example.org' } });
    expect(response.statusCode).toBe(200);
    expect(LoginAnswerSchema.parse(response.json()).data.user).toEqual({
      email: subscriber.email,
      userName: subscriber.email,
      role: 'subscriber',
      subscriberStatus: 'active',
      impersonatedBy: admin.email,
    });
    const imCookie = sessionCookieFrom(response.headers['set-cookie'])!;
    expect(imCookie).not.toBe(adminCookie);
    expect((await me(adminCookie)).statusCode).toBe(401); // the administrator's session was replaced
    expect((await me(imCookie)).json().data.data.impersonatedBy).toBe(admin.email);
    // While impersonating, administrator routes are refused.
    expect((await call('GET', '/api/v1/users', { cookie: imCookie })).statusCode).toBe(403);

    const back = await call('POST', '/api/v1/users/im/logout', { cookie: imCookie });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.user).toEqual({ email: admin.email, userName: admin.email, role: 'admin', subscriberStatus: 'none' });
    const adminAgain = sessionCookieFrom(back.headers['set-cookie'])!;
    expect((await me(imCookie)).statusCode).toBe(401);
    expect((await me(adminAgain)).json().data.data).not.toHaveProperty('impersonatedBy');
    expect((await call('GET', '/api/v1/users', { cookie: adminAgain })).statusCode).toBe(200);
  });

  it('can look into an expired subscriber', async () => {
    const expired = await createTestAccount(database.db, { subscription: 'expired', now: clock });
    const response = await call('POST', '/api/v1/users/im/login', { cookie: adminCookie, body: { email: expired.email } });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieFrom(response.headers['set-cookie'])!;
    expect((await me(cookie)).json().data.data).toMatchObject({ subscriberStatus: 'expired', impersonatedBy: admin.email });
  });

  it('refuses an unknown email (404), an administrator (403) and non-administrators', async () => {
    const unknown = await call('POST', '/api/v1/users/im/login', { cookie: adminCookie, body: { email: 'nobody@example.org' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NO_SUCH_USER_MESSAGE);
    const other = await createTestAccount(database.db, { role: 'admin', now: clock });
    const asAdmin = await call('POST', '/api/v1/users/im/login', { cookie: adminCookie, body: { email: other.email } });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(CANNOT_IMPERSONATE_ADMIN_MESSAGE);
    const subscriber = await createTestAccount(database.db, { now: clock });
    const subscriberCookie = await signInAs(database.db, subscriber.id, { now: clock });
    expect((await call('POST', '/api/v1/users/im/login', { cookie: subscriberCookie, body: { email: other.email } })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/users/im/login', { body: { email: other.email } })).statusCode).toBe(401);
  });

  it('im/logout without an impersonation answers 400 (signed in) or 401 (anonymous)', async () => {
    const response = await call('POST', '/api/v1/users/im/logout', { cookie: adminCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NOT_IMPERSONATING_MESSAGE);
    expect((await call('POST', '/api/v1/users/im/logout')).statusCode).toBe(401);
  });

  it('ends the impersonation when the administrator loses the role', async () => {
    const other = await createTestAccount(database.db, { role: 'admin', now: clock });
    const subscriber = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, subscriber.id, { now: clock, impersonatorUserId: other.id });
    expect((await me(cookie)).statusCode).toBe(200);
    await database.db.update(users).set({ role: 'subscriber' }).where(eq(users.id, other.id));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.impersonatorUserId, other.id))).toEqual([]);
  });
});

describe('tokens are stored hashed', () => {
  it('keeps no raw token in the database', async () => {
    const { email } = await addUser('frank.hash@example.org');
    const token = linkToken(email, 'accept-invite');
    const rows = await database.db.select().from(userTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(hashSecret(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
