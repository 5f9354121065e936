/**
 * Fetching a produced PDF (docs/product.md §7, docs/product.md §D7): guest files by their unguessable path name, a
 * subscriber's files only by their owner and administrators (the viewer comes from the session).
 */
import { ErrorEnvelopeSchema, PdfFileInfoSchema } from '@bpa/domain/api';
import { create as createContentDisposition } from 'content-disposition';
import { PdfFileNameParamsSchema } from '@bpa/domain/api-contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { requireUser } from '../sessions/session-plugin';
import { getLatestPdfFile } from './get-latest-pdf-file';
import { type PdfViewer, getPdfFile } from './get-pdf-file';

/** The file's bytes: sent as they are (Fastify does not serialise Buffers); documented as binary. */
const PdfBytesSchema = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/**
 * Sends a PDF inline, never cached by shared caches (a subscriber's file is private). The
 * Content-Disposition names the file as the agreement is named (`filename*`, UTF-8, RFC 6266:
 * accents, other alphabets and suit symbols kept) with the ASCII file name as `filename` for old
 * clients (the content-disposition library writes both).
 */
function sendPdf(reply: FastifyReply, file: { fileName: string; downloadName: string | null; content: Buffer }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', createContentDisposition(file.downloadName ?? file.fileName, { type: 'inline', fallback: file.fileName }))
    .header('Cache-Control', 'private, no-store')
    .send(file.content);
}

export interface PdfFileRoutesOptions {
  db: Database;
  now: () => Date;
}

/** Registers GET /api/v1/contracts/pdfviewer/{pathName}/{fileName} and its file-name-only variant. */
export const pdfFileRoutes: FastifyPluginAsyncZod<PdfFileRoutesOptions> = async (app, { db, now }) => {
  app.get(
    '/api/v1/contracts/pdfviewer/:pathName/:fileName',
    {
      schema: {
        tags: ['pdf'],
        summary: 'A produced PDF, shown inline (guest files expire after one hour)',
        params: PdfFileInfoSchema,
        response: {
          200: { description: 'The PDF file', content: { 'application/pdf': { schema: PdfBytesSchema } } },
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // Owner check (docs/product.md §D7): a subscriber's files are read by their owner and administrators only.
      // During impersonation the viewer is the impersonated subscriber.
      const user = request.currentUser;
      const viewer: PdfViewer = user ? { userId: user.id, role: user.role } : null;
      return sendPdf(reply, await getPdfFile(db, { ...request.params, viewer, now: now() }));
    },
  );

  app.get(
    '/api/v1/contracts/pdfviewer/:fileName',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pdf'],
        summary: "The signed-in account's newest PDF of this file name (docs/product.md §7: the variant with file name only)",
        params: PdfFileNameParamsSchema,
        response: {
          200: { description: 'The PDF file', content: { 'application/pdf': { schema: PdfBytesSchema } } },
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // Owner only (docs/product.md §D7), whatever the role: the name alone never reaches another account's file.
      const ownerUserId = request.currentUser!.id;
      return sendPdf(reply, await getLatestPdfFile(db, { fileName: request.params.fileName, ownerUserId, now: now() }));
    },
  );
};
