import { describe, expect, it } from 'vitest';
import { type BookingPeriod, deriveSubscriberStatus, isSubscriptionInactive, subscriptionExpiry } from './subscriber-status';

const at = (iso: string) => new Date(iso);
function booking(createdAt: string, cancelledAt: string | null = null): BookingPeriod {
  return { createdAt: at(createdAt), expiresAt: subscriptionExpiry(at(createdAt)), cancelledAt: cancelledAt === null ? null : at(cancelledAt) };
}

describe('deriveSubscriberStatus (docs/product.md §D4)', () => {
  it('is none without bookings', () => {
    expect(deriveSubscriberStatus([], at('2025-06-01T00:00:00Z'))).toBe('none');
  });

  it('is active within the year and expired from its last moment on', () => {
    const periods = [booking('2025-01-10T12:00:00Z')];
    expect(deriveSubscriberStatus(periods, at('2025-01-10T12:00:00Z'))).toBe('active');
    expect(deriveSubscriberStatus(periods, at('2026-01-10T11:59:59Z'))).toBe('active');
    expect(deriveSubscriberStatus(periods, at('2026-01-10T12:00:00Z'))).toBe('expired');
  });

  it('is cancelled from the cancellation on, and a renewal makes it active again', () => {
    const cancelled = [booking('2025-01-10T12:00:00Z', '2025-03-01T00:00:00Z')];
    expect(deriveSubscriberStatus(cancelled, at('2025-02-28T23:59:59Z'))).toBe('active');
    expect(deriveSubscriberStatus(cancelled, at('2025-03-01T00:00:00Z'))).toBe('cancelled');
    expect(deriveSubscriberStatus(cancelled, at('2027-01-01T00:00:00Z'))).toBe('cancelled');
    const renewed = [...cancelled, booking('2025-04-01T00:00:00Z')];
    expect(deriveSubscriberStatus(renewed, at('2025-05-01T00:00:00Z'))).toBe('active');
  });

  it('lets the latest booking decide between expired and cancelled', () => {
    const periods = [booking('2022-01-01T00:00:00Z', '2022-02-01T00:00:00Z'), booking('2023-01-01T00:00:00Z')];
    expect(deriveSubscriberStatus(periods, at('2025-01-01T00:00:00Z'))).toBe('expired');
    expect(deriveSubscriberStatus(periods.reverse(), at('2025-01-01T00:00:00Z'))).toBe('expired');
  });

  it('keeps expired and cancelled subscribers out, not active ones or administrators (docs/product.md §6)', () => {
    expect(['active', 'expired', 'cancelled', 'none'].map((s) => isSubscriptionInactive(s as never))).toEqual([false, true, true, false]);
  });
});

describe('subscriptionExpiry', () => {
  it('is the same moment one year later, in UTC', () => {
    expect(subscriptionExpiry(at('2025-03-15T08:30:00Z'))).toEqual(at('2026-03-15T08:30:00Z'));
    expect(subscriptionExpiry(at('2024-02-29T00:00:00Z'))).toEqual(at('2025-03-01T00:00:00Z'));
  });
});
