/**
 * What the agreement routes of every sub-feature share (ARCHITECTURE.md, "Server"): the
 * subscriber base path, the rate limits of saves and PDFs, the signed-in account, who a revision
 * is recorded under, and the access check every route makes before it touches an agreement.
 */
import type { ContractAccessLevel } from '@bpa/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { SessionUser } from '../sessions/sessions';
import { NOT_SIGNED_IN_MESSAGE } from '../sessions/session-plugin';
import { type AgreementAccess, requireAgreementAccess } from './agreement-access';
import type { RevisionAuthor } from './replace-agreement-document';

/** The subscriber agreements base path (docs/product.md §D7). */
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

/**
 * Saves per account per minute (docs/sharing.md §4): far above what a person does (the editor saves on
 * request), low enough that one misbehaving client cannot fill the history.
 */
export const saveRateLimit = (max: number) => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => (request.currentUser ? `save:${request.currentUser.id}` : `save-ip:${request.ip}`),
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
    new AppError('rate_limited', `Too many saves in a short time. Please wait ${context.after} and try again.`),
});

/**
 * The signed-in account; only called after requireUser let the request through.
 *
 * @throws AppError unauthorised when no account is signed in
 */
export function owner(request: FastifyRequest): SessionUser {
  const user = request.currentUser;
  if (!user) throw new AppError('unauthorised', NOT_SIGNED_IN_MESSAGE);
  return user;
}

/** 403 text when a partner account tries to make an agreement of its own. */
export const PARTNER_HAS_NO_AGREEMENTS_MESSAGE = 'A partner account holds no agreements of its own: it opens the ones shared with it.';

/**
 * Who a change is recorded under (docs/sharing.md §4): the signed-in account, or under impersonation the
 * administrator acting for it.
 */
export function revisionAuthor(request: FastifyRequest): RevisionAuthor {
  const user = owner(request);
  const impersonator = request.currentSession?.impersonator;
  if (impersonator) return { userId: impersonator.id, label: `${impersonator.email} (administrator, for ${user.userName})` };
  return { userId: user.id, label: user.userName };
}

/**
 * The caller's access to agreement `id`, at least `needed` (agreement-access.ts).
 *
 * @throws AppError not_found without access; forbidden when the access is lower than needed
 */
export function checkAccess(db: Database, request: FastifyRequest, id: string, needed: ContractAccessLevel, now: () => Date): Promise<AgreementAccess> {
  return requireAgreementAccess(db, { contractId: id, userId: owner(request).id, now: now() }, needed);
}
