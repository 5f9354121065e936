/**
 * Agreement history (docs/sharing.md §4; ADR 171): the short summary written beside every revision, and
 * the shapes of the history API.
 *
 * A summary is computed from the change itself, not typed by anyone: "ticked 3, unticked 1, renamed
 * 2 in Overcalls; Notrump Openings". Rows are matched by `_id`, so a revision and the one after it
 * compare item by item (ids are stable across revisions of one agreement).
 */
import { alignIdsByKey } from './catalogue-keys';
import { z } from 'zod';
import { isCountedChange } from './agreement-fields';
import { storableText } from './text';
import { successEnvelope } from './api';
import { type Category, type ContractDocument, type Option, type Subject, ContractSchema, formatPlayerNames, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';

/** How many categories a summary names before "and N more". */
const NAMED_CATEGORIES = 3;

/** What made a revision. */
export const RevisionKindSchema = z.enum(['create', 'save', 'merge', 'rename', 'template', 'restore', 'import']);
export type RevisionKind = z.infer<typeof RevisionKindSchema>;

/** Counts of one change, per kind of edit. */
export interface ChangeCounts {
  ticked: number;
  unticked: number;
  renamed: number;
  added: number;
  /** Rows gone (a restore of a revision before they were added). */
  removed: number;
  /** Notes written, changed or removed, on subjects and categories. */
  noted: number;
}

function originalName(row: Subject | Option): string {
  return 'subjectName' in row ? row.subjectName : row.optionName;
}

function countRow(counts: ChangeCounts, before: Subject | Option | undefined, after: Subject | Option): void {
  if (isPlaceholderName(originalName(after))) {
    // A user-added row back to its "Add New…" row: a restore of a revision before it was added.
    if (before && !isPlaceholderName(originalName(before))) counts.removed += 1;
    return;
  }
  if (!before || isPlaceholderName(originalName(before))) {
    counts.added += 1;
    return;
  }
  if (before.isSelected !== after.isSelected) counts[after.isSelected ? 'ticked' : 'unticked'] += 1;
  if (before.isEdited !== after.isEdited || before.editedName !== after.editedName) counts.renamed += 1;
  if ('subjectName' in after && isCountedChange('subject', 'noted', before, after)) counts.noted += 1;
}

/**
 * Counts what changed from `before` to `after`, and where.
 *
 * @returns the counts over the whole agreement, the names (plain text) of the categories where
 *   something changed, in document order, and whether the agreement's name changed
 */
export function countChanges(
  before: ContractDocument,
  after: ContractDocument,
): { counts: ChangeCounts; categories: string[]; isRenamed: boolean; arePlayersChanged: boolean } {
  const counts: ChangeCounts = { ticked: 0, unticked: 0, renamed: 0, added: 0, removed: 0, noted: 0 };
  const categories: string[] = [];
  // Rows pair by id, and by catalogue key where the ids differ (a reset or an import; docs/catalogue-keys.md).
  before = alignIdsByKey(before, after);
  const beforeCategories = new Map(before.categories.map((c) => [c._id, c]));
  for (const category of after.categories) {
    const old = beforeCategories.get(category._id);
    // The same object on both sides (a save's changes copy only what they reach): nothing changed in it.
    if (old === category) continue;
    const start = { ...counts };
    if (old && isCountedChange('category', 'noted', old, category)) counts.noted += 1;
    const oldSubjects = new Map(old?.subjects.map((s) => [s._id, s]));
    const subjectIds = new Set(category.subjects.map((s) => s._id));
    for (const subject of category.subjects) {
      const oldSubject = oldSubjects.get(subject._id);
      if (oldSubject === subject) continue;
      countRow(counts, oldSubject, subject);
      const oldOptions = new Map(oldSubject?.options.map((o) => [o._id, o]));
      const optionIds = new Set(subject.options.map((o) => o._id));
      for (const option of subject.options) countRow(counts, oldOptions.get(option._id), option);
      counts.removed += oldSubject?.options.filter((o) => !optionIds.has(o._id) && !isPlaceholderName(o.optionName)).length ?? 0;
    }
    counts.removed += old?.subjects.filter((s) => !subjectIds.has(s._id) && !isPlaceholderName(s.subjectName)).length ?? 0;
    if (Object.keys(counts).some((k) => counts[k as keyof ChangeCounts] !== start[k as keyof ChangeCounts]))
      categories.push(stripMarkup(category.categoryName).trim());
  }
  return {
    counts,
    categories,
    isRenamed: before.contractName !== after.contractName,
    arePlayersChanged: formatPlayerNames(before.playerNames) !== formatPlayerNames(after.playerNames),
  };
}

/** The kinds of edit History counts, in the order a summary names them. */
export const CHANGE_COUNT_KINDS = ['ticked', 'unticked', 'renamed', 'added', 'removed', 'noted'] as const;

/**
 * What a revision changed, as stored beside it (contract_revisions.change) and sent to History:
 * counts and names, no sentence; `describeChange` writes the sentence when it is shown, so a
 * summary can be read in another language later (ARCHITECTURE.md, "Add a language").
 */
export const ChangeSummarySchema = z.lazy(() =>
  z.object({
    /** The template a create or a reset made the agreement from. */
    template: z.string().optional(),
    /** The file an import read. */
    importedFile: z.string().optional(),
    /** The revision a restore brought back. */
    restoredRevision: z.number().int().min(0).optional(),
    /** The agreement's new name (plain text), when it changed. */
    renamedTo: z.string().optional(),
    /** The player names after the change ('' when they were removed), when they changed. */
    players: z.string().optional(),
    /** Edits per kind; kinds without edits are left out. */
    counts: z.partialRecord(z.enum(CHANGE_COUNT_KINDS), z.number().int().min(1)),
    /** The categories where something changed (plain text), in document order, at most three. */
    categories: z.array(z.string()),
    /** How many more categories changed beyond those named. */
    moreCategories: z.number().int().min(0),
    /** A revision from before summaries were recorded (shown as "saved"). */
    isUnrecorded: z.literal(true).optional(),
  }),
);
export type ChangeSummary = z.infer<typeof ChangeSummarySchema>;

/**
 * What changed from `before` to `after`, as stored (ChangeSummarySchema).
 *
 * @param source what made the revision beyond its edits (a template, a file, a restored revision)
 */
export function summariseChangeData(
  before: ContractDocument,
  after: ContractDocument,
  source: Pick<ChangeSummary, 'template' | 'importedFile' | 'restoredRevision'> = {},
): ChangeSummary {
  const { counts, categories, isRenamed, arePlayersChanged } = countChanges(before, after);
  const counted = Object.fromEntries(CHANGE_COUNT_KINDS.filter((kind) => counts[kind] > 0).map((kind) => [kind, counts[kind]]));
  const hasEdits = Object.keys(counted).length > 0;
  return {
    ...source,
    ...(isRenamed ? { renamedTo: stripMarkup(after.contractName).trim() } : {}),
    ...(arePlayersChanged ? { players: formatPlayerNames(after.playerNames) } : {}),
    counts: counted,
    categories: hasEdits ? categories.slice(0, NAMED_CATEGORIES) : [],
    moreCategories: hasEdits ? Math.max(0, categories.length - NAMED_CATEGORIES) : 0,
  };
}

/**
 * The sentence of a change, as the History panel shows it, e.g. `ticked 3, unticked 1, renamed 2
 * in Overcalls; Notrump Openings`, `loaded the template "SAYC": ticked 40 in …`, `renamed the
 * agreement to "Anna"`; for a change with nothing to say, what made it (`made the agreement`,
 * `saved`) or `no changes`.
 *
 * @param kind what made the revision (RevisionKind)
 * @param change the stored summary
 */
export function describeChange(kind: RevisionKind, change: ChangeSummary): string {
  const prefix =
    change.template !== undefined
      ? `${kind === 'create' ? 'made from' : 'loaded'} the template "${change.template}"`
      : change.importedFile !== undefined
        ? `imported "${change.importedFile}"`
        : change.restoredRevision !== undefined
          ? `restored revision ${change.restoredRevision}`
          : '';
  const parts: string[] = [];
  if (change.renamedTo !== undefined) parts.push(`renamed the agreement to "${change.renamedTo}"`);
  if (change.players !== undefined) parts.push(change.players === '' ? 'removed the player names' : `players: ${change.players}`);
  const edits = CHANGE_COUNT_KINDS.filter((k) => (change.counts[k] ?? 0) > 0).map((k) => `${k} ${change.counts[k]}`);
  if (edits.length > 0) {
    const more = change.moreCategories > 0 ? ` and ${change.moreCategories} more` : '';
    parts.push(`${edits.join(', ')} in ${change.categories.join('; ')}${more}`);
  }
  const body = parts.join('; ');
  if (prefix !== '') return body === '' ? prefix : `${prefix}: ${body}`;
  if (body !== '') return body;
  if (change.isUnrecorded || kind === 'create') return kind === 'create' ? 'made the agreement' : 'saved';
  return 'no changes';
}

/**
 * The sentence of the change from `before` to `after` (describeChange of summariseChangeData), e.g.
 * `ticked 3, unticked 1, renamed 2 in Overcalls; Notrump Openings`, or `no changes`.
 */
export function summariseChange(before: ContractDocument, after: ContractDocument): string {
  return describeChange('save', summariseChangeData(before, after));
}

/** One line of the History panel. */
export const RevisionSummarySchema = z.lazy(() =>
  z.object({
    revision: z.number().int().min(0),
    kind: RevisionKindSchema,
    /** Who made it: a user's name (or email); "An administrator for …" under impersonation. */
    author: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
    /** What changed, as counts and names (the client writes the sentence: describeChange). */
    change: ChangeSummarySchema,
    /** True for the agreement's current revision. */
    isCurrent: z.boolean(),
  }),
);
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** GET /api/v1/contracts/{id}/revisions?page=N: newest first, `pageSize` per page. */
export const RevisionListAnswerSchema = z.lazy(() =>
  successEnvelope(
    z.object({
      revisions: z.array(RevisionSummarySchema),
      total: z.number().int().min(0),
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1),
    }),
  ),
);
export type RevisionListAnswer = z.infer<typeof RevisionListAnswerSchema>;

