/**
 * Remembers which captcha solutions were already accepted, so each solved challenge is good for
 * one message only (docs/product.md §D8: `POST /api/v1/messages` verifies the captcha solution on
 * the server, single use and expiring). A key only needs keeping until its challenge expires: after that,
 * `verify` refuses the challenge anyway.
 */

export interface UsedSolutionStore {
  /**
   * Records `key` as used until `expiresAt`. Resolves true when it was not used before (the caller
   * may accept the solution), false when it was (a replay). Must be atomic: of two concurrent calls
   * with one key, only one resolves true.
   *
   * A database implementation: table `captcha_solutions(key text primary key, expires_at
   * timestamptz not null)`, `INSERT ... ON CONFLICT (key) DO NOTHING RETURNING key` (true when a
   * row comes back), and `DELETE FROM captcha_solutions WHERE expires_at < now()` from time to time.
   */
  markUsed(key: string, expiresAt: Date): Promise<boolean>;
}

export interface MemoryUsedSolutionStoreOptions {
  /** Clock in milliseconds since the epoch; tests pass a fake one. Default `Date.now`. */
  now?: () => number;
  /** Expired keys are removed at most this often, in milliseconds. Default 60 000. */
  sweepIntervalMs?: number;
}

/** The in-memory store, with how many keys it holds (for tests and monitoring). */
export interface MemoryUsedSolutionStore extends UsedSolutionStore {
  readonly size: number;
}

/**
 * An in-memory `UsedSolutionStore` for tests and for a single server process (with several
 * processes, a solution could be replayed once per process: use the database store there).
 * Expired keys are swept during `markUsed`, at most once per `sweepIntervalMs`, so memory stays
 * bounded by the solutions accepted within one challenge lifetime.
 */
export function createMemoryUsedSolutionStore(options: MemoryUsedSolutionStoreOptions = {}): MemoryUsedSolutionStore {
  const now = options.now ?? Date.now;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  /** key -> expiry in milliseconds since the epoch. */
  const expiries = new Map<string, number>();
  let lastSweep = now();

  function sweep(at: number): void {
    for (const [key, expiry] of expiries) {
      if (expiry <= at) expiries.delete(key);
    }
    lastSweep = at;
  }

  return {
    get size() {
      return expiries.size;
    },
    // Synchronous body: nothing can run between the check and the set, so this is atomic.
    markUsed(key, expiresAt) {
      const at = now();
      if (at - lastSweep >= sweepIntervalMs) sweep(at);
      const expiry = expiries.get(key);
      if (expiry !== undefined && expiry > at) return Promise.resolve(false);
      expiries.set(key, expiresAt.getTime());
      return Promise.resolve(true);
    },
  };
}
