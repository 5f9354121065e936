/**
 * What others changed in an agreement since a member last saw it (docs/sharing.md §6): read by
 * the review routes, the dashboard's counts and the email digest (features/notices). Access is the
 * caller's business; this trusts the agreement id.
 *
 * Each revision records the items it changed (`contract_revisions.items`, written by the save's
 * single statement: replace-agreement-document.ts), so the answer is one query that keeps the newest
 * change per item, whatever the distance. Revisions stored before migration 0019 carry no items:
 * those few are replayed from the documents, at most MAX_CHANGES_VERSIONS of them.
 */
import type { ContractDocument } from '@bpa/domain/contract';
import { type ItemChange, MAX_CHANGES_VERSIONS, type SeenChange, listItemChanges } from '@bpa/domain/history';
import { and, asc, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contractViews, contracts } from '../../db/schema/contracts';
import { agreementNotFound } from './owned-agreements';
import { readStoredAgreement } from './replace-agreement-document';
import { documentsSince } from './revision-store';

/** The newest recorded change of one item after a revision, with the revision's author. */
interface NewestChange {
  item: ItemChange;
  revision: number;
  position: number;
  authorUserId: string | null;
  authorLabel: string;
  createdAt: Date;
}

/**
 * The newest recorded change of each item in the revisions after `after` (one query: the database
 * keeps the newest row per item, so neither time nor memory grows with the number of revisions).
 *
 * @returns one entry per item, oldest change first (then in the order the revision listed them)
 */
async function newestRecordedChanges(db: Database, contractId: string, after: number): Promise<NewestChange[]> {
  const result = (await db.execute(sql`
    select distinct on (entry.item->>'itemId') entry.item, entry.position::int as position, r.revision,
      r.author_user_id as "authorUserId", r.author_label as "authorLabel", r.created_at as "createdAt"
    from ${contractRevisions} r cross join lateral jsonb_array_elements(r.items) with ordinality as entry(item, position)
    where r.contract_id = ${contractId}::uuid and r.revision > ${after} and r.items is not null
    order by entry.item->>'itemId', r.revision desc
  `)) as unknown as { rows: (Omit<NewestChange, 'createdAt'> & { createdAt: Date | string })[] };
  return result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })).sort((a, b) => a.revision - b.revision || a.position - b.position);
}

/**
 * The items others changed in revisions stored before they recorded their items (migration 0019),
 * from `from` up to `to`, by replaying the documents (the way every answer was worked out before).
 *
 * @returns item id -> its newest change by someone else; an item the caller changed last is absent
 */
async function replayedChanges(
  db: Database,
  request: { contractId: string; userId: string; from: number; to: number },
  current: { revision: number; document: ContractDocument },
): Promise<Map<string, SeenChange>> {
  const documents = await documentsSince(db, request.contractId, request.from, current);
  const rows = await db
    .select({
      revision: contractRevisions.revision,
      authorUserId: contractRevisions.authorUserId,
      authorLabel: contractRevisions.authorLabel,
      createdAt: contractRevisions.createdAt,
    })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, request.contractId), gt(contractRevisions.revision, request.from), lte(contractRevisions.revision, request.to)))
    .orderBy(asc(contractRevisions.revision));
  const byItem = new Map<string, SeenChange>();
  let previous = documents.get(request.from);
  for (const row of rows) {
    const document = documents.get(row.revision);
    if (!document) continue;
    const changed: ItemChange[] = previous ? listItemChanges(previous, document) : [];
    previous = document;
    for (const change of changed) {
      if (row.authorUserId === request.userId) byItem.delete(change.itemId);
      else byItem.set(change.itemId, { ...change, author: row.authorLabel || 'someone', changedAt: row.createdAt.toISOString() });
    }
  }
  return byItem;
}

/**
 * The items others changed since the caller last saw the agreement, newest change per item; an
 * item the caller changed again afterwards is left out (never highlight one's own changes).
 *
 * @param request.notBefore counts only the versions after this one when it is later than the last
 *   visit (the digest: what came since the last digest, docs/sharing.md §12)
 * @returns `sinceRevision` null on a first visit (and no changes); `olderVersions` when revisions
 *   stored before they recorded their items (migration 0019) lie more than MAX_CHANGES_VERSIONS
 *   behind: only the newest of those are replayed, so time and memory stay flat
 * @throws AppError not_found when the agreement does not exist
 */
