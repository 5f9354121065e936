/**
 * Guest PDFs per browser (docs/product.md §14). A limit per client address alone would stop a bridge
 * club whose members share one address, so the address limit is high (GUEST_PDF_RATE_LIMIT) and
 * each browser has its own lower limit, recognised by a random id in the `bpa_guest` cookie (set on
 * the first PDF request; it identifies a browser, never a person, and holds nothing else).
 *
 * A client that drops the cookie gets a new id each time and is bounded by the address limit only.
 * Counts live in memory (rate-limiter-flexible); the limiter takes a Redis store where several
 * servers must share them.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCAL_STATE, type SharedState } from '../../shared-state';
import { AppError } from '../../errors';

/** Guest PDFs one browser may ask for per minute. */
export const GUEST_PDFS_PER_BROWSER_PER_MINUTE = 20;
/** The cookie that names a guest's browser. */
export const GUEST_BROWSER_COOKIE = 'bpa_guest';
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The 429 text when one browser asked for too many PDFs. */
export function browserLimitMessage(seconds: number): string {
  return `Too many PDFs from this browser in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/** Counts one guest PDF request per browser. */
export interface GuestBrowserLimit {
  /**
   * Counts the request against its browser (setting the cookie when the browser has none).
   *
   * @throws AppError rate_limited (429) with `browserLimitMessage` and a Retry-After header
   */
  count(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Makes the limit (counted across servers when they share Redis).
 *
 * @param isHttps whether the cookie is marked Secure (PUBLIC_URL is https)
 * @param shared where the counters live (Redis with REDIS_URL: shared-state.ts)
 */
export function createGuestBrowserLimit(isHttps: boolean, shared: SharedState = LOCAL_STATE): GuestBrowserLimit {
  const limiter = shared.limiter({ keyPrefix: 'guest-pdf-browser', points: GUEST_PDFS_PER_BROWSER_PER_MINUTE, duration: 60 });
  return {
    async count(request, reply) {
      let id = request.cookies[GUEST_BROWSER_COOKIE];
      if (id === undefined || !BROWSER_ID.test(id)) {
        id = randomBytes(16).toString('base64url');
        reply.setCookie(GUEST_BROWSER_COOKIE, id, { path: '/api/v1/contracts', httpOnly: true, sameSite: 'lax', secure: isHttps, maxAge: ONE_YEAR_SECONDS });
      }
      try {
        await limiter.consume(id);
      } catch (refusal) {
        const seconds = Math.max(1, Math.ceil(((refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError('rate_limited', browserLimitMessage(seconds));
      }
    },
  };
}
