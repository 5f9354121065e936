import { BookingListAnswerSchema, formatPriceCents } from '@bpa/domain/api-admin';
import { PRICE_CENTS } from '@bpa/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, makeTestConfig } from '../../test/test-app';
import { createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { bookingStatus } from './list-bookings';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
/** The app's clock, fixed so that dates can be compared exactly. */
const clock = new Date('2031-05-04T15:30:00.000Z');

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

describe('GET /api/v1/bookings', () => {
  it('lists every subscription newest first with the email, dates, price in cents and status', async () => {
    const admin = await createTestAccount(database.db, { role: 'admin', now: clock });
    const cookie = await signInAs(database.db, admin.id, { now: clock });
    const expired = await createTestAccount(database.db, { email: 'old@example.org', subscription: 'expired', now: clock });
    const cancelled = await createTestAccount(database.db, { email: 'gone@example.org', subscription: 'cancelled', now: clock });

    const added = await app.inject({ method: 'POST', url: '/api/v1/users/admin-signup', payload: { email: 'New.Player@Example.org' }, headers: { cookie } });
    expect(added.statusCode, added.body).toBe(201);
    const newUserId = (added.json() as { data: { _id: string } }).data._id;

    const response = await app.inject({ method: 'GET', url: '/api/v1/bookings', headers: { cookie } });

    expect(response.statusCode).toBe(200);
    const list = BookingListAnswerSchema.parse(response.json()).data;
    expect(list.map((b) => b.user.email)).toEqual(['new.player@example.org', 'gone@example.org', 'old@example.org']);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      user: { _id: newUserId, email: 'new.player@example.org' },
      createdAt: '2031-05-04T15:30:00.000Z',
      expiresAt: '2032-05-04T15:30:00.000Z',
      cancelledAt: null,
      priceCents: PRICE_CENTS,
      status: 'active',
    });
    expect(list[1]).toMatchObject({ user: { _id: cancelled.id }, status: 'cancelled', cancelledAt: '2031-05-04T14:30:00.000Z' });
    expect(list[2]).toMatchObject({ user: { _id: expired.id }, status: 'expired', createdAt: '2029-05-04T15:30:00.000Z' });
    expect(formatPriceCents(list[0]!.priceCents)).toBe('$15.00');
  });

  it('refuses anonymous callers (401) and subscribers (403)', async () => {
    const subscriber = await createTestAccount(database.db, { now: clock });
    const cookie = await signInAs(database.db, subscriber.id, { now: clock });
    expect((await app.inject({ method: 'GET', url: '/api/v1/bookings' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/bookings', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('PATCH /api/v1/bookings/{id}/renew and /cancel (docs/product.md §17)', () => {
  async function adminCookie() {
    const admin = await createTestAccount(database.db, { role: 'admin', now: clock });
    return signInAs(database.db, admin.id, { now: clock });
  }
  async function bookingOf(cookie: string, email: string) {
    const list = BookingListAnswerSchema.parse((await app.inject({ method: 'GET', url: '/api/v1/bookings', headers: { cookie } })).json()).data;
    return list.find((b) => b.user.email === email)!;
  }
  const change = (cookie: string, id: string, action: 'renew' | 'cancel') =>
    app.inject({ method: 'PATCH', url: `/api/v1/bookings/${id}/${action}`, headers: { cookie } });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });

  it('cancels now: the subscriber is signed out at the next request; renewing makes it active for a year from now', async () => {
    const cookie = await adminCookie();
    const anna = await createTestAccount(database.db, { email: 'anna.renew@example.org', now: clock });
    const annaCookie = await signInAs(database.db, anna.id, { now: clock });
    expect((await me(annaCookie)).statusCode).toBe(200);
    const booking = await bookingOf(cookie, 'anna.renew@example.org');

    const cancelled = await change(cookie, booking._id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(BookingListAnswerSchema.parse(cancelled.json()).data.find((b) => b._id === booking._id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: clock.toISOString(),
    });
    expect((await me(annaCookie)).statusCode).toBe(401);
    // Cancelling again changes nothing.
    expect((await change(cookie, booking._id, 'cancel')).statusCode).toBe(200);

    const renewed = await change(cookie, booking._id, 'renew');
    expect(BookingListAnswerSchema.parse(renewed.json()).data.find((b) => b._id === booking._id)).toMatchObject({
      status: 'active',
      cancelledAt: null,
      expiresAt: '2032-05-04T15:30:00.000Z',
    });
    expect((await me(annaCookie)).statusCode).toBe(200);
  });

  it('adds a year to a running subscription, from its expiry', async () => {
    const cookie = await adminCookie();
    await createTestAccount(database.db, { email: 'bob.renew@example.org', now: clock });
    const booking = await bookingOf(cookie, 'bob.renew@example.org');
    const renewed = await change(cookie, booking._id, 'renew');
    const expected = new Date(booking.expiresAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(BookingListAnswerSchema.parse(renewed.json()).data.find((b) => b._id === booking._id)!.expiresAt).toBe(expected.toISOString());
  });

  it('answers 404 for an unknown subscription and 400 for an id that is not a UUID; subscribers may not', async () => {
    const cookie = await adminCookie();
    expect((await change(cookie, '00000000-0000-4000-8000-000000000000', 'renew')).statusCode).toBe(404);
    expect((await change(cookie, 'nope', 'cancel')).statusCode).toBe(400);
    const subscriber = await createTestAccount(database.db, { now: clock });
    const booking = await bookingOf(cookie, subscriber.email);
    expect((await change(await signInAs(database.db, subscriber.id, { now: clock }), booking._id, 'renew')).statusCode).toBe(403);
  });
});

describe('bookingStatus', () => {
  const now = new Date('2031-01-01T00:00:00Z');
  const later = new Date('2031-06-01T00:00:00Z');
  const earlier = new Date('2030-06-01T00:00:00Z');

  it('is active until the expiry, expired from it on, and cancelled once the cancellation has happened', () => {
    expect(bookingStatus({ expiresAt: later, cancelledAt: null }, now)).toBe('active');
    expect(bookingStatus({ expiresAt: now, cancelledAt: null }, now)).toBe('expired');
    expect(bookingStatus({ expiresAt: earlier, cancelledAt: null }, now)).toBe('expired');
    expect(bookingStatus({ expiresAt: later, cancelledAt: now }, now)).toBe('cancelled');
    expect(bookingStatus({ expiresAt: later, cancelledAt: later }, now)).toBe('active');
    expect(bookingStatus({ expiresAt: earlier, cancelledAt: new Date('2030-01-01T00:00:00Z') }, now)).toBe('cancelled');
  });
});
