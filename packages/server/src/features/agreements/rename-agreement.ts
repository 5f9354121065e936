import type { Database } from '../../db/database';
import { type ChangedAgreement, type RevisionAuthor, replaceAgreementDocument } from './replace-agreement-document';

/**
 * Renames an agreement (docs/product.md §7 `PATCH /api/v1/contracts/my/{id}/name`). The name lives in the
 * document, so a rename is a change like a save: the revision goes up, the history records it, and
 * an editor opened before the rename merges it instead of silently putting the old name back.
 *
 * @param request the agreement id (the caller's ownership already checked), the new name
 *   (validated by ContractNameInputSchema: trimmed, visible text, at most 500 characters), the
 *   author and `now`
 * @throws AppError not_found when there is no such agreement
 */
export async function renameAgreement(
  db: Database,
  request: { id: string; contractName: string; author: RevisionAuthor; now: Date },
): Promise<ChangedAgreement> {
  return replaceAgreementDocument(db, {
    id: request.id,
    change: { kind: 'rename', contractName: request.contractName },
    author: request.author,
    now: request.now,
  });
}
