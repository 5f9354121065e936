/**
 * Email notices of an agreement (docs/sharing.md §12, ADR 198): per person and agreement, whether
 * they get the daily digest of partners' changes and the notices of "to discuss" marks and replies,
 * the unsubscribe token their notices carry, and how far the discussion notices have gone. No row
 * means both notices on: a row is made when the first notice is sent or the setting changes.
 */
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { users } from './users';

export const agreementNotices = pgTable(
  'agreement_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The daily digest of partners' changes to this agreement. */
    digest: boolean('digest').notNull().default(true),
    /** A notice of each new "to discuss" mark or reply by a partner. */
    discussion: boolean('discussion').notNull().default(true),
    /**
     * The random token of this row's unsubscribe links (32 bytes, base64url). Kept as it is, not
     * hashed, because every notice repeats it; it can turn these notices off and nothing else (ADR 198).
     */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Marks and replies up to this time have been noticed (or were there before the first notice). */
    discussionNoticedAt: timestamp('discussion_noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contractId] }),
    uniqueIndex('agreement_notices_token_key').on(table.unsubscribeToken),
    // The senders read the rows of the agreements with news; a deleted agreement's go by cascade.
    index('agreement_notices_contract_id_idx').on(table.contractId),
  ],
);
