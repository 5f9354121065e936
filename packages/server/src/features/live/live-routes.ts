/**
 * The live stream of an open agreement (docs/sharing.md §13; ADR 199): server-sent events for a
 * member with any access, while the page is open. Access is checked when the stream opens, like
 * every agreement route; a stream ends with the server (preClose), and the browser's EventSource
 * opens it again, checking access again.
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema } from '@bpa/domain/api-contracts';
import { LIVE_STREAMS_PER_USER, TOO_MANY_LIVE_STREAMS_MESSAGE } from '@bpa/domain/api-live';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { requireUser } from '../sessions/session-plugin';
import { checkAccess, owner } from '../agreements/route-helpers';
import type { LiveHub } from './live-hub';

const errors = ErrorEnvelopeSchema;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const LIVE_KEEPALIVE_MS = 25_000;
/** How long the browser waits before opening a dropped stream again, in milliseconds (the `retry:` field). */
const RECONNECT_MS = 3_000;

/** Registers the live route. */
export const liveRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date; hub: LiveHub }> = async (app, { db, now, hub }) => {
  const open = new Set<ServerResponse>();
  // A server that closes ends its streams first: they would otherwise hold it open for ever.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/api/v1/contracts/:id/live',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['live'],
        summary: 'Who else has this agreement open, and each new version as it is stored (text/event-stream)',
        params: ContractIdParamsSchema,
        response: { 401: errors, 404: errors, 429: errors },
      },
    },
    async (request, reply) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const user = owner(request);
      if (hub.streamsOf(user.id) >= LIVE_STREAMS_PER_USER) throw new AppError('rate_limited', TOO_MANY_LIVE_STREAMS_MESSAGE);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies pass the events on at once instead of buffering them.
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: unknown) => {
        if (!response.writableEnded) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      response.write(`retry: ${RECONNECT_MS}\n\n`);
      open.add(response);
      const leave = hub.join(
        contractId,
        { userId: user.id, name: user.userName },
        { saved: (event) => write('saved', { ...event, isYours: event.authorUserId === user.id }), presence: (event) => write('presence', event) },
      );
      const keepalive = setInterval(() => {
        if (!response.writableEnded) response.write(': keep-alive\n\n');
      }, LIVE_KEEPALIVE_MS);
      keepalive.unref();
      const end = () => {
        clearInterval(keepalive);
        leave();
        open.delete(response);
      };
      request.raw.once('close', end);
      response.once('close', end);
    },
  );
};