/**
 * Query of the revision list: `page` (1-based) numbers the page shown; `before`, when given, is the
 * revision the page starts below (the last line of the page before it): the server then reads the
 * page from the index instead of skipping (page - 1) × REVISION_PAGE_SIZE lines (keyset paging,
 * docs/sharing.md §4), so the last page of a long history costs what the first does.
 */
export const RevisionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** Path of one revision. */
export const RevisionParamsSchema = z.object({ id: storableText(z.string().max(100)), revision: z.coerce.number().int().min(0).max(2_147_483_647) });

/** GET /api/v1/contracts/{id}/revisions/{revision}: the document as it was, and its line. */
export const RevisionAnswerSchema = z.lazy(() =>
  successEnvelope(
    z.object({
      summary: RevisionSummarySchema,
      document: ContractSchema,
    }),
  ),
);
export type RevisionAnswer = z.infer<typeof RevisionAnswerSchema>;

/** Revisions per page of the History panel. */
export const REVISION_PAGE_SIZE = 20;

/** How an item changed between two versions (docs/sharing.md §6). */
export const ItemChangeKindSchema = z.enum(['ticked', 'unticked', 'renamed', 'added', 'removed', 'noted']);
export type ItemChangeKind = z.infer<typeof ItemChangeKindSchema>;

