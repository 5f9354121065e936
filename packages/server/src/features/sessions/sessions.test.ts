import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { createTestAccount } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase, testDatabaseUrl } from '../../test/test-db';
import { createSession, deleteSession, deleteSessionsOfUser, extendSessionIfDue, findSession, SESSION_EXTEND_AFTER_MS, sessionIdHash } from './sessions';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A subscriber with a live session, looked up once already (so a kept row, on the embedded database). */
async function signedInSubscriber(now = new Date(), bookedAt = now) {
  const account = await createTestAccount(database.db, { now: bookedAt });
  const session = await createSession(database.db, { userId: account.id, impersonatorUserId: null, now });
  expect(await findSession(database.db, session.id, now)).toMatchObject({ user: { id: account.id, role: 'subscriber', subscriberStatus: 'active' } });
  return { account, sessionId: session.id, now };
}

/** How many times PostgreSQL has read the sessions table (its statistics, flushed first). */
async function sessionTableReads(): Promise<number> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await database.db.execute(
    sql`select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as reads from pg_stat_user_tables where relname = 'sessions'`,
  )) as unknown as { rows: { reads: string }[] };
  return Number(result.rows[0]!.reads);
}

describe('the session lookup sees every change at the next request (ADR 187: rows kept on the embedded database)', () => {
  it('sees a change of role and of name', async () => {
    const { account, sessionId, now } = await signedInSubscriber();
    await database.db.update(users).set({ role: 'admin', name: 'East' }).where(eq(users.id, account.id));
    expect(await findSession(database.db, sessionId, now)).toMatchObject({ user: { role: 'admin', userName: 'East' } });
  });

  it('sees a cancelled subscription, and a new booking', async () => {
    const { account, sessionId, now } = await signedInSubscriber();
    await database.db
      .update(bookings)
      .set({ cancelledAt: new Date(now.getTime() - 1000) })
      .where(eq(bookings.userId, account.id));
    expect((await findSession(database.db, sessionId, now))?.user.subscriberStatus).toBe('cancelled');
    await database.db.insert(bookings).values({ userId: account.id, createdAt: now, expiresAt: new Date(now.getTime() + 365 * DAY_MS), priceCents: 1500 });
    expect((await findSession(database.db, sessionId, now))?.user.subscriberStatus).toBe('active');
  });

  it('applies the time of each request to a kept row: expiry of the subscription and of the session', async () => {
    const { sessionId, now } = await signedInSubscriber();
    expect(await findSession(database.db, sessionId, new Date(now.getTime() + 31 * DAY_MS))).toBeNull();
    // Booked a year ago less a day and a half (createTestAccount books the day before): it expires in half a day.
    const { sessionId: other, now: at } = await signedInSubscriber(now, new Date(now.getTime() - 363.5 * DAY_MS));
    expect((await findSession(database.db, other, new Date(at.getTime() + DAY_MS)))?.user.subscriberStatus).toBe('expired');
  });

  it('finds no session once it is signed out, or all of the account are deleted, or the account is', async () => {
    const first = await signedInSubscriber();
    await deleteSession(database.db, sessionIdHash(first.sessionId));
    expect(await findSession(database.db, first.sessionId, first.now)).toBeNull();
    const second = await signedInSubscriber();
    await deleteSessionsOfUser(database.db, second.account.id);
    expect(await findSession(database.db, second.sessionId, second.now)).toBeNull();
    const third = await signedInSubscriber();
    await database.db.delete(users).where(eq(users.id, third.account.id));
    expect(await findSession(database.db, third.sessionId, third.now)).toBeNull();
  });

  it("sees an extended expiry, and an impersonator's lost role", async () => {
    const { account, sessionId, now } = await signedInSubscriber();
    const later = new Date(now.getTime() + SESSION_EXTEND_AFTER_MS + 1000);
    const found = await findSession(database.db, sessionId, later);
    const extendedTo = await extendSessionIfDue(database.db, found!, later);
    expect((await findSession(database.db, sessionId, later))?.expiresAt).toEqual(extendedTo);

    const admin = await createTestAccount(database.db, { role: 'admin' });
    const impersonation = await createSession(database.db, { userId: account.id, impersonatorUserId: admin.id, now });
    expect((await findSession(database.db, impersonation.id, now))?.impersonator?.role).toBe('admin');
    await database.db.update(users).set({ role: 'subscriber' }).where(eq(users.id, admin.id));
    expect((await findSession(database.db, impersonation.id, now))?.impersonator?.role).toBe('subscriber');
  });

  it.skipIf(testDatabaseUrl() !== undefined)('on the embedded database, a second lookup with nothing changed reads no table', async () => {
    const { sessionId, now } = await signedInSubscriber();
    const before = await sessionTableReads();
    for (let n = 0; n < 5; n++) expect(await findSession(database.db, sessionId, now)).not.toBeNull();
    expect(await sessionTableReads()).toBe(before);
    // A change to a table the lookup does not read keeps the row; one to `sessions` does not.
    await database.db.execute(sql`update ${sessions} set expires_at = expires_at where false`);
    expect(await findSession(database.db, sessionId, now)).not.toBeNull();
    expect(await sessionTableReads()).toBe(before + 1);
  });
});
