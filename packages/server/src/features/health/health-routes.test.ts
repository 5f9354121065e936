import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('GET /api/v1/health', () => {
  it('answers that the database is ok', async () => {
    const app = await buildTestApp(database.db);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', data: { database: 'ok' } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 without internals when the database does not answer', async () => {
    const broken = await openTestDatabase();
    const app = await buildTestApp(broken.db);
    try {
      await broken.close();
      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', message: 'The database is not available. Please try again later.' });
    } finally {
      await app.close();
    }
  });
});
