import type { SaveContractRequestSchema } from '@bpa/domain/api-contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { type ChangedContract, type RevisionAuthor, replaceContractDocument } from './replace-contract-document';

/**
 * Saves an agreement (docs/product.md §7 `PATCH /api/v1/contracts/my/{id}`; docs/product.md §D7; issue 11 §3). The body
 * was validated by SaveContractRequestSchema (13 categories, bounded sizes, temporary UI fields
 * dropped). At the stored revision it is stored as it is; from an older revision it is merged with
 * what was saved since, item by item, and the answer says what was merged.
 *
 * @param request the agreement id (the caller's edit access already checked), the validated body,
 *   the author and `now`
 * @returns `{ _id, contractName, revision, merge? }` with the new revision
 * @throws AppError not_found (404) when there is no such agreement; conflict (409) with the
 *   conflicts (SaveConflictAnswerSchema) when a stale save changes the same items differently
 */
export async function saveContract(
  db: Database,
  request: { id: string; body: z.output<typeof SaveContractRequestSchema>; author: RevisionAuthor; now: Date },
): Promise<ChangedContract> {
  const { revision, resolutions, contractName, categories, playerNames } = request.body;
  return replaceContractDocument(db, {
    id: request.id,
    change: { kind: 'save', document: { contractName, categories, ...(playerNames ? { playerNames } : {}) }, expectedRevision: revision, resolutions },
    author: request.author,
    now: request.now,
  });
}
