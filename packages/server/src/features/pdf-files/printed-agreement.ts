/**
 * What a subscriber's PDF or convention card prints (docs/pdf.md §8): the agreement sent in the
 * body (unsaved edits), or a stored agreement the body names by id and revision, read here with the
 * caller's access checked, so that a saved agreement's PDF does not upload the whole agreement.
 */
import { STORED_OR_SENT_MESSAGE, type StoredAgreementRef } from '@bpa/domain/api';
import type { ContractDocument } from '@bpa/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { checkAccess } from '../agreements/route-helpers';
import { REVISION_NOT_FOUND_MESSAGE, readStoredAgreement } from '../agreements/replace-agreement-document';
import { documentAtRevision } from '../agreements/revision-store';

/**
 * The agreement to print and the revision its footer states.
 *
 * @param body `contract` (the agreement as sent, with `revision` when it is a saved one's) or
 *   `stored` (an agreement the caller may open, at a kept revision), not both
 * @throws AppError bad_request STORED_OR_SENT_MESSAGE with both or neither; not_found (404) when the
 *   caller may not open the stored agreement, or that revision is not kept
 */
export async function printedAgreement(
  db: Database,
  request: FastifyRequest,
  body: { contract?: ContractDocument | undefined; stored?: StoredAgreementRef | undefined; revision?: number | undefined },
  now: () => Date,
): Promise<{ document: ContractDocument; revision: number | undefined }> {
  if ((body.contract === undefined) === (body.stored === undefined)) throw new AppError('bad_request', STORED_OR_SENT_MESSAGE);
  if (body.contract) return { document: body.contract, revision: body.revision };
  const stored = body.stored!;
  const { contractId } = await checkAccess(db, request, stored.id, 'view', now);
  const current = await readStoredAgreement(db, contractId);
  const document = current && (await documentAtRevision(db, contractId, stored.revision, current));
  if (!document) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
  const { contractName, categories, playerNames } = document;
  return { document: { contractName, categories, ...(playerNames ? { playerNames } : {}) }, revision: stored.revision };
}
