/**
 * The invitations sent with shares (ADR 172, "Amended"): one row per share of an agreement with an
 * address, whether or not an email went with it. The limits read it, so they hold across servers
 * and restarts: at most 10 new addresses a day per sharing account, at most one invitation email a
 * day per address, whoever shares. The maintenance jobs delete rows older than the window.
 *
 * The address is stored as text, not as a reference to an account: the limits outlive a partner
 * account that is deleted when its last share ends.
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { users } from './users';

export const invitationEmails = pgTable(
  'invitation_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The invited address, normalised (trimmed, lower case). */
    recipientEmail: text('recipient_email').notNull(),
    /** The account that shared (the agreement's owner). */
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** When the share was made. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** True when an invitation email went out (or is going out) with this share; false when the limit held it back or delivery failed. */
    isEmailSent: boolean('is_email_sent').notNull(),
  },
  (table) => [
    index('invitation_emails_recipient_idx').on(table.recipientEmail, table.sentAt),
    index('invitation_emails_sender_idx').on(table.senderUserId, table.sentAt),
  ],
);
