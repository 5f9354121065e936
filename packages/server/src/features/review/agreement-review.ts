/**
 * Reviewing an agreement with a partner (docs/sharing.md §6-7): recording a visit and the counts of
 * changes waiting (what changed is worked out by the core: agreements/changes-since.ts), and the partners' "agreed" / "to discuss" marks with notes. Access is checked by the
 * routes (review-routes.ts); these functions trust the agreement id.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contractShares, contractViews, contracts } from '../../db/schema/contracts';
import { countRecordedChangesWaiting, getChangesSince } from '../agreements/changes-since';

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
  // Visited agreements with a revision by someone else since; `isReplayed`: one of the revisions
  // since was stored before revisions recorded their items (migration 0019).
  const candidates = await db
    .select({ contractId: contractViews.contractId, isReplayed: sql<boolean>`bool_or(${contractRevisions.items} is null)` })
    .from(contractViews)
    .innerJoin(contractRevisions, and(eq(contractRevisions.contractId, contractViews.contractId), gt(contractRevisions.revision, contractViews.revision)))
    .where(and(eq(contractViews.userId, userId), sql`(${contractViews.contractId} in (${owned}) or ${contractViews.contractId} in (${shared}))`))
    .groupBy(contractViews.contractId)
    .having(sql`bool_or(${contractRevisions.authorUserId} is distinct from ${userId})`);
  const recorded = await countRecordedChangesWaiting(
    db,
    userId,
    candidates.filter((candidate) => !candidate.isReplayed).map((candidate) => candidate.contractId),
  );
  const waiting: { _id: string; count: number }[] = [];
  for (const { contractId, isReplayed } of candidates) {
    const count = isReplayed ? (await getChangesSince(db, { contractId, userId })).changes.length : (recorded.get(contractId) ?? 0);
    if (count > 0) waiting.push({ _id: contractId, count });
  }
  return waiting;
}
