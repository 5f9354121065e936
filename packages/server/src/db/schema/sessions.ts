/**
 * Signed-in sessions (docs/product.md §D8): the browser holds a random 256-bit id in an HttpOnly cookie; only
 * its SHA-256 hash is stored, so a copy of the database does not let anyone sign in. Expiry slides:
 * each use pushes `expiresAt` 30 days ahead (features/sessions/sessions.ts).
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie value. */
    idHash: text('id_hash').primaryKey(),
    /** Whose session it is (the impersonated user during impersonation). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator who started this session as `userId` (docs/product.md §D8: impersonation); null otherwise. */
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_impersonator_user_id_idx').on(table.impersonatorUserId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
