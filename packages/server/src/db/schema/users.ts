/**
 * Accounts (docs/product.md §3 "User", docs/product.md §D8). An account is an administrator, a subscriber, or a partner
 * (docs/sharing.md §1: free, no agreements of its own, sees what is shared with it); whether a subscriber may
 * sign in is derived from their bookings (bookings.ts), not stored here.
 *
 * Emails are stored trimmed and in lower case (features/users/normalise-email.ts), so the unique
 * index makes one account per address whatever case a form used.
 */
import type { Role } from '@bpa/domain/api-users';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed, lower case. */
    email: text('email').notNull(),
    /** Name shown in the app; empty means "show the email" (docs/product.md §3: userName). */
    name: text('name').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    /** argon2id PHC string (docs/product.md §D8); null until the invitation link has been used to set a password. */
    passwordHash: text('password_hash'),
    /** When the address was proven (confirmation, invitation or reset link); null = unconfirmed (docs/product.md §4). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last daily digest of partners' changes was sent: never more than one a day (docs/sharing.md §12). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email), check('users_role_check', sql`${table.role} in ('admin', 'subscriber', 'partner')`)],
);

export type UserRow = typeof users.$inferSelect;
