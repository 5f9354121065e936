/**
 * The subscriber status (docs/product.md §D4): derived from the account's bookings, never stored, so that a
 * subscription ends on its own when its year is over.
 */
import type { SubscriberStatus } from '@bpa/domain/api-users';
import { SUBSCRIPTION_YEARS } from '@bpa/domain/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type BookingRow, bookings } from '../../db/schema/bookings';

/** The booking fields the status depends on. */
export type BookingPeriod = Pick<BookingRow, 'createdAt' | 'expiresAt' | 'cancelledAt'>;

/**
 * Derives the status from bookings (docs/product.md §D4):
 * - `none`: no booking at all (administrators, or an account made by hand);
 * - `active`: some booking covers `now` (createdAt <= now < expiresAt) and is not cancelled by then;
 * - otherwise the latest booking (by expiry) decides: `cancelled` if it was cancelled, else `expired`.
 *
 * docs/product.md §6: a non-admin whose status is `expired` or `cancelled` cannot sign in.
 */
export function deriveSubscriberStatus(periods: readonly BookingPeriod[], now: Date): SubscriberStatus {
  if (periods.length === 0) return 'none';
  const isCancelledBy = (period: BookingPeriod) => period.cancelledAt !== null && period.cancelledAt <= now;
  if (periods.some((p) => p.createdAt <= now && now < p.expiresAt && !isCancelledBy(p))) return 'active';
  const latest = periods.reduce((a, b) => (b.expiresAt > a.expiresAt ? b : a));
  return isCancelledBy(latest) ? 'cancelled' : 'expired';
}

/** True for the statuses that keep a non-admin out (docs/product.md §6). */
export function isSubscriptionInactive(status: SubscriberStatus): boolean {
  return status === 'expired' || status === 'cancelled';
}

/** A booking's expiry: the same moment SUBSCRIPTION_YEARS later (docs/product.md §D4: createdAt + 1 year), in UTC. */
export function subscriptionExpiry(createdAt: Date): Date {
  const expiresAt = new Date(createdAt);
  expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + SUBSCRIPTION_YEARS);
  return expiresAt;
}

/** Reads an account's bookings and derives its status at `now`. */
export async function getSubscriberStatus(db: Database, userId: string, now: Date): Promise<SubscriberStatus> {
  const periods = await db
    .select({ createdAt: bookings.createdAt, expiresAt: bookings.expiresAt, cancelledAt: bookings.cancelledAt })
    .from(bookings)
    .where(eq(bookings.userId, userId));
  return deriveSubscriberStatus(periods, now);
}
