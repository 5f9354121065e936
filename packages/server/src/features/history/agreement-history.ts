/**
 * Reading and pruning an agreement's history (docs/sharing.md §4; ADR 171).
 *
 * Retention: every revision of the last HISTORY_FULL_DAYS days is kept; older ones are thinned to
 * the last revision of each UTC day; the current revision is never deleted. Pruning rewrites the
 * patches of the kept rows so each one leads from the next kept revision (revision-store.ts).
 */
import type { Contract } from '@bpa/domain/contract';
import { REVISION_PAGE_SIZE, type RevisionKind, type RevisionSummary, listItemChanges } from '@bpa/domain/history';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contracts } from '../../db/schema/contracts';
import { AppError } from '../../errors';
import { agreementNotFound } from '../agreements/owned-agreements';
import { REVISION_NOT_FOUND_MESSAGE } from '../agreements/replace-agreement-document';
import { documentAtRevision, documentsSince, storageOf } from '../agreements/revision-store';

/** Days during which every revision is kept (docs/sharing.md §4). */
export const HISTORY_FULL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

type RevisionRow = Pick<typeof contractRevisions.$inferSelect, 'revision' | 'kind' | 'authorLabel' | 'createdAt' | 'change'>;

function toSummary(row: RevisionRow, currentRevision: number): RevisionSummary {
  return {
    revision: row.revision,
    kind: row.kind as RevisionKind,
    author: row.authorLabel === '' ? 'unknown' : row.authorLabel,
    createdAt: row.createdAt.toISOString(),
    change: row.change,
    isCurrent: row.revision === currentRevision,
  };
}

const summaryColumns = {
  revision: contractRevisions.revision,
  kind: contractRevisions.kind,
  authorLabel: contractRevisions.authorLabel,
  createdAt: contractRevisions.createdAt,
  change: contractRevisions.change,
};

async function currentOf(db: Database, contractId: string) {
  const [row] = await db
    .select({ revision: contracts.revision, document: contracts.document, templateName: contracts.templateName })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (!row) throw agreementNotFound();
  return row;
}

/**
 * One page of an agreement's history, newest first (the History panel; docs/sharing.md §4).
 *
 * @param request the agreement (access already checked); `before`: the page starts below this
 *   revision (keyset paging: read from the primary key's index, however deep the page); without
 *   it, the 1-based `page` is counted from the newest (an offset, for the first page and old links)
 * @returns REVISION_PAGE_SIZE lines at most, the total number of kept revisions
 * @throws AppError not_found when the agreement does not exist
 */
export async function listRevisions(
  db: Database,
  request: { contractId: string; page: number; before?: number | undefined },
): Promise<{ revisions: RevisionSummary[]; total: number }> {
  // The number of kept versions is kept with the agreement (contracts.kept_revisions): no count of
  // its history, whose cost grew with it (bench/scale-bench.ts).
  const [current] = await db
    .select({ revision: contracts.revision, total: contracts.keptRevisions })
    .from(contracts)
    .where(eq(contracts.id, request.contractId));
  if (!current) throw agreementNotFound();
  const { total } = current;
  const ofAgreement = eq(contractRevisions.contractId, request.contractId);
  const rows =
    request.before === undefined
      ? await db
          .select(summaryColumns)
          .from(contractRevisions)
          .where(ofAgreement)
          .orderBy(desc(contractRevisions.revision))
          .limit(REVISION_PAGE_SIZE)
          .offset((request.page - 1) * REVISION_PAGE_SIZE)
      : await db
          .select(summaryColumns)
          .from(contractRevisions)
          .where(and(ofAgreement, lt(contractRevisions.revision, request.before)))
          .orderBy(desc(contractRevisions.revision))
          .limit(REVISION_PAGE_SIZE);
  return { revisions: rows.map((row) => toSummary(row, current.revision)), total };
}

/**
 * One revision of an agreement: its line and its document as it was (read-only in the editor).
 *
 * @throws AppError not_found when the agreement or that kept revision does not exist
 */
export async function getRevision(db: Database, request: { contractId: string; revision: number }): Promise<{ summary: RevisionSummary; document: Contract }> {
  const current = await currentOf(db, request.contractId);
  const [line] = await db
    .select(summaryColumns)
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, request.contractId), eq(contractRevisions.revision, request.revision)));
  const document = line && (await documentAtRevision(db, request.contractId, request.revision, current));
  if (!line || !document) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
  return {
    summary: toSummary(line, current.revision),
    document: {
      ...document,
      _id: request.contractId,
      revision: request.revision,
      ...(current.templateName === null ? {} : { templateName: current.templateName }),
    },
  };
}

