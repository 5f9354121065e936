import { announceAgreementStored } from './agreement-events';
import { type MergeReport, type SaveConflict, staleRevisionMessage } from '@bpa/domain/api-contracts';
import { alignIdsByKey } from '@bpa/domain/catalogue-keys';
import { type ContractDocument, noteOf } from '@bpa/domain/contract';
import { type ChangeSummary, type ItemChange, type RevisionKind, listItemChanges, summariseChangeData } from '@bpa/domain/history';
import { type MergeConflict, type MergeResolutions, mergeAgreements } from '@bpa/domain/merge';
import { type SQL, and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import type { Database } from '../../db/database';
import { contractMarks, contractRevisions, contracts } from '../../db/schema/contracts';
import { noteAgreementWrite } from '../../db/table-vacuum';
import { AppError } from '../../errors';
import type { AgreementMemory, StoredAgreement } from './agreement-memory';
import { pointerTokens } from './apply-changes';
import { isUuid } from '../../db/uuid';
import { agreementNotFound } from './owned-agreements';
import { documentAtRevision, documentsSince, storageOf } from './revision-store';

const { compare } = jsonPatch;

/** 404 text of a revision that is not kept (never made, or pruned). */
export const REVISION_NOT_FOUND_MESSAGE = 'This version of the agreement is no longer kept.';

/**
 * What a change stores:
 * - `save`: the whole document from the editor, loaded at `expectedRevision` (merged with what
 *   was saved since, docs/sharing.md §5), with `resolutions` for conflicts of an earlier attempt;
 * - `rename`: only the name (the categories stay as stored);
 * - `reset`: new categories (a fresh agreement from a template) under the stored name, and the
 *   template's name;
 * - `restore`: the document of an earlier revision, whole (nothing is deleted: it becomes a new
 *   revision).
 */
export type AgreementChange =
  /**
   * `keepsName`: a partner's save (edit access) keeps the stored name, since only the owner renames
   * (docs/sharing.md §2), whatever name the document carries.
   */
  | { kind: 'save'; document: ContractDocument; expectedRevision: number; resolutions?: MergeResolutions | undefined; keepsName?: boolean }
  | { kind: 'rename'; contractName: string }
  | { kind: 'reset'; document: ContractDocument; templateName: string }
  | { kind: 'restore'; revision: number }
  /** An agreement read from a file (docs/product.md §12): its categories and player names replace the stored ones; the name stays. */
  | { kind: 'import'; document: ContractDocument; fileName: string };

/** Who made a change: the account (the administrator under impersonation) and the name shown. */
export interface RevisionAuthor {
  userId: string | null;
  label: string;
}

/** The agreement after a change: its id, name and new revision, and what a save merged. */
export interface ChangedAgreement {
  _id: string;
  contractName: string;
  revision: number;
  merge?: MergeReport;
}

/** True when two versions of an agreement hold the same document (ids, names, ticks, notes, players). */
function isSameDocument(a: ContractDocument, b: ContractDocument): boolean {
  // Compared field by field (the database keeps an object's keys in its own order).
  return a === b || compare(a, b).length === 0;
}

/** The stored revision rows after `revision`, with author and time (for merge reports and conflicts). */
async function revisionsAfter(db: Database, contractId: string, revision: number) {
  return db
    .select({ revision: contractRevisions.revision, authorLabel: contractRevisions.authorLabel, createdAt: contractRevisions.createdAt })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, contractId), gt(contractRevisions.revision, revision)))
    .orderBy(asc(contractRevisions.revision));
}

/** The value of a conflict's field in a document, as text (to find which revision changed it). */
function fieldValue(document: ContractDocument | undefined, conflict: MergeConflict): string {
  if (!document) return '';
  if (conflict.field === 'contractName') return document.contractName;
  const { categoryId, subjectId, optionId } = conflict.path;
  const category = document.categories.find((c) => c._id === categoryId);
  if (conflict.field === 'note' && subjectId === undefined) return category ? noteOf(category) : 'absent';
  const subject = category?.subjects.find((s) => s._id === subjectId);
  const row = optionId === undefined ? subject : subject?.options.find((o) => o._id === optionId);
  if (!row) return 'absent';
  if (conflict.field === 'note') return 'subjectName' in row ? noteOf(row) : '';
  return conflict.field === 'selected'
    ? String(row.isSelected)
    : JSON.stringify([row.isEdited, row.editedName, 'subjectName' in row ? row.subjectName : row.optionName]);
}