/** One changed item: where it is, what it is called, how it changed. */
export interface ItemChange {
  /** The subject's id, or the option's. */
  itemId: string;
  categoryId: string;
  subjectId: string;
  optionId?: string;
  kind: ItemChangeKind;
  /** Shown name (colour markup kept); for a removed row, its name before. */
  name: string;
  /** The category's name, plain text. */
  categoryName: string;
}

/**
 * The items that changed from `before` to `after`, in document order: ticked, unticked, renamed,
 * added (a named "Add New…" row), removed (back to a placeholder), noted (its note written or
 * changed; a category's own note is an entry with no subject). One entry per item; an item both
 * ticked and renamed is reported as renamed, one ticked and noted as ticked. Rows are matched by `_id` (revisions of one agreement),
 * and by catalogue key where the ids differ (docs/catalogue-keys.md).
 */
export function listItemChanges(before: ContractDocument, after: ContractDocument): ItemChange[] {
  const changes: ItemChange[] = [];
  before = alignIdsByKey(before, after);
  const beforeCategories = new Map(before.categories.map((c) => [c._id, c]));
  const kindOf = (old: Subject | Option | undefined, now: Subject | Option): ItemChangeKind | null => {
    const wasPlaceholder = !old || isPlaceholderName(originalName(old));
    const isPlaceholder = isPlaceholderName(originalName(now));
    if (isPlaceholder) return wasPlaceholder ? null : 'removed';
    if (wasPlaceholder) return 'added';
    if (old.isEdited !== now.isEdited || old.editedName !== now.editedName) return 'renamed';
    if (old.isSelected !== now.isSelected) return now.isSelected ? 'ticked' : 'unticked';
    if ('subjectName' in now && isCountedChange('subject', 'noted', old, now)) return 'noted';
    return null;
  };
  const shown = (row: Subject | Option) => (row.isEdited ? row.editedName : originalName(row));
  for (const category of after.categories) {
    const oldCategory = beforeCategories.get(category._id);
    // The same object on both sides (a save's changes copy only what they reach): nothing changed in it.
    if (oldCategory === category) continue;
    const categoryName = stripMarkup(category.categoryName).trim();
    // A category's own note: an item of the category (no subject).
    if (oldCategory && isCountedChange('category', 'noted', oldCategory, category))
      changes.push({ itemId: category._id, categoryId: category._id, subjectId: '', kind: 'noted', name: category.categoryName, categoryName });
    const oldSubjects = new Map(oldCategory?.subjects.map((s) => [s._id, s]));
    for (const subject of category.subjects) {
      const oldSubject = oldSubjects.get(subject._id);
      if (oldSubject === subject) continue;
      const subjectKind = kindOf(oldSubject, subject);
      if (subjectKind) {
        const name = subjectKind === 'removed' && oldSubject ? shown(oldSubject) : shown(subject);
        changes.push({ itemId: subject._id, categoryId: category._id, subjectId: subject._id, kind: subjectKind, name, categoryName });
      }
      const oldOptions = new Map(oldSubject?.options.map((o) => [o._id, o]));
      for (const option of subject.options) {
        const old = oldOptions.get(option._id);
        const optionKind = kindOf(old, option);
        if (!optionKind) continue;
        const name = optionKind === 'removed' && old ? shown(old) : shown(option);
        changes.push({ itemId: option._id, categoryId: category._id, subjectId: subject._id, optionId: option._id, kind: optionKind, name, categoryName });
      }
    }
  }
  return changes;
}

