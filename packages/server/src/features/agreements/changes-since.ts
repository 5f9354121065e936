/**
 * What others changed in an agreement since a member last saw it (docs/sharing.md §6): read by
 * the review routes, the dashboard's counts and the email digest (features/notices). Access is the
 * caller's business; this trusts the agreement id.
 */
import { type ItemChange, MAX_CHANGES_VERSIONS, type SeenChange, listItemChanges } from '@bpa/domain/history';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contractViews, contracts } from '../../db/schema/contracts';
import { agreementNotFound } from './owned-agreements';
import { documentsSince } from './revision-store';

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
