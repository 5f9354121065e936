import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { messages } from '../../db/schema/messages';
import { AppError } from '../../errors';

/** 404 text for a message id that names no message (deleted already, perhaps by another administrator). */
export const MESSAGE_NOT_FOUND_MESSAGE = 'There is no such message: it may have been deleted already. The list shows the messages there are now.';

/**
 * Deletes one contact message (docs/product.md §7 `DELETE /api/v1/messages/{id}`, admin). Like the
 * other administrators' changes of one row (a subscription's renew and cancel), an id that names no
 * message is 404: the administrator learns that it was gone already (another administrator may have
 * deleted it) instead of a success for a deletion that did not happen. An id that is not a UUID
 * names no message either, so it is 404 too, without reaching the database.
 *
 * @param id the message's UUID, as the path gave it
 * @throws AppError not_found (404) MESSAGE_NOT_FOUND_MESSAGE when no message has this id
 */
export async function deleteMessage(db: Database, id: string): Promise<void> {
  if (!z.guid().safeParse(id).success) throw new AppError('not_found', MESSAGE_NOT_FOUND_MESSAGE);
  const deleted = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  if (deleted.length === 0) throw new AppError('not_found', MESSAGE_NOT_FOUND_MESSAGE);
}