export async function getChangesSince(db: Database, request: { contractId: string; userId: string; notBefore?: number }) {
  const [current] = await db.select({ revision: contracts.revision }).from(contracts).where(eq(contracts.id, request.contractId));
  if (!current) throw agreementNotFound();
  const [seen] = await db
    .select({ revision: contractViews.revision })
    .from(contractViews)
    .where(and(eq(contractViews.contractId, request.contractId), eq(contractViews.userId, request.userId)));
  const asked = seen && request.notBefore !== undefined && request.notBefore > seen.revision ? { revision: request.notBefore } : seen;
  if (!asked) return { sinceRevision: null, currentRevision: current.revision, changes: [] as SeenChange[] };
  if (asked.revision >= current.revision) return { sinceRevision: asked.revision, currentRevision: current.revision, changes: [] as SeenChange[] };
  // Revisions from before migration 0019 carry no items: the newest of them bounds the replay.
  const [legacy] = await db
    .select({ revision: max(contractRevisions.revision) })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, request.contractId), gt(contractRevisions.revision, asked.revision), isNull(contractRevisions.items)));
  let byItem = new Map<string, SeenChange>();
  let olderVersions = 0;
  const legacyTop = legacy?.revision ?? null;
  if (legacyTop !== null) {
    // At most MAX_CHANGES_VERSIONS are replayed, however far behind the visit is (docs/sharing.md §6).
    const floor = legacyTop - MAX_CHANGES_VERSIONS;
    olderVersions = asked.revision < floor ? floor - asked.revision : 0;
    const stored = await readStoredAgreement(db, request.contractId);
    if (!stored) throw agreementNotFound();
    byItem = await replayedChanges(db, { ...request, from: Math.max(asked.revision, floor), to: legacyTop }, stored);
  }
  for (const newest of await newestRecordedChanges(db, request.contractId, legacyTop ?? asked.revision)) {
    const { item } = newest;
    if (newest.authorUserId === request.userId) byItem.delete(item.itemId);
    else {
      // A newer change moves the item to its place among the newest.
      byItem.delete(item.itemId);
      byItem.set(item.itemId, { ...item, author: newest.authorLabel || 'someone', changedAt: newest.createdAt.toISOString() });
    }
  }
  return {
    sinceRevision: asked.revision,
    currentRevision: current.revision,
    changes: [...byItem.values()],
    ...(olderVersions > 0 ? { olderVersions } : {}),
  };
}

/**
 * For the dashboard's badge (docs/sharing.md §6): how many items others changed since the user's
 * last visit, per agreement in `contractIds` whose revisions after that visit all recorded their
 * items (the caller asks getChangesSince for the others). One query for all of them.
 *
 * @param contractIds agreements the user may read (the caller checks it), visited before
 * @returns agreement id -> count, only for agreements with at least one such item
 */
export async function countRecordedChangesWaiting(db: Database, userId: string, contractIds: readonly string[]): Promise<Map<string, number>> {
  if (contractIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select newest.contract_id as "contractId", count(*)::int as count from (
      select distinct on (r.contract_id, entry.item->>'itemId') r.contract_id, r.author_user_id
      from ${contractViews} v
      join ${contractRevisions} r on r.contract_id = v.contract_id and r.revision > v.revision
      cross join lateral jsonb_array_elements(r.items) as entry(item)
      where v.user_id = ${userId}::uuid and v.contract_id in (select jsonb_array_elements_text(${JSON.stringify(contractIds)}::jsonb)::uuid)
      order by r.contract_id, entry.item->>'itemId', r.revision desc
    ) newest
    where newest.author_user_id is distinct from ${userId}::uuid
    group by newest.contract_id
  `)) as unknown as { rows: { contractId: string; count: number }[] };
  return new Map(result.rows.map((row) => [row.contractId, Number(row.count)]));
}
