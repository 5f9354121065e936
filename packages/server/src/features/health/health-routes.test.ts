import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../db/database';
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

describe('GET /api/v1/health and /api/v1/ready (docs/product.md §D11, ADR 160)', () => {
  it('health says alive; ready says the database answers and every migration is applied', async () => {
    const app = await buildTestApp(database.db);
    try {
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.json()).toEqual({ status: 'success', data: { alive: true } });
      const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(200);
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(ready.json()).toEqual({ status: 'success', data: { database: 'ok', migrations: journal.entries.length } });

      // A migration missing from the database: not ready.
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
      const behind = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'error', code: expect.any(String), message: 'The database is not ready yet. Please try again later.' });
    } finally {
      await app.close();
    }
  });

  it('ready answers 503 without internals when the database does not answer; health still answers', async () => {
    const broken = await openTestDatabase();
    const app = await buildTestApp(broken.db);
    try {
      await broken.close();
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: 'The database is not available. Please try again later.' });
    } finally {
      await app.close();
    }
  });
});
