/**
 * Stored sessions (docs/product.md §D8): created at sign-in, found by the hash of the cookie value, extended
 * while used (30-day sliding expiry) and deleted at sign-out.
 */
import type { Role, SubscriberStatus } from '@bpa/domain/api-users';
import { eq, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { type Database, watchWrites } from '../../db/database';
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
 * The session lookup as one prepared statement (ADR 187: it runs on every API request): the
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

/** A session as the lookup found it, before the time of the request is applied. */
interface SessionRow {
  expiresAt: Date;
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>;
  impersonator: FoundSession['impersonator'];
  periods: BookingPeriod[];
}

/** The tables the session lookup reads: while none of them changes, its rows stay as they were. */
const SESSION_LOOKUP_TABLES = ['sessions', 'users', 'bookings'];
/** Sessions kept in memory per server (ADR 187): a few hundred bytes each. */
const KEPT_SESSIONS = 10_000;

/**
 * The session lookup of one database: its prepared statement and, on the embedded database, the
 * rows it found, kept while no statement has changed the tables they come from (ADR 187).
 */
interface SessionLookup {
  query: ReturnType<typeof prepareFindSession>;
  kept:
    | {
        /** The number of statements so far that may have changed SESSION_LOOKUP_TABLES (database.ts `watchWrites`). */
        changes: () => number;
        /** By session id hash: the row and the `changes()` count before it was read. */
        rows: LRUCache<string, { row: SessionRow; changes: number }>;
      }
    | undefined;
}
const sessionLookups = new WeakMap<Database, SessionLookup>();

function sessionLookupOf(db: Database): SessionLookup {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    const changes = watchWrites(db, SESSION_LOOKUP_TABLES);
    lookup = { query: prepareFindSession(db), kept: changes && { changes, rows: new LRUCache({ max: KEPT_SESSIONS }) } };
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * The session row for an id hash: kept in memory when the lookup's tables have not changed since it
 * was read (embedded database only), otherwise read (and kept, with the count taken before reading,
 * so a change sent while it was read makes it stale at once).
 */
async function readSessionRow(db: Database, idHash: string): Promise<SessionRow | undefined> {
  const { query, kept } = sessionLookupOf(db);
  const changesBefore = kept?.changes();
  const entry = kept?.rows.get(idHash);
  if (entry && entry.changes === changesBefore) return entry.row;
  const [found] = await query.execute({ idHash });
  if (!found) return undefined;
  const row: SessionRow = { expiresAt: found.expiresAt, user: found.user, impersonator: found.impersonator, periods: toBookingPeriods(found.bookings) };
  if (kept && changesBefore !== undefined) kept.rows.set(idHash, { row, changes: changesBefore });
  return row;
}

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
 * subscriber status needs no second one), or none on the embedded database when nothing the
 * lookup reads has changed since this session was last read (ADR 187). The times (expiry, the
 * subscriber status) are applied at `now` every time. An expired session is deleted and not found.
 *
 * @returns the session with its user (and impersonator), or null
 */
export async function findSession(db: Database, sessionId: string, now: Date): Promise<FoundSession | null> {
  const idHash = hashSecret(sessionId);
  const row = await readSessionRow(db, idHash);
  if (!row) return null;
  if (row.expiresAt <= now) {
    await deleteSession(db, idHash);
    return null;
  }
  const subscriberStatus = deriveSubscriberStatus(row.periods, now);
  return { idHash, expiresAt: row.expiresAt, user: toSessionUser(row.user, subscriberStatus), impersonator: row.impersonator && { ...row.impersonator } };
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
