/**
 * Subscriber agreement routes (spec 7, design 7): base `/api/v1/contracts/my`, the latest-revision
 * and template-name calls, and the subscriber's PDF. Request and answer shapes:
 * @bpa/domain/api-contracts. Every route needs a signed-in account (`onRequest: requireUser`, so an
 * anonymous request is refused before its body is read) and works on that account's agreements
 * only; during impersonation that is the impersonated subscriber. Routes only parse, authorise,
 * call one operation and answer.
 */
import { ContractAnswerSchema, ErrorEnvelopeSchema, MakePdfRequestSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import {
  ContractIdParamsSchema,
  ContractNamesAnswerSchema,
  CreateContractRequestSchema,
  RenameContractRequestSchema,
  ResetContractRequestSchema,
  SaveContractAnswerSchema,
  SaveContractRequestSchema,
  TemplateNamesAnswerSchema,
} from '@bpa/domain/api-contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { SessionUser } from '../sessions/sessions';
import { NOT_SIGNED_IN_MESSAGE, requireUser } from '../sessions/session-plugin';
import { createContract } from './create-contract';
import { makeSubscriberPdf } from './make-subscriber-pdf';
import { PdfAdmission } from './pdf-admission';
import { contractEtag, contractNotFound, getContractAnswerJson, getContractRevision, listContractNames } from './owned-contracts';
import { renameContract } from './rename-contract';
import type { RenderAgreementPdf } from './render-pdf';
import { resetContractToTemplate } from './reset-contract-to-template';
import { saveContract } from './save-contract';
import { listTemplateNames } from './subscriber-templates';

export interface SubscriberContractRoutesOptions {
  db: Database;
  renderPdf: RenderAgreementPdf;
  now: () => Date;
  /** Per-client PDF limit, shared with the guest routes (issue 13 §1). */
  pdfAdmission?: PdfAdmission;
}

/** The subscriber agreements base path (design 7). */
export const SUBSCRIBER_CONTRACTS_BASE = '/api/v1/contracts/my';

/**
 * PDFs per account per minute: rendering costs CPU and each file is stored for 30 days. Counted
 * per account, not per address, so subscribers behind one proxy do not share a limit.
 */
export const SUBSCRIBER_PDF_RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => (request.currentUser ? `user:${request.currentUser.id}` : `ip:${request.ip}`),
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
    new AppError('rate_limited', `Too many PDFs in a short time. Please wait ${context.after} and try again.`),
};

const errors = ErrorEnvelopeSchema;

/** The signed-in account; only called after requireUser let the request through. */
function owner(request: FastifyRequest): SessionUser {
  const user = request.currentUser;
  if (!user) throw new AppError('unauthorised', NOT_SIGNED_IN_MESSAGE);
  return user;
}

/** The names answer of GET base, rename and reset (spec 4: names and their count). */
async function namesAnswer(db: Database, ownerUserId: string) {
  const data = await listContractNames(db, ownerUserId);
  return { status: 'success' as const, count: data.length, data };
}

/**
 * Answers a load of one of the account's agreements (GET base/{id} and GET {id}/latest); a 304
 * is not in the routes' response schemas (it has no body).
 *
 * The answer carries `ETag` (the agreement's id and revision: `contractEtag`) and
 * `Cache-Control: private, no-cache`, so the browser asks again on every load with
 * `If-None-Match`; while the agreement is unchanged the answer is 304 without a body, after a read
 * of its revision only (issue 15). Otherwise the answer is JSON text made by getContractAnswerJson:
 * with a JSON content type and a string payload Fastify sends it as it is, without the route's
 * response serializer; the ContractAnswerSchema declared on the route still documents the answer
 * (OpenAPI) but does not re-check a document that was checked when it was stored (ADR 151).
 *
 * @throws AppError not_found when the id is not an agreement of the account
 */
async function sendContractAnswer(db: Database, request: FastifyRequest, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const who = { id, ownerUserId: owner(request).id };
  reply.header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const revision = await getContractRevision(db, who);
    if (revision === undefined) throw contractNotFound();
    const etag = contractEtag(who.id, revision);
    if (ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).header('etag', etag).send();
  }
  const { json, revision } = await getContractAnswerJson(db, who);
  return reply.header('etag', contractEtag(who.id, revision)).type('application/json; charset=utf-8').send(json);
}

