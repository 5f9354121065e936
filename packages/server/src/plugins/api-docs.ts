/**
 * The OpenAPI document of every route, built from the routes' zod schemas (docs/product.md §D7), and
 * Swagger UI at /api/docs (JSON at /api/docs/json).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/** Registers the document generator and the UI; call before any route is added. */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_TITLE} API`,
        description: 'Answers are `{ status: "success", data }` or `{ status: "fail" | "error", message }` (docs/product.md §D7).',
        version: '1',
      },
      servers: [{ url: publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });
}