/**
 * Which revisions the retention rule keeps: all from the last HISTORY_FULL_DAYS days, the current
 * one, and of older ones the last of each UTC day.
 *
 * @param rows the kept revisions, any order
 * @returns the revision numbers to delete
 */
export function revisionsToPrune(rows: readonly { revision: number; createdAt: Date }[], currentRevision: number, now: Date): number[] {
  const cutoff = now.getTime() - HISTORY_FULL_DAYS * DAY_MS;
  const lastOfDay = new Map<string, number>();
  for (const row of rows) {
    if (row.createdAt.getTime() >= cutoff) continue;
    const day = row.createdAt.toISOString().slice(0, 10);
    lastOfDay.set(day, Math.max(lastOfDay.get(day) ?? -1, row.revision));
  }
  const keep = new Set(lastOfDay.values());
  return rows.filter((row) => row.createdAt.getTime() < cutoff && row.revision !== currentRevision && !keep.has(row.revision)).map((row) => row.revision);
}

/**
 * Applies the retention rule to one agreement: deletes the revisions revisionsToPrune names and
 * rewrites the storage of the kept ones below them, so every kept revision still reads back as it
 * was; a kept revision that now follows a pruned one records the items changed since the kept one
 * before it (what "changes since your last visit" reads). Runs in one transaction with the agreement locked (a save waits).
 *
 * @returns how many revisions were deleted
 */
export async function pruneAgreementHistory(db: Database, contractId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ revision: contracts.revision, document: contracts.document })
      .from(contracts)
      .where(eq(contracts.id, contractId))
      .for('update');
    if (!current) return 0;
    const rows = await tx
      .select({ revision: contractRevisions.revision, createdAt: contractRevisions.createdAt })
      .from(contractRevisions)
      .where(eq(contractRevisions.contractId, contractId));
    const pruned = revisionsToPrune(rows, current.revision, now);
    if (pruned.length === 0) return 0;
    // The kept revision just below the lowest pruned one leads from a pruned one: rewrite it too.
    const lowestPruned = Math.min(...pruned);
    const below = rows.map((row) => row.revision).filter((revision) => revision < lowestPruned);
    const lowest = below.length > 0 ? Math.max(...below) : lowestPruned;
    const documents = await documentsSince(tx, contractId, lowest, current);
    const prunedSet = new Set(pruned);
    const kept = [...documents.keys()].filter((revision) => revision >= lowest && !prunedSet.has(revision)).sort((a, b) => b - a);
    // Rewrite each kept row below the current one against the next kept revision above it.
    for (let index = 1; index < kept.length; index++) {
      const revision = kept[index]!;
      const above = kept[index - 1]!;
      const storage = storageOf(revision, documents.get(revision)!, documents.get(above)!);
      await tx
        .update(contractRevisions)
        .set({ document: storage.document, patch: storage.patch })
        .where(and(eq(contractRevisions.contractId, contractId), eq(contractRevisions.revision, revision)));
      // The revision above now follows this one directly: its recorded items take in those of the
      // pruned revisions between (docs/sharing.md §6 reads them).
      if (above - revision > 1) {
        await tx
          .update(contractRevisions)
          .set({ items: listItemChanges(documents.get(revision)!, documents.get(above)!) })
          .where(and(eq(contractRevisions.contractId, contractId), eq(contractRevisions.revision, above)));
      }
    }
    const deleted = await tx
      .delete(contractRevisions)
      .where(and(eq(contractRevisions.contractId, contractId), inArray(contractRevisions.revision, pruned)))
      .returning({ revision: contractRevisions.revision });
    await tx
      .update(contracts)
      .set({ keptRevisions: sql`${contracts.keptRevisions} - ${deleted.length}` })
      .where(eq(contracts.id, contractId));
    return deleted.length;
  });
}

/**
 * Applies the retention rule to every agreement with revisions older than HISTORY_FULL_DAYS (the
 * daily job; jobs/schedule-cleanup.ts runs it).
 *
 * @returns how many revisions were deleted in all
 */
export async function pruneAllHistories(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - HISTORY_FULL_DAYS * DAY_MS);
  const candidates = await db
    .selectDistinct({ contractId: contractRevisions.contractId })
    .from(contractRevisions)
    .where(lt(contractRevisions.createdAt, cutoff));
  let deleted = 0;
  for (const { contractId } of candidates) deleted += await pruneAgreementHistory(db, contractId, now);
  return deleted;
}
