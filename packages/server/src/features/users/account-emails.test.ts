/**
 * The account emails end to end, through a real SMTP server started here: what arrives, and what
 * its link does (docs/product.md §D8: invitation 7 days, reset 1 hour, each once). A second server that
 * refuses every recipient plays the failing mail server (docs/product.md §8: "An email was not sent").
 */
import { INVITATION_NOT_DELIVERED_MESSAGE } from '@bpa/domain/api-sharing';
import { MESSAGES } from '@bpa/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { contracts } from '../../db/schema/contracts';
import { userTokens } from '../../db/schema/user-tokens';
import { users } from '../../db/schema/users';
import { buildTestApp, makeTestConfig } from '../../test/test-app';
import { TEST_PASSWORD, createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, linkToken, startTestSmtpServer } from '../../test/test-smtp-server';
import { insertTestAgreement } from '../agreements/test-agreements';
import { INVITATION_NOT_SENT_MESSAGE } from './user-routes';

const PUBLIC_URL = 'https://bridge.example.org';
const HOUR_MS = 60 * 60 * 1000;

let database: TestDatabase;
let smtp: TestSmtpServer;
let failingSmtp: TestSmtpServer;
let app: App;
let failingApp: App;
let clock: Date;
let adminCookie: string;
let addressCount = 0;
/** The failing app's log lines (JSON), to check that a mail failure is logged. */
const failingLog: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await insertBlankTemplate(database.db);
  smtp = await startTestSmtpServer();
  failingSmtp = await startTestSmtpServer({ rejectRecipients: true });
  const now = () => clock;
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'BPA <no-reply@bridge.example.org>' }), now });
  failingApp = await buildTestApp(database.db, {
    config: makeTestConfig({ SMTP_URL: failingSmtp.url, PUBLIC_URL, LOG_LEVEL: 'error' }),
    now,
    logDestination: { write: (line) => void failingLog.push(line) },
  });
});
afterAll(async () => {
  await app?.close();
  await failingApp?.close();
  await smtp?.close();
  await failingSmtp?.close();
  await database?.close();
});
beforeEach(async () => {
  clock = new Date();
  const admin = await createTestAccount(database.db, { role: 'admin', now: clock });
  adminCookie = `__Host-bpa_session=${(await signInAs(database.db, admin.id, { now: clock })).split('=')[1]}`;
});

