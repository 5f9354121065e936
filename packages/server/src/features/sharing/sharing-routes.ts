/**
 * Routes of shared agreements (ADR 172): sharing with partners, consent, and the read-only link
 * and its public page. The history's routes are in features/history/history-routes.ts. Shapes:
 * @bpa/domain/api-sharing and @bpa/domain/history. Every route but the link's two checks the
 * caller's access to the agreement on the server (agreement-access.ts); the link's routes need no
 * session and answer only the agreement itself (no email, no id).
 */
import { ErrorEnvelopeSchema, PageSizeSchema } from '@bpa/domain/api';
import { ContractIdParamsSchema } from '@bpa/domain/api-contracts';
import { selectedCategories } from '@bpa/domain/outline';
import {
  ChangeShareRequestSchema,
  NewLinkAnswerSchema,
  SharedContractsAnswerSchema,
  SharedLinkAnswerSchema,
  SharedLinkParamsSchema,
  ShareParamsSchema,
  SharePartnerRequestSchema,
  SharingAnswerSchema,
} from '@bpa/domain/api-sharing';
import { create as createContentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { AccountMail } from '../users/account-mail';
import { NOT_SIGNED_IN_MESSAGE, requireUser } from '../sessions/session-plugin';
import {
  acceptShare,
  changeShare,
  declineShare,
  findLinkedAgreement,
  getSharing,
  listSharedWithMe,
  replaceLink,
  revokeLink,
  sharePartner,
} from './agreement-sharing';
import { Admission } from '../../admission/admission';
import { makePdfDownloadName, makePdfFileName } from '../../pdf/pdf-file-names';
import type { RenderAcblCard, RenderAgreementPdf } from '../../pdf/render-pdf';
import { OfficialCardIdSchema } from '@bpa/domain/api-contracts';
import { downloadName, safeFileName } from '../../safe-file-name';
import { SUBSCRIBER_CONTRACTS_BASE, checkAccess } from '../agreements/route-helpers';

export interface SharingRoutesOptions {
  db: Database;
  renderPdf: RenderAgreementPdf;
  /** Draws the official ACBL cards (docs/official-cards.md §4). */
  renderCard: RenderAcblCard;
  now: () => Date;
  mail: AccountMail;
  admission?: Admission;
}

const errors = ErrorEnvelopeSchema;

/** Link pages per address per minute: enough for a club's players, not for guessing tokens. */
export const SHARED_LINK_RATE_LIMIT = { max: 120, timeWindow: 60_000 };
/** Link PDFs per address per minute (rendering costs CPU). */
export const SHARED_LINK_PDF_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** Tells search engines to keep the link's page and PDF out of their index (docs/sharing.md §3). */
const NO_INDEX = 'noindex, nofollow';

function signedIn(request: FastifyRequest) {
  const user = request.currentUser;
  if (!user) throw new AppError('unauthorised', NOT_SIGNED_IN_MESSAGE);
  return user;
}

/** Registers the routes of shared agreements and read-only links. */
export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (
  app,
  { db, renderPdf, renderCard, now, mail, admission = new Admission() },
) => {
  app.get(
    '/api/v1/contracts/shared',
    {
      onRequest: requireUser,
      schema: { tags: ['sharing'], summary: 'The agreements shared with the signed-in account', response: { 200: SharedContractsAnswerSchema, 401: errors } },
    },
    async (request) => ({ status: 'success' as const, data: await listSharedWithMe(db, { userId: signedIn(request).id, now: now() }) }),
  );

  // Consent (ADR 172): a share opens nothing until its partner accepts it; they may decline it, or leave later.
  app.post(
    '/api/v1/contracts/shared/:id/accept',
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: 'Accepts an agreement offered to the signed-in account; answers the agreements shared with it',
        params: ContractIdParamsSchema,
        response: { 200: SharedContractsAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      await acceptShare(db, { userId, contractId: request.params.id, now: now() });
      return { status: 'success' as const, data: await listSharedWithMe(db, { userId, now: now() }) };
    },
  );

  app.delete(
    '/api/v1/contracts/shared/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: 'Declines an agreement offered to the signed-in account, or leaves one it accepted; answers the agreements shared with it',
        params: ContractIdParamsSchema,
        response: { 200: SharedContractsAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      await declineShare(db, { userId, contractId: request.params.id });
      return { status: 'success' as const, data: await listSharedWithMe(db, { userId, now: now() }) };
    },
  );

  app.get(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/shares`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: "An agreement's partners and whether it has a read-only link (owner only; the link's token is shown only when made)",
        params: ContractIdParamsSchema,
        response: { 200: SharingAnswerSchema, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      return { status: 'success' as const, data: await getSharing(db, contractId) };
    },
  );

  app.post(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/shares`,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['sharing'],
        summary:
          'Shares an agreement with a partner by email (an invitation, at most one a day per address; a free partner account for a new address); at most four, and 10 new addresses a day',
        params: ContractIdParamsSchema,
        body: SharePartnerRequestSchema,
        response: { 201: SharingAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 409: errors, 429: errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      const sharing = await sharePartner(db, { contractId, owner: user, email: request.body.email, access: request.body.access }, { now: now(), mail });
      return reply.code(201).send({ status: 'success' as const, data: sharing });
    },
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/shares/:userId`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: "Changes a partner's access (edit or view)",
        params: ShareParamsSchema,
        body: ChangeShareRequestSchema,
        response: { 200: SharingAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      return { status: 'success' as const, data: await changeShare(db, { contractId, userId: request.params.userId, access: request.body.access }) };
    },
  );

  app.delete(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/shares/:userId`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: 'Stops sharing with a partner: their access ends at once',
        params: ShareParamsSchema,
        response: { 200: SharingAnswerSchema, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      return { status: 'success' as const, data: await changeShare(db, { contractId, userId: request.params.userId, access: null }) };
    },
  );

  app.post(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/link`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: 'Makes a new read-only link (the previous one stops working); its token is in this answer only, never again',
        params: ContractIdParamsSchema,
        response: { 200: NewLinkAnswerSchema, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request, reply) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      // The token is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, data: await replaceLink(db, { contractId, now: now() }) };
    },
  );

  app.delete(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/link`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['sharing'],
        summary: 'Revokes the read-only link',
        params: ContractIdParamsSchema,
        response: { 200: SharingAnswerSchema, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const { contractId } = await checkAccess(db, request, request.params.id, 'owner', now);
      return { status: 'success' as const, data: await revokeLink(db, contractId) };
    },
  );

  app.get(
    '/api/v1/shared-links/:token',
    {
      config: { rateLimit: SHARED_LINK_RATE_LIMIT },
      schema: {
        tags: ['sharing'],
        summary: 'The agreement behind a read-only link, as last saved (no session needed)',
        params: SharedLinkParamsSchema,
        response: { 200: SharedLinkAnswerSchema, 404: errors, 429: errors },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', NO_INDEX).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const row = await findLinkedAgreement(db, request.params.token);
      return {
        status: 'success' as const,
        // What the page shows, the selected items (docs/sharing.md §3): about a quarter of the whole.
        data: {
          contractName: row.document.contractName,
          categories: selectedCategories(row.document.categories),
          revision: row.revision,
          updatedAt: row.updatedAt.toISOString(),
        },
      };
    },
  );

  app.get(
    '/api/v1/shared-links/:token/pdf',
    {
      config: { rateLimit: SHARED_LINK_PDF_RATE_LIMIT },
      schema: {
        tags: ['sharing', 'pdf'],
        summary: 'The PDF of the agreement behind a read-only link, as a download',
        params: SharedLinkParamsSchema,
        querystring: z.object({ pageSize: PageSizeSchema.optional() }),
        response: { 200: { description: 'The PDF file', content: { 'application/pdf': { schema: z.any() } } }, 404: errors, 429: errors, 503: errors },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', NO_INDEX).header('referrer-policy', 'no-referrer');
      const row = await findLinkedAgreement(db, request.params.token);
      const { contractName, categories } = row.document;
      const content = await admission.run(request, () =>
        renderPdf({ contractName, categories }, { pageSize: request.query.pageSize ?? 'letter', attachment: { contractName, categories } }),
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          createContentDisposition(makePdfDownloadName(contractName), { type: 'attachment', fallback: makePdfFileName(contractName) }),
        )
        .header('cache-control', 'no-store')
        .send(content);
    },
  );

  app.get(
    '/api/v1/shared-links/:token/card',
    {
      config: { rateLimit: SHARED_LINK_PDF_RATE_LIMIT },
      schema: {
        tags: ['sharing', 'pdf'],
        summary: 'The agreement behind a read-only link on an official ACBL convention card (classic or 2022), as a download',
        params: SharedLinkParamsSchema,
        querystring: z.object({ card: OfficialCardIdSchema.default('classic') }),
        response: {
          200: { description: 'The PDF file', content: { 'application/pdf': { schema: z.any() } } },
          400: errors,
          404: errors,
          429: errors,
          503: errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', NO_INDEX).header('referrer-policy', 'no-referrer');
      const row = await findLinkedAgreement(db, request.params.token);
      // Like the link's PDF, without the player names (docs/sharing.md §3).
      const { contractName, categories } = row.document;
      const { pdf } = await admission.run(request, () => renderCard({ contractName, categories }, { card: request.query.card, revision: row.revision }));
      const name = `${contractName} ACBL ${request.query.card} card`;
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          createContentDisposition(downloadName(name, 'pdf', 'convention-card'), {
            type: 'attachment',
            fallback: safeFileName(name, 'pdf', 'convention-card'),
          }),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
