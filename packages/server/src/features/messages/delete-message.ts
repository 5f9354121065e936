import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { messages } from '../../db/schema/messages';

/**
 * Deletes one contact message (docs/product.md §7 `DELETE /api/v1/messages/{id}`, admin). Deleting a message
 * that is already gone is not an error: two administrators may delete the same message, and both
 * should simply see the list without it.
 *
 * @param id the message's UUID
 * @returns whether a message was deleted
 */
export async function deleteMessage(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  return deleted.length > 0;
}
