/**
 * An agreement's history (ADR 171): its revisions newest first, one earlier revision read-only,
 * and restoring one as a new revision (nothing is deleted). Every route checks the caller's
 * access to the agreement on the server (route-helpers.ts); restoring needs edit access.
 */
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema, SaveContractAnswerSchema } from '@bpa/domain/api-contracts';
import { RevisionAnswerSchema, RevisionListAnswerSchema, RevisionListQuerySchema, RevisionParamsSchema, REVISION_PAGE_SIZE } from '@bpa/domain/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { replaceAgreementDocument } from '../agreements/replace-agreement-document';
import { checkAccess, revisionAuthor } from '../agreements/route-helpers';
import { requireUser } from '../sessions/session-plugin';
import { getRevision, listRevisions } from './agreement-history';

export interface HistoryRoutesOptions {
  db: Database;
  now: () => Date;
}

/** Registers GET /api/v1/contracts/{id}/revisions, GET .../revisions/{revision} and POST .../restore. */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { db, now }) => {
  const errors = ErrorEnvelopeSchema;
  app.get(
    '/api/v1/contracts/:id/revisions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['history'],
        summary: `An agreement's history, newest first, ${REVISION_PAGE_SIZE} per page`,
        params: ContractIdParamsSchema,
        querystring: RevisionListQuerySchema,
        response: { 200: RevisionListAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const page = await listRevisions(db, { contractId, page: request.query.page, before: request.query.before });
      return { status: 'success' as const, data: { ...page, page: request.query.page, pageSize: REVISION_PAGE_SIZE } };
    },
  );

  app.get(
    '/api/v1/contracts/:id/revisions/:revision',
    {
      onRequest: requireUser,
      schema: {
        tags: ['history'],
        summary: 'One earlier version of an agreement, read-only',
        params: RevisionParamsSchema,
        response: { 200: RevisionAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      return { status: 'success' as const, data: await getRevision(db, { contractId, revision: request.params.revision }) };
    },
  );

  app.post(
    '/api/v1/contracts/:id/revisions/:revision/restore',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['history'],
        summary: 'Makes a new revision whose content is an earlier one (nothing is deleted)',
        params: RevisionParamsSchema,
        response: { 200: SaveContractAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 429: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'edit', now);
      const changed = await replaceAgreementDocument(db, {
        id: contractId,
        change: { kind: 'restore', revision: request.params.revision },
        author: revisionAuthor(request),
        now: now(),
      });
      return { status: 'success' as const, data: changed };
    },
  );
};
