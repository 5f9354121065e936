/**
 * An administrator renews or cancels a subscription (docs/product.md §17). A subscription is a
 * booking row (docs/product.md §D4); the subscriber status is derived from the bookings, so a change here
 * takes effect at the account's next request.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema/bookings';
import { AppError } from '../../errors';
import { subscriptionExpiry } from './subscriber-status';

/** 404 text for a booking id that names no booking. */
export const BOOKING_NOT_FOUND_MESSAGE = 'There is no such subscription. Reload the list and try again.';

/**
 * Renews a subscription for one more year (SUBSCRIPTION_YEARS): from its expiry while it is still
 * running, from `now` once it has ended; a cancelled subscription becomes active again.
 *
 * @throws AppError not_found (404) when no booking has this id
 */
export async function renewBooking(db: Database, bookingId: string, now: Date): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new AppError('not_found', BOOKING_NOT_FOUND_MESSAGE);
  const isRunning = booking.expiresAt > now && (booking.cancelledAt === null || booking.cancelledAt > now);
  const expiresAt = subscriptionExpiry(isRunning ? booking.expiresAt : now);
  await db.update(bookings).set({ expiresAt, cancelledAt: null }).where(eq(bookings.id, bookingId));
}

/**
 * Cancels a subscription at `now`: the subscriber can no longer sign in, and a session still open
 * ends at its next request (docs/product.md §6). Cancelling a cancelled subscription changes nothing.
 *
 * @throws AppError not_found (404) when no booking has this id
 */
export async function cancelBooking(db: Database, bookingId: string, now: Date): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new AppError('not_found', BOOKING_NOT_FOUND_MESSAGE);
  if (booking.cancelledAt !== null && booking.cancelledAt <= now) return;
  await db.update(bookings).set({ cancelledAt: now }).where(eq(bookings.id, bookingId));
}
