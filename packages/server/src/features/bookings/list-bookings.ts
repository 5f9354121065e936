import type { BookingListItem, BookingStatus } from '@bpa/domain/api-admin';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema/bookings';
import { users } from '../../db/schema/users';

/**
 * A booking's state at `now` (docs/product.md §D4): cancelled once `cancelledAt` has passed, expired once
 * `expiresAt` has passed, else active (a booking that starts later is paid for, so it counts as
 * active too).
 */
export function bookingStatus(booking: { expiresAt: Date; cancelledAt: Date | null }, now: Date): BookingStatus {
  if (booking.cancelledAt !== null && booking.cancelledAt <= now) return 'cancelled';
  if (booking.expiresAt <= now) return 'expired';
  return 'active';
}

/**
 * Every subscription for the Admin Panel's Subscriptions tab (docs/product.md §7 `GET /api/v1/bookings`; docs/product.md §3
 * "Subscription (booking): user.email, createdAt, price"), newest first. Dates are ISO 8601; the
 * price is in cents (PRICE_CENTS = 1500 is $15.00).
 */
export async function listBookings(db: Database, now: Date): Promise<BookingListItem[]> {
  const rows = await db
    .select({ booking: bookings, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(({ booking, email }) => ({
    _id: booking.id,
    user: { _id: booking.userId, email },
    createdAt: booking.createdAt.toISOString(),
    expiresAt: booking.expiresAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    priceCents: booking.priceCents,
    status: bookingStatus(booking, now),
  }));
}
