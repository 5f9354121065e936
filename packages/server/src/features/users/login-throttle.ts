/**
 * Sign-in throttling per account (issue 9, item 9). The route's rate limit counts attempts per
 * client address, and a bridge club signs in from one address: with a low limit, one member's
 * typos locked everyone out. So the address limit is high (LOGIN_RATE_LIMIT), and wrong passwords
 * are counted per account instead: after FREE_FAILURES consecutive failures the account waits
 * 1 s, then 2 s, 4 s … up to 15 minutes before each further attempt (exponential backoff, as
 * OWASP's authentication guidance suggests); a correct sign-in clears the count.
 *
 * The key is the normalised email whether or not an account has it, so the throttle tells nothing
 * about which emails exist. Counts live in memory through rate-limiter-flexible (one process); the
 * same limiters take a Redis store where several servers must share them.
 */
import { LOCAL_STATE, type SharedState } from '../../shared-state';
import { normaliseEmail } from './normalise-email';

/** Wrong passwords in a row before the backoff starts. */
export const FREE_FAILURES = 4;
/** Longest wait between attempts, in seconds. */
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** How long consecutive failures are remembered without a new one, in seconds. */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

/** The 429 text while an account waits. */
export function accountThrottledMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords for this account. Please wait ${wait} and try again.`;
}

/** The throttle of one server process: see the module comment. */
export interface LoginThrottle {
  /** Seconds the account must still wait before its next attempt; 0 when it may try now. */
  secondsToWait(email: string): Promise<number>;
  /** Counts a wrong password and starts or lengthens the wait. */
  recordFailure(email: string): Promise<void>;
  /** A correct password: the count starts again. */
  recordSuccess(email: string): Promise<void>;
}

/** The wait after the n-th failure in a row, in seconds (0 while n <= FREE_FAILURES). */
export function backoffSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** (failures - FREE_FAILURES - 1));
}

/**
 * Makes the throttle, its counters in the shared store (Redis with REDIS_URL, so every server of a
 * cluster counts the same failures; memory otherwise: shared-state.ts).
 */
export function createLoginThrottle(shared: SharedState = LOCAL_STATE): LoginThrottle {
  const failures = shared.limiter({ keyPrefix: 'login-failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURE_MEMORY_SECONDS });
  const waits = shared.limiter({ keyPrefix: 'login-wait', points: 1, duration: 1 });
  return {
    async secondsToWait(email) {
      const wait = await waits.get(normaliseEmail(email));
      if (wait === null || wait.consumedPoints <= 1) return 0;
      return Math.max(1, Math.ceil(wait.msBeforeNext / 1000));
    },
    async recordFailure(email) {
      const key = normaliseEmail(email);
      const counted = await failures.consume(key);
      const seconds = backoffSeconds(counted.consumedPoints);
      if (seconds > 0) await waits.block(key, seconds);
    },
    async recordSuccess(email) {
      const key = normaliseEmail(email);
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}
