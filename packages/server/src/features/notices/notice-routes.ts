/**
 * Routes of the email notices of an agreement (docs/sharing.md §12; ADR 198): a member reads and
 * changes their own settings of an agreement they may open (any access), and anyone holding an
 * unsubscribe link's token turns that person's notices of that agreement off, without a session:
 * from the unsubscribe page, or by the mail client's one-click POST (RFC 8058).
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema } from '@bpa/domain/api-contracts';
import {
  NoticeSettingsAnswerSchema,
  NoticeSettingsSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeParamsSchema,
  UnsubscribeRequestSchema,
} from '@bpa/domain/api-notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireUser } from '../sessions/session-plugin';
import { checkAccess, owner } from '../agreements/route-helpers';
import { getNoticeSettings, setNoticeSettings, unsubscribe } from './agreement-notices';

const errors = ErrorEnvelopeSchema;
/** Unsubscribe requests a client may make per minute: a person's few links, retried. */
const UNSUBSCRIBE_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/** Registers the notice routes. */
export const noticeRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  // RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form; the
  // token in the address is all that matters, so the body is read as text and not used.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
  }

  app.get(
    '/api/v1/contracts/:id/notices',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notices'],
        summary: 'Which email notices of this agreement you get',
        params: ContractIdParamsSchema,
        response: { 200: NoticeSettingsAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await getNoticeSettings(db, { userId: owner(request).id, contractId }) };
    },
  );

  app.put(
    '/api/v1/contracts/:id/notices',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notices'],
        summary: 'Choose which email notices of this agreement you get',
        params: ContractIdParamsSchema,
        body: NoticeSettingsSchema,
        response: { 200: NoticeSettingsAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await setNoticeSettings(db, { userId: owner(request).id, contractId, settings: request.body }) };
    },
  );

  app.post(
    '/api/v1/notices/unsubscribe',
    {
      config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT },
      schema: {
        tags: ['notices'],
        summary: "Turn off an agreement's email notices from an unsubscribe link (no session needed)",
        body: UnsubscribeRequestSchema,
        response: { 200: UnsubscribeAnswerSchema, 400: errors, 404: errors, 429: errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { status: 'success' as const, data: await unsubscribe(db, request.body) };
    },
  );

  app.post(
    '/api/v1/notices/unsubscribe/:token',
    {
      config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT },
      schema: {
        tags: ['notices'],
        summary: "One-click unsubscribe (RFC 8058) from a notice's List-Unsubscribe header: both notices of the agreement off",
        params: UnsubscribeParamsSchema,
        response: { 200: UnsubscribeAnswerSchema, 400: errors, 404: errors, 429: errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, data: await unsubscribe(db, { token: request.params.token, kind: 'all' }) };
    },
  );
};
