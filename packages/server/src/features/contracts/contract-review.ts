/**
 * Reviewing an agreement with a partner (issue 12 §1-2): what others changed since the caller last
 * looked, and the partners' "agreed" / "to discuss" marks with notes. Access is checked by the
 * routes (review-routes.ts); these functions trust the agreement id.
 */
import { type ItemChange, MARK_ITEM_NOT_FOUND_MESSAGE, type Mark, type MarkStatus, type SeenChange, listItemChanges } from '@bpa/domain/history';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractMarks, contractRevisions, contractShares, contractViews, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
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

/**
 * The subjects and options of a stored document whose `_id` is `$id` (SQL/JSON path, run by
 * PostgreSQL on the JSONB column: the document is not read into the server).
 */
const ITEM_WITH_ID = '$.categories[*].subjects[*] ? (@._id == $id || exists (@.options[*] ? (@._id == $id)))';

/**
 * Sets (or, with `status` null, removes) the caller's mark on one item: a subject or option of the
 * agreement's current document (docs/product.md §10). The item is looked up in the
 * same statement that stores the mark, so a save removing it cannot slip in between. Removing a
 * mark is idempotent, whether or not the item still exists.
 *
 * @returns every partner's marks on the agreement after the change (listMarks)
 * @throws AppError not_found (404) MARK_ITEM_NOT_FOUND_MESSAGE when setting a mark on an id that is
 *   no subject's or option's `_id` in the agreement (nothing is stored)
 */
export async function setMark(
  db: Database,
  request: { contractId: string; userId: string; itemId: string; status: MarkStatus | null; note: string; now: Date },
): Promise<Mark[]> {
  if (request.status === null) {
    const key = and(eq(contractMarks.contractId, request.contractId), eq(contractMarks.itemId, request.itemId), eq(contractMarks.userId, request.userId));
    await db.delete(contractMarks).where(key);
  } else {
    const stored = (await db.execute(sql`
      insert into ${contractMarks} (contract_id, item_id, user_id, status, note, updated_at)
      select ${contracts.id}, ${request.itemId}, ${request.userId}::uuid, ${request.status}, ${request.note}, ${request.now.toISOString()}::timestamptz
      from ${contracts}
      where ${contracts.id} = ${request.contractId}::uuid
        and jsonb_path_exists(${contracts.document}, ${ITEM_WITH_ID}::jsonpath, jsonb_build_object('id', ${request.itemId}::text))
      on conflict (contract_id, item_id, user_id) do update set status = excluded.status, note = excluded.note, updated_at = excluded.updated_at
      returning item_id
    `)) as unknown as { rows: { item_id: string }[] };
    if (stored.rows.length === 0) throw new AppError('not_found', MARK_ITEM_NOT_FOUND_MESSAGE);
  }
  return listMarks(db, { contractId: request.contractId, userId: request.userId });
}
