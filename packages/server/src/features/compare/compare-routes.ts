/**
 * Routes of the Compare screen (docs/sharing.md §9): a template opened as an agreement (so an agreement
 * can be compared with the template it came from), and the "What's different" PDF of two
 * documents. The comparison itself is the domain's (`compareAgreements`); both routes need a
 * signed-in account.
 */
import { AGREEMENT_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { ComparePdfRequestSchema } from '@bpa/domain/api-contracts';
import { compareAgreements, comparisonSheet } from '@bpa/domain/compare';
import { stripMarkup } from '@bpa/domain/markup';
import { create as createContentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { NOT_SIGNED_IN_MESSAGE, requireUser } from '../sessions/session-plugin';
import { Admission } from '../../admission/admission';
import { makePdfDownloadName, makePdfFileName } from '../../pdf/pdf-file-names';
import type { RenderAgreementPdf } from '../../pdf/render-pdf';
import { SUBSCRIBER_PDF_RATE_LIMIT } from '../agreements/route-helpers';

export interface CompareRoutesOptions {
  renderPdf: RenderAgreementPdf;
  admission?: Admission;
}

const errors = ErrorEnvelopeSchema;

/** Registers POST /api/v1/contracts/compare/pdf. */
export const compareRoutes: FastifyPluginAsyncZod<CompareRoutesOptions> = async (app, { renderPdf, admission = new Admission() }) => {
  app.post(
    '/api/v1/contracts/compare/pdf',
    {
      onRequest: [requireUser, admission.refuseEarly],
      config: { rateLimit: SUBSCRIBER_PDF_RATE_LIMIT },
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['compare', 'pdf'],
        summary: 'The "What\'s different" PDF of two agreements, laid out like the agreement PDF, as a download',
        body: ComparePdfRequestSchema,
        response: {
          200: { description: 'The PDF file', content: { 'application/pdf': { schema: z.any() } } },
          400: errors,
          401: errors,
          413: errors,
          429: errors,
          503: errors,
        },
      },
    },
    async (request, reply) => {
      const user = request.currentUser;
      if (!user) throw new AppError('unauthorised', NOT_SIGNED_IN_MESSAGE);
      const { left, right, pageSize } = request.body;
      const sheet = comparisonSheet(compareAgreements(left.contract, right.contract), { left: left.label, right: right.label });
      const content = await admission.run(request, () => renderPdf(sheet, { pageSize: pageSize ?? 'letter' }));
      const name = `What's different - ${stripMarkup(left.label)} - ${stripMarkup(right.label)}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', createContentDisposition(makePdfDownloadName(name), { type: 'attachment', fallback: makePdfFileName(name) }))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );
};
