/**
 * Where visitors can write to an administrator (docs/product.md §2: the registration pages "contact an
 * administrator at {email}"; docs/product.md §17). The address is a setting, SUPPORT_EMAIL
 * (ADMIN_EMAIL when unset), so it is asked for rather than built into the web app.
 */
import { SupportAnswerSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface SupportRoutesOptions {
  supportEmail: string;
}

/** Registers GET /api/v1/support (anyone, cached for an hour). */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { supportEmail }) => {
  app.get(
    '/api/v1/support',
    { schema: { tags: ['support'], summary: 'The contact address shown on the registration pages (SUPPORT_EMAIL)', response: { 200: SupportAnswerSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { status: 'success' as const, data: { email: supportEmail } };
    },
  );
};
