import { CAPTCHA_FAILED_MESSAGE, CaptchaChallengeSchema, ContactMessageAnswerSchema, MessageListAnswerSchema } from '@bpa/domain/api-admin';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { MESSAGES } from '@bpa/domain/messages';
import { UNSTORABLE_TEXT_MESSAGE } from '@bpa/domain/text';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { captchaSolutions } from '../../db/schema/captcha-solutions';
import { messages } from '../../db/schema/messages';
import { buildTestApp } from '../../test/test-app';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { MESSAGE_NOT_FOUND_MESSAGE } from './delete-message';
import { CONTACT_RATE_LIMIT } from './message-routes';

let database: TestDatabase;
let app: App;
/** The app's clock: tests move it so that messages get distinct times. */
let clock: Date;
let admin: TestAccount;
let adminCookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  // A small difficulty so that the tests solve a challenge in milliseconds; the default is tested in src/captcha.
  app = await buildTestApp(database.db, { now: () => clock, captcha: { maxNumber: 20 } });
  await app.ready();
  admin = await createTestAccount(database.db, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(async () => {
  clock = new Date();
  adminCookie = await signInAs(database.db, admin.id, { now: clock });
});

let addressCount = 0;
/** A new client address per request, so that the rate limit only bites where a test wants it to. */
function nextAddress(): string {
  addressCount += 1;
  return `10.4.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

/** Fetches a challenge and solves it as the widget does; returns the payload for the `altcha` field. */
async function solvedCaptcha(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/messages/challenge', remoteAddress: nextAddress() });
  const challenge = CaptchaChallengeSchema.parse(response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

function send(body: object, address = nextAddress()) {
  return app.inject({ method: 'POST', url: '/api/v1/messages', payload: body, remoteAddress: address });
}

async function storedCount(): Promise<number> {
  return (await database.db.select().from(messages)).length;
}

async function listMessages() {
  const response = await app.inject({ method: 'GET', url: '/api/v1/messages', headers: { cookie: adminCookie } });
  expect(response.statusCode).toBe(200);
  return MessageListAnswerSchema.parse(response.json()).data;
}

const goodMessage = { mailName: 'Anna Smith', mailEmail: 'anna@example.org', mailMessage: 'How do I add a partner agreement?' };

describe('GET /api/v1/messages/challenge', () => {
  it('hands out a fresh signed challenge, never cached', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/messages/challenge', remoteAddress: nextAddress() });
    const second = await app.inject({ method: 'GET', url: '/api/v1/messages/challenge', remoteAddress: nextAddress() });

    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const a = CaptchaChallengeSchema.parse(first.json());
    const b = CaptchaChallengeSchema.parse(second.json());
    expect(a.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyLength: 32 });
    expect(a.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });
});

describe('POST /api/v1/messages', () => {
  it('stores a message with a solved captcha and answers "Your message was sent"', async () => {
    const response = await send({ ...goodMessage, mailName: '  Anna Smith ', altcha: await solvedCaptcha() });

    expect(response.statusCode, response.body).toBe(201);
    expect(ContactMessageAnswerSchema.parse(response.json())).toEqual({ status: 'success', message: MESSAGES.messageSent });
    const [stored] = (await listMessages()).filter((m) => m.mailMessage === goodMessage.mailMessage);
    expect(stored).toEqual({ _id: expect.any(String), ...goodMessage, sentAt: clock.toISOString() });
  });

  it('accepts a solved captcha once only: the same solution again is refused and stores nothing', async () => {
    const altcha = await solvedCaptcha();
    expect((await send({ ...goodMessage, altcha })).statusCode).toBe(201);
    const count = await storedCount();

    const replay = await send({ ...goodMessage, mailMessage: 'A second message with the same captcha.', altcha });

    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ status: 'fail', code: expect.any(String), message: CAPTCHA_FAILED_MESSAGE });
    expect(await storedCount()).toBe(count);
  });

  it('accepts only one of two simultaneous messages with one solution', async () => {
    const altcha = await solvedCaptcha();
    const count = await storedCount();

    const responses = await Promise.all([send({ ...goodMessage, altcha }), send({ ...goodMessage, altcha }), send({ ...goodMessage, altcha })]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await storedCount()).toBe(count + 1);
  });

  it('refuses a missing, empty, garbled or forged captcha and stores nothing', async () => {
    const count = await storedCount();
    const solved = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString('utf8')) as { solution: { derivedKey: string } };
    solved.solution.derivedKey = solved.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const forged = Buffer.from(JSON.stringify(solved)).toString('base64');
    // What the widget sends in its test mode must never pass.
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');

    for (const altcha of [undefined, '', 'not a payload', forged, testMode, 'A'.repeat(5000)]) {
      const response = await send({ ...goodMessage, ...(altcha === undefined ? {} : { altcha }) });
      expect(response.statusCode, String(altcha).slice(0, 20)).toBe(400);
      expect(response.json().message, String(altcha).slice(0, 20)).toContain(CAPTCHA_FAILED_MESSAGE);
    }
    expect(await storedCount()).toBe(count);
  });

  it("answers the spec's messages for a bad email and a short message, without using up the captcha", async () => {
    const altcha = await solvedCaptcha();
    const count = await storedCount();

    const badEmail = await send({ ...goodMessage, mailEmail: 'anna-at-example.org', altcha });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain(MESSAGES.contactEmailInvalid);
    expect(badEmail.json().issues[0].message).toContain(MESSAGES.contactEmailInvalid);

    const short = await send({ ...goodMessage, mailMessage: ' too short ', altcha });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(MESSAGES.contactMessageTooShort);
    expect(await storedCount()).toBe(count);

    // The corrected form goes through with the captcha solved before.
    expect((await send({ ...goodMessage, altcha })).statusCode).toBe(201);
  });

  it('refuses a NUL character or half an emoji with a clear 400, storing nothing (docs/product.md §D7)', async () => {
    const altcha = await solvedCaptcha();
    const count = await storedCount();
    for (const body of [
      { ...goodMessage, mailMessage: 'Hello\u0000 there, a NUL inside.' },
      { ...goodMessage, mailName: 'Anna \uD83D' },
      { ...goodMessage, mailMessage: 'A broken emoji \uDE00 in the middle.' },
    ]) {
      const response = await send({ ...body, altcha });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
    expect(await storedCount()).toBe(count);
  });

  it('takes the name as optional', async () => {
    const response = await send({ mailEmail: 'nameless@example.org', mailMessage: 'No name given with this one.', altcha: await solvedCaptcha() });
    expect(response.statusCode).toBe(201);
    expect((await listMessages()).find((m) => m.mailEmail === 'nameless@example.org')?.mailName).toBe('');
  });

  it(`limits each client to ${CONTACT_RATE_LIMIT.max} messages per 10 minutes (429)`, async () => {
    const address = nextAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send({ ...goodMessage, altcha: await solvedCaptcha() }, address)).statusCode).toBe(201);
    }
    const count = await storedCount();

    const refused = await send({ ...goodMessage, altcha: await solvedCaptcha() }, address);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'fail', message: expect.stringMatching(/^Too many messages\. Please wait .+ and try again\.$/) });
    expect(await storedCount()).toBe(count);
    // Another client is not affected.
    expect((await send({ ...goodMessage, altcha: await solvedCaptcha() })).statusCode).toBe(201);
  });

  it('keeps used solutions in the database until their challenge expires', async () => {
    const altcha = await solvedCaptcha();
    const { challenge } = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Challenge & { challenge: Challenge };
    expect((await send({ ...goodMessage, altcha })).statusCode).toBe(201);

    const rows = await database.db.select().from(captchaSolutions);
    const row = rows.find((r) => r.key.endsWith(challenge.parameters.nonce));
    expect(row?.expiresAt.getTime()).toBe((challenge.parameters.expiresAt ?? 0) * 1000);
  });
});

describe('GET /api/v1/messages and DELETE /api/v1/messages/{id}', () => {
  it('lists messages newest first and deletes one, answering the updated list', async () => {
    const start = clock.getTime();
    const texts = ['First message, oldest.', 'Second message, middle.', 'Third message, newest.'];
    for (const [index, text] of texts.entries()) {
      clock = new Date(start + 60_000 * (index + 1));
      expect((await send({ ...goodMessage, mailMessage: text, altcha: await solvedCaptcha() })).statusCode).toBe(201);
    }
    const list = await listMessages();
    const ours = list.filter((m) => texts.includes(m.mailMessage));
    expect(ours.map((m) => m.mailMessage)).toEqual(['Third message, newest.', 'Second message, middle.', 'First message, oldest.']);
    const times = list.map((m) => m.sentAt);
    expect(times).toEqual([...times].sort().reverse());

    const middle = ours[1]!;
    const response = await app.inject({ method: 'DELETE', url: `/api/v1/messages/${middle._id}`, headers: { cookie: adminCookie } });

    expect(response.statusCode).toBe(200);
    const after = MessageListAnswerSchema.parse(response.json()).data;
    expect(after).toEqual(list.filter((m) => m._id !== middle._id));
    expect(await listMessages()).toEqual(after);

    // Deleting it again (another administrator was quicker) says it is gone; nothing else changes.
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/messages/${middle._id}`, headers: { cookie: adminCookie } });
    expect(again.statusCode).toBe(404);
    expect(ErrorEnvelopeSchema.parse(again.json()).message).toBe(MESSAGE_NOT_FOUND_MESSAGE);
    expect(await listMessages()).toEqual(after);
  });

  it('answers 404 for an id that names no message: unknown, or not a UUID at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '1%20or%201=1', 'not-a-uuid']) {
      const response = await app.inject({ method: 'DELETE', url: `/api/v1/messages/${id}`, headers: { cookie: adminCookie } });
      expect(response.statusCode, id).toBe(404);
      expect(ErrorEnvelopeSchema.parse(response.json()).message).toBe(MESSAGE_NOT_FOUND_MESSAGE);
    }
  });

  it('shows messages to administrators only', async () => {
    const subscriber = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, subscriber.id, { now: clock });
    const [message] = await listMessages();

    expect((await app.inject({ method: 'GET', url: '/api/v1/messages' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/messages', headers: { cookie } })).statusCode).toBe(403);
    const refused = await app.inject({ method: 'DELETE', url: `/api/v1/messages/${message!._id}`, headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await listMessages()).map((m) => m._id)).toContain(message!._id);
  });
});
