/**
 * Which request paths belong to the API. Shared by the error handler (an unknown API path answers
 * a 404 envelope, never the web app's index.html) and the session plugin (only API requests read
 * the session).
 */

/** True for paths of the API (and its docs), which never fall back to the web app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
