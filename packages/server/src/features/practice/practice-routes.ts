/**
 * Routes of practice ("Know our card", docs/questionnaire.md §8; shapes in domain/practice.ts): a
 * session's prompts and the recording of reviews. Any member of the agreement practises it (view
 * access is enough: practising changes nothing of the agreement, only the player's own schedule).
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema } from '@bpa/domain/api-contracts';
import {
  PracticeOverviewAnswerSchema,
  PracticeReviewsAnswerSchema,
  PracticeReviewsRequestSchema,
  PracticeSessionAnswerSchema,
  PracticeSessionQuerySchema,
} from '@bpa/domain/practice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireUser } from '../sessions/session-plugin';
import { checkAccess, owner } from '../agreements/route-helpers';
import { getPracticeSession, listPracticeProgress, recordReviews } from './practice';

const errors = ErrorEnvelopeSchema;
/**
 * Reads per client per minute: each reads the player's other agreements (up to 20 documents) to
 * say where they differ, far more than a player asks for while practising.
 */
const READ_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** Registers the practice routes. */
export const practiceRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/api/v1/contracts/practice-progress',
    {
      onRequest: requireUser,
      config: { rateLimit: READ_RATE_LIMIT },
      schema: {
        tags: ['practice'],
        summary: 'Your practice on every agreement you can open: learned, learning, new, and due now',
        response: { 200: PracticeOverviewAnswerSchema, 401: errors, 429: errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listPracticeProgress(db, { userId: owner(request).id, now: now() }) }),
  );

  app.get(
    '/api/v1/contracts/:id/practice',
    {
      onRequest: requireUser,
      config: { rateLimit: READ_RATE_LIMIT },
      schema: {
        tags: ['practice'],
        summary: 'A practice session on the agreement: its prompts in order, your progress per category, how many are due',
        params: ContractIdParamsSchema,
        querystring: PracticeSessionQuerySchema,
        response: { 200: PracticeSessionAnswerSchema, 400: errors, 401: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const session = await getPracticeSession(db, { contractId, userId: owner(request).id, session: request.query.session, now: now() });
      return { status: 'success' as const, data: session };
    },
  );

  app.post(
    '/api/v1/contracts/:id/practice/reviews',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['practice'],
        summary: 'Records how well you recalled prompts (again, hard, good, easy), in order; answers how many were recorded',
        params: ContractIdParamsSchema,
        body: PracticeReviewsRequestSchema,
        response: { 200: PracticeReviewsAnswerSchema, 400: errors, 401: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      // Only the count: the browser sends grades one by one as a session goes and reads the next
      // session itself, so each grade costs one schedule update, not a session's reads.
      const recorded = await recordReviews(db, { contractId, userId: owner(request).id, reviews: request.body.reviews, now: now() });
      return { status: 'success' as const, data: { recorded } };
    },
  );
};
