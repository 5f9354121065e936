/**
 * The one error handler (docs/conventions.md; docs/product.md §D7): every failure becomes
 * `{ status: 'fail' | 'error', code, message, issues? }` with the right HTTP status. 4xx messages say
 * what to fix (naming the field for validation errors); 5xx answers never carry internals. Every
 * failure is logged with the request id (pino's `reqId`).
 */
import type { ErrorCodeName, ErrorEnvelope } from '@bpa/domain/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isApiPath } from '../api-paths';
import { AppError, isClientErrorStatus } from '../errors';

/** Answer of every unexpected failure: the details go to the log only. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on the server. Please try again later.';

/** Validation problems listed in `issues` (the first one is also in the message). */
const MAX_LISTED_ISSUES = 20;

/** Where a request part sits, as users of the API name it. */
const PART_NAMES: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'headers' };

/** Human size, e.g. 2097152 -> '2 MB'. */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** The envelope's code of a 4xx answer Fastify or a plugin refused with (ERROR_CODES). */
function codeOfStatus(statusCode: number): ErrorCodeName {
  const codes: Record<number, ErrorCodeName> = {
    401: 'unauthorised',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
  };
  return codes[statusCode] ?? 'bad_request';
}

/**
 * Turns any thrown value into the status code and envelope to answer.
 *
 * @param bodyLimit the JSON body limit in bytes, for the 413 message
 */
export function toErrorAnswer(error: unknown, bodyLimit: number): { statusCode: number; body: ErrorEnvelope } {
  if (error instanceof AppError) {
    // An AppError's message is written for the user (errors.ts); its log detail stays in the log.
    return {
      statusCode: error.statusCode,
      body: {
        ...(error.answerFields && isClientErrorStatus(error.statusCode) ? error.answerFields : {}),
        status: isClientErrorStatus(error.statusCode) ? 'fail' : 'error',
        code: error.answerCode,
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = PART_NAMES[(error as FastifyError).validationContext ?? 'body'] ?? 'request';
    const issues = error.validation.slice(0, MAX_LISTED_ISSUES).map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { message: field === '' ? `${part}: ${issue.message}` : `${part} field "${field}": ${issue.message}` };
    });
    const first = issues[0]?.message ?? `${part}: invalid`;
    const more = error.validation.length > 1 ? ` (and ${error.validation.length - 1} more problem${error.validation.length > 2 ? 's' : ''})` : '';
    return { statusCode: 400, body: { status: 'fail', code: 'bad_request', message: `Invalid request: ${first}${more}`, issues } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const statusCode = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, body: { status: 'fail', code: 'too_large', message: `The request is too large: the limit is ${formatBytes(bodyLimit)}.` } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, body: { status: 'fail', code: 'bad_request', message: 'Invalid request: the body is not valid JSON.' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, body: { status: 'fail', code: 'bad_request', message: 'Invalid request: the body is empty but the content type is JSON.' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, body: { status: 'fail', code: 'unsupported_media_type', message: 'Unsupported content type: send JSON (application/json).' } };
  }
  if (statusCode === 429) {
    return { statusCode, body: { status: 'fail', code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' } };
  }
  if (isClientErrorStatus(statusCode) && typeof fastifyError.message === 'string') {
    // Fastify's own 4xx errors (bad URL encoding, unsupported method…) describe the request, not the server.
    return { statusCode, body: { status: 'fail', code: codeOfStatus(statusCode), message: fastifyError.message } };
  }
  return {
    statusCode: statusCode === 503 ? 503 : 500,
    body: { status: 'error', code: statusCode === 503 ? 'unavailable' : 'internal', message: INTERNAL_ERROR_MESSAGE },
  };
}

/**
 * Installs the error handler and the 404 handler of the API. `onNotFound` gets non-API requests
 * (the web app's client-side routes); everything under /api answers a 404 envelope.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { bodyLimit: number; onNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown },
): void {
  app.setErrorHandler((error, request, reply) => {
    // A route may set a smaller body limit than the app's (the guest PDF does); the 413 names the one that applied.
    const { statusCode, body } = toErrorAnswer(error, request.routeOptions.bodyLimit ?? options.bodyLimit);
    const logDetail = error instanceof AppError ? error.logDetail : undefined;
    // `err` is serialised with its own fields, so an AppError's logDetail is in the 5xx entry.
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds));
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode, message: body.message, ...(logDetail ? { detail: logDetail } : {}) }, 'request refused');
    return reply.code(statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendApiNotFound(request, reply);
    return options.onNotFound(request, reply);
  });
}

/** The 404 envelope for an unknown route. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  return reply.code(404).send({ status: 'fail', code: 'not_found', message: `Not found: ${request.method} ${path.slice(0, 200)}` } satisfies ErrorEnvelope);
}