/** One change as the "Changes since your last visit" panel shows it, with who made it and when. */
export const SeenChangeSchema = z.lazy(() =>
  z.object({
    itemId: z.string(),
    categoryId: z.string(),
    subjectId: z.string(),
    optionId: z.string().optional(),
    kind: ItemChangeKindSchema,
    name: z.string(),
    categoryName: z.string(),
    author: z.string(),
    /** ISO 8601. */
    changedAt: z.string(),
  }),
);
export type SeenChange = z.infer<typeof SeenChangeSchema>;

/**
 * The most versions stored before versions recorded their items (migration 0019, ADR 201) that
 * "Changes since your last visit" rebuilds from the documents (docs/sharing.md §6): a partner
 * further behind those sees the changes of the newer ones, and how many older versions History
 * holds beyond them, so that neither the time of the answer nor its memory grows with the distance.
 * Versions that recorded their items are all read.
 */
export const MAX_CHANGES_VERSIONS = 100;

/**
 * GET /api/v1/contracts/{id}/changes: the items others changed since the caller last saw the
 * agreement (`sinceRevision`; null on a first visit, with no changes), newest change per item.
 */
export const ChangesAnswerSchema = z.lazy(() =>
  successEnvelope(
    z.object({
      sinceRevision: z.number().int().min(0).nullable(),
      currentRevision: z.number().int().min(0),
      changes: z.array(SeenChangeSchema),
      /** Versions since the last visit that were not read (stored before migration 0019, more than MAX_CHANGES_VERSIONS of them); History lists them. */
      olderVersions: z.number().int().min(1).optional(),
    }),
  ),
);
export type ChangesAnswer = z.infer<typeof ChangesAnswerSchema>;

