/**
 * The partners' "agreed" / "to discuss" marks on an agreement's items, with notes (docs/product.md,
 * review). Part of the agreement core because the agreement PDF's discussion list reads them as
 * the review routes do. Access is checked by the routes; these functions trust the agreement id.
 */
import { MARK_ITEM_NOT_FOUND_MESSAGE, type Mark, type MarkStatus } from '@bpa/domain/history';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractMarks, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';

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
export const ITEM_WITH_ID = '$.categories[*].subjects[*] ? (@._id == $id || exists (@.options[*] ? (@._id == $id)))';

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
