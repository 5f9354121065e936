/**
 * Cross-site request refusal (docs/product.md §D8: "State-changing requests must come from the app's own
 * origin"). Sessions use SameSite=Lax cookies; this check is the second fence against cross-site
 * request forgery, following the Fetch Metadata guidance (OWASP CSRF cheat sheet).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Should this request be refused? A state-changing request is refused when the browser says it
 * is cross-site (`Sec-Fetch-Site: cross-site`) or when it names an `Origin` other than the app's.
 * Requests with neither header (curl, server-to-server, tests) pass: a browser always sends one
 * of them on a cross-origin POST.
 *
 * @param publicOrigin e.g. 'https://bridge.example.org' (Config.publicOrigin)
 */
export function isCrossSiteRequest(method: string, headers: Record<string, string | string[] | undefined>, publicOrigin: string): boolean {
  if (!STATE_CHANGING_METHODS.has(method)) return false;
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  return origin !== undefined && origin !== publicOrigin;
}

/** Adds the check to every route of the app, before the body is read. */
export function addOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request.method, request.headers, publicOrigin)) {
      throw new AppError('forbidden', 'This request was refused because it did not come from this site.');
    }
  });
}
