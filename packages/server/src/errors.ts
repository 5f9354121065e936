/**
 * The server's one error type (docs/conventions.md: "One error type, one handler"). Operations
 * throw `AppError(code, message)`; the error handler (plugins/error-handler.ts) maps the code to
 * the HTTP status and answers `{ status: 'fail' | 'error', code, message }` (docs/product.md §D7);
 * `code` is the error code, or a more specific one from `ERROR_CODES` given as `options.reason`.
 */
import type { ErrorCodeName } from '@bpa/domain/api';

/** Error codes and their HTTP status (docs/product.md §D7: 400, 401, 403, 404, 409, 413, 429, 500/503). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorised: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A problem found by the server. `message` is always the text the user reads (docs/product.md §8
 * texts), whatever the code: the error handler sends it as it is. What only an engineer should
 * read goes to `logDetail` (and `cause`), which the handler logs and never sends. Failures that are
 * not AppErrors (bugs, a lost database connection) are answered with a generic text instead.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Line- and column-numbered details, e.g. for a CSV upload (ErrorEnvelopeSchema.issues). */
  readonly issues: { line?: number; column?: number; message: string }[] | undefined;
  /** Text for the log only, e.g. which email could not be sent and why; never sent to the client. */
  readonly logDetail: string | undefined;
  /**
   * More fields of the answer, for the client, beside `status` and `message` (e.g. a save's
   * conflicts: SaveConflictAnswerSchema). Only for 4xx answers; never internals.
   */
  readonly answerFields: Record<string, unknown> | undefined;
  /** Seconds after which the same request may succeed: sent as `Retry-After` (429, 503, a busy 409). */
  readonly retryAfterSeconds: number | undefined;
  /** The envelope's `code`: `options.reason` when given, else `code` (ERROR_CODES of @bpa/domain/api). */
  readonly answerCode: ErrorCodeName;

  /**
   * @param code what went wrong; decides the HTTP status (ERROR_STATUS)
   * @param message text for the user, sent as it is for every code (4xx and 5xx)
   * @param options `issues`, `answerFields`, `retryAfterSeconds` (the Retry-After header) and the
   *   envelope's specific `reason` code to send along; `logDetail` and `cause` to log only
   */
  constructor(
    code: ErrorCode,
    message: string,
    options?: {
      issues?: AppError['issues'];
      logDetail?: string;
      cause?: unknown;
      answerFields?: Record<string, unknown>;
      retryAfterSeconds?: number;
      reason?: Extract<ErrorCodeName, 'save_conflict' | 'changes_do_not_apply' | 'agreement_busy'>;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.issues = options?.issues;
    this.logDetail = options?.logDetail;
    this.answerFields = options?.answerFields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.answerCode = options?.reason ?? code;
  }
}

/** True for errors that are the client's doing (4xx): answered as `status: 'fail'`. */
export function isClientErrorStatus(statusCode: number): boolean {
  return statusCode >= 400 && statusCode < 500;
}
