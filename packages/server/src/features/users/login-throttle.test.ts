/**
 * The sign-in throttle's rule (ADR 189) on its own, without the route: per (account, address)
 * backoff, and the per-account ceiling that refuses only addresses with failures of their own.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_CEILING, FREE_FAILURES, clientKey, createLoginThrottle } from './login-throttle';

describe('createLoginThrottle', () => {
  it('holds the account-wide ceiling for addresses that failed, never for an address without failures', async () => {
    const throttle = createLoginThrottle();
    const email = 'Owner@Example.org';
    const earlyTypo = '203.0.113.9';
    await throttle.recordFailure(email, earlyTypo);
    expect(await throttle.secondsToWait(email, earlyTypo)).toBe(0);
    // Many addresses, each below its own backoff, together reach the ceiling.
    for (let i = 1; i < ACCOUNT_FAILURE_CEILING; i++) await throttle.recordFailure(email, `198.51.${Math.floor(i / FREE_FAILURES)}.1`);
    for (let n = 0; n < ACCOUNT_FAILURE_CEILING / FREE_FAILURES; n++) expect(await throttle.secondsToWait(email, `198.51.${n}.1`)).toBeGreaterThan(0);
    expect(await throttle.secondsToWait(email, earlyTypo)).toBeGreaterThan(3000);
    // A new address that fails once is refused too: each new address gets one try.
    await throttle.recordFailure(email, '192.0.2.77');
    expect(await throttle.secondsToWait(email, '192.0.2.77')).toBeGreaterThan(0);
    // An address without failures of its own may still try (the owner's correct password), as may other accounts.
    expect(await throttle.secondsToWait('owner@example.org', '203.0.113.200')).toBe(0);
    expect(await throttle.secondsToWait('someone-else@example.org', earlyTypo)).toBe(0);
    // A correct password from an address that failed clears that address's count, and so its refusal.
    await throttle.recordSuccess(email, earlyTypo);
    expect(await throttle.secondsToWait(email, earlyTypo)).toBe(0);
  });

  it('does not hold the ceiling below it', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < ACCOUNT_FAILURE_CEILING - 1; i++) await throttle.recordFailure('a@example.org', `198.51.${Math.floor(i / FREE_FAILURES)}.2`);
    expect(await throttle.secondsToWait('a@example.org', '198.51.0.2')).toBe(0);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and counts IPv6 by /64', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
