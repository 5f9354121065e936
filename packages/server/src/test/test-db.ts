/**
 * A fresh database for one test file (docs/conventions.md: "Each test file gets its own fresh
 * database"). Without DATABASE_URL: in-memory PGlite. With DATABASE_URL (a PostgreSQL server):
 * a new database `bpa_test_<random>` created through that connection and dropped afterwards, so
 * the same suite runs on both engines (docs/product.md §D10). Either starts as a copy of the one
 * database the run's global set-up migrated (global-setup.ts), when there is one.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
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

/** Where the run's migrated database is: a PGlite archive file, or a PostgreSQL template database. */
export type MigratedDatabase = { kind: 'pglite'; archivePath: string } | { kind: 'postgres'; templateName: string };

/** `serverUrl` with its database name replaced by `name`. */
export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Opens a fresh database with every migration applied and no rows but the migrations' own.
 *
 * @throws when the PostgreSQL server refuses to create a database (the URL's user needs CREATEDB)
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  const migrated = inject('migratedDatabase');
  if (!serverUrl) {
    const fromArchive = migrated?.kind === 'pglite' ? new Blob([await readFile(migrated.archivePath)]) : undefined;
    const connection = await openDatabase({ kind: 'pglite', dataDir: undefined, fromArchive });
    await connection.migrate();
    return connection;
  }

  const name = `bpa_test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = migrated?.kind === 'postgres' ? ` template "${migrated.templateName}"` : '';
    await admin.query(`create database "${name}"${template}`);
  } finally {
    await admin.end();
  }
  const connection = await openDatabase({ kind: 'postgres', url: databaseUrlNamed(serverUrl, name) });
  // Already migrated when copied from the template: then this only checks.
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
