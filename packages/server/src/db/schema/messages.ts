/**
 * Contact messages (docs/product.md §3 "Message: _id, mailName, mailEmail, mailMessage, sentAt"): written by
 * anyone through the Contact Us form (POST /api/v1/messages, captcha-checked), read and deleted by
 * administrators in the Admin Panel's Messages tab.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sender's name as typed (trimmed); empty when not given (docs/product.md §5: name optional). */
    mailName: text('mail_name').notNull().default(''),
    /** The sender's address as typed (trimmed): the administrator answers to it. */
    mailEmail: text('mail_email').notNull(),
    mailMessage: text('mail_message').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list is read newest first.
  (table) => [index('messages_sent_at_idx').on(table.sentAt)],
);

export type MessageRow = typeof messages.$inferSelect;
