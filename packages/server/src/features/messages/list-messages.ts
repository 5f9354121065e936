import type { ContactMessageItem } from '@bpa/domain/api-admin';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { messages } from '../../db/schema/messages';

/**
 * Every contact message for the Admin Panel's Messages tab (docs/product.md §7 `GET /api/v1/messages`; docs/product.md §3
 * "Message: _id, mailName, mailEmail, mailMessage, sentAt"), newest first, `sentAt` as ISO 8601.
 */
export async function listMessages(db: Database): Promise<ContactMessageItem[]> {
  const rows = await db.select().from(messages).orderBy(desc(messages.sentAt), desc(messages.id));
  return rows.map((row) => ({
    _id: row.id,
    mailName: row.mailName,
    mailEmail: row.mailEmail,
    mailMessage: row.mailMessage,
    sentAt: row.sentAt.toISOString(),
  }));
}
