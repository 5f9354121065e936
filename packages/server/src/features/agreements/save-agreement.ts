import { CHANGES_DO_NOT_APPLY_MESSAGE, type SaveContractChangesRequestSchema, type SaveContractRequestSchema } from '@bpa/domain/api-contracts';
import { CATEGORY_COUNT } from '@bpa/domain/constants';
import { type Category, CategorySchema, type ContractDocument, ContractDocumentSchema } from '@bpa/domain/contract';
import type { Operation } from 'fast-json-patch';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { AgreementMemory } from './agreement-memory';
import { applyChanges } from './apply-changes';
import { agreementNotFound } from './owned-agreements';
import { type ChangedAgreement, type RevisionAuthor, readStoredAgreement, replaceAgreementDocument } from './replace-agreement-document';
import { documentAtRevision } from './revision-store';

/**
 * Saves an agreement (docs/product.md §7 `PATCH /api/v1/contracts/my/{id}`; docs/product.md §D7; docs/sharing.md §5). The body
 * was validated by SaveContractRequestSchema (13 categories, bounded sizes, temporary UI fields
 * dropped). At the stored revision it is stored as it is; from an older revision it is merged with
 * what was saved since, item by item, and the answer says what was merged.
 *
 * @param request the agreement id (the caller's edit access already checked), the validated body,
 *   the author and `now`; `memory`: the server's AgreementMemory, which learns the new revision
 * @returns `{ _id, contractName, revision, merge? }` with the new revision
 * @throws AppError not_found (404) when there is no such agreement; conflict (409) with the
 *   conflicts (SaveConflictAnswerSchema) when a stale save changes the same items differently
 */
export async function saveAgreement(
  db: Database,
  request: {
    id: string;
    body: z.output<typeof SaveContractRequestSchema>;
    author: RevisionAuthor;
    now: Date;
    memory?: AgreementMemory | undefined;
    /** A partner's save: the stored name stays (only the owner renames, docs/sharing.md §2). */
    keepsName?: boolean;
  },
): Promise<ChangedAgreement> {
  const { revision, resolutions, contractName, categories, playerNames } = request.body;
  return replaceAgreementDocument(db, {
    id: request.id,
    change: {
      kind: 'save',
      document: { contractName, categories, ...(playerNames ? { playerNames } : {}) },
      expectedRevision: revision,
      resolutions,
      keepsName: request.keepsName === true,
    },
    author: request.author,
    now: request.now,
    memory: request.memory,
  });
}

/** ContractDocumentSchema without its categories: a document's top level. */
const DocumentTopSchema = ContractDocumentSchema.omit({ categories: true });

/** A zod issue as a save's 400 names it: "categories.3.subjects.0.subjectName: …". */
interface CheckIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Checks a document made by applying changes to `base` (a stored document, checked by
 * ContractDocumentSchema when it was stored): as ContractDocumentSchema would, except that a
 * category which is an object of `base` (no change reached into it: apply-changes.ts copies the
 * path to every change) is not checked again. The result is what ContractDocumentSchema.parse
 * gives for the whole document (unknown keys dropped), with its top-level keys in another order.
 *
 * @returns the checked document, or the issues (paths from the document's root)
 */
export function checkChangedDocument(base: ContractDocument, changed: unknown): { data: ContractDocument } | { issues: CheckIssue[] } {
  const categories: unknown = typeof changed === 'object' && changed !== null ? (changed as { categories?: unknown }).categories : undefined;
  if (!Array.isArray(categories) || categories.length !== CATEGORY_COUNT) {
    const whole = ContractDocumentSchema.safeParse(changed);
    return whole.success ? { data: whole.data } : { issues: whole.error.issues };
  }
  const top = DocumentTopSchema.safeParse(changed);
  const issues: CheckIssue[] = top.success ? [] : [...top.error.issues];
  const checkedCategories = categories.map((category: unknown, index) => {
    if (base.categories.includes(category as Category)) return category as Category;
    const checked = CategorySchema.safeParse(category);
    if (checked.success) return checked.data;
    issues.push(...checked.error.issues.map((issue) => ({ ...issue, path: ['categories', index, ...issue.path] })));
    return category as Category;
  });
  if (!top.success || issues.length > 0) return { issues };
  return { data: { ...top.data, categories: checkedCategories } };
}

/**
 * Saves an agreement from only what changed (ADR 181: small saves; `PATCH
 * /api/v1/contracts/my/{id}/changes`): the changes (RFC 6902 operations, SaveContractChangesRequestSchema)
 * are applied to the document of `revision` as stored, the result is checked like a whole save's
 * document, and the save goes on as `saveAgreement` from `revision` (merged with what was saved
 * since, or 409 with the conflicts).
 *
 * The document of `revision` comes from the server's AgreementMemory when it holds it (the
 * agreement's previous save on this server, or a read), else from the database; the changes are
 * applied by copying only the path to what they change (apply-changes.ts), and only the categories
 * they reach are checked again (`checkChangedDocument`). When another change was stored since
 * `revision`, the write finds out and the save is merged as any stale save (replaceAgreementDocument).
 *
 * @param request the agreement id (the caller's edit access already checked), the validated body,
 *   the author and `now`; `memory`: the server's AgreementMemory, if any
 * @returns as `saveAgreement`
 * @throws AppError not_found (404) when there is no such agreement; conflict (409)
 *   CHANGES_DO_NOT_APPLY_MESSAGE when the changes do not fit that revision (a `test` failed, a path
 *   is missing, or the revision is no longer kept): nothing is changed and the editor sends the whole
 *   document; bad_request (400) naming the field when the result breaks a save's rules; conflict
 *   (409) with the conflicts as `saveAgreement`
 */
export async function saveAgreementChanges(
  db: Database,
  request: {
    id: string;
    body: z.output<typeof SaveContractChangesRequestSchema>;
    author: RevisionAuthor;
    now: Date;
    memory?: AgreementMemory | undefined;
    /** A partner's save: the stored name stays (only the owner renames, docs/sharing.md §2). */
    keepsName?: boolean;
  },
): Promise<ChangedAgreement> {
  const { revision, changes, resolutions } = request.body;
  const kept = request.memory?.storedAt(request.id, revision);
  const current = kept ?? (await readStoredAgreement(db, request.id));
  if (!current) throw agreementNotFound();
  if (!kept) request.memory?.rememberStored(request.id, current);
  const base = await documentAtRevision(db, request.id, revision, current);
  if (!base) throw new AppError('conflict', CHANGES_DO_NOT_APPLY_MESSAGE, { reason: 'changes_do_not_apply' });
  let changed: unknown;
  try {
    changed = applyChanges(base, changes as Operation[]);
  } catch {
    throw new AppError('conflict', CHANGES_DO_NOT_APPLY_MESSAGE, { reason: 'changes_do_not_apply' });
  }
  const checked = checkChangedDocument(base, changed);
  if ('issues' in checked) {
    const issues = checked.issues.slice(0, 20).map((issue) => ({ message: `${issue.path.map(String).join('.')}: ${issue.message}` }));
    throw new AppError('bad_request', `The saved agreement would not be valid: ${issues[0]?.message ?? ''}`, { issues });
  }
  return replaceAgreementDocument(db, {
    id: request.id,
    change: { kind: 'save', document: checked.data, expectedRevision: revision, resolutions, keepsName: request.keepsName === true },
    author: request.author,
    now: request.now,
    stored: current,
    memory: request.memory,
  });
}
