/**
 * A fresh database for one test file (docs/conventions.md: "Each test file gets its own fresh
 * database"). Without DATABASE_URL: in-memory PGlite. With DATABASE_URL (a PostgreSQL server):
 * a new database `bpa_test_<random>` created through that connection, migrated, and dropped
 * afterwards — so the same suite runs on both engines (docs/product.md §D10).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, readEnvironment } from '../config';
import { type DatabaseConnection, openDatabase } from '../db/database';

export interface TestDatabase extends DatabaseConnection {
  /** Closes the connection and, on a PostgreSQL server, drops the database. */
  close(): Promise<void>;
}

/** The PostgreSQL server to test against, if any (the environment's DATABASE_URL, checked by config.ts). */
export function testDatabaseUrl(): string | undefined {
  // Only the real environment counts here, never a developer's .env file.
  return loadConfig(readEnvironment(null)).databaseUrl;
}

/** The Redis server to test against, if any (the environment's REDIS_URL, checked by config.ts). */
export function testRedisUrl(): string | undefined {
  return loadConfig(readEnvironment(null)).redisUrl;
}

/**
 * Opens and migrates a fresh, empty database.
 *
 * @throws when the PostgreSQL server refuses to create a database (the URL's user needs CREATEDB)
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const connection = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await connection.migrate();
    return connection;
  }

  const name = `bpa_test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ kind: 'postgres', url: url.toString() });
  await connection.migrate();
  return {
    ...connection,
    async close() {
      await connection.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
