import { CHANGES_DO_NOT_APPLY_MESSAGE, type SaveContractChangesRequestSchema, type SaveContractRequestSchema } from '@bpa/domain/api-contracts';
import { ContractDocumentSchema } from '@bpa/domain/contract';
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { contractNotFound } from './owned-contracts';
import { type ChangedContract, type RevisionAuthor, readStoredContract, replaceContractDocument } from './replace-contract-document';
import { documentAtRevision } from './revision-store';

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

/**
 * Saves an agreement from only what changed (issue 15: small saves; `PATCH
 * /api/v1/contracts/my/{id}/changes`): the changes (RFC 6902 operations, SaveContractChangesRequestSchema)
 * are applied to the document of `revision` as stored, the result is checked like a whole save's
 * document, and the save goes on as `saveContract` from `revision` (merged with what was saved
 * since, or 409 with the conflicts).
 *
 * @param request the agreement id (the caller's edit access already checked), the validated body,
 *   the author and `now`
 * @returns as `saveContract`
 * @throws AppError not_found (404) when there is no such agreement; conflict (409)
 *   CHANGES_DO_NOT_APPLY_MESSAGE when the changes do not fit that revision (a `test` failed, a path
 *   is missing, or the revision is no longer kept): nothing is changed and the editor sends the whole
 *   document; bad_request (400) naming the field when the result breaks a save's rules; conflict
 *   (409) with the conflicts as `saveContract`
 */
export async function saveContractChanges(
  db: Database,
  request: { id: string; body: z.output<typeof SaveContractChangesRequestSchema>; author: RevisionAuthor; now: Date },
): Promise<ChangedContract> {
  const { revision, changes, resolutions } = request.body;
  const current = await readStoredContract(db, request.id);
  if (!current) throw contractNotFound();
  const base = await documentAtRevision(db, request.id, revision, current);
  if (!base) throw new AppError('conflict', CHANGES_DO_NOT_APPLY_MESSAGE);
  let changed: unknown;
  try {
    // Validated, on a copy, and never onto an object's prototype (the package's defaults say so too).
    changed = jsonPatch.applyPatch(structuredClone(base), changes as Operation[], true, true, true).newDocument;
  } catch {
    throw new AppError('conflict', CHANGES_DO_NOT_APPLY_MESSAGE);
  }
  const checked = ContractDocumentSchema.safeParse(changed);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 20).map((issue) => ({ message: `${issue.path.join('.')}: ${issue.message}` }));
    throw new AppError('bad_request', `The saved agreement would not be valid: ${issues[0]?.message ?? ''}`, {
      issues: issues.map(({ message }) => ({ message })),
    });
  }
  return replaceContractDocument(db, {
    id: request.id,
    change: { kind: 'save', document: checked.data, expectedRevision: revision, resolutions },
    author: request.author,
    now: request.now,
    stored: current,
  });
}
