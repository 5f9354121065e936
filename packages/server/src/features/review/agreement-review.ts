/**
 * Reviewing an agreement with a partner (docs/sharing.md §6-7): what others changed since the caller last
 * looked, and the partners' "agreed" / "to discuss" marks with notes. Access is checked by the
 * routes (review-routes.ts); these functions trust the agreement id.
 */
import { type ItemChange, MAX_CHANGES_VERSIONS, type SeenChange, listItemChanges } from '@bpa/domain/history';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contractShares, contractViews, contracts } from '../../db/schema/contracts';
import { agreementNotFound } from '../agreements/owned-agreements';
import { documentsSince } from '../agreements/revision-store';

/**
 * The items others changed since the caller last saw the agreement, newest change per item; an
 * item the caller changed again afterwards is left out (never highlight one's own changes).
 *
 * @param request.notBefore counts only the versions after this one when it is later than the last
 *   visit (the digest: what came since the last digest, docs/sharing.md §12), so the versions
 *   replayed are bounded by it rather than by how long ago the visit was
 * @returns `sinceRevision` null on a first visit (and no changes); `olderVersions` when the visit is
 *   more than MAX_CHANGES_VERSIONS behind (only the newest are read, so time and memory stay flat)
 * @throws AppError not_found when the agreement does not exist
 */
export async function getChangesSince(db: Database, request: { contractId: string; userId: string; notBefore?: number }) {
  const [current] = await db.select({ revision: contracts.revision, document: contracts.document }).from(contracts).where(eq(contracts.id, request.contractId));
  if (!current) throw agreementNotFound();
  const [seen] = await db
    .select({ revision: contractViews.revision })
    .from(contractViews)
    .where(and(eq(contractViews.contractId, request.contractId), eq(contractViews.userId, request.userId)));
  const asked = seen && request.notBefore !== undefined && request.notBefore > seen.revision ? { revision: request.notBefore } : seen;
  // At most MAX_CHANGES_VERSIONS are read, however far behind the visit is (docs/sharing.md §6).
  const floor = current.revision - MAX_CHANGES_VERSIONS;
  const olderVersions = asked && asked.revision < floor ? floor - asked.revision : 0;
  const view = asked && olderVersions > 0 ? { revision: floor } : asked;
  if (!view) return { sinceRevision: null, currentRevision: current.revision, changes: [] as SeenChange[] };
  if (view.revision >= current.revision) return { sinceRevision: view.revision, currentRevision: current.revision, changes: [] as SeenChange[] };
  const documents = await documentsSince(db, request.contractId, view.revision, current);
  const rows = await db
    .select({
      revision: contractRevisions.revision,
      authorUserId: contractRevisions.authorUserId,
      authorLabel: contractRevisions.authorLabel,
      createdAt: contractRevisions.createdAt,
    })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, request.contractId), gt(contractRevisions.revision, view.revision)))
    .orderBy(asc(contractRevisions.revision));
  const byItem = new Map<string, SeenChange>();
  let previous = documents.get(view.revision);
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
  return {
    sinceRevision: asked!.revision,
    currentRevision: current.revision,
    changes: [...byItem.values()],
    ...(olderVersions > 0 ? { olderVersions } : {}),
  };
}

/**
 * Records that the caller has seen the agreement up to `revision` (never beyond the current one).
 */
export async function markSeen(db: Database, request: { contractId: string; userId: string; revision: number; now: Date }): Promise<void> {
  await db
    .insert(contractViews)
    .values({ contractId: request.contractId, userId: request.userId, revision: request.revision, seenAt: request.now })
    .onConflictDoUpdate({
      target: [contractViews.contractId, contractViews.userId],
      set: { revision: sql`least(${request.revision}, (select revision from contracts where id = ${request.contractId}))`, seenAt: request.now },
    });
}

/**
 * For the dashboard badge: per agreement the caller owns or has been shared, how many items others
 * changed since the caller's last visit (agreements never visited, or with nothing new, are left out).
 */
export async function listChangesWaiting(db: Database, userId: string): Promise<{ _id: string; count: number }[]> {
  const owned = db.select({ id: contracts.id }).from(contracts).where(eq(contracts.ownerUserId, userId));
  const shared = db
    .select({ id: contractShares.contractId })
    .from(contractShares)
    .where(and(eq(contractShares.userId, userId), isNotNull(contractShares.acceptedAt)));
  const candidates = await db
    .selectDistinct({ contractId: contractViews.contractId })
    .from(contractViews)
    .innerJoin(contractRevisions, and(eq(contractRevisions.contractId, contractViews.contractId), gt(contractRevisions.revision, contractViews.revision)))
    .where(
      and(
        eq(contractViews.userId, userId),
        sql`${contractRevisions.authorUserId} is distinct from ${userId}`,
        sql`(${contractViews.contractId} in (${owned}) or ${contractViews.contractId} in (${shared}))`,
      ),
    );
  const waiting: { _id: string; count: number }[] = [];
  for (const { contractId } of candidates) {
    const { changes } = await getChangesSince(db, { contractId, userId });
    if (changes.length > 0) waiting.push({ _id: contractId, count: changes.length });
  }
  return waiting;
}
