/**
 * Reviewing an agreement with a partner (issue 12 §1-2): what others changed since the caller last
 * looked, and the partners' "agreed" / "to discuss" marks with notes. Access is checked by the
 * routes (review-routes.ts); these functions trust the agreement id.
 */
import { type ItemChange, type Mark, type MarkStatus, type SeenChange, listItemChanges } from '@bpa/domain/history';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractMarks, contractRevisions, contractShares, contractViews, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { acceptShares } from './contract-sharing';
import { contractNotFound } from './owned-contracts';
import { documentsSince } from './revision-store';

/**
 * The items others changed since the caller last saw the agreement, newest change per item; an
 * item the caller changed again afterwards is left out (never highlight one's own changes).
 *
 * @returns `sinceRevision` null on a first visit (and no changes)
 * @throws AppError not_found when the agreement does not exist
 */
export async function getChangesSince(db: Database, request: { contractId: string; userId: string }) {
  const [current] = await db.select({ revision: contracts.revision, document: contracts.document }).from(contracts).where(eq(contracts.id, request.contractId));
  if (!current) throw contractNotFound();
  const [view] = await db
    .select({ revision: contractViews.revision })
    .from(contractViews)
    .where(and(eq(contractViews.contractId, request.contractId), eq(contractViews.userId, request.userId)));
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
  return { sinceRevision: view.revision, currentRevision: current.revision, changes: [...byItem.values()] };
}

/**
 * Records that the caller has seen the agreement up to `revision` (never beyond the current one).
 * A partner opening it accepts its share: the owner then sees their name (ADR 172, "Amended").
 */
export async function markSeen(db: Database, request: { contractId: string; userId: string; revision: number; now: Date }): Promise<void> {
  await acceptShares(db, request);
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
  const shared = db.select({ id: contractShares.contractId }).from(contractShares).where(eq(contractShares.userId, userId));
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

/** Every partner's marks on an agreement, oldest first, with their authors' names. */
export async function listMarks(db: Database, request: { contractId: string; userId: string }): Promise<Mark[]> {
  const rows = await db
    .select({
      itemId: contractMarks.itemId,
      userId: contractMarks.userId,
      name: users.name,
      email: users.email,
      status: contractMarks.status,
      note: contractMarks.note,
      updatedAt: contractMarks.updatedAt,
    })
    .from(contractMarks)
    .innerJoin(users, eq(users.id, contractMarks.userId))
    .where(eq(contractMarks.contractId, request.contractId))
    .orderBy(asc(contractMarks.updatedAt));
  return rows.map((row) => ({
    itemId: row.itemId,
    userId: row.userId,
    author: row.name === '' ? row.email : row.name,
    isMine: row.userId === request.userId,
    status: row.status,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Sets (or, with `status` null, removes) the caller's mark on one item. */
export async function setMark(
  db: Database,
  request: { contractId: string; userId: string; itemId: string; status: MarkStatus | null; note: string; now: Date },
): Promise<Mark[]> {
  const key = and(eq(contractMarks.contractId, request.contractId), eq(contractMarks.itemId, request.itemId), eq(contractMarks.userId, request.userId));
  if (request.status === null) {
    await db.delete(contractMarks).where(key);
  } else {
    await db
      .insert(contractMarks)
      .values({
        contractId: request.contractId,
        itemId: request.itemId,
        userId: request.userId,
        status: request.status,
        note: request.note,
        updatedAt: request.now,
      })
      .onConflictDoUpdate({
        target: [contractMarks.contractId, contractMarks.itemId, contractMarks.userId],
        set: { status: request.status, note: request.note, updatedAt: request.now },
      });
  }
  return listMarks(db, { contractId: request.contractId, userId: request.userId });
}