/**
 * Merges a stale save with what was saved since (docs/sharing.md §5; ADR 170).
 *
 * @returns the merged document and the report for the answer
 * @throws AppError conflict (409) with SaveConflictAnswer fields: the open conflicts with the
 *   author of the other change, or `isIncompatible` (reset to a template since, or the loaded
 *   revision is no longer kept)
 */
async function mergeStaleSave(
  db: Database,
  contractId: string,
  current: { revision: number; document: ContractDocument },
  change: Extract<AgreementChange, { kind: 'save' }>,
): Promise<{ document: ContractDocument; report: MergeReport }> {
  const refuse = (conflicts: SaveConflict[], isIncompatible: boolean) =>
    new AppError('conflict', staleRevisionMessage(current.revision), {
      answerFields: { currentRevision: current.revision, conflicts, isIncompatible },
      reason: 'save_conflict',
    });
  if (change.expectedRevision > current.revision) throw refuse([], true);
  const documents = await documentsSince(db, contractId, change.expectedRevision, current);
  const base = documents.get(change.expectedRevision);
  if (!base) throw refuse([], true);
  const result = mergeAgreements(base, current.document, change.document, change.resolutions ?? {});
  const since = await revisionsAfter(db, contractId, change.expectedRevision);
  if (result.kind === 'incompatible') throw refuse([], true);
  if (result.kind === 'conflicts') {
    const conflicts = result.conflicts.map((conflict): SaveConflict => {
      // The newest revision that changed this item is the "other change".
      const changedBy =
        [...since].reverse().find((row) => fieldValue(documents.get(row.revision), conflict) !== fieldValue(documents.get(row.revision - 1), conflict)) ??
        since.at(-1);
      return {
        key: conflict.key,
        field: conflict.field,
        place: conflict.place,
        mine: conflict.mine,
        theirs: conflict.theirs,
        base: conflict.base,
        theirAuthor: changedBy?.authorLabel ?? '',
        theirSavedAt: (changedBy?.createdAt ?? new Date(0)).toISOString(),
      };
    });
    throw refuse(conflicts, false);
  }
  const authors = [...new Set(since.map((row) => row.authorLabel).filter((label) => label !== ''))];
  return {
    document: result.document,
    report: { itemCount: result.theirChangeCount, authors, savedAt: (since.at(-1)?.createdAt ?? new Date(0)).toISOString() },
  };
}

/**
 * How many times a change is worked out again when another change was stored in the meantime
 * (each time from the newer revision, so a save becomes a merge). Past it the change is refused
 * with 409, `isBusy` and Retry-After rather than retried for ever: a busy agreement is the
 * client's to try again, not a fault of the server (docs/product.md §D7).
 */
const MAX_CHANGE_ATTEMPTS = 8;

/** 409 text when an agreement changed under every attempt (`MAX_CHANGE_ATTEMPTS`). */
export const TOO_MANY_CHANGES_MESSAGE = 'This agreement is being changed by several people at once. Please try again.';

/** The refusal of a change that lost every attempt: 409 with `isBusy`, logged as a refusal, not a failure. */
export function agreementBusy(): AppError {
  return new AppError('conflict', TOO_MANY_CHANGES_MESSAGE, { answerFields: { isBusy: true }, retryAfterSeconds: 1, reason: 'agreement_busy' });
}

/** A change worked out against one revision, ready to be written in one statement. */
interface PlannedChange {
  next: ContractDocument;
  kind: RevisionKind;
  templateName: string | null;
  merge: MergeReport | undefined;
  /** What changed, as stored in the history (ChangeSummarySchema). */
  change: ChangeSummary;
  /** The replaced document is kept whole (a snapshot) instead of as a patch. */
  isSnapshot: boolean;
  patch: unknown[] | null;
  /** The items changed from the stored document (listItemChanges), kept in the history row (docs/sharing.md §6). */
  itemChanges: ItemChange[];
  /**
   * The new document as a few operations on the stored one, for the database to apply
   * (`documentUpdate`), when the change is small and was worked out from parts of the stored
   * document (a save of changes, a rename); null: the whole new document is sent.
   */
  databaseChanges: Operation[] | null;
}

