/**
 * Replies under an item marked "to discuss" (docs/sharing.md §7): each partner's replies, with
 * author and time, editable and removable by their author only; the thread is settled by marking
 * the item agreed. Part of the agreement core because the discussion sheet prints the threads, as
 * the marks (item-marks.ts). Access is checked by the routes; these functions trust the agreement id.
 */
import { MAX_REPLIES_PER_ITEM, REPLY_NOT_FOUND_MESSAGE, type Reply, THREAD_FULL_MESSAGE } from '@bpa/domain/history';
import { MARK_ITEM_NOT_FOUND_MESSAGE } from '@bpa/domain/history';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractReplies, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { ITEM_WITH_ID } from './item-marks';

/** Every thread of an agreement, oldest reply first, with authors' names (docs/sharing.md §11). */
export async function listReplies(db: Database, request: { contractId: string; userId: string }): Promise<Reply[]> {
  const rows = await db
    .select({
      id: contractReplies.id,
      itemId: contractReplies.itemId,
      userId: contractReplies.userId,
      name: users.name,
      email: users.email,
      text: contractReplies.text,
      createdAt: contractReplies.createdAt,
      updatedAt: contractReplies.updatedAt,
    })
    .from(contractReplies)
    .innerJoin(users, eq(users.id, contractReplies.userId))
    .where(eq(contractReplies.contractId, request.contractId))
    .orderBy(asc(contractReplies.createdAt), asc(contractReplies.id));
  return rows.map((row) => ({
    id: row.id,
    itemId: row.itemId,
    author: row.name === '' ? row.email : row.name,
    isMine: row.userId === request.userId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Adds the caller's reply under one item of the agreement's current document. The item is looked
 * up, and the thread counted, in the statement that stores the reply.
 *
 * @returns every thread after the change (listReplies)
 * @throws AppError not_found MARK_ITEM_NOT_FOUND_MESSAGE when the id is no subject's or option's
 *   `_id` in the agreement; conflict THREAD_FULL_MESSAGE when the item has MAX_REPLIES_PER_ITEM replies
 */
export async function addReply(db: Database, request: { contractId: string; userId: string; itemId: string; text: string; now: Date }): Promise<Reply[]> {
  const stored = (await db.execute(sql`
    insert into ${contractReplies} (contract_id, item_id, user_id, text, created_at, updated_at)
    select ${contracts.id}, ${request.itemId}, ${request.userId}::uuid, ${request.text}, ${request.now.toISOString()}::timestamptz, ${request.now.toISOString()}::timestamptz
    from ${contracts}
    where ${contracts.id} = ${request.contractId}::uuid
      and jsonb_path_exists(${contracts.document}, ${ITEM_WITH_ID}::jsonpath, jsonb_build_object('id', ${request.itemId}::text))
      and (select count(*) from ${contractReplies} where contract_id = ${request.contractId}::uuid and item_id = ${request.itemId}) < ${MAX_REPLIES_PER_ITEM}
    returning id
  `)) as unknown as { rows: { id: string }[] };
  if (stored.rows.length === 0) {
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(contractReplies)
      .where(and(eq(contractReplies.contractId, request.contractId), eq(contractReplies.itemId, request.itemId)));
    if (count >= MAX_REPLIES_PER_ITEM) throw new AppError('conflict', THREAD_FULL_MESSAGE);
    throw new AppError('not_found', MARK_ITEM_NOT_FOUND_MESSAGE);
  }
  return listReplies(db, request);
}

/**
 * Changes the text of one of the caller's replies, or (with `text` null) removes it.
 *
 * @returns every thread after the change (listReplies)
 * @throws AppError not_found REPLY_NOT_FOUND_MESSAGE when the reply is not there or is another partner's
 */
export async function changeReply(
  db: Database,
  request: { contractId: string; userId: string; replyId: string; text: string | null; now: Date },
): Promise<Reply[]> {
  const mine = and(eq(contractReplies.id, request.replyId), eq(contractReplies.contractId, request.contractId), eq(contractReplies.userId, request.userId));
  const changed =
    request.text === null
      ? await db.delete(contractReplies).where(mine).returning({ id: contractReplies.id })
      : await db.update(contractReplies).set({ text: request.text, updatedAt: request.now }).where(mine).returning({ id: contractReplies.id });
  if (changed.length === 0) throw new AppError('not_found', REPLY_NOT_FOUND_MESSAGE);
  return listReplies(db, request);
}
