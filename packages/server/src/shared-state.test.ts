/**
 * Rate limits counted across servers that share Redis (ADR 160): two apps on one database and
 * one Redis see one count. Runs when REDIS_URL names a Redis server (CI sets it; .ci/run).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { FORGOT_PASSWORD_RATE_LIMIT } from './features/users/user-routes';
import { FREE_FAILURES } from './features/users/login-throttle';
import { buildTestApp, makeTestConfig } from './test/test-app';
import { createTestAccount } from './test/test-accounts';
import { type TestDatabase, openTestDatabase, testRedisUrl } from './test/test-db';

const redisUrl = testRedisUrl();

describe.skipIf(!redisUrl)('two servers sharing Redis (REDIS_URL)', () => {
  let database: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    for (let index = 0; index < 2; index++) {
      const app = await buildTestApp(database.db, { config: makeTestConfig({ REDIS_URL: redisUrl }) });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('count a route limit across both servers', async () => {
    // A fresh client address, so earlier runs against the same Redis do not count.
    const remoteAddress = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const answers: number[] = [];
    for (let index = 0; index <= FORGOT_PASSWORD_RATE_LIMIT.max; index++) {
      const app = apps[index % 2]!;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users/forgotPassword',
        payload: { email: `nobody-${randomUUID()}@example.org` },
        remoteAddress,
      });
      answers.push(response.statusCode);
    }
    // Each server alone saw at most three requests; together they saw six: the sixth is refused.
    expect(answers.slice(0, FORGOT_PASSWORD_RATE_LIMIT.max).every((code) => code !== 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('count wrong passwords of one account across both servers', async () => {
    const account = await createTestAccount(database.db, { email: `throttle-${randomUUID()}@example.org` });
    const codes: number[] = [];
    for (let index = 0; index < FREE_FAILURES + 1; index++) {
      const response = await apps[index % 2]!.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: account.email, password: 'Wrong-password-1' },
      });
      codes.push(response.statusCode);
    }
    // The next attempt, on either server, must wait.
    const next = await apps[0]!.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: account.email, password: 'Wrong-password-1' } });
    expect(next.statusCode).toBe(429);
    expect(codes.every((code) => code === 401)).toBe(true);
  });
});
