import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSolutions } from '../../db/schema/captcha-solutions';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { createDatabaseUsedSolutionStore, deleteExpiredCaptchaSolutions } from './database-used-solution-store';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function storedKeys(): Promise<string[]> {
  return (await database.db.select().from(captchaSolutions)).map((row) => row.key).sort();
}

describe('createDatabaseUsedSolutionStore', () => {
  it('accepts a key once', async () => {
    const store = createDatabaseUsedSolutionStore(database.db);
    const expiresAt = new Date(Date.now() + 600_000);

    expect(await store.markUsed('once-a', expiresAt)).toBe(true);
    expect(await store.markUsed('once-a', expiresAt)).toBe(false);
    expect(await store.markUsed('once-b', expiresAt)).toBe(true);
  });

  it('lets exactly one of several simultaneous calls with one key through', async () => {
    const stores = [createDatabaseUsedSolutionStore(database.db), createDatabaseUsedSolutionStore(database.db)];
    const expiresAt = new Date(Date.now() + 600_000);

    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => stores[i % 2]!.markUsed('race', expiresAt)));

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('deletes expired keys now and then, at most once per sweep interval', async () => {
    await database.db.delete(captchaSolutions);
    let clock = new Date('2030-01-01T12:00:00Z');
    const store = createDatabaseUsedSolutionStore(database.db, { now: () => clock, sweepIntervalMs: 60_000 });
    await store.markUsed('short-lived', new Date(clock.getTime() + 1_000));
    await store.markUsed('long-lived', new Date(clock.getTime() + 600_000));

    clock = new Date(clock.getTime() + 30_000); // short-lived has expired, but no sweep is due yet
    await store.markUsed('third', new Date(clock.getTime() + 600_000));
    expect(await storedKeys()).toEqual(['long-lived', 'short-lived', 'third']);

    clock = new Date(clock.getTime() + 30_000);
    await store.markUsed('fourth', new Date(clock.getTime() + 600_000));
    expect(await storedKeys()).toEqual(['fourth', 'long-lived', 'third']);
    expect(await store.markUsed('long-lived', new Date(clock.getTime() + 600_000))).toBe(false);
  });
});

describe('deleteExpiredCaptchaSolutions', () => {
  it('deletes only the keys that expired before the given moment', async () => {
    await database.db.delete(captchaSolutions);
    const now = new Date('2030-06-01T00:00:00Z');
    await database.db.insert(captchaSolutions).values([
      { key: 'expired', expiresAt: new Date(now.getTime() - 1) },
      { key: 'expiring-now', expiresAt: now },
      { key: 'live', expiresAt: new Date(now.getTime() + 1) },
    ]);

    expect(await deleteExpiredCaptchaSolutions(database.db, now)).toBe(1);
    expect(await storedKeys()).toEqual(['expiring-now', 'live']);
  });
});
