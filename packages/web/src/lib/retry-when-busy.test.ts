import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { MAX_RETRY_WAIT_MS, retryAfterMs, retryOnceWhenBusy } from './retry-when-busy';

// A real HTTP server answers busy (503 + Retry-After) a given number of times, then success.
let busyAnswersLeft = 0;
let calls = 0;
const server = createServer((request, response) => {
  calls += 1;
  if (busyAnswersLeft > 0) {
    busyAnswersLeft -= 1;
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
    response.end(JSON.stringify({ status: 'error', message: 'Busy' }));
    return;
  }
  response.writeHead(request.url === '/plain503' ? 503 : 200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ status: 'success' }));
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function makeStore() {
  const waits: number[] = [];
  const api = createApi({
    baseQuery: retryOnceWhenBusy(fetchBaseQuery({ baseUrl }), async (ms) => {
      waits.push(ms);
    }),
    endpoints: (build) => ({ make: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST' }) }) }),
  });
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });
  return { api, store, waits };
}

describe('retryOnceWhenBusy', () => {
  it('tries a 503 with Retry-After once more and gives the second answer', async () => {
    const { api, store, waits } = makeStore();
    busyAnswersLeft = 1;
    calls = 0;
    const result = await store.dispatch(api.endpoints.make.initiate('/pdf'));
    expect(result.error).toBeUndefined();
    expect(calls).toBe(2);
    expect(waits).toEqual([0]);
  });

  it('gives up after the second busy answer', async () => {
    const { api, store } = makeStore();
    busyAnswersLeft = 2;
    calls = 0;
    const result = await store.dispatch(api.endpoints.make.initiate('/pdf'));
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });

  it('does not retry a 503 without Retry-After', async () => {
    const { api, store } = makeStore();
    busyAnswersLeft = 0;
    calls = 0;
    const result = await store.dispatch(api.endpoints.make.initiate('/plain503'));
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });

  it('reads seconds and dates, capped', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('3600')).toBe(MAX_RETRY_WAIT_MS);
    expect(retryAfterMs(new Date(5000).toUTCString(), 2000)).toBe(3000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
