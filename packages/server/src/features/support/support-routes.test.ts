import { SupportAnswerSchema } from '@bpa/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('GET /api/v1/support', () => {
  it('answers SUPPORT_EMAIL to anyone, and ADMIN_EMAIL when it is not set', async () => {
    for (const [settings, email] of [
      [{ ADMIN_EMAIL: 'admin@example.org', SUPPORT_EMAIL: 'help@example.org' }, 'help@example.org'],
      [{ ADMIN_EMAIL: 'admin@example.org' }, 'admin@example.org'],
    ] as const) {
      const app = await buildTestApp(database.db, { config: makeTestConfig(settings) });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/v1/support' });
        expect(response.statusCode).toBe(200);
        expect(SupportAnswerSchema.parse(response.json()).data.email).toBe(email);
      } finally {
        await app.close();
      }
    }
  });
});