/** POST /api/v1/contracts/{id}/seen: the revision the caller has now seen. */
export const SeenRequestSchema = z.lazy(() => z.object({ revision: z.number().int().min(0).max(2_147_483_647) }));

/** GET /api/v1/contracts/changes-waiting: per agreement, how many items others changed since the caller's last visit. */
export const ChangesWaitingAnswerSchema = z.lazy(() => successEnvelope(z.array(z.object({ _id: z.string(), count: z.number().int().min(0) }))));
export type ChangesWaitingAnswer = z.infer<typeof ChangesWaitingAnswerSchema>;

/** A partner's review mark on an item (docs/sharing.md §7). */
export const MarkStatusSchema = z.enum(['agreed', 'discuss']);
export type MarkStatus = z.infer<typeof MarkStatusSchema>;

/** The longest note of a mark (plain text; the suit shorthand !s !h !d !c is allowed). */
export const MAX_MARK_NOTE_LENGTH = 1000;

/** PUT /api/v1/contracts/{id}/marks/{itemId}. */
export const SetMarkRequestSchema = z.lazy(() =>
  z.object({
    status: MarkStatusSchema,
    note: storableText(z.string().trim().max(MAX_MARK_NOTE_LENGTH, `A note may be at most ${MAX_MARK_NOTE_LENGTH} characters long`)).default(''),
  }),
);
export type SetMarkRequest = z.input<typeof SetMarkRequestSchema>;

/**
 * A mark refused because its item id is no subject's or option's `_id` in the agreement as saved
 * (docs/product.md §10): the item was removed, is not saved yet, or the id never belonged to it.
 */
export const MARK_ITEM_NOT_FOUND_MESSAGE =
  'This subject or option is not in the saved agreement. Save your changes or reload the agreement, then mark it again.';

/** Path of one item's mark. */
export const MarkParamsSchema = z.object({ id: storableText(z.string().max(100)), itemId: storableText(z.string().min(1).max(64)) });

/** One mark, with its author's name. */
export const MarkSchema = z.lazy(() =>
  z.object({
    itemId: z.string(),
    userId: z.string(),
    author: z.string(),
    isMine: z.boolean(),
    status: MarkStatusSchema,
    note: z.string(),
    /** ISO 8601. */
    updatedAt: z.string(),
  }),
);
export type Mark = z.infer<typeof MarkSchema>;

/** GET /api/v1/contracts/{id}/marks: every partner's marks on the agreement. */
export const MarksAnswerSchema = z.lazy(() => successEnvelope(z.array(MarkSchema)));
export type MarksAnswer = z.infer<typeof MarksAnswerSchema>;

/** Longest reply under an item to discuss, in characters (docs/sharing.md §7). */
export const MAX_REPLY_LENGTH = 1000;
/** Most replies one item's thread holds (docs/sharing.md §7; storage stays bounded, ADR 192). */
export const MAX_REPLIES_PER_ITEM = 50;

/** POST a reply, or PATCH one's text (docs/sharing.md §7): the text, trimmed, 1 to MAX_REPLY_LENGTH characters. */
export const ReplyRequestSchema = z.lazy(() =>
  z.object({
    text: storableText(z.string().trim().min(1, 'Write a reply first.').max(MAX_REPLY_LENGTH, `A reply may be at most ${MAX_REPLY_LENGTH} characters long`)),
  }),
);

