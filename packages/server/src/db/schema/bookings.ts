/**
 * Subscriptions, called bookings (docs/product.md §3 "Subscription (booking)", docs/product.md §D4): one row per paid
 * year, `expiresAt = createdAt + 1 year`, price in cents. The subscriber status (active, expired,
 * cancelled, none) is derived from these rows (features/users/subscriber-status.ts).
 */
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Price paid, in cents (PRICE_CENTS = 1500 is $15.00). */
    priceCents: integer('price_cents').notNull(),
    /** Set when the subscription was cancelled; the status is then `cancelled` from that moment. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [index('bookings_user_id_idx').on(table.userId)],
);

export type BookingRow = typeof bookings.$inferSelect;
