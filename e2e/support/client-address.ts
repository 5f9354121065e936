/**
 * A client address per spec file (RFC 5737 documentation addresses), sent as X-Forwarded-For with
 * every page and API request of the file; the e2e server trusts the header (TRUST_PROXY, as behind
 * the production proxy). The server's per-address rate limits (15 minutes; 20 uses of invitation
 * and reset links: docs/product.md §D8) then count each file as its own visitor, as real players
 * are, instead of the whole suite as one address that runs out of attempts.
 */
import { test } from '@playwright/test';

/**
 * Makes every request of this spec file come from `198.51.100.<n>`.
 *
 * @param n 1..254, different in each spec file
 */
export function useClientAddress(n: number): void {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${n}` } });
}
