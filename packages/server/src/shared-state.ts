/**
 * State that several servers behind one proxy must share (docs/product.md §D11; ADR 160): rate-limit
 * counters. With REDIS_URL they live in Redis (the rate-limit libraries' Redis stores), so a limit
 * counts the requests of every server; without it, in this process's memory (one server).
 * Redis is never the only copy of data: losing it resets counters, nothing else.
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** The shared store, or none. */
export interface SharedState {
  /** The Redis client (for @fastify/rate-limit's `redis` option), or null for memory counters. */
  redis: Redis | null;
  /**
   * A counter: `points` per `duration` seconds, in Redis when there is one (with a memory counter
   * of the same limits standing in while Redis does not answer), else in memory.
   */
  limiter(options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract;
  /** Resolves once Redis answers, or after `timeoutMs` (the server starts anyway; counters fall back). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Memory counters only: one server. */
export const LOCAL_STATE: SharedState = {
  redis: null,
  limiter: (options) => new RateLimiterMemory(options),
  ready: async () => true,
  close: async () => undefined,
};

/**
 * Connects to Redis when `redisUrl` is set (the connection is made lazily and retried by ioredis;
 * a request never waits for it: see `limiter`). ioredis is loaded only then: one server without
 * Redis does not hold it (ADR 211).
 *
 * @param redisUrl config REDIS_URL, e.g. redis://127.0.0.1:6379
 * @param onError where connection problems are reported (the log)
 */
export async function openSharedState(redisUrl: string | undefined, onError: (error: Error) => void): Promise<SharedState> {
  if (!redisUrl) return LOCAL_STATE;
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', onError);
  return {
    redis,
    limiter: (options) => new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) }),
    ready: (timeoutMs) =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), timeoutMs);
            timer.unref();
            redis.once('ready', () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
