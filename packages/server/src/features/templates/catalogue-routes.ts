/**
 * The Admin Panel's Templates tab (docs/product.md §2, docs/product.md §7 `GET/POST /api/v1/masters`, docs/product.md §D6): the
 * template list, the CSV upload and a CSV download of any template. Administrators only. Shapes:
 * @bpa/domain/api-admin.
 */
import { MasterListAnswerSchema, MasterUploadAnswerSchema, UuidParamSchema } from '@bpa/domain/api-admin';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import type { KeyingReport } from '@bpa/domain/catalogue-index';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { Admission } from '../../admission/admission';
import { AppError } from '../../errors';
import type { ImportPool } from '../../file-import/import-pool';
import { requireAdmin } from '../sessions/session-plugin';
import { getTemplateCsv } from './get-template-csv';
import { listCatalogueTemplates } from './list-catalogue-templates';
import { readCsvUpload } from './read-csv-upload';
import { type Catalogue, keyCategories } from '../../catalogue/catalogue';
import { storeTemplate } from './store-template';

export interface CatalogueRoutesOptions {
  db: Database;
  now: () => Date;
  /** Reads uploaded files in a worker thread (file-import/import-pool.ts). */
  importPool: ImportPool;
  /** The keyed catalogue uploads without keys are matched against (catalogue.ts). */
  catalogue: Catalogue;
  /** Counts each client's expensive work (admission/admission.ts); one per app. */
  admission?: Admission;
}

const errors = ErrorEnvelopeSchema;

/** The toast text after an upload. */
export function uploadedMessage(templateName: string, result: { isReplaced: boolean; isHidden: boolean }, keying?: Omit<KeyingReport, 'alreadyKeyed'>): string {
  const stored = result.isHidden
    ? `The template "${templateName}" was ${result.isReplaced ? 'replaced' : 'added'}. It stays hidden from the template lists: it is the trial agreement.`
    : result.isReplaced
      ? `The template "${templateName}" was replaced. Agreements already made from it are unchanged.`
      : `The template "${templateName}" was added.`;
  return keying ? `${stored} ${keyingSentence(keying)}` : stored;
}

/**
 * What keying by name did to an upload without keys (docs/catalogue-keys.md, "Keys by name"), e.g.
 * "1,270 of 1,275 items matched the catalogue and got its keys; not matched: Overcalls › My overcall, …".
 */
export function keyingSentence(keying: Omit<KeyingReport, 'alreadyKeyed'>): string {
  const total = keying.matched + keying.unmatched;
  const matched = `${keying.matched.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items without a key matched the catalogue and got its keys`;
  if (keying.unmatched === 0) return `${matched}.`;
  const shown = keying.unmatchedExamples.slice(0, 5);
  const more = keying.unmatched > shown.length ? `, and ${keying.unmatched - shown.length} more` : '';
  return `${matched}; not matched (they keep no key): ${shown.join('; ')}${more}.`;
}

/** Registers GET /api/v1/masters, POST /api/v1/masters and GET /api/v1/masters/{id}/csv (administrators). */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { db, now, importPool, catalogue, admission = new Admission() }) => {
  // Registered here, not on the root: only this plugin's routes accept multipart bodies. The
  // limits are set per request in read-csv-upload.ts.
  await app.register(fastifyMultipart);

  app.get(
    '/api/v1/masters',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['masters', 'admin'],
        summary: 'The templates (the hidden Free Trial Agreement left out), oldest first',
        response: { 200: MasterListAnswerSchema, 401: errors, 403: errors },
      },
    },
    async () => ({ status: 'success' as const, data: await listCatalogueTemplates(db) }),
  );

  app.post(
    '/api/v1/masters',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['masters', 'admin'],
        summary:
          'Uploads a master template: multipart/form-data with one CSV file (docs/product.md §D6 format, at most 1,000,000 bytes) in the field "text". ' +
          'A new name adds a template (201); an existing name replaces its content (200). A file with errors changes nothing and answers 400 with the line- and column-numbered issues.',
        consumes: ['multipart/form-data'],
        response: {
          200: MasterUploadAnswerSchema,
          201: MasterUploadAnswerSchema,
          400: errors,
          401: errors,
          403: errors,
          413: errors,
          429: errors,
          503: errors,
        },
      },
    },
    async (request, reply) => {
      let upload;
      try {
        upload = await readCsvUpload(request);
      } catch (error) {
        // The rest of an oversized body is not worth reading: close the connection after the answer.
        if (error instanceof AppError && error.code === 'too_large') reply.header('connection', 'close');
        throw error;
      }
      // Parsed in the import worker, with its time limit and memory cap (ADR 190).
      const parsed = await admission.run(request, () => importPool.readMasterTemplate(upload.text, upload.fileName));
      // Items without a key get the catalogue's by name (docs/catalogue-keys.md, "Keys by name").
      const { categories, report } = keyCategories(parsed.categories, catalogue);
      const result = await storeTemplate(db, { ...parsed, categories }, now());
      const keying =
        report.matched + report.unmatched > 0
          ? { matched: report.matched, unmatched: report.unmatched, unmatchedExamples: report.unmatchedExamples }
          : undefined;
      return reply.code(result.isReplaced ? 200 : 201).send({
        status: 'success' as const,
        data: { ...result.template, isReplaced: result.isReplaced, isHidden: result.isHidden, ...(keying ? { keying } : {}) },
        message: uploadedMessage(result.template.templateName, result, keying),
      });
    },
  );

  app.get(
    '/api/v1/masters/:id/csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['masters', 'admin'],
        summary: 'Downloads a template as a master CSV file (the upload format); hidden templates too',
        params: UuidParamSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await getTemplateCsv(db, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
