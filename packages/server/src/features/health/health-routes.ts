import { ErrorEnvelopeSchema, HealthAnswerSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { checkDatabase } from './check-database';

/** Registers GET /api/v1/health: 200 `{ status: 'success', data: { database: 'ok' } }` or 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/v1/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check, for load balancers and monitoring',
        response: { 200: HealthAnswerSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async () => {
      await checkDatabase(db);
      return { status: 'success' as const, data: { database: 'ok' as const } };
    },
  );
};
