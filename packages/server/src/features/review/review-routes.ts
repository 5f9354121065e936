/**
 * Routes of reviewing with a partner (docs/sharing.md §6-7): changes since the last visit, recording a
 * visit, the dashboard's count of changes waiting, the "agreed" / "to discuss" marks and the replies
 * under an item to discuss. Every
 * route needs a session and, for one agreement, at least view access (agreement-access.ts): a
 * partner who may only view can still review. The read-only link has none of these.
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema } from '@bpa/domain/api-contracts';
import {
  ChangesAnswerSchema,
  ChangesWaitingAnswerSchema,
  MarkParamsSchema,
  MarksAnswerSchema,
  RepliesAnswerSchema,
  ReplyParamsSchema,
  ReplyRequestSchema,
  SeenRequestSchema,
  SetMarkRequestSchema,
} from '@bpa/domain/history';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { NOT_SIGNED_IN_MESSAGE, requireUser } from '../sessions/session-plugin';
import { listMarks, setMark } from '../agreements/item-marks';
import { addReply, changeReply, listReplies } from '../agreements/item-replies';
import { getChangesSince } from '../agreements/changes-since';
import { listChangesWaiting, markSeen } from './agreement-review';
import { checkAccess } from '../agreements/route-helpers';

const errors = ErrorEnvelopeSchema;

function signedIn(request: FastifyRequest) {
  const user = request.currentUser;
  if (!user) throw new AppError('unauthorised', NOT_SIGNED_IN_MESSAGE);
  return user;
}

/** Registers the review routes. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/api/v1/contracts/changes-waiting',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'Per agreement, how many items others changed since your last visit',
        response: { 200: ChangesWaitingAnswerSchema, 401: errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listChangesWaiting(db, signedIn(request).id) }),
  );

  app.get(
    '/api/v1/contracts/:id/changes',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'The items others changed since your last visit, with author and time',
        params: ContractIdParamsSchema,
        response: { 200: ChangesAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await getChangesSince(db, { contractId, userId: signedIn(request).id }) };
    },
  );

  app.post(
    '/api/v1/contracts/:id/seen',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'Records that you have seen the agreement up to a revision (opening it, or Mark all as seen)',
        params: ContractIdParamsSchema,
        body: SeenRequestSchema,
        response: { 200: z.object({ status: z.literal('success') }), 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      await markSeen(db, { contractId, userId: signedIn(request).id, revision: request.body.revision, now: now() });
      return { status: 'success' as const };
    },
  );

  app.get(
    '/api/v1/contracts/:id/marks',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: "Every partner's agreed / to discuss marks and notes",
        params: ContractIdParamsSchema,
        response: { 200: MarksAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await listMarks(db, { contractId, userId: signedIn(request).id }) };
    },
  );

  app.put(
    '/api/v1/contracts/:id/marks/:itemId',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['review'],
        summary: 'Marks a subject or option agreed or to discuss, with an optional note',
        params: MarkParamsSchema,
        body: SetMarkRequestSchema,
        response: { 200: MarksAnswerSchema, 400: errors, 401: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const marks = await setMark(db, {
        contractId,
        userId: signedIn(request).id,
        itemId: request.params.itemId,
        status: request.body.status,
        note: request.body.note,
        now: now(),
      });
      return { status: 'success' as const, data: marks };
    },
  );

  app.delete(
    '/api/v1/contracts/:id/marks/:itemId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'Removes your mark from an item',
        params: MarkParamsSchema,
        response: { 200: MarksAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return {
        status: 'success' as const,
        data: await setMark(db, { contractId, userId: signedIn(request).id, itemId: request.params.itemId, status: null, note: '', now: now() }),
      };
    },
  );

  // Replies under an item to discuss (docs/sharing.md §7): every partner who may view may reply.
  app.get(
    '/api/v1/contracts/:id/replies',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'Every reply under the items partners discuss, oldest first, with authors',
        params: ContractIdParamsSchema,
        response: { 200: RepliesAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await listReplies(db, { contractId, userId: signedIn(request).id }) };
    },
  );

  app.post(
    '/api/v1/contracts/:id/marks/:itemId/replies',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['review'],
        summary: 'Adds your reply under a subject or option (at most 50 a thread)',
        params: MarkParamsSchema,
        body: ReplyRequestSchema,
        response: { 200: RepliesAnswerSchema, 400: errors, 401: errors, 404: errors, 409: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const replies = await addReply(db, { contractId, userId: signedIn(request).id, itemId: request.params.itemId, text: request.body.text, now: now() });
      return { status: 'success' as const, data: replies };
    },
  );

  app.patch(
    '/api/v1/contracts/:id/replies/:replyId',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['review'],
        summary: 'Changes the text of one of your replies',
        params: ReplyParamsSchema,
        body: ReplyRequestSchema,
        response: { 200: RepliesAnswerSchema, 400: errors, 401: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const replies = await changeReply(db, { contractId, userId: signedIn(request).id, replyId: request.params.replyId, text: request.body.text, now: now() });
      return { status: 'success' as const, data: replies };
    },
  );

  app.delete(
    '/api/v1/contracts/:id/replies/:replyId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['review'],
        summary: 'Removes one of your replies',
        params: ReplyParamsSchema,
        response: { 200: RepliesAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const replies = await changeReply(db, { contractId, userId: signedIn(request).id, replyId: request.params.replyId, text: null, now: now() });
      return { status: 'success' as const, data: replies };
    },
  );
};
