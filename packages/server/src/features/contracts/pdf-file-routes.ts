/**
 * Fetching a produced PDF (spec 7, design 7): guest files by their unguessable path name, a
 * subscriber's files only by their owner and administrators (the viewer comes from the session).
 */
import { ErrorEnvelopeSchema, PdfFileInfoSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { type PdfViewer, getPdfFile } from './get-pdf-file';

/** The file's bytes: sent as they are (Fastify does not serialise Buffers); documented as binary. */
const PdfBytesSchema = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

export interface PdfFileRoutesOptions {
  db: Database;
  now: () => Date;
}

/** Registers GET /api/v1/contracts/pdfviewer/{pathName}/{fileName}. */
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
      // Owner check (design 7): a subscriber's files are read by their owner and administrators only.
      // During impersonation the viewer is the impersonated subscriber.
      const user = request.currentUser;
      const viewer: PdfViewer = user ? { userId: user.id, role: user.role } : null;
      const file = await getPdfFile(db, { ...request.params, viewer, now: now() });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.content);
    },
  );
};
