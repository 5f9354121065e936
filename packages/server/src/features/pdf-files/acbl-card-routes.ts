/**
 * The official ACBL convention cards (docs/official-cards.md §4):
 *
 * - POST /api/v1/contracts/acbl-card   any signed-in user, for the agreement in the body or a stored
 *   one the body names by id and revision (as Make PDF: printed-agreement.ts), on the card the body names (`card`: the classic card or the 2022 card)
 *
 * The card is drawn in a PDF worker (render-official-card.ts), stored like a subscriber's PDF for 30
 * days and fetched from the pdfviewer route; the answer also lists what went to the card's
 * supplement (its fit report), so the editor can say so before the download. A trial visitor's
 * card is made by the trial's route (trial/guest-agreement-routes.ts), a read-only link's by the
 * sharing routes.
 */
import { AGREEMENT_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { AcblCardAnswerSchema, SubscriberCardRequestSchema } from '@bpa/domain/api-contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';
import { requireUser } from '../sessions/session-plugin';
import { SUBSCRIBER_PDF_LIFETIME_MS } from './make-subscriber-pdf';
import { Admission } from '../../admission/admission';
import { makePathName } from '../../pdf/pdf-file-names';
import type { RenderAcblCard } from '../../pdf/render-pdf';
import { SUBSCRIBER_PDF_RATE_LIMIT } from '../agreements/route-helpers';
import { downloadName, safeFileName } from '../../safe-file-name';
import { printedAgreement } from './printed-agreement';

export interface AcblCardRoutesOptions {
  db: Database;
  renderCard: RenderAcblCard;
  now: () => Date;
  admission?: Admission;
}

const errors = ErrorEnvelopeSchema;

/** Registers the convention card route. */
export const acblCardRoutes: FastifyPluginAsyncZod<AcblCardRoutesOptions> = async (app, { db, renderCard, now, admission = new Admission() }) => {
  app.post(
    '/api/v1/contracts/acbl-card',
    {
      onRequest: [requireUser, admission.refuseEarly],
      config: { rateLimit: SUBSCRIBER_PDF_RATE_LIMIT },
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['agreements', 'pdf'],
        summary:
          'Makes an official ACBL convention card of an agreement (the classic card or the 2022 card, with a supplementary sheet); fetch it from the pdfviewer route',
        body: SubscriberCardRequestSchema,
        response: { 200: AcblCardAnswerSchema, 400: errors, 401: errors, 404: errors, 413: errors, 429: errors, 503: errors },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      // A saved agreement is named, not sent (docs/pdf.md §8).
      const { document, revision } = await printedAgreement(db, request, request.body, now);
      const data = await admission.run(request, async () => {
        const { pdf, fitReport } = await renderCard(document, { card: request.body.card, revision });
        const name = `${document.contractName} ACBL ${request.body.card} card`;
        const info = { fileName: safeFileName(name, 'pdf', 'convention-card'), pathName: makePathName() };
        await db.insert(pdfFiles).values({
          ...info,
          downloadName: downloadName(name, 'pdf', 'convention-card'),
          ownerUserId: user.id,
          isGuest: false,
          content: pdf,
          expiresAt: new Date(now().getTime() + SUBSCRIBER_PDF_LIFETIME_MS),
        });
        return { ...info, fitReport };
      });
      return { status: 'success' as const, data };
    },
  );
};
