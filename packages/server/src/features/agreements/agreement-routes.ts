/**
 * Subscriber agreement routes (docs/product.md §7, docs/product.md §D7): base `/api/v1/contracts/my`
 * (list, create, load, save, save changes, rename, reset) and the latest-revision call. Request and answer shapes:
 * @bpa/domain/api-contracts. Every route needs a signed-in account (`onRequest: requireUser`, so an
 * anonymous request is refused before its body is read) and works on that account's agreements
 * only; during impersonation that is the impersonated subscriber. Routes only parse, authorise,
 * call one operation and answer.
 */
import { AGREEMENT_BODY_LIMIT_BYTES } from '@bpa/domain/constants';
import { ContractAnswerSchema, ErrorEnvelopeSchema } from '@bpa/domain/api';
import { SUBSCRIBER_CONTRACTS_BASE, checkAccess, owner, revisionAuthor, saveRateLimit, PARTNER_HAS_NO_AGREEMENTS_MESSAGE } from './route-helpers';
import {
  ContractIdParamsSchema,
  SaveConflictAnswerSchema,
  ContractNamesAnswerSchema,
  CreateContractRequestSchema,
  RenameContractRequestSchema,
  ResetContractRequestSchema,
  SaveContractAnswerSchema,
  SaveContractChangesRequestSchema,
  SaveContractRequestSchema,
} from '@bpa/domain/api-contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { type AnswerEncoding, chooseAnswerEncoding, compressAnswer } from '../../compression';
import { AppError } from '../../errors';
import { AgreementMemory } from './agreement-memory';
import { requireUser } from '../sessions/session-plugin';
import { createAgreement } from './create-agreement';
import { agreementEtag, getAgreementAnswerJson, listAgreementNames } from './owned-agreements';
import { renameAgreement } from './rename-agreement';
import { resetAgreementToTemplate } from './reset-agreement-to-template';
import { saveAgreement, saveAgreementChanges } from './save-agreement';

export interface AgreementRoutesOptions {
  db: Database;
  now: () => Date;
  /** Saves per account per minute (config SAVES_PER_MINUTE; default 60). */
  savesPerMinute?: number;
  /**
   * Called after a subscriber's load or save of an agreement succeeded: someone is working on it,
   * so the PDF pool gets a worker ready for their next PDF (app.ts, pdf/pdf-pool.ts `prepare`).
   */
  preparePdf?: () => void;
}

/** The names answer of GET base, rename and reset (docs/product.md §4: names and their count). */
async function namesAnswer(db: Database, ownerUserId: string) {
  const data = await listAgreementNames(db, ownerUserId);
  return { status: 'success' as const, count: data.length, data };
}

/**
 * Answers a load of one of the account's agreements (GET base/{id} and GET {id}/latest); a 304
 * is not in the routes' response schemas (it has no body).
 *
 * The answer carries `ETag` (the agreement's id and revision and the caller's access:
 * `agreementEtag`) and `Cache-Control: private, no-cache`, so the browser asks again on every load
 * with `If-None-Match`; while the agreement is unchanged the answer is 304 without a body, after
 * the access check's one query (it reads the revision too; ADR 185). Otherwise the answer is JSON text made by
 * getAgreementAnswerJson, compressed once per revision, caller's access, owner name and encoding
 * and kept in the server's AgreementMemory: a load of an agreement this server answered before
 * at that revision reads the same one row and sends the kept bytes (Content-Encoding set here, so
 * @fastify/compress leaves them as they are). Its `Server-Timing` header says which of these the
 * answer came from (ANSWER_SOURCES). The ContractAnswerSchema declared on the route
 * documents the answer (OpenAPI) but does not re-check a document that was checked when it was
 * stored (ADR 151).
 *
 * @throws AppError not_found when the id is not an agreement of the account
 */
async function sendContractAnswer(
  db: Database,
  request: FastifyRequest,
  id: string,
  reply: FastifyReply,
  now: () => Date,
  memory: AgreementMemory,
): Promise<FastifyReply> {
  const found = await checkAccess(db, request, id, 'view', now);
  reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  // The answer also says the caller's access, which can change without a new revision.
  const tag = (revision: number) => agreementEtag(`${id}.${found.access}${found.isPausedByOwner ? '.paused' : ''}`, revision);
  // The access check read the revision, template and owner's name too: a load of a kept answer costs that one query.
  const { head } = found;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => candidate.trim() === tag(head.revision))) {
    return reply.code(304).header('etag', tag(head.revision)).send();
  }
  const encoding = chooseAnswerEncoding(request.headers);
  const kept = encoding && memory.answers.get(AgreementMemory.answerKey(tag(head.revision), head.ownerName, encoding));
  if (encoding && kept) return sendEncoded(reply.header('etag', tag(head.revision)).header('server-timing', ANSWER_SOURCES.answer), kept, encoding);
  const answer = await getAgreementAnswerJson(db, { id, access: found.access, isPausedByOwner: found.isPausedByOwner, head }, memory);
  const etag = tag(answer.head.revision);
  reply.header('etag', etag).header('server-timing', answer.isFromMemory ? ANSWER_SOURCES.text : ANSWER_SOURCES.database);
  if (!encoding) return reply.type('application/json; charset=utf-8').send(answer.json);
  const body = compressAnswer(Buffer.from(answer.json), encoding);
  memory.answers.set(AgreementMemory.answerKey(etag, answer.head.ownerName, encoding), body);
  return sendEncoded(reply, body, encoding);
}

