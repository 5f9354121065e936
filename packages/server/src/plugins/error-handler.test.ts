/**
 * The error envelope's stable `code` (docs/product.md §D7; @bpa/domain/api ERROR_CODES): an
 * AppError's kind or its specific reason, and a code for every refusal Fastify or a plugin makes,
 * so a client never has to read the message.
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { toErrorAnswer } from './error-handler';

const LIMIT = 64 * 1024;
const codeOf = (error: unknown) => ErrorEnvelopeSchema.parse(toErrorAnswer(error, LIMIT).body).code;

describe('toErrorAnswer codes', () => {
  it("answers an AppError's kind, or its specific reason", () => {
    expect(codeOf(new AppError('not_found', 'gone'))).toBe('not_found');
    expect(codeOf(new AppError('conflict', 'send the whole agreement', { reason: 'changes_do_not_apply' }))).toBe('changes_do_not_apply');
    expect(toErrorAnswer(new AppError('conflict', 'busy', { reason: 'agreement_busy' }), LIMIT)).toMatchObject({
      statusCode: 409,
      body: { code: 'agreement_busy' },
    });
  });

  it("names Fastify's refusals by their status, and hides a bug behind internal", () => {
    const fastify = (statusCode: number, code: string, message = 'refused') => Object.assign(new Error(message), { statusCode, code });
    expect(codeOf(fastify(413, 'FST_ERR_CTP_BODY_TOO_LARGE'))).toBe('too_large');
    expect(codeOf(fastify(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'))).toBe('unsupported_media_type');
    expect(codeOf(fastify(400, 'FST_ERR_CTP_INVALID_JSON_BODY'))).toBe('bad_request');
    expect(codeOf(fastify(429, 'FST_ERR_RATE_LIMIT'))).toBe('rate_limited');
    expect(codeOf(fastify(401, 'SOME_PLUGIN'))).toBe('unauthorised');
    expect(toErrorAnswer(new TypeError('a bug'), LIMIT)).toMatchObject({ statusCode: 500, body: { status: 'error', code: 'internal' } });
  });
});
