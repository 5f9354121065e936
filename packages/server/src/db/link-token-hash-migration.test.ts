/**
 * Migration 0009_link_token_hash on a database that already has read-only links (ADR 172): the
 * tokens stored in full before it are replaced by their SHA-256, and the links keep working.
 * Runs on the embedded PGlite, from the migrations before it to the last one.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '../test/migrations-before';
import { findLinkedAgreement } from '../features/sharing/agreement-sharing';
import { hashSecret, makeSecret } from '../features/sessions/secrets';
import { MIGRATIONS_DIR, type Database } from './database';

const MIGRATION = '0009_link_token_hash';
afterAll(removeMigrationCopies);

describe(`migration ${MIGRATION}`, () => {
  it('hashes the links stored before it, and they keep opening their agreement', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await migrationsBefore(MIGRATION) });
      const token = makeSecret();
      const [user] = (await client.query<{ id: string }>(`insert into users (email, role) values ('owner@example.org', 'subscriber') returning id`)).rows;
      const [contract] = (
        await client.query<{ id: string }>(`insert into contracts (owner_user_id, contract_name, document) values ($1, 'With Anna', $2) returning id`, [
          user!.id,
          JSON.stringify({ contractName: 'With Anna', categories: [] }),
        ])
      ).rows;
      await client.query('insert into contract_links (contract_id, token) values ($1, $2)', [contract!.id, token]);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const { rows } = await client.query<Record<string, unknown>>('select * from contract_links');
      expect(rows).toEqual([{ contract_id: contract!.id, token_hash: hashSecret(token), created_at: expect.any(Date) }]);
      const linked = await findLinkedAgreement(db as unknown as Database, token);
      expect(linked.id).toBe(contract!.id);
    } finally {
      await client.close();
    }
  });
});
