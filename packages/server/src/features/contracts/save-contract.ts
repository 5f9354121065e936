import type { SaveContractRequestSchema } from '@bpa/domain/api-contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { type ChangedContract, replaceContractDocument } from './replace-contract-document';

/**
 * Saves an agreement (spec 7 `PATCH /api/v1/contracts/my/{id}`; design 7). The body was validated
 * by SaveContractRequestSchema (13 categories, bounded sizes, temporary UI fields dropped); it is
 * stored only when `revision` is still the stored revision, and the previous document is kept as a
 * revision row.
 *
 * @param request the agreement id (any text), the signed-in account, the validated body and `now`
 * @returns `{ _id, contractName, revision }` with the new revision (the loaded one plus one)
 * @throws AppError not_found (404) when the id is not an agreement of that account; conflict (409)
 *   "This agreement was changed elsewhere (revision N)…" when the revision is stale: nothing is stored
 */
export async function saveContract(
  db: Database,
  request: { id: string; ownerUserId: string; body: z.output<typeof SaveContractRequestSchema>; now: Date },
): Promise<ChangedContract> {
  const { revision, ...document } = request.body;
  return replaceContractDocument(db, {
    id: request.id,
    ownerUserId: request.ownerUserId,
    expectedRevision: revision,
    change: { kind: 'save', document: { contractName: document.contractName, categories: document.categories } },
    now: request.now,
  });
}
