/**
 * Agreement history (issue 11 §2; ADR 171): the short summary written beside every revision, and
 * the shapes of the history API.
 *
 * A summary is computed from the change itself, not typed by anyone: "ticked 3, unticked 1, renamed
 * 2 in Overcalls; Notrump Openings". Rows are matched by `_id`, so a revision and the one after it
 * compare item by item (ids are stable across revisions of one agreement).
 */
import { z } from 'zod';
import { successEnvelope } from './api';
import { type ContractDocument, type Option, type Subject, ContractSchema, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';

/** How many categories a summary names before "and N more". */
const NAMED_CATEGORIES = 3;

/** What made a revision. */
export const RevisionKindSchema = z.enum(['create', 'save', 'merge', 'rename', 'template', 'restore']);
export type RevisionKind = z.infer<typeof RevisionKindSchema>;

/** Counts of one change, per kind of edit. */
export interface ChangeCounts {
  ticked: number;
  unticked: number;
  renamed: number;
  added: number;
  /** Rows gone (a restore of a revision before they were added). */
  removed: number;
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
}

/**
 * Counts what changed from `before` to `after`, and where.
 *
 * @returns the counts over the whole agreement, the names (plain text) of the categories where
 *   something changed, in document order, and whether the agreement's name changed
 */
export function countChanges(before: ContractDocument, after: ContractDocument): { counts: ChangeCounts; categories: string[]; isRenamed: boolean } {
  const counts: ChangeCounts = { ticked: 0, unticked: 0, renamed: 0, added: 0, removed: 0 };
  const categories: string[] = [];
  const beforeCategories = new Map(before.categories.map((c) => [c._id, c]));
  for (const category of after.categories) {
    const old = beforeCategories.get(category._id);
    const start = { ...counts };
    const oldSubjects = new Map(old?.subjects.map((s) => [s._id, s]));
    const subjectIds = new Set(category.subjects.map((s) => s._id));
    for (const subject of category.subjects) {
      const oldSubject = oldSubjects.get(subject._id);
      countRow(counts, oldSubject, subject);
      const oldOptions = new Map(oldSubject?.options.map((o) => [o._id, o]));
      const optionIds = new Set(subject.options.map((o) => o._id));
      for (const option of subject.options) countRow(counts, oldOptions.get(option._id), option);
      counts.removed += oldSubject?.options.filter((o) => !optionIds.has(o._id) && !isPlaceholderName(o.optionName)).length ?? 0;
    }
    counts.removed += old?.subjects.filter((s) => !subjectIds.has(s._id) && !isPlaceholderName(s.subjectName)).length ?? 0;
    if (Object.keys(counts).some((k) => counts[k as keyof ChangeCounts] !== start[k as keyof ChangeCounts])) categories.push(stripMarkup(category.categoryName).trim());
  }
  return { counts, categories, isRenamed: before.contractName !== after.contractName };
}

/**
 * The summary of a change, as the History panel shows it, e.g.
 * `ticked 3, unticked 1, renamed 2 in Overcalls; Notrump Openings`, `renamed the agreement to
 * "Anna"`, or `no changes`. At most three categories are named ("… and 2 more").
 */
export function summariseChange(before: ContractDocument, after: ContractDocument): string {
  const { counts, categories, isRenamed } = countChanges(before, after);
  const parts: string[] = [];
  if (isRenamed) parts.push(`renamed the agreement to "${stripMarkup(after.contractName).trim()}"`);
  const edits = (['ticked', 'unticked', 'renamed', 'added', 'removed'] as const).filter((k) => counts[k] > 0).map((k) => `${k} ${counts[k]}`);
  if (edits.length > 0) {
    const named = categories.slice(0, NAMED_CATEGORIES).join('; ');
    const more = categories.length > NAMED_CATEGORIES ? ` and ${categories.length - NAMED_CATEGORIES} more` : '';
    parts.push(`${edits.join(', ')} in ${named}${more}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'no changes';
}

/** One line of the History panel. */
export const RevisionSummarySchema = z.object({
  revision: z.number().int().min(0),
  kind: RevisionKindSchema,
  /** Who made it: a user's name (or email); "An administrator for …" under impersonation. */
  author: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  summary: z.string(),
  /** True for the agreement's current revision. */
  isCurrent: z.boolean(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** GET /api/v1/contracts/{id}/revisions?page=N: newest first, `pageSize` per page. */
export const RevisionListAnswerSchema = successEnvelope(
  z.object({
    revisions: z.array(RevisionSummarySchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  }),
);
export type RevisionListAnswer = z.infer<typeof RevisionListAnswerSchema>;

/** Query of the revision list. */
export const RevisionListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Path of one revision. */
export const RevisionParamsSchema = z.object({ id: z.string(), revision: z.coerce.number().int().min(0).max(2_147_483_647) });

/** GET /api/v1/contracts/{id}/revisions/{revision}: the document as it was, and its line. */
export const RevisionAnswerSchema = successEnvelope(
  z.object({
    summary: RevisionSummarySchema,
    document: ContractSchema,
  }),
);
export type RevisionAnswer = z.infer<typeof RevisionAnswerSchema>;

/** Revisions per page of the History panel. */
export const REVISION_PAGE_SIZE = 20;
