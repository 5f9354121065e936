/**
 * The templates a subscriber can start from (docs/product.md §7): their names, and one template
 * as a fresh agreement (nothing stored), which Compare shows beside an agreement. Administrators'
 * catalogue routes are in catalogue-routes.ts.
 */
import { ContractAnswerSchema, ErrorEnvelopeSchema } from '@bpa/domain/api';
import { TemplateIdParamsSchema, TemplateNamesAnswerSchema } from '@bpa/domain/api-contracts';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireUser } from '../sessions/session-plugin';
import { findSubscriberTemplate, listTemplateNames } from './subscriber-templates';

export interface TemplateRoutesOptions {
  db: Database;
}

/** Registers GET /api/v1/contracts/templates/ and GET /api/v1/contracts/templates/{id}. */
export const templateRoutes: FastifyPluginAsyncZod<TemplateRoutesOptions> = async (app, { db }) => {
  const errors = ErrorEnvelopeSchema;
  app.get(
    '/api/v1/contracts/templates/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'The templates an agreement can be made from or reset to: the six shipped ones first, then uploads by date',
        response: { 200: TemplateNamesAnswerSchema, 401: errors },
      },
    },
    async () => ({ status: 'success' as const, data: await listTemplateNames(db) }),
  );

  app.get(
    '/api/v1/contracts/templates/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements', 'compare'],
        summary: 'A template as a fresh agreement (nothing stored), to compare an agreement with it',
        params: TemplateIdParamsSchema,
        response: { 200: ContractAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const template = await findSubscriberTemplate(db, request.params.id);
      const document = createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, template.templateName);
      return { status: 'success' as const, data: { ...document, _id: template.id, revision: 0, templateName: template.templateName } };
    },
  );
};
