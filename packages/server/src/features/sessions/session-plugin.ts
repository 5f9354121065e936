/**
 * Who is asking (docs/product.md §D8). `installSessions` adds a hook that reads the session cookie on every
 * API request and decorates the request:
 *
 * - `request.currentUser`: the signed-in account (SessionUser), or null for anonymous requests;
 * - `request.currentSession`: the session's id hash, expiry and impersonating administrator, or null.
 *
 * Routes guard themselves with the hooks `requireUser` (401) and `requireAdmin` (401/403), best as
 * `onRequest: requireUser` so that an anonymous request is refused before its body is read or
 * validated (a preHandler works too, after validation):
 *
 * ```ts
 * app.get('/api/v1/contracts/my', { onRequest: requireUser, schema: {…} }, async (request) => {
 *   const owner = request.currentUser!; // set: requireUser ran
 * });
 * ```
 *
 * A subscriber whose subscription has expired or was cancelled is not signed in (docs/product.md §6), even with
 * a live session: `currentUser` is null and `requireUser` answers 401 with the spec's
 * "You have an account but your subscription is not active." During impersonation the
 * administrator may look at any account, so that check is skipped.
 */
import { MESSAGES } from '@bpa/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { isApiPath } from '../../api-paths';
import { needsSubscription } from '@bpa/domain/api-users';
import { isSubscriptionInactive } from '../bookings/subscriber-status';
import type { SessionCookie } from './session-cookie';
import { type SessionUser, createSession, deleteSession, extendSessionIfDue, findSession, sessionIdHash } from './sessions';

/** The session behind `request.currentUser`. */
export interface CurrentSession {
  /** SHA-256 of the cookie value: the session's key in the database. */
  idHash: string;
  expiresAt: Date;
  /** The administrator signed in as `currentUser` (docs/product.md §D8: impersonation), or null. */
  impersonator: { id: string; email: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null (anonymous, expired session, or inactive subscription). */
    currentUser: SessionUser | null;
    /** The session of `currentUser`, or null when there is no signed-in account. */
    currentSession: CurrentSession | null;
    /** Why a live session was not accepted, for requireUser's message; null otherwise. */
    sessionRefusal: 'subscription_not_active' | null;
  }
}

/** What the session hook and the sign-in routes need. */
export interface SessionSettings {
  db: Database;
  now: () => Date;
  cookie: SessionCookie;
}

/** 401 message for a request without a signed-in account. */
export const NOT_SIGNED_IN_MESSAGE = 'You are not signed in. Please sign in and try again.';
/** 403 message for a signed-in account that is not an administrator. */
export const NOT_ADMIN_MESSAGE = 'Only an administrator may do this.';

/**
 * Adds the request decorations and the hook that fills them. Call on the root app before any
 * route is registered, after the origin check (a refused cross-site request costs no query).
 * Only API paths are looked at: static files need no session.
 */
export function installSessions(app: FastifyInstance, settings: SessionSettings): void {
  const { db, now, cookie } = settings;
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSession', null);
  app.decorateRequest('sessionRefusal', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const sessionId = cookie.read(request);
    if (sessionId === undefined) {
      // A cookie that is not a session id at all (tampered, or an old format) is removed.
      if (request.cookies[cookie.name] !== undefined) cookie.clear(reply);
      return;
    }
    const at = now();
    const session = await findSession(db, sessionId, at);
    if (!session) {
      cookie.clear(reply);
      return;
    }
    if (session.impersonator && session.impersonator.role !== 'admin') {
      // The impersonator is no longer an administrator: the impersonation ends with their rights.
      await deleteSession(db, session.idHash);
      cookie.clear(reply);
      return;
    }
    if (!session.impersonator && needsSubscription(session.user.role) && isSubscriptionInactive(session.user.subscriberStatus)) {
      request.sessionRefusal = 'subscription_not_active';
      return;
    }
    request.currentUser = session.user;
    request.currentSession = {
      idHash: session.idHash,
      expiresAt: session.expiresAt,
      impersonator: session.impersonator && { id: session.impersonator.id, email: session.impersonator.email },
    };
    const extendedTo = await extendSessionIfDue(db, session, at);
    if (extendedTo) {
      request.currentSession.expiresAt = extendedTo;
      cookie.set(reply, sessionId, extendedTo, at);
    }
  });
}

/**
 * Hook: lets the request through only with a signed-in account (docs/product.md §2: login-guarded).
 *
 * @throws AppError unauthorised (401): "You are not signed in…", or the spec's
 *   subscriptionNotActive message when the session belongs to an expired or cancelled subscriber
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.currentUser) return;
  throw new AppError('unauthorised', request.sessionRefusal === 'subscription_not_active' ? MESSAGES.subscriptionNotActive : NOT_SIGNED_IN_MESSAGE);
}

/**
 * Hook: lets the request through only for an administrator (docs/product.md §6). During impersonation the
 * current user is the impersonated subscriber, so administrator routes are refused until the
 * administrator goes back to their own session.
 *
 * @throws AppError unauthorised (401) as requireUser; forbidden (403) for a non-administrator
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.currentUser?.role !== 'admin') throw new AppError('forbidden', NOT_ADMIN_MESSAGE);
}

/**
 * Signs the browser in as `userId` with a new session id (never reusing one: no session fixation),
 * deleting the session its cookie named before, if any.
 */
export async function startSession(
  settings: SessionSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  who: { userId: string; impersonatorUserId: string | null },
): Promise<void> {
  await endStoredSession(settings, request);
  const at = settings.now();
  const session = await createSession(settings.db, { ...who, now: at });
  settings.cookie.set(reply, session.id, session.expiresAt, at);
}

/** Signs the browser out: deletes the session its cookie names (if any) and clears the cookie. */
export async function endSession(settings: SessionSettings, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await endStoredSession(settings, request);
  settings.cookie.clear(reply);
}

async function endStoredSession(settings: SessionSettings, request: FastifyRequest): Promise<void> {
  // Read from the cookie, not currentSession: a refused session (inactive subscription) is deleted too.
  const sessionId = settings.cookie.read(request);
  if (sessionId !== undefined) await deleteSession(settings.db, sessionIdHash(sessionId));
}
