/**
 * Contact messages (docs/product.md §2 "Contact Us", docs/product.md §7, docs/product.md §D8): anyone may send one, with a solved
 * ALTCHA captcha (docs/product.md §D2: self-hosted proof of work, no third-party service); administrators read
 * and delete them in the Admin Panel's Messages tab. Shapes: @bpa/domain/api-admin.
 */
import {
  CAPTCHA_FAILED_MESSAGE,
  CaptchaChallengeSchema,
  ContactMessageAnswerSchema,
  ContactMessageRequestSchema,
  MessageIdParamsSchema,
  MessageListAnswerSchema,
} from '@bpa/domain/api-admin';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { MESSAGES } from '@bpa/domain/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CaptchaOptions, createCaptcha } from '../../captcha/captcha';
import { loadOrCreateHmacKey } from '../../captcha/hmac-key';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { requireAdmin } from '../sessions/session-plugin';
import { createDatabaseUsedSolutionStore } from './database-used-solution-store';
import { deleteMessage } from './delete-message';
import { listMessages } from './list-messages';
import { storeContactMessage } from './store-contact-message';

/** Difficulty and lifetime of the captcha; the defaults of src/captcha/captcha.ts unless given (tests make it easy). */
export type CaptchaTuning = Partial<Pick<CaptchaOptions, 'maxNumber' | 'expiresInSeconds' | 'now'>>;

export interface MessageRoutesOptions {
  db: Database;
  now: () => Date;
  captcha: {
    /** Config `ALTCHA_HMAC_KEY`; when absent the key kept in `dataDir` is used (made on first start). */
    configuredKey: string | undefined;
    dataDir: string;
  } & CaptchaTuning;
}

/** Contact messages per client address per 10 minutes (docs/product.md §D8: rate limit on contact). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
/** Captcha challenges per client address per minute: a page load fetches one, a retry another. */
export const CHALLENGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** A route's rate limit whose 429 says how long to wait (docs/product.md §D8), counted per client address. */
function rateLimit(limit: { max: number; timeWindow: number }) {
  return {
    ...limit,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError('rate_limited', `Too many messages. Please wait ${context.after} and try again.`),
  };
}

const errors = ErrorEnvelopeSchema;

/**
 * Registers GET /api/v1/messages/challenge, POST /api/v1/messages (anyone), GET /api/v1/messages
 * and DELETE /api/v1/messages/{id} (administrators).
 *
 * @throws at registration when the captcha key cannot be read or made (a damaged key file in DATA_DIR)
 */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesOptions> = async (app, { db, now, captcha: settings }) => {
  const { configuredKey, dataDir, ...tuning } = settings;
  // Loaded at start, not on first use: a damaged key file stops the server with a clear message.
  const hmacKey = await loadOrCreateHmacKey({ configuredKey, dataDir });
  const captcha = createCaptcha({ hmacKey, store: createDatabaseUsedSolutionStore(db, { now }), ...tuning });

  app.get(
    '/api/v1/messages/challenge',
    {
      config: { rateLimit: rateLimit(CHALLENGE_RATE_LIMIT) },
      schema: {
        tags: ['messages'],
        summary: 'A fresh ALTCHA captcha challenge for the contact form (not enveloped: the widget reads it as is)',
        response: { 200: CaptchaChallengeSchema, 429: errors },
      },
    },
    async (_request, reply) => {
      // Each challenge is good once: a cached one would be refused after the first message.
      reply.header('cache-control', 'no-store');
      const challenge = await captcha.createChallenge();
      return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
    },
  );

  app.post(
    '/api/v1/messages',
    {
      config: { rateLimit: rateLimit(CONTACT_RATE_LIMIT) },
      schema: {
        tags: ['messages'],
        summary: 'Sends a message to the administrators (Contact Us); needs a solved captcha, good for one message',
        body: ContactMessageRequestSchema,
        response: { 201: ContactMessageAnswerSchema, 400: errors, 429: errors },
      },
    },
    async (request, reply) => {
      const { altcha, ...message } = request.body;
      // After validation, so a typo in the form does not use up the solved captcha.
      if (!(await captcha.verify(altcha))) throw new AppError('bad_request', CAPTCHA_FAILED_MESSAGE);
      await storeContactMessage(db, message, now());
      return reply.code(201).send({ status: 'success' as const, message: MESSAGES.messageSent });
    },
  );

  app.get(
    '/api/v1/messages',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Every contact message, newest first',
        response: { 200: MessageListAnswerSchema, 401: errors, 403: errors },
      },
    },
    async () => ({ status: 'success' as const, data: await listMessages(db) }),
  );

  app.delete(
    '/api/v1/messages/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['messages', 'admin'],
        summary: 'Deletes a contact message; answers the updated list (404 for an id that names no message, also one already deleted)',
        params: MessageIdParamsSchema,
        response: { 200: MessageListAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      await deleteMessage(db, request.params.id);
      return { status: 'success' as const, data: await listMessages(db) };
    },
  );
};
