/**
 * Routes of "Do we agree?" questionnaires (docs/questionnaire.md; ADR 200; shapes in
 * domain/questionnaire.ts). Every route needs a session and access to the agreement: any member
 * may start one, answer when asked and see the reveal; writing an answer into the card (adopt)
 * needs edit access, as any save. The answers' secrecy before the reveal is kept by
 * questionnaires.ts, for every caller, the owner and administrators acting for someone included.
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema, SaveConflictAnswerSchema } from '@bpa/domain/api-contracts';
import {
  AdoptAnswerRequestSchema,
  QuestionnaireAnswerSchema,
  QuestionnaireListAnswerSchema,
  QuestionnaireParamsSchema,
  SaveAnswersRequestSchema,
  StartQuestionnaireRequestSchema,
} from '@bpa/domain/questionnaire';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { requireUser } from '../sessions/session-plugin';
import { checkAccess, owner, revisionAuthor } from '../agreements/route-helpers';
import { type Caller, adoptAnswer, getQuestionnaire, listQuestionnaires, saveAnswers, startQuestionnaire } from './questionnaires';

const errors = ErrorEnvelopeSchema;

/** Questionnaires one account may start per hour: each emails every partner. */
const START_RATE_LIMIT = {
  max: 10,
  timeWindow: 60 * 60_000,
  keyGenerator: (request: FastifyRequest) => (request.currentUser ? `questionnaire:${request.currentUser.id}` : `questionnaire-ip:${request.ip}`),
};

function callerOf(request: FastifyRequest): Caller {
  return { userId: owner(request).id, isImpersonated: Boolean(request.currentSession?.impersonator) };
}

/** Registers the questionnaire routes. */
export const questionnaireRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date; mail: { mailer: Mailer; publicUrl: string } }> = async (
  app,
  { db, now, mail },
) => {
  app.get(
    '/api/v1/contracts/:id/questionnaires',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questionnaires'],
        summary: 'The questionnaires of an agreement, newest first: who has answered, and the harmony score of each revealed one',
        params: ContractIdParamsSchema,
        response: { 200: QuestionnaireListAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await listQuestionnaires(db, { contractId, callerId: owner(request).id, now: now() }) };
    },
  );

  app.post(
    '/api/v1/contracts/:id/questionnaires',
    {
      onRequest: requireUser,
      config: { rateLimit: START_RATE_LIMIT },
      schema: {
        tags: ['questionnaires'],
        summary: 'Starts a "Do we agree?" questionnaire and emails every partner asked',
        params: ContractIdParamsSchema,
        body: StartQuestionnaireRequestSchema,
        response: { 200: QuestionnaireAnswerSchema, 400: errors, 401: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const started = await startQuestionnaire(db, {
        contractId,
        caller: callerOf(request),
        set: request.body.set,
        deadlineDays: request.body.deadlineDays,
        now: now(),
        mail,
      });
      return { status: 'success' as const, data: started };
    },
  );

  app.get(
    '/api/v1/contracts/:id/questionnaires/:questionnaireId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questionnaires'],
        summary: 'One questionnaire: its questions, your answers, and everyone’s answers once revealed',
        params: QuestionnaireParamsSchema,
        response: { 200: QuestionnaireAnswerSchema, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const detail = await getQuestionnaire(db, { contractId, questionnaireId: request.params.questionnaireId, caller: callerOf(request), now: now() });
      return { status: 'success' as const, data: detail };
    },
  );

  app.put(
    '/api/v1/contracts/:id/questionnaires/:questionnaireId/answers',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['questionnaires'],
        summary: 'Saves your answers so far, or hands them in (submit: true)',
        params: QuestionnaireParamsSchema,
        body: SaveAnswersRequestSchema,
        response: { 200: QuestionnaireAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 409: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const detail = await saveAnswers(db, {
        contractId,
        questionnaireId: request.params.questionnaireId,
        caller: callerOf(request),
        answers: request.body.answers,
        submit: request.body.submit,
        now: now(),
      });
      return { status: 'success' as const, data: detail };
    },
  );

  app.post(
    '/api/v1/contracts/:id/questionnaires/:questionnaireId/adopt',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['questionnaires'],
        summary: 'Writes one partner’s revealed answer to a question into the card, as a save',
        params: QuestionnaireParamsSchema,
        body: AdoptAnswerRequestSchema,
        response: { 200: QuestionnaireAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 409: SaveConflictAnswerSchema.or(errors), 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'edit', now);
      const detail = await adoptAnswer(db, {
        contractId,
        questionnaireId: request.params.questionnaireId,
        caller: callerOf(request),
        author: revisionAuthor(request),
        subjectId: request.body.subjectId,
        fromUserId: request.body.fromUserId,
        now: now(),
      });
      return { status: 'success' as const, data: detail };
    },
  );
};
