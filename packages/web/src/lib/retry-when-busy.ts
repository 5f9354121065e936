/**
 * One retry when the server says it is busy (ADR 130): a 503 answer with `Retry-After` (the
 * PDF queue is full) is tried again once after the wait the server names (at most
 * MAX_RETRY_WAIT_MS), while the caller's request stays pending, so a progress indicator stays
 * shown. Any other answer, and the second 503, go back to the caller unchanged.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** Longest wait before the retry, in milliseconds, whatever `Retry-After` asks. */
export const MAX_RETRY_WAIT_MS = 10_000;

/** Milliseconds to wait according to a `Retry-After` value (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_WAIT_MS);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_RETRY_WAIT_MS);
}

type FetchQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * Wraps a fetchBaseQuery.
 *
 * @param wait sleeps the given milliseconds (tests pass a fake)
 */
export function retryOnceWhenBusy(
  baseQuery: FetchQuery,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): FetchQuery {
  return async (args, api, extraOptions) => {
    const first = await baseQuery(args, api, extraOptions);
    if (first.error?.status !== 503) return first;
    const delay = retryAfterMs(first.meta?.response?.headers.get('Retry-After'));
    if (delay === undefined || api.signal.aborted) return first;
    await wait(delay);
    return baseQuery(args, api, extraOptions);
  };
}