/** PATCH and DELETE /api/v1/contracts/{id}/replies/{replyId}: the agreement and the reply. */
export const ReplyParamsSchema = z.object({ id: storableText(z.string().max(100)), replyId: z.uuid() });

/** 404 text for a reply that is not there, or not the caller's to change. */
export const REPLY_NOT_FOUND_MESSAGE = 'This reply is not there any more, or it is not yours to change.';
/** 409 text when an item's thread is full. */
export const THREAD_FULL_MESSAGE = `This item has ${MAX_REPLIES_PER_ITEM} replies already: settle it, or mark it agreed.`;

/** One reply under an item to discuss, as a partner sees it. */
export const ReplySchema = z.lazy(() =>
  z.object({
    id: z.string(),
    itemId: z.string(),
    /** The name its author shows partners (docs/sharing.md §11). */
    author: z.string(),
    isMine: z.boolean(),
    text: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
    /** ISO 8601; later than `createdAt` once its author edited it. */
    updatedAt: z.string(),
  }),
);
export type Reply = z.infer<typeof ReplySchema>;

/** GET /api/v1/contracts/{id}/replies (and the answer of every change to a reply): every thread, oldest reply first. */
export const RepliesAnswerSchema = z.lazy(() => successEnvelope(z.array(ReplySchema)));

/**
 * The agreement with its **discussion sheet** added as a last part (docs/sharing.md §8): one ticked subject
 * per item some partner marked "to discuss" ("Overcalls › Michaels › 5-5"), with one line per mark
 * ("Anna: to discuss: which suits?", "Bob: agreed"), then its replies ("Bob replied: 5-5 at least"). The agreement PDF prints it; without such an
 * item the document is returned unchanged. Marks of items no longer in the document are left out.
 *
 * @param marks every partner's marks on the agreement (listMarks)
 * @param replies every thread's replies (listReplies), printed after the marks, oldest first ("Bob replied: …")
 */
export function withDiscussionSheet<T extends { contractName: string; categories: Category[] }>(
  doc: T,
  marks: readonly Mark[],
  replies: readonly Reply[] = [],
): T {
  const open = new Set(marks.filter((mark) => mark.status === 'discuss').map((mark) => mark.itemId));
  if (open.size === 0) return doc;
  const shown = (row: Subject | Option) => (row.isEdited ? row.editedName : originalName(row));
  const subjects: Subject[] = [];
  for (const category of doc.categories) {
    for (const subject of category.subjects) {
      const rows: [string, string][] = [[subject._id, `${stripMarkup(category.categoryName)} › ${shown(subject)}`]];
      for (const option of subject.options) rows.push([option._id, `${stripMarkup(category.categoryName)} › ${shown(subject)} › ${shown(option)}`]);
      for (const [itemId, place] of rows) {
        if (!open.has(itemId)) continue;
        const texts = [
          ...marks
            .filter((mark) => mark.itemId === itemId)
            .map((mark) => `${mark.author}: ${mark.status === 'discuss' ? 'to discuss' : 'agreed'}${mark.note === '' ? '' : `: ${mark.note}`}`),
          ...replies.filter((reply) => reply.itemId === itemId).map((reply) => `${reply.author} replied: ${reply.text}`),
        ];
        const lines = texts.map((text, index): Option => ({
          _id: `${itemId}-mark-${index}`,
          optionName: text,
          isSelected: true,
          bold: false,
          italics: false,
          editedName: '',
          isEdited: false,
        }));
        subjects.push({
          _id: `${itemId}-discuss`,
          subjectName: place,
          subcategoryName: '',
          subcategoryBold: false,
          subcategoryItalics: false,
          bold: false,
          italics: false,
          isSelected: true,
          isLocked: false,
          options: lines,
          editedName: '',
          isEdited: false,
        });
      }
    }
  }
  if (subjects.length === 0) return doc;
  const sheet: Category = { _id: 'discussion-sheet', order: doc.categories.length + 1, categoryName: 'To discuss', bold: false, italics: false, subjects };
  return { ...doc, categories: [...doc.categories, sheet] };
}
