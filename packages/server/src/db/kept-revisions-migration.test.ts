/**
 * Migration 0020_kept_revisions on a database that already has histories: each agreement's
 * `kept_revisions` is the number of its history's rows (History's page count, read with the
 * agreement instead of counting them), and a new agreement starts at 1 (its revision 0). Runs on
 * the embedded PGlite, from the migrations before it.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '../test/migrations-before';
import { MIGRATIONS_DIR } from './database';

const MIGRATION = '0020_kept_revisions';
afterAll(removeMigrationCopies);

describe(`migration ${MIGRATION}`, () => {
  it('counts the kept versions of every agreement once, and starts a new agreement at one', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await migrationsBefore(MIGRATION) });
      const [user] = (await client.query<{ id: string }>(`insert into users (email, role) values ('owner@example.org', 'subscriber') returning id`)).rows;
      const made: Array<{ id: string; versions: number }> = [];
      for (const versions of [1, 7, 45]) {
        const [contract] = (
          await client.query<{ id: string }>(
            `insert into contracts (owner_user_id, contract_name, document, revision) values ($1, 'Partner 1', '{}', $2) returning id`,
            [user!.id, versions - 1],
          )
        ).rows;
        await client.query(`insert into contract_revisions (contract_id, revision, kind) select $1, g, 'save' from generate_series(0, $2::int - 1) g`, [
          contract!.id,
          versions,
        ]);
        made.push({ id: contract!.id, versions });
      }

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      for (const { id, versions } of made) {
        const { rows } = await client.query<{ kept_revisions: number }>('select kept_revisions from contracts where id = $1', [id]);
        expect(rows[0]!.kept_revisions).toBe(versions);
      }
      const { rows } = await client.query<{ kept_revisions: number }>(
        `insert into contracts (owner_user_id, contract_name, document) values ($1, 'Partner 2', '{}') returning kept_revisions`,
        [user!.id],
      );
      expect(rows[0]!.kept_revisions).toBe(1);
    } finally {
      await client.close();
    }
  });
});
