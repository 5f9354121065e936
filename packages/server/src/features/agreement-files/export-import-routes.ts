/**
 * Export and import of agreements (docs/product.md §12, docs/agreement-format.md):
 *
 * - GET  /api/v1/contracts/{id}/export?format=json|csv|bbo|swan   anyone who may open the agreement
 * - POST /api/v1/contracts/{id}/import                   its owner, or a partner who can edit
 * - GET  /api/v1/agreement-format                        anyone: the JSON Schema of the agreement file
 *
 * An import replaces the agreement's categories and player names and keeps its name, as loading a template does (the user
 * confirmed "This will completely erase the existing Agreement."), and is a version in its history
 * ("imported "file.json""), so it can be undone by restoring the version before. A file that
 * cannot be imported changes nothing and is answered 400 with its problems by line or field.
 */
import { AGREEMENT_FILE_FORMAT, AGREEMENT_FILE_VERSION, AgreementFileSchema } from '@bpa/domain/agreement-file';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import {
  ContractIdParamsSchema,
  ExportQuerySchema,
  ImportAgreementRequestSchema,
  ImportPreviewAnswerSchema,
  SaveContractAnswerSchema,
} from '@bpa/domain/api-contracts';
import { MAX_IMPORT_BYTES } from '@bpa/domain/constants';
import { create as createContentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Catalogue } from '../../catalogue/catalogue';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { Admission } from '../../admission/admission';
import { AppError } from '../../errors';
import type { ImportPool } from '../../file-import/import-pool';
import { requireUser } from '../sessions/session-plugin';
import { documentOfUpload, exportAgreement } from './agreement-files';
import { agreementNotFound } from '../agreements/owned-agreements';
import { replaceAgreementDocument } from '../agreements/replace-agreement-document';
import { checkAccess, revisionAuthor } from '../agreements/route-helpers';

export interface ExportImportRoutesOptions {
  db: Database;
  now: () => Date;
  /** Reads uploaded files in a worker thread (file-import/import-pool.ts). */
  importPool: ImportPool;
  /** The keyed catalogue imported files without keys are matched against (catalogue/catalogue.ts). */
  catalogue: Catalogue;
  /** Counts each client's expensive work (admission/admission.ts); one per app. */
  admission?: Admission;
}

const errors = ErrorEnvelopeSchema;

/** The JSON body of an import: the file in base64 (4/3 of its size) and a little more. */
const IMPORT_BODY_LIMIT_BYTES = Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 4096;

/** Imports per account per minute: each rewrites an agreement and parses a file. */
const IMPORT_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/** Registers the export and import routes. */
export const exportImportRoutes: FastifyPluginAsyncZod<ExportImportRoutesOptions> = async (
  app,
  { db, now, importPool, catalogue, admission = new Admission() },
) => {
  // The format is public, so other tools can read and write agreements (docs/agreement-format.md).
  const formatSchema = z.toJSONSchema(AgreementFileSchema, { target: 'draft-2020-12' });
  app.get(
    '/api/v1/agreement-format',
    {
      schema: {
        tags: ['agreements'],
        summary: `The JSON Schema of the agreement file, format "${AGREEMENT_FILE_FORMAT}" version ${AGREEMENT_FILE_VERSION} (exports and the PDF attachment)`,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(formatSchema),
  );

  app.get(
    '/api/v1/contracts/:id/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary:
          'The agreement as a file: JSON (the versioned agreement format), CSV (the master-template format), a BBO convention card (XML) or a Bridge Winners card (JSON)',
        params: ContractIdParamsSchema,
        querystring: ExportQuerySchema,
        response: {
          // The format is published here (docs/agreement-format.md); the body is sent as written.
          200: {
            description: `The agreement file: JSON (format "${AGREEMENT_FILE_FORMAT}" version ${AGREEMENT_FILE_VERSION}, docs/agreement-format.md), CSV (the master-template format), a BBO card (XML) or a Bridge Winners card (JSON, "Convention_Card")`,
            content: {
              'application/json': { schema: AgreementFileSchema.or(z.object({ Convention_Card: z.record(z.string(), z.unknown()) })) },
              'text/csv': { schema: z.string() },
              'application/xml': { schema: z.string() },
            },
          },
          400: errors,
          401: errors,
          404: errors,
          429: errors,
          503: errors,
        },
      },
    },
    async (request, reply) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'view', now);
      const file = await admission.run(request, async () => {
        const [row] = await db.select({ document: contracts.document }).from(contracts).where(eq(contracts.id, contractId)).limit(1);
        if (!row) throw agreementNotFound();
        return exportAgreement(row.document, request.query.format, now());
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', createContentDisposition(file.downloadName, { type: 'attachment', fallback: file.fileName }))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  /**
   * Reads an import's file in the import worker, with its time limit and memory cap (ADR 190),
   * charged to the client (ADR 191), into a keyed agreement and its report (agreement-files.ts).
   */
  const readImport = async (request: FastifyRequest, data: string) => {
    const bytes = Buffer.from(data, 'base64');
    if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError('too_large', `The file is too large: at most ${MAX_IMPORT_BYTES / 1_000_000} MB.`);
    const { upload } = await admission.run(request, () => importPool.readUpload(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    return documentOfUpload(upload, catalogue);
  };

  app.post(
    '/api/v1/contracts/:id/import-preview',
    {
      onRequest: [requireUser, admission.refuseEarly],
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { rateLimit: IMPORT_RATE_LIMIT },
      schema: {
        tags: ['agreements'],
        summary: 'What importing a file would do (the import report: fields read, placed, kept as text, not placed); nothing changes',
        params: ContractIdParamsSchema,
        body: ImportAgreementRequestSchema,
        response: { 200: ImportPreviewAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 413: errors, 429: errors, 503: errors },
      },
    },
    async (request) => {
      await checkAccess(db, request, request.params.id, 'edit', now);
      return { status: 'success' as const, data: (await readImport(request, request.body.data)).report };
    },
  );

  app.post(
    '/api/v1/contracts/:id/import',
    {
      onRequest: [requireUser, admission.refuseEarly],
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { rateLimit: IMPORT_RATE_LIMIT },
      schema: {
        tags: ['agreements'],
        summary:
          'Replaces the agreement with the one in a file: a PDF made by the product, a filled ACBL convention card (classic or 2022), an agreement JSON file or a master-template CSV',
        params: ContractIdParamsSchema,
        body: ImportAgreementRequestSchema,
        response: { 200: SaveContractAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 413: errors, 429: errors, 503: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'edit', now);
      const { document } = await readImport(request, request.body.data);
      const changed = await replaceAgreementDocument(db, {
        id: contractId,
        change: { kind: 'import', document, fileName: request.body.fileName.trim() || 'a file' },
        author: revisionAuthor(request),
        now: now(),
      });
      return { status: 'success' as const, data: changed };
    },
  );
};