/**
 * The most operations the database applies to the stored document instead of being sent the whole
 * new one: each `jsonb_set` writes the whole document again inside the database, so past a few
 * operations sending the whole document (one parse) is cheaper.
 */
export const MAX_DATABASE_CHANGES = 8;

/**
 * Reads the agreement row a change starts from.
 *
 * @param id the agreement id from the URL (any text)
 * @returns the row, or undefined when there is no agreement with that id (or it is not a UUID)
 */
export async function readStoredAgreement(db: Database, id: string): Promise<StoredAgreement | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ revision: contracts.revision, document: contracts.document, contractName: contracts.contractName, templateName: contracts.templateName })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row;
}

/**
 * Works out what a change stores when applied to `row` (steps 2 and 3 of `replaceAgreementDocument`).
 *
 * @throws AppError not_found (restore: no such kept revision); conflict (409) when a stale save cannot be merged
 */
async function planChange(db: Database, id: string, row: StoredAgreement, change: AgreementChange): Promise<PlannedChange> {
  const current = { revision: row.revision, document: row.document };
  let next: ContractDocument;
  let kind: RevisionKind;
  let templateName = row.templateName;
  let merge: MergeReport | undefined;
  let source: Pick<ChangeSummary, 'template' | 'importedFile' | 'restoredRevision'> = {};
  switch (change.kind) {
    case 'save':
      if (change.expectedRevision === row.revision) {
        next = change.document;
        kind = 'save';
      } else {
        const merged = await mergeStaleSave(db, id, current, change);
        next = merged.document;
        merge = merged.report;
        kind = 'merge';
      }
      if (change.keepsName && next.contractName !== row.contractName) next = { ...next, contractName: row.contractName };
      break;
    case 'rename':
      next = { ...row.document, contractName: change.contractName };
      kind = 'rename';
      break;
    case 'reset':
      // The stored name, as read for this attempt: a rename a moment earlier is kept.
      next = { ...change.document, contractName: row.contractName, ...(row.document.playerNames ? { playerNames: row.document.playerNames } : {}) };
      // The same item keeps its id across the reset (docs/catalogue-keys.md): History, marks and merges pair it.
      next = alignIdsByKey(next, row.document);
      templateName = change.templateName;
      kind = 'template';
      source = { template: change.templateName };
      break;
    case 'import':
      // Items the agreement already has keep their ids (docs/catalogue-keys.md), as in a reset; the
      // agreement keeps its name, as in a reset (only its owner renames it; docs/product.md §12).
      next = { ...alignIdsByKey(change.document, row.document), contractName: row.contractName };
      kind = 'import';
      source = { importedFile: change.fileName };
      break;
    case 'restore': {
      const restored = await documentAtRevision(db, id, change.revision, current);
      if (!restored) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
      next = restored;
      kind = 'restore';
      source = { restoredRevision: change.revision };
      break;
    }
  }
  // A reset to a template is summarised by the template alone (every item is new).
  const summary: ChangeSummary =
    kind === 'template' ? { ...source, counts: {}, categories: [], moreCategories: 0 } : summariseChangeData(row.document, next, source);
  const storage = storageOf(row.revision, row.document, next);
  const itemChanges = listItemChanges(row.document, next);
  const databaseChanges = databaseChangesOf(row.document, next, kind);
  return { next, kind, templateName, merge, change: summary, isSnapshot: storage.document !== null, patch: storage.patch, itemChanges, databaseChanges };
}

/**
 * The operations that make `next` from `stored` for the database to apply (`documentUpdate`), or
 * null when the whole document is to be sent: only a save or a rename worked out from the stored
 * document's own parts (apply-changes.ts; `{ ...stored, contractName }`) is compared (another
 * document would cost a whole comparison, and is sent whole anyway), and only up to
 * MAX_DATABASE_CHANGES operations.
 *
 * @returns `replace`, `remove` and `add` operations (fast-json-patch `compare`), or null
 */
export function databaseChangesOf(stored: ContractDocument, next: ContractDocument, kind: RevisionKind): Operation[] | null {
  if (kind !== 'save' && kind !== 'rename') return null;
  if (!next.categories.some((category, index) => category === stored.categories[index])) return null;
  const changes = compare(stored, next);
  return changes.length <= MAX_DATABASE_CHANGES ? changes : null;
}

