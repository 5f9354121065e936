/**
 * Accounts and sessions for API tests, made directly in the database (fast: no email round trip),
 * so that any feature's tests can call its routes as a subscriber, an expired subscriber or an
 * administrator:
 *
 * ```ts
 * const anna = await createTestAccount(db, { email: 'anna@example.org' });
 * const cookie = await signInAs(db, anna.id);
 * await app.inject({ method: 'GET', url: '/api/v1/contracts/my', headers: { cookie } });
 * ```
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLANK_TEMPLATE_NAME, PRICE_CENTS } from '@bpa/domain/constants';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import type { Role } from '@bpa/domain/api-users';
import type { Database } from '../db/database';
import { bookings } from '../db/schema/bookings';
import { templates } from '../db/schema/templates';
import { users } from '../db/schema/users';
import { SESSION_COOKIE_NAME } from '../features/sessions/session-cookie';
import { createSession } from '../features/sessions/sessions';
import { hashPassword } from '../features/users/passwords';
import { subscriptionExpiry } from '../features/bookings/subscriber-status';
import { FIXTURE_TEMPLATES_DIR } from './test-app';

/** Password of every test account unless a test gives another. */
export const TEST_PASSWORD = 'Correct-horse-9';

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;

export interface TestAccount {
  id: string;
  email: string;
  /** null when the account has no password (invited, not yet accepted). */
  password: string | null;
}

/**
 * Creates an account.
 *
 * @param options `subscription` (subscribers only; default active): active = booked yesterday for a
 *   year; expired = booked two years ago; cancelled = booked yesterday, cancelled an hour ago;
 *   none = no booking. `password` null leaves it unset; `isConfirmed` false leaves the email unconfirmed.
 */
export async function createTestAccount(
  db: Database,
  options: {
    email?: string;
    role?: Role;
    password?: string | null;
    isConfirmed?: boolean;
    subscription?: 'active' | 'expired' | 'cancelled' | 'none';
    now?: Date;
  } = {},
): Promise<TestAccount> {
  const now = options.now ?? new Date();
  const role = options.role ?? 'subscriber';
  const email = (options.email ?? `user-${Date.now()}-${++counter}@example.org`).toLowerCase();
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const [row] = await db
    .insert(users)
    .values({
      email,
      role,
      passwordHash: password === null ? null : await hashPassword(password),
      emailConfirmedAt: options.isConfirmed === false ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  const subscription = options.subscription ?? (role === 'subscriber' ? 'active' : 'none');
  if (subscription !== 'none') {
    const createdAt = new Date(now.getTime() - (subscription === 'expired' ? 730 : 1) * DAY_MS);
    await db.insert(bookings).values({
      userId: row!.id,
      createdAt,
      expiresAt: subscriptionExpiry(createdAt),
      priceCents: PRICE_CENTS,
      cancelledAt: subscription === 'cancelled' ? new Date(now.getTime() - 60 * 60 * 1000) : null,
    });
  }
  return { id: row!.id, email, password };
}

/**
 * Starts a session for an account, as a successful sign-in would.
 *
 * @returns the Cookie header value, e.g. `bpa_session=…` (the http test config's cookie name)
 */
export async function signInAs(db: Database, userId: string, options: { now?: Date; impersonatorUserId?: string } = {}): Promise<string> {
  const session = await createSession(db, { userId, impersonatorUserId: options.impersonatorUserId ?? null, now: options.now ?? new Date() });
  return `${SESSION_COOKIE_NAME}=${session.id}`;
}

/**
 * Stores a template named "Blank" (the fixture Basic Precision renamed): adding a user makes the
 * five agreements from it, and the fixture folder has no Blank template of its own.
 */
export async function insertBlankTemplate(db: Database): Promise<void> {
  const template = parseMasterCsv(await readFile(join(FIXTURE_TEMPLATES_DIR, 'basic-precision.csv'), 'utf8'));
  await db.insert(templates).values({ templateName: BLANK_TEMPLATE_NAME, content: template.categories }).onConflictDoNothing();
}

/** The session cookie's value in a response's Set-Cookie headers, or undefined. */
export function sessionCookieFrom(setCookie: string | string[] | undefined, name = SESSION_COOKIE_NAME): string | undefined {
  const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const header = headers.find((h) => h.startsWith(`${name}=`));
  return header ? `${name}=${header.slice(name.length + 1).split(';')[0]}` : undefined;
}