/** Registers the subscriber agreement routes of spec 7. */
export const subscriberContractRoutes: FastifyPluginAsyncZod<SubscriberContractRoutesOptions> = async (app, { db, renderPdf, now, pdfAdmission = new PdfAdmission() }) => {
  app.get(
    SUBSCRIBER_CONTRACTS_BASE,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: "The signed-in account's agreement names and their count",
        response: { 200: ContractNamesAnswerSchema, 401: errors },
      },
    },
    async (request) => namesAnswer(db, owner(request).id),
  );

  app.post(
    SUBSCRIBER_CONTRACTS_BASE,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'Makes a new agreement from a template (default Blank); at most five per account',
        body: CreateContractRequestSchema,
        response: { 201: ContractAnswerSchema, 400: errors, 401: errors, 404: errors, 409: errors, 503: errors },
      },
    },
    async (request, reply) => {
      const contract = await createContract(db, { ownerUserId: owner(request).id, ...(request.body ?? {}), now: now() });
      return reply.code(201).send({ status: 'success' as const, data: contract });
    },
  );

  app.get(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'One agreement of the signed-in account, with the revision a save must send back',
        params: ContractIdParamsSchema,
        response: { 200: ContractAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request, reply) => sendContractAnswer(db, request, request.params.id, reply),
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'Saves an agreement (the document without _id, plus the revision it was loaded at); 409 when it changed since',
        params: ContractIdParamsSchema,
        body: SaveContractRequestSchema,
        response: { 200: SaveContractAnswerSchema, 400: errors, 401: errors, 404: errors, 409: errors, 413: errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await saveContract(db, { id: request.params.id, ownerUserId: owner(request).id, body: request.body, now: now() }),
    }),
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/name`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'Renames an agreement; answers the names',
        params: ContractIdParamsSchema,
        body: RenameContractRequestSchema,
        response: { 200: ContractNamesAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const ownerUserId = owner(request).id;
      await renameContract(db, { id: request.params.id, ownerUserId, contractName: request.body.contractName, now: now() });
      return namesAnswer(db, ownerUserId);
    },
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/template`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'Replaces an agreement with a fresh one from a template, keeping its name; answers the names',
        params: ContractIdParamsSchema,
        body: ResetContractRequestSchema,
        response: { 200: ContractNamesAnswerSchema, 400: errors, 401: errors, 404: errors },
      },
    },
    async (request) => {
      const ownerUserId = owner(request).id;
      await resetContractToTemplate(db, { id: request.params.id, ownerUserId, templateId: request.body.templateId, now: now() });
      return namesAnswer(db, ownerUserId);
    },
  );

  app.get(
    '/api/v1/contracts/:id/latest',
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'The agreement as stored now (after a 409 on save: the version saved elsewhere)',
        params: ContractIdParamsSchema,
        response: { 200: ContractAnswerSchema, 401: errors, 404: errors },
      },
    },
    async (request, reply) => sendContractAnswer(db, request, request.params.id, reply),
  );

  app.get(
    '/api/v1/contracts/templates/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['agreements'],
        summary: 'The templates an agreement can be made from or reset to: the six shipped ones first, then uploads by date',
        response: { 200: TemplateNamesAnswerSchema, 401: errors },
      },
    },
    async () => ({ status: 'success' as const, data: await listTemplateNames(db) }),
  );

  app.post(
    '/api/v1/contracts/pdfCreator',
    {
      onRequest: requireUser,
      config: { rateLimit: SUBSCRIBER_PDF_RATE_LIMIT },
      schema: {
        tags: ['agreements', 'pdf'],
        summary: "Makes the PDF of a subscriber's agreement (all 13 categories); fetch it from the pdfviewer route within 30 days",
        body: MakePdfRequestSchema,
        response: { 200: PdfFileInfoAnswerSchema, 400: errors, 401: errors, 403: errors, 413: errors, 429: errors, 503: errors },
      },
    },
    async (request, reply) => {
      const ownerUserId = owner(request).id;
      return {
        status: 'success' as const,
        data: await pdfAdmission.run(`user:${ownerUserId}`, reply, () => makeSubscriberPdf(db, request.body, { ownerUserId, renderPdf, now: now() })),
      };
    },
  );
};