/**
 * The SQL value of the new document: its whole `text` (cast to jsonb), or the stored `document`
 * changed by `changes` inside the database, so that a small change does not send and parse 290 kB
 * again (ADR 185). `changes` come from `compare(stored, next)` (fast-json-patch), which makes only
 * `replace`, `remove` (array items from the end) and `add` (object keys, array items at the end, in
 * order): `jsonb_set` replaces a value or adds a key or an item at an array's end
 * (create_if_missing), `#-` removes one. The statement runs only at the revision the changes were
 * worked out from, so the stored document is the one they were compared with.
 *
 * @throws Error for an operation compare does not make (a programming error)
 */
export function documentUpdate(update: { text: string } | { changes: readonly Operation[] }): SQL {
  if ('text' in update) return sql`${update.text}::jsonb`;
  let expression = sql`document`;
  for (const change of update.changes) {
    const tokens = pointerTokens(change.path);
    if (tokens.length === 0) throw new Error('A change of the whole document is sent as the whole document');
    const path = sql`array[${sql.join(
      tokens.map((token) => sql`${token}`),
      sql`, `,
    )}]::text[]`;
    if (change.op === 'remove') expression = sql`(${expression} #- ${path})`;
    else if (change.op === 'replace' || change.op === 'add') expression = sql`jsonb_set(${expression}, ${path}, ${JSON.stringify(change.value)}::jsonb, true)`;
    else throw new Error(`compare made a "${change.op}" operation`);
  }
  return expression;
}

/**
 * Writes a planned change in one statement, only if the agreement is still at `revision`: the new
 * document at revision + 1, the replaced one kept in its revision's row (copied inside the
 * database when whole), the history row, and other partners' "agreed" marks on the changed items
 * back to "to discuss". One statement is atomic without a transaction, and holds no lock while
 * this thread works (ADR 182: the server applies a save in one statement).
 *
 * The new document is sent whole (`documentText`: JSON.stringify of `plan.next`), or, when
 * `documentText` is null, as the few operations that make it from the stored one (`documentUpdate`).
 *
 * @returns the new id, name and revision; undefined when another change was stored since `revision`
 */
