/**
 * Stored sessions (docs/product.md §D8): created at sign-in, found by the hash of the cookie value, extended
 * while used (30-day sliding expiry) and deleted at sign-out.
 */
import type { Role, SubscriberStatus } from '@bpa/domain/api-users';
import { eq, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema/sessions';
import { type UserRow, users } from '../../db/schema/users';
import { bookings } from '../../db/schema/bookings';
import { type BookingPeriod, deriveSubscriberStatus, getSubscriberStatus } from '../bookings/subscriber-status';
import { hashSecret, makeSecret } from './secrets';

/** How long a session lives after its last use, in milliseconds (docs/product.md §D8: 30 days, sliding). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A session is extended at most this often, in milliseconds: a write per request would be waste,
 * and a day is nothing against 30.
 */
export const SESSION_EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** The account a session belongs to, as the app needs it on every request. */
export interface SessionUser {
  id: string;
  email: string;
  /** The account's name, or its email when it has none (docs/product.md §3: userName). */
  userName: string;
  role: Role;
  /** Derived from the bookings at the time of the request (docs/product.md §D4). */
  subscriberStatus: SubscriberStatus;
}

/** A live session as found from its cookie. */
export interface FoundSession {
  idHash: string;
  expiresAt: Date;
  user: SessionUser;
  /** The administrator who is signed in as `user` (docs/product.md §D8: impersonation), with their current role. */
  impersonator: { id: string; email: string; role: Role } | null;
}

/** Turns an account row into a SessionUser, reading its bookings for the status at `now`. */
export async function loadSessionUser(db: Database, user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>, now: Date): Promise<SessionUser> {
  return toSessionUser(user, await getSubscriberStatus(db, user.id, now));
}

function toSessionUser(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>, subscriberStatus: SubscriberStatus): SessionUser {
  return { id: user.id, email: user.email, userName: user.name === '' ? user.email : user.name, role: user.role, subscriberStatus };
}

/**
 * Stores a new session and returns its id for the cookie. Expired sessions of everyone are deleted
 * on the way, so the table does not grow without bound.
 *
 * @param session whose session, and the administrator impersonating them (or null)
 * @returns the raw id (only its hash is stored) and when the session expires
 */
export async function createSession(
  db: Database,
  session: { userId: string; impersonatorUserId: string | null; now: Date },
): Promise<{ id: string; expiresAt: Date }> {
  const id = makeSecret();
  const expiresAt = new Date(session.now.getTime() + SESSION_LIFETIME_MS);
  await db.delete(sessions).where(lte(sessions.expiresAt, session.now));
  await db.insert(sessions).values({
    idHash: hashSecret(id),
    userId: session.userId,
    impersonatorUserId: session.impersonatorUserId,
    createdAt: session.now,
    expiresAt,
  });
  return { id, expiresAt };
}

/** The booking periods as the session query returns them: JSON, timestamps as ISO text. */
type BookingPeriodsJson = Array<{ createdAt: string; expiresAt: string; cancelledAt: string | null }>;

/**
 * The session lookup as one prepared statement (issue 15: it runs on every API request): the
 * session, its user, the impersonating administrator and the user's bookings (as a JSON array, for
 * the subscriber status) in one round trip. Prepared once per database.
 */
function prepareFindSession(db: Database) {
  const impersonators = alias(users, 'impersonators');
  return db
    .select({
      expiresAt: sessions.expiresAt,
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      impersonator: { id: impersonators.id, email: impersonators.email, role: impersonators.role },
      bookings: sql<
        BookingPeriodsJson | string
      >`coalesce((select json_agg(json_build_object('createdAt', ${bookings.createdAt}, 'expiresAt', ${bookings.expiresAt}, 'cancelledAt', ${bookings.cancelledAt})) from ${bookings} where ${bookings.userId} = ${users.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorUserId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('find_session');
}
const preparedFindSession = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();

/** Booking periods from the lookup's JSON (a driver may hand JSON over parsed or as text). */
function toBookingPeriods(json: BookingPeriodsJson | string): BookingPeriod[] {
  const periods: BookingPeriodsJson = typeof json === 'string' ? (JSON.parse(json) as BookingPeriodsJson) : json;
  return periods.map((period) => ({
    createdAt: new Date(period.createdAt),
    expiresAt: new Date(period.expiresAt),
    cancelledAt: period.cancelledAt === null ? null : new Date(period.cancelledAt),
  }));
}

/**
 * Finds the live session for a cookie value, in one query (with the user's bookings, so the
 * subscriber status needs no second one). An expired session is deleted and not found.
 *
 * @returns the session with its user (and impersonator), or null
 */
export async function findSession(db: Database, sessionId: string, now: Date): Promise<FoundSession | null> {
  const idHash = hashSecret(sessionId);
  let query = preparedFindSession.get(db);
  if (!query) {
    query = prepareFindSession(db);
    preparedFindSession.set(db, query);
  }
  const [row] = await query.execute({ idHash });
  if (!row) return null;
  if (row.expiresAt <= now) {
    await deleteSession(db, idHash);
    return null;
  }
  const subscriberStatus = deriveSubscriberStatus(toBookingPeriods(row.bookings), now);
  return { idHash, expiresAt: row.expiresAt, user: toSessionUser(row.user, subscriberStatus), impersonator: row.impersonator };
}

/**
 * Pushes a session's expiry to `now` + 30 days when it was last extended more than a day ago
 * (docs/product.md §D8: sliding expiry).
 *
 * @returns the new expiry, or null when the session did not need extending
 */
export async function extendSessionIfDue(db: Database, session: Pick<FoundSession, 'idHash' | 'expiresAt'>, now: Date): Promise<Date | null> {
  const lastExtendedAt = session.expiresAt.getTime() - SESSION_LIFETIME_MS;
  if (now.getTime() - lastExtendedAt < SESSION_EXTEND_AFTER_MS) return null;
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, session.idHash));
  return expiresAt;
}

/** Deletes one session by the hash of its id (sign-out, or replacing it at sign-in). */
export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * Deletes every session of an account, including those in which it impersonates someone: after a
 * password change, whoever knew the old password is signed out everywhere.
 */
export async function deleteSessionsOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)));
}

/** The hash under which a session id is stored (for callers holding the raw cookie value). */
export function sessionIdHash(sessionId: string): string {
  return hashSecret(sessionId);
}
