/**
 * Guest (trial) routes (docs/product.md §7, docs/product.md §D7). No credentials: a guest's agreement lives in the
 * browser; the server hands out the trial agreement and renders its PDF. Routes only parse, call
 * one operation and answer.
 */
import { ContractAnswerSchema, ErrorEnvelopeSchema, GuestContractNamesAnswerSchema, MakePdfRequestSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import { GUEST_PDF_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { IdSchema } from '@bpa/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { getGuestContract } from './get-guest-agreement';
import { listGuestAgreementNames } from './list-guest-agreement-names';
import { makeGuestCard, makeGuestPdf } from './make-guest-pdf';
import type { SharedState } from '../../shared-state';
import { createGuestBrowserLimit } from './guest-browser-limit';
import { Admission } from '../../admission/admission';
import type { RenderAcblCard, RenderAgreementPdf } from '../../pdf/render-pdf';
import { AcblCardAnswerSchema, MakeCardRequestSchema } from '@bpa/domain/api-contracts';

export interface GuestAgreementRoutesOptions {
  db: Database;
  renderPdf: RenderAgreementPdf;
  /** Draws the official ACBL cards (docs/official-cards.md). */
  renderCard: RenderAcblCard;
  now: () => Date;
  /** Per-client PDF limit, shared with the subscriber routes (ADR 191). */
  admission?: Admission;
  /** Whether cookies are marked Secure (PUBLIC_URL is https). */
  isHttps?: boolean;
  /** Where the per-browser counters live (shared-state.ts); memory by default. */
  shared?: SharedState;
}

/**
 * Guest PDFs per client address and minute: rendering costs CPU and each file is stored for an
 * hour. High enough for a club behind one address; each browser has a lower limit of its own
 * (guest-browser-limit.ts; docs/product.md §14).
 */
export const GUEST_PDF_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Registers GET /api/v1/contracts/guest, GET /api/v1/contracts/guest/{id}, POST /api/v1/contracts/pdf-guest and /acbl-card-guest. */
export const guestAgreementRoutes: FastifyPluginAsyncZod<GuestAgreementRoutesOptions> = async (
  app,
  { db, renderPdf, renderCard, now, admission = new Admission(), isHttps = false, shared },
) => {
  const browserLimit = createGuestBrowserLimit(isHttps, shared);
  app.get(
    '/api/v1/contracts/guest',
    {
      schema: {
        tags: ['guest'],
        summary: "The guest's agreement names (one trial agreement)",
        response: { 200: GuestContractNamesAnswerSchema, 500: ErrorEnvelopeSchema },
      },
    },
    async () => ({ status: 'success' as const, data: await listGuestAgreementNames(db) }),
  );

  app.get(
    '/api/v1/contracts/guest/:id',
    {
      schema: {
        tags: ['guest'],
        summary: 'The trial agreement: 13 categories, of which a guest may open Overcalls and Doubles and Redoubles',
        params: z.object({ id: IdSchema }),
        response: { 200: ContractAnswerSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getGuestContract(db, request.params.id) }),
  );

  app.post(
    '/api/v1/contracts/pdf-guest',
    {
      onRequest: admission.refuseEarly,
      config: { rateLimit: GUEST_PDF_RATE_LIMIT },
      // The two trial categories only (the web app sends the others empty): far below the JSON limit.
      bodyLimit: GUEST_PDF_BODY_LIMIT_BYTES,
      schema: {
        tags: ['guest'],
        summary: "Makes the PDF of a guest's agreement (trial categories only); fetch it from the pdfviewer route within an hour",
        body: MakePdfRequestSchema,
        response: {
          200: PdfFileInfoAnswerSchema,
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await browserLimit.count(request, reply);
      return {
        status: 'success' as const,
        // A guest is known by address (behind a proxy: TRUST_PROXY makes request.ip the client's).
        data: await admission.run(request, () => makeGuestPdf(db, request.body, { renderPdf, now: now() })),
      };
    },
  );

  app.post(
    '/api/v1/contracts/acbl-card-guest',
    {
      onRequest: admission.refuseEarly,
      config: { rateLimit: GUEST_PDF_RATE_LIMIT },
      bodyLimit: GUEST_PDF_BODY_LIMIT_BYTES,
      schema: {
        tags: ['guest'],
        summary: "Makes an official ACBL convention card of a guest's agreement (trial categories only); fetch it from the pdfviewer route within an hour",
        body: MakeCardRequestSchema,
        response: {
          200: AcblCardAnswerSchema,
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await browserLimit.count(request, reply);
      return { status: 'success' as const, data: await admission.run(request, () => makeGuestCard(db, request.body, { renderCard, now: now() })) };
    },
  );
};
