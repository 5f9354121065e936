/**
 * Making a subscriber's agreement PDF (docs/product.md §7: POST /api/v1/contracts/pdfCreator), of
 * the agreement sent or of a stored one named by id and revision (printed-agreement.ts), stored for 30 days and fetched through pdf-file-routes.ts. With `discussionOf` the PDF lists the
 * items the partners marked "to discuss" (item-marks.ts). Under the per-client admission of
 * ADR 191 and the per-account rate limit of route-helpers.ts.
 */
import { AGREEMENT_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { ErrorEnvelopeSchema, PdfFileInfoAnswerSchema, SubscriberPdfRequestSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { Admission } from '../../admission/admission';
import type { RenderAgreementPdf } from '../../pdf/render-pdf';
import { listMarks } from '../agreements/item-marks';
import { listReplies } from '../agreements/item-replies';
import { SUBSCRIBER_PDF_RATE_LIMIT, checkAccess, owner } from '../agreements/route-helpers';
import { requireUser } from '../sessions/session-plugin';
import { makeSubscriberPdf } from './make-subscriber-pdf';
import { printedAgreement } from './printed-agreement';

export interface PdfCreatorRoutesOptions {
  db: Database;
  renderPdf: RenderAgreementPdf;
  now: () => Date;
  admission?: Admission;
}

/** Registers POST /api/v1/contracts/pdfCreator. */
export const pdfCreatorRoutes: FastifyPluginAsyncZod<PdfCreatorRoutesOptions> = async (app, { db, renderPdf, now, admission = new Admission() }) => {
  const errors = ErrorEnvelopeSchema;
  app.post(
    '/api/v1/contracts/pdfCreator',
    {
      onRequest: [requireUser, admission.refuseEarly],
      config: { rateLimit: SUBSCRIBER_PDF_RATE_LIMIT },
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['agreements', 'pdf'],
        summary: "Makes the PDF of a subscriber's agreement (all 13 categories); fetch it from the pdfviewer route within 30 days",
        body: SubscriberPdfRequestSchema,
        response: { 200: PdfFileInfoAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 413: errors, 429: errors, 503: errors },
      },
    },
    async (request) => {
      const ownerUserId = owner(request).id;
      // A saved agreement is named, not sent (docs/pdf.md §8).
      const printed = await printedAgreement(db, request, request.body, now);
      const discussionOf = request.body.discussionOf;
      const discussionContract = discussionOf ? (await checkAccess(db, request, discussionOf, 'view', now)).contractId : undefined;
      // The discussion sheet prints the marks and the replies under them (docs/sharing.md §7-8).
      const discussion = discussionContract
        ? {
            discussionMarks: await listMarks(db, { contractId: discussionContract, userId: ownerUserId }),
            discussionReplies: await listReplies(db, { contractId: discussionContract, userId: ownerUserId }),
          }
        : {};
      return {
        status: 'success' as const,
        data: await admission.run(request, () =>
          makeSubscriberPdf(
            db,
            { ...request.body, contract: printed.document, revision: printed.revision },
            { ownerUserId, renderPdf, now: now(), ...discussion },
          ),
        ),
      };
    },
  );
};