/**
 * Where a load's answer came from, as a `Server-Timing` metric (W3C Server Timing; no duration):
 * its compressed bytes kept in AgreementMemory, the document's text kept there, or the database.
 * For the caller's own tools and the benchmarks (bench/mixed-load-bench.ts counts them).
 */
export const ANSWER_SOURCES = {
  answer: 'agreement;desc="kept answer"',
  text: 'agreement;desc="kept text"',
  database: 'agreement;desc="database"',
} as const;

/** Sends compressed JSON bytes as they are. */
function sendEncoded(reply: FastifyReply, body: Buffer, encoding: AnswerEncoding): FastifyReply {
  return reply.type('application/json; charset=utf-8').header('content-encoding', encoding).header('content-length', body.length).send(body);
}

/** Registers the subscriber agreement routes of docs/product.md §7. */
export const agreementRoutes: FastifyPluginAsyncZod<AgreementRoutesOptions> = async (app, { db, now, savesPerMinute = 60, preparePdf = () => undefined }) => {
  // What this server keeps of stored agreements for loads and saves, by id and revision (agreement-memory.ts).
  const memory = new AgreementMemory();
  const errors = ErrorEnvelopeSchema;
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
        response: { 201: ContractAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors, 409: errors, 503: errors },
      },
    },
    async (request, reply) => {
      if (owner(request).role === 'partner') throw new AppError('forbidden', PARTNER_HAS_NO_AGREEMENTS_MESSAGE);
      const contract = await createAgreement(db, { ownerUserId: owner(request).id, ...(request.body ?? {}), author: revisionAuthor(request), now: now() });
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
    async (request, reply) => {
      const answer = await sendContractAnswer(db, request, request.params.id, reply, now, memory);
      preparePdf();
      return answer;
    },
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id`,
    {
      onRequest: requireUser,
      config: { rateLimit: saveRateLimit(savesPerMinute) },
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['agreements'],
        summary:
          'Saves an agreement (the document without _id, plus the revision it was loaded at); merged with changes saved since, or 409 with the conflicts',
        params: ContractIdParamsSchema,
        body: SaveContractRequestSchema,
        response: {
          200: SaveContractAnswerSchema,
          400: errors,
          401: errors,
          403: errors,
          404: errors,
          409: SaveConflictAnswerSchema.or(errors),
          413: errors,
          429: errors,
        },
      },
    },
    async (request) => {
      const { access } = await checkAccess(db, request, request.params.id, 'edit', now);
      // Only the owner renames (docs/sharing.md §2): a partner's save keeps the stored name.
      const keepsName = access !== 'owner';
      const saved = await saveAgreement(db, { id: request.params.id, body: request.body, author: revisionAuthor(request), now: now(), memory, keepsName });
      preparePdf();
      return { status: 'success' as const, data: saved };
    },
  );

  app.patch(
    `${SUBSCRIBER_CONTRACTS_BASE}/:id/changes`,
    {
      onRequest: requireUser,
      config: { rateLimit: saveRateLimit(savesPerMinute) },
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['agreements'],
        summary:
          'Saves an agreement from only what changed since the revision it was loaded at (RFC 6902 operations); then as a whole save. 409 with CHANGES_DO_NOT_APPLY_MESSAGE: send the whole document',
        params: ContractIdParamsSchema,
        body: SaveContractChangesRequestSchema,
        response: {
          200: SaveContractAnswerSchema,
          400: errors,
          401: errors,
          403: errors,
          404: errors,
          409: SaveConflictAnswerSchema.or(errors),
          413: errors,
          429: errors,
        },
      },
    },
    async (request) => {
      const { access } = await checkAccess(db, request, request.params.id, 'edit', now);
      const keepsName = access !== 'owner';
      const saved = await saveAgreementChanges(db, {
        id: request.params.id,
        body: request.body,
        author: revisionAuthor(request),
        now: now(),
        memory,
        keepsName,
      });
      preparePdf();
      return { status: 'success' as const, data: saved };
    },
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
        response: { 200: ContractNamesAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const ownerUserId = owner(request).id;
      await checkAccess(db, request, request.params.id, 'owner', now);
      await renameAgreement(db, { id: request.params.id, contractName: request.body.contractName, author: revisionAuthor(request), now: now() });
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
        response: { 200: ContractNamesAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request) => {
      const ownerUserId = owner(request).id;
      await checkAccess(db, request, request.params.id, 'owner', now);
      await resetAgreementToTemplate(db, { id: request.params.id, templateId: request.body.templateId, author: revisionAuthor(request), now: now() });
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
    async (request, reply) => sendContractAnswer(db, request, request.params.id, reply, now, memory),
  );
};
