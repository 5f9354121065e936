/**
 * How the server compresses what it answers (docs/product.md §D12: compress API answers; ADR 185): one set of settings
 * for @fastify/compress (app.ts, every answer compressed as it is sent) and for answers the server
 * compresses once and keeps (an agreement's load answer: features/agreements/agreement-memory.ts).
 *
 * Brotli at quality 4 costs about as much CPU as gzip at 6 and is about half its size on an
 * agreement's JSON; higher brotli qualities cost several times as much for a few per cent (measured:
 * docs/decisions/185-agreement-memory.md).
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/** The encodings the server answers in, preferred first (RFC 9110 §12.5.3 `Accept-Encoding`). */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Brotli's settings (node:zlib BrotliOptions). */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** gzip's settings (node:zlib ZlibOptions). */
export const GZIP_OPTIONS = { level: 6 };

/**
 * The encoding to answer a request in, as @fastify/compress chooses it: from `Accept-Encoding`
 * (`*` and `x-gzip` read as gzip), none when the header is missing, names none of ours, or the
 * request carries `x-no-compression`.
 *
 * @param headers the request's headers (Node's lower-case names)
 * @returns 'br', 'gzip', or undefined for the identity encoding
 */
export function chooseAnswerEncoding(headers: Record<string, string | string[] | undefined>): AnswerEncoding | undefined {
  const accepted = headers['accept-encoding'];
  if (typeof accepted !== 'string' || headers['x-no-compression'] !== undefined) return undefined;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ANSWER_ENCODINGS]) ?? undefined;
}

/**
 * Compresses a whole answer at once with the server's settings.
 *
 * @param body the answer's bytes (UTF-8 JSON text, say)
 * @returns the encoded bytes
 */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}
