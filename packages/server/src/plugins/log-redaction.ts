/**
 * Secrets out of the log (docs/product.md §D11): one-time tokens travel in URLs (the confirmation, reset
 * and invitation links of docs/product.md §2 and 7, a PDF's unguessable path name, and a read-only
 * link's token: ADR 172), and a request log line
 * would otherwise keep them for anyone who reads the log. Every line the server's logger writes
 * passes through `redactLogLine` (pino's `hooks.streamWrite`, see app.ts), so request lines, error
 * lines and the outbox mailer's link alike carry `[redacted]` in place of the token and of every
 * query value.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a secret: the API's token routes (docs/product.md §7), the web app's token
 * pages (docs/product.md §2: /login/{token}, /reset-password/{token}, /accept-invite/{token}), the read-only
 * link's page and API (/shared/{token}, /api/v1/shared-links/{token} and its /pdf: ADR 172), a notice's
 * unsubscribe page and one-click address (/unsubscribe/{token}, /api/v1/notices/unsubscribe/{token}: ADR 198) and the PDF
 * viewer's path name (only when a file name follows, i.e. not the by-name route).
 */
const TOKEN_SEGMENT =
  /(\/(?:api\/v1\/users\/(?:signup-complete|resetPassword|setPassword)|api\/v1\/shared-links|api\/v1\/notices\/unsubscribe|login|reset-password|accept-invite|shared|unsubscribe)\/)([^/?#"\s\\]+)|(\/api\/v1\/contracts\/pdfviewer\/)([^/?#"\s\\]+)(?=\/)/g;
/** A query parameter's value (`?name=value` or `&name=value`). */
const QUERY_VALUE = /([?&][^=&#?"\s\\]*=)([^&#"\s\\]+)/g;

/**
 * Redacts token path segments and query values in one log line (or any text).
 *
 * @param line a JSON log line as pino writes it (URLs are not escaped in JSON: `/`, `?`, `&` stay)
 * @returns the line with every secret replaced by REDACTED; other text unchanged
 */
export function redactLogLine(line: string): string {
  return line
    .replace(TOKEN_SEGMENT, (_match, tokenPath: string | undefined, _token, pdfPath: string | undefined) => `${tokenPath ?? pdfPath}${REDACTED}`)
    .replace(QUERY_VALUE, `$1${REDACTED}`);
}
