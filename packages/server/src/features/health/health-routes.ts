import { ErrorEnvelopeSchema, HealthAnswerSchema, ReadyAnswerSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { checkDatabase, checkMigrationsApplied } from './check-database';

/** Registers GET /api/v1/health: 200 `{ status: 'success', data: { database: 'ok' } }` or 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/v1/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (it does not touch the database; see /api/v1/ready)',
        response: { 200: HealthAnswerSchema },
      },
    },
    async () => ({ status: 'success' as const, data: { alive: true as const } }),
  );

  app.get(
    '/api/v1/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness, for load balancers: the database answers and every migration is applied; 503 otherwise',
        response: { 200: ReadyAnswerSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async () => {
      await checkDatabase(db);
      const migrations = await checkMigrationsApplied(db);
      return { status: 'success' as const, data: { database: 'ok' as const, migrations } };
    },
  );
};
