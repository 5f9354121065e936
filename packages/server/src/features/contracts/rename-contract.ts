import type { Database } from '../../db/database';
import { type ChangedContract, replaceContractDocument } from './replace-contract-document';

/**
 * Renames an agreement (spec 7 `PATCH /api/v1/contracts/my/{id}/name`). The name lives in the
 * document, so a rename is a change like a save: the revision goes up and the previous document
 * is kept, and an editor opened before the rename cannot silently put the old name back.
 *
 * @param request the agreement id (any text), the signed-in account, the new name (validated by
 *   ContractNameInputSchema: trimmed, visible text, at most 500 characters) and `now`
 * @throws AppError not_found when the id is not an agreement of that account
 */
export async function renameContract(
  db: Database,
  request: { id: string; ownerUserId: string; contractName: string; now: Date },
): Promise<ChangedContract> {
  return replaceContractDocument(db, {
    id: request.id,
    ownerUserId: request.ownerUserId,
    change: { kind: 'rename', contractName: request.contractName },
    now: request.now,
  });
}