function call(target: App, method: 'GET' | 'POST' | 'PATCH', url: string, options: { cookie?: string; body?: object } = {}) {
  addressCount += 1;
  return target.inject({
    method,
    url,
    ...(options.body ? { payload: options.body } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: `10.2.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`,
  });
}

const password = (value: string) => ({ password: value, passwordConfirm: value });

describe('invitation (admin adds a user)', () => {
  it('arrives with a set-password link that works once, confirms the email and lets the user sign in', async () => {
    const since = smtp.received.length;
    const added = await call(app, 'POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'grace@example.org' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ isInvitationSent: true });

    const email = await smtp.waitForEmail('grace@example.org', since);
    expect(email.subject).toBe('You are invited to Bridge Partnership Agreements');
    expect(email.from).toBe('BPA <no-reply@bridge.example.org>');
    expect(email.text).toMatch(new RegExp(`${PUBLIC_URL}/accept-invite/[A-Za-z0-9_-]{43}\\b`));
    expect(email.text).toContain('works for 7 days');
    const token = linkToken(email, 'accept-invite');

    expect((await call(app, 'POST', '/api/v1/users/login', { body: { email: 'grace@example.org', password: 'Grace-pass-1' } })).statusCode).toBe(401);
    const set = await call(app, 'PATCH', `/api/v1/users/setPassword/${token}`, { body: password('Grace-pass-1') });
    expect(set.statusCode).toBe(200);
    const again = await call(app, 'PATCH', `/api/v1/users/setPassword/${token}`, { body: password('Mallory-pass-1') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.passwordNotSet });

    const login = await call(app, 'POST', '/api/v1/users/login', { body: { email: 'grace@example.org', password: 'Grace-pass-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ email: 'grace@example.org', role: 'subscriber', subscriberStatus: 'active' });
    expect((await call(app, 'POST', '/api/v1/users/login', { body: { email: 'grace@example.org', password: 'Mallory-pass-1' } })).statusCode).toBe(401);
  });

  it('expires after 7 days', async () => {
    const since = smtp.received.length;
    await call(app, 'POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'heidi@example.org' } });
    const token = linkToken(await smtp.waitForEmail('heidi@example.org', since), 'accept-invite');
    clock = new Date(clock.getTime() + 7 * 24 * HOUR_MS + 1000);
    expect((await call(app, 'PATCH', `/api/v1/users/setPassword/${token}`, { body: password('Heidi-pass-1') })).statusCode).toBe(400);
  });

  it('keeps the account when the email fails, and says so in the answer', async () => {
    const added = await call(failingApp, 'POST', '/api/v1/users/admin-signup', { cookie: adminCookie, body: { email: 'ivan@example.org' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      status: 'success',
      data: { email: 'ivan@example.org', role: 'subscriber' },
      isInvitationSent: false,
      message: INVITATION_NOT_SENT_MESSAGE,
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ivan@example.org'));
    expect(row).toBeDefined();
    expect(await database.db.select().from(contracts).where(eq(contracts.ownerUserId, row!.id))).toHaveLength(5);
    const logged = failingLog.map((line) => JSON.parse(line) as { level: number; msg: string; to?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, to: 'ivan@example.org', msg: expect.stringMatching(/^Email not sent: .*Mailbox unavailable/) }),
    );
  });
});

describe('partner invitation (an owner shares an agreement)', () => {
  async function ownerWith(options: { name: string; contractName: string }) {
    const account = await createTestAccount(database.db, { now: clock });
    await database.db.update(users).set({ name: options.name }).where(eq(users.id, account.id));
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: options.contractName, templateName: 'Blank' });
    return { agreement, cookie: `__Host-bpa_session=${(await signInAs(database.db, account.id, { now: clock })).split('=')[1]}` };
  }
  const share = (target: App, owner: { agreement: { id: string }; cookie: string }, email: string) =>
    call(target, 'POST', `/api/v1/contracts/my/${owner.agreement.id}/shares`, { cookie: owner.cookie, body: { email, access: 'edit' } });

  it("quotes at most 40 characters of the owner's name and of the agreement's name, colour marks and tags removed", async () => {
    const spam = 'Cheap watches at https://spam.example.com, call +1 555 0100 now! ';
    const owner = await ownerWith({ name: spam.repeat(7).slice(0, 500), contractName: `##c2#<b>${spam}</b>###`.repeat(6).slice(0, 500) });
    const since = smtp.received.length;
    expect((await share(app, owner, 'quoted@example.org')).statusCode).toBe(201);
    const email = await smtp.waitForEmail('quoted@example.org', since);

    const quoted = `${spam.slice(0, 39).trimEnd()}\u2026`;
    expect(Array.from(quoted).length).toBeLessThanOrEqual(40);
    expect(email.subject).toBe(`${quoted} shared a partnership agreement with you`);
    expect(email.text).toContain(`${quoted} shared the partnership agreement "${quoted}" with you`);
    for (const body of [email.subject, email.text, email.html]) {
      expect(body).not.toContain(spam.slice(0, 40));
      expect(body).not.toContain('##c2#');
      expect(body).not.toMatch(/<b>|&lt;b&gt;/);
    }
  });

  it('invites an address that has an account with the same email and a sign-in link, issuing no token', async () => {
    const owner = await ownerWith({ name: 'Anna', contractName: 'With Anna' });
    const member = await createTestAccount(database.db, { email: 'member@example.org', now: clock });
    const since = smtp.received.length;
    expect((await share(app, owner, member.email)).json()).toMatchObject({ data: { isInvitationSent: true } });
    const email = await smtp.waitForEmail(member.email, since);
    expect(email.subject).toBe('Anna shared a partnership agreement with you');
    expect(email.text).toContain('Anna shared the partnership agreement "With Anna" with you');
    expect(email.text).toContain(`${PUBLIC_URL}/login\n`);
    expect(email.text).not.toContain('accept-invite');
    expect(await database.db.select().from(userTokens).where(eq(userTokens.userId, member.id))).toEqual([]);
  });

  it('says when the invitation could not be sent, and does not let that hold back the next one', async () => {
    const first = await ownerWith({ name: 'Bea', contractName: 'With Bea' });
    const failed = await share(failingApp, first, 'undelivered@example.org');
    expect(failed.statusCode).toBe(201);
    expect(failed.json()).toMatchObject({ data: { isInvitationSent: false, invitationMessage: INVITATION_NOT_DELIVERED_MESSAGE } });
    const second = await ownerWith({ name: 'Cy', contractName: 'With Cy' });
    const since = smtp.received.length;
    expect((await share(app, second, 'undelivered@example.org')).json()).toMatchObject({ data: { isInvitationSent: true } });
    expect((await smtp.waitForEmail('undelivered@example.org', since)).subject).toBe('Cy shared a partnership agreement with you');
  });
});

describe('password reset', () => {
  it('arrives with a link that works within the hour, once', async () => {
    const account = await createTestAccount(database.db, { email: 'judy@example.org', now: clock });
    const since = smtp.received.length;
    expect((await call(app, 'POST', '/api/v1/users/forgotPassword', { body: { email: account.email } })).json().message).toBe('Token sent to email!');
    const email = await smtp.waitForEmail(account.email, since);
    expect(email.text).toContain('expires after 1 hour');
    const token = linkToken(email, 'reset-password');

    clock = new Date(clock.getTime() + 59 * 60 * 1000);
    expect((await call(app, 'PATCH', `/api/v1/users/resetPassword/${token}`, { body: password('Judy-new-pass-1') })).statusCode).toBe(200);
    expect((await call(app, 'PATCH', `/api/v1/users/resetPassword/${token}`, { body: password('Judy-new-pass-2') })).statusCode).toBe(400);
    expect((await call(app, 'POST', '/api/v1/users/login', { body: { email: account.email, password: 'Judy-new-pass-1' } })).statusCode).toBe(200);
  });

  it('expires after one hour', async () => {
    const account = await createTestAccount(database.db, { email: 'ken@example.org', now: clock });
    const since = smtp.received.length;
    await call(app, 'POST', '/api/v1/users/forgotPassword', { body: { email: account.email } });
    const token = linkToken(await smtp.waitForEmail(account.email, since), 'reset-password');
    clock = new Date(clock.getTime() + HOUR_MS + 1000);
    const response = await call(app, 'PATCH', `/api/v1/users/resetPassword/${token}`, { body: password('Ken-new-pass-1') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: MESSAGES.passwordNotUpdated });
    expect((await call(app, 'POST', '/api/v1/users/login', { body: { email: account.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it('answers 500 "An email was not sent" when the mail server refuses, for a known address', async () => {
    const account = await createTestAccount(database.db, { now: clock });
    const response = await call(failingApp, 'POST', '/api/v1/users/forgotPassword', { body: { email: account.email } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: MESSAGES.forgotEmailNotSent });
  });

  it('answers 500 on an unconfirmed sign-in when the confirmation email cannot be sent', async () => {
    const account = await createTestAccount(database.db, { isConfirmed: false, now: clock });
    const response = await call(failingApp, 'POST', '/api/v1/users/login', { body: { email: account.email, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: MESSAGES.forgotEmailNotSent });
  });
});
