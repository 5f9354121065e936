/**
 * Sign-in throttling per account and client address (ADR 189; docs/product.md §D8). The route's
 * rate limit counts attempts per client address, and a bridge club signs in from one address:
 * with a low limit, one member's typos locked everyone out. So the address limit is high
 * (LOGIN_RATE_LIMIT), and wrong passwords are counted per (account, address) pair instead: after
 * FREE_FAILURES consecutive failures from one address, that address waits 1 s, then 2 s, 4 s … up
 * to 15 minutes before each further attempt on that account (exponential backoff, as OWASP's
 * authentication guidance suggests); a correct sign-in from it clears its count.
 *
 * Counting per account alone let anyone lock an owner out (OWASP ASVS 2.2.1): a few wrong
 * passwords from anywhere, then one every 15 minutes, kept the correct password refused. Counting
 * per pair cannot do that, but alone it lets an attacker with many addresses try many passwords.
 * So each account also has a ceiling: once ACCOUNT_FAILURE_CEILING wrong passwords from all
 * addresses together fall in one ACCOUNT_WINDOW_SECONDS window, every address with failures of
 * its own on that account is refused until the window ends. An address with no failures of its
 * own is never refused by the ceiling, so the owner's correct password from their usual address
 * still signs them in.
 *
 * IPv6 addresses count by their /64 prefix (one subscriber's network hands out a whole /64, so
 * each of its addresses is not a fresh client). The keys are the normalised email whether or not
 * an account has it, so the throttle tells nothing about which emails exist. Counts live in memory
 * through rate-limiter-flexible (one process); the same limiters take a Redis store where several
 * servers must share them (shared-state.ts).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { LOCAL_STATE, type SharedState } from '../../shared-state';
import { normaliseEmail } from './normalise-email';

/** Wrong passwords in a row from one address before its backoff starts. */
export const FREE_FAILURES = 4;
/** Longest wait between attempts, in seconds. */
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** How long consecutive failures of one address are remembered without a new one, in seconds. */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
/** Wrong passwords for one account, from all addresses, per window before the ceiling holds. */
export const ACCOUNT_FAILURE_CEILING = 100;
/** The ceiling's window, in seconds (fixed, from the first failure counted in it). */
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;

/** The 429 text while an address waits for an account. */
export function accountThrottledMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords for this account. Please wait ${wait} and try again.`;
}

/** The throttle of one server process: see the module comment. */
export interface LoginThrottle {
  /**
   * Seconds this client address must still wait before its next attempt on the account; 0 when it
   * may try now.
   *
   * @param email as typed (normalised here)
   * @param address the client address (request.ip), IPv4 or IPv6
   */
  secondsToWait(email: string, address: string): Promise<number>;
  /** Counts a wrong password from the address: starts or lengthens its wait, and counts towards the account's ceiling. */
  recordFailure(email: string, address: string): Promise<void>;
  /** A correct password from the address: its count starts again (the account's ceiling keeps counting). */
  recordSuccess(email: string, address: string): Promise<void>;
}

/** The wait after the n-th failure in a row, in seconds (0 while n <= FREE_FAILURES). */
export function backoffSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** (failures - FREE_FAILURES - 1));
}

/**
 * The part of a client address that identifies a client: an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64 prefix (`2001:db8:0:1::/64`),
 * anything else as given.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Makes the throttle, its counters in the shared store (Redis with REDIS_URL, so every server of a
 * cluster counts the same failures; memory otherwise: shared-state.ts).
 */
export function createLoginThrottle(shared: SharedState = LOCAL_STATE): LoginThrottle {
  const failures = shared.limiter({ keyPrefix: 'login-failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURE_MEMORY_SECONDS });
  const waits = shared.limiter({ keyPrefix: 'login-wait', points: 1, duration: 1 });
  const accountFailures = shared.limiter({ keyPrefix: 'login-account-failures', points: Number.MAX_SAFE_INTEGER, duration: ACCOUNT_WINDOW_SECONDS });
  const pairKey = (email: string, address: string) => `${normaliseEmail(email)} ${clientKey(address)}`;
  return {
    async secondsToWait(email, address) {
      const key = pairKey(email, address);
      const [own, wait] = await Promise.all([failures.get(key), waits.get(key)]);
      if (own === null || own.consumedPoints === 0) return 0;
      let seconds = wait === null || wait.consumedPoints <= 1 ? 0 : Math.max(1, Math.ceil(wait.msBeforeNext / 1000));
      const account = await accountFailures.get(normaliseEmail(email));
      if (account !== null && account.consumedPoints >= ACCOUNT_FAILURE_CEILING)
        seconds = Math.max(seconds, Math.max(1, Math.ceil(account.msBeforeNext / 1000)));
      return seconds;
    },
    async recordFailure(email, address) {
      const key = pairKey(email, address);
      const [counted] = await Promise.all([failures.consume(key), accountFailures.consume(normaliseEmail(email))]);
      const seconds = backoffSeconds(counted.consumedPoints);
      if (seconds > 0) await waits.block(key, seconds);
    },
    async recordSuccess(email, address) {
      const key = pairKey(email, address);
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}
