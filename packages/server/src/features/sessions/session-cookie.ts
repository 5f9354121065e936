/**
 * The session cookie (docs/product.md §D8): HttpOnly (scripts cannot read it), SameSite=Lax (not sent on
 * cross-site POSTs), Path=/, and Secure when PUBLIC_URL is https. Over https its name carries the
 * `__Host-` prefix, which makes browsers refuse it unless it is Secure, host-only and Path=/, so a
 * neighbouring subdomain cannot plant one.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECRET_PATTERN } from './secrets';

/** Cookie name over plain http (development). */
export const SESSION_COOKIE_NAME = 'bpa_session';
/** Cookie name over https (production). */
export const SECURE_SESSION_COOKIE_NAME = '__Host-bpa_session';

export interface SessionCookie {
  readonly name: string;
  readonly isSecure: boolean;
  /** The session id the browser sent, or undefined when there is none or it is malformed. */
  read(request: FastifyRequest): string | undefined;
  /** Sends the cookie; it lives until `expiresAt` (Max-Age, so clocks of browser and server need not agree). */
  set(reply: FastifyReply, sessionId: string, expiresAt: Date, now: Date): void;
  /** Tells the browser to forget the cookie. */
  clear(reply: FastifyReply): void;
}

/**
 * The session cookie for an app served at PUBLIC_URL.
 *
 * @param isHttps whether PUBLIC_URL starts with https: (Secure and the `__Host-` name)
 */
export function createSessionCookie(isHttps: boolean): SessionCookie {
  const name = isHttps ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
  const attributes = { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps } as const;
  return {
    name,
    isSecure: isHttps,
    read(request) {
      const value = request.cookies[name];
      return value !== undefined && SECRET_PATTERN.test(value) ? value : undefined;
    },
    set(reply, sessionId, expiresAt, now) {
      reply.setCookie(name, sessionId, { ...attributes, maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) });
    },
    clear(reply) {
      reply.clearCookie(name, attributes);
    },
  };
}
