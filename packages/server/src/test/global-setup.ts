/**
 * Vitest global set-up of the server project: creates and migrates one database for the whole
 * run, which every test file then copies (test-db.ts), instead of every file creating a cluster
 * and migrating it (docs/conventions.md: "Real components"; creating a PGlite cluster costs seconds of CPU per file; copying
 * a migrated one costs a fraction of that). On PGlite the copy is a `writeArchive` archive in a
 * temporary folder; on a PostgreSQL server it is a template database, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { type MigratedDatabase, databaseUrlNamed, testDatabaseUrl } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file starts from (undefined: each file migrates its own). */
    migratedDatabase: MigratedDatabase | undefined;
  }
}

/** Runs a statement on the PostgreSQL server's default database. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Prepares the migrated database and provides where it is to the test files.
 *
 * @returns the teardown, which removes the archive or drops the template database
 * @throws when the database cannot be created or migrated (the run stops before any test)
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const connection = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await connection.migrate();
    const folder = await mkdtemp(join(tmpdir(), 'bpa-test-db-'));
    const archivePath = join(folder, 'migrated.tar.gz');
    await connection.writeArchive!(archivePath);
    await connection.close();
    project.provide('migratedDatabase', { kind: 'pglite', archivePath });
    return () => rm(folder, { recursive: true, force: true });
  }

  const templateName = `bpa_test_template_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, `create database "${templateName}"`);
  const connection = await openDatabase({ kind: 'postgres', url: databaseUrlNamed(serverUrl, templateName) });
  try {
    await connection.migrate();
  } finally {
    // A template database must have no connection open while it is copied.
    await connection.close();
  }
  project.provide('migratedDatabase', { kind: 'postgres', templateName });
  return () => onServer(serverUrl, `drop database if exists "${templateName}" with (force)`);
}
