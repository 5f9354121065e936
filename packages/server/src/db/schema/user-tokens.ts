/**
 * One-time tokens sent by email (docs/product.md §D8): email confirmation (7 days), password reset (1 hour)
 * and invitation (7 days). Only the SHA-256 hash is stored; a token is deleted when it is used, so
 * it works once.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a token lets its holder do. */
export type TokenPurpose = 'email_confirmation' | 'password_reset' | 'invitation';

export const userTokens = pgTable(
  'user_tokens',
  {
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('user_tokens_user_id_idx').on(table.userId),
    check('user_tokens_purpose_check', sql`${table.purpose} in ('email_confirmation', 'password_reset', 'invitation')`),
  ],
);

export type UserTokenRow = typeof userTokens.$inferSelect;
