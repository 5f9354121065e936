/**
 * The OpenAPI document of every route, built from the routes' zod schemas (docs/product.md §D7), and
 * Swagger UI at /api/docs (JSON at /api/docs/json), under the app's own Content-Security-Policy
 * (docs/decisions/133-csp-without-inline-styles.md): its page loads scripts and styles as files
 * only (the initializer too), and it is shown without Swagger UI's top bar, whose SVG logo carries
 * a `<style>` element the policy refuses.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * Swagger UI's options: the layout without the top bar (`BaseLayout`: the API's title, description
 * and operations; no logo or URL field; the plugin swaps its own logo in only for the standalone
 * layout). The CSP is left as the app sends it (no `staticCSP`, no `transformStaticCSP`): nothing
 * inline is left to allow.
 */
const API_DOCS_UI_OPTIONS: FastifySwaggerUiOptions = { routePrefix: API_DOCS_PREFIX, uiConfig: { layout: 'BaseLayout' } };

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
  await app.register(fastifySwaggerUi, API_DOCS_UI_OPTIONS);
}