async function writeChange(
  db: Database,
  request: { id: string; revision: number; plan: PlannedChange; documentText: string | null; author: RevisionAuthor; now: Date },
): Promise<{ id: string; contractName: string; revision: number } | undefined> {
  const { id, revision, plan, documentText, author, now } = request;
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with updated as (
      update ${contracts}
      set document = ${documentUpdate(documentText === null && plan.databaseChanges ? { changes: plan.databaseChanges } : { text: documentText ?? JSON.stringify(plan.next) })}, contract_name = ${plan.next.contractName}, template_name = ${plan.templateName},
        revision = revision + 1, kept_revisions = kept_revisions + 1, updated_at = ${at}::timestamptz
      where id = ${id}::uuid and revision = ${revision}
      returning id, contract_name, revision
    ), replaced as (
      insert into ${contractRevisions} (contract_id, revision, document, patch, created_at)
      select updated.id, ${revision}, case when ${plan.isSnapshot}::boolean then (select document from ${contracts} where id = ${id}::uuid) end,
        ${plan.patch === null ? null : JSON.stringify(plan.patch)}::jsonb, ${at}::timestamptz
      from updated
      on conflict (contract_id, revision) do update set document = excluded.document, patch = excluded.patch
    ), recorded as (
      insert into ${contractRevisions} (contract_id, revision, kind, author_user_id, author_label, change, items, created_at)
      select updated.id, updated.revision, ${plan.kind}, ${author.userId}::uuid, ${author.label}, ${JSON.stringify(plan.change)}::jsonb,
        ${JSON.stringify(plan.itemChanges)}::jsonb, ${at}::timestamptz
      from updated
    ), reopened as (
      update ${contractMarks} set status = 'discuss', updated_at = ${at}::timestamptz
      where contract_id = ${id}::uuid and status = 'agreed' and exists (select 1 from updated)
        and item_id in (select jsonb_array_elements_text(${JSON.stringify(plan.itemChanges.map((itemChange) => itemChange.itemId))}::jsonb))
        and (${author.userId}::uuid is null or user_id <> ${author.userId}::uuid)
    )
    select id, contract_name as "contractName", revision from updated
  `)) as unknown as { rows: { id: string; contractName: string; revision: number }[] };
  return result.rows[0];
}

/**
 * Changes an agreement and records the change in its history (docs/sharing.md §4):
 *
 * 1. the agreement row is read (no lock);
 * 2. the new document is worked out from it: a save at the stored revision is taken as it is; a
 *    save from an older revision is merged with what was saved since (three-way, mergeAgreements)
 *    or refused with its conflicts; a rename changes the name, a reset the categories, a restore
 *    takes an earlier revision's document, an import the file's;
 * 3. the replaced document is to be kept compactly in its revision's row (a patch from the new one,
 *    or whole every REVISION_SNAPSHOT_INTERVAL revisions: revision-store.ts);
 * 4. `writeChange` stores it all in one statement if the agreement is still at the revision read:
 *    the new document at revision + 1, the history row saying who, when, what kind and what
 *    changed (summariseChangeData, and the changed items for docs/sharing.md §6), and other partners' "agreed" marks on the changed items back to
 *    "to discuss" (docs/sharing.md §7). When another change (another tab, partner or server) was stored
 *    in between, nothing is written and the change is worked out again from the newer revision:
 *    two changes at once are applied one after the other, as with a row lock, but the work of
 *    steps 2-3 holds no lock (ADR 182);
 * 5. the write is counted for the server's vacuum of the agreement table, which frees the replaced
 *    document's space for later writes (ADR 192).
 *
 * Access is the caller's business (agreement-access.ts): this function trusts `id` is allowed.
 *
 * @param request `id` from the URL (any text), the change, its author and `now`; `stored`: the row
 *   as the caller just read it (`readStoredAgreement`), used for the first attempt instead of reading
 *   it again (a 290 kB document), and not changed (it may be an AgreementMemory's, at a revision
 *   the database has left: the write then finds out and the change is worked out again);
 *   `maxAttempts`: default MAX_CHANGE_ATTEMPTS; `memory`: the server's AgreementMemory, told the
 *   new revision's document (the next save and load of this agreement need not read it)
 * @returns the new name and revision, and for a merged save what was merged
 * @throws AppError not_found when there is no such agreement, or (restore) no such kept revision;
 *   conflict (409) with SaveConflictAnswer fields when a stale save cannot be merged; conflict
 *   (409, `isBusy`, `retryAfterSeconds`) TOO_MANY_CHANGES_MESSAGE when the agreement changed under every attempt
 */
export async function replaceAgreementDocument(
  db: Database,
  request: {
    id: string;
    change: AgreementChange;
    author: RevisionAuthor;
    now: Date;
    stored?: StoredAgreement | undefined;
    maxAttempts?: number;
    memory?: AgreementMemory | undefined;
  },
): Promise<ChangedAgreement> {
  const { id, change, author, now, maxAttempts = MAX_CHANGE_ATTEMPTS, memory } = request;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const row = attempt === 0 && request.stored ? request.stored : await readStoredAgreement(db, id);
    if (!row) throw agreementNotFound();
    const plan = await planChange(db, id, row, change);
    // A rename to the same name, or an import of the very agreement stored, changes nothing: no new
    // version (docs/sharing.md §4). The same row answers, as after a write.
    if ((plan.kind === 'rename' || plan.kind === 'import') && isSameDocument(row.document, plan.next)) {
      return { _id: id, contractName: row.contractName, revision: row.revision };
    }
    // Sent whole (and then kept as text too), or as the operations the database applies.
    const documentText = plan.databaseChanges === null ? JSON.stringify(plan.next) : null;
    const written = await writeChange(db, { id, revision: row.revision, plan, documentText, author, now });
    if (written) {
      // The replaced document is now dead space until a VACUUM (db/table-vacuum.ts, ADR 192).
      noteAgreementWrite(db);
      memory?.rememberStored(
        id,
        { revision: written.revision, document: plan.next, contractName: written.contractName, templateName: plan.templateName },
        documentText ?? undefined,
      );
      // Members with the agreement open see the new version arrive (docs/sharing.md §13).
      announceAgreementStored(db, { contractId: id, revision: written.revision, authorUserId: author.userId, authorLabel: author.label });
      return { _id: written.id, contractName: written.contractName, revision: written.revision, ...(plan.merge ? { merge: plan.merge } : {}) };
    }
  }
  throw agreementBusy();
}
