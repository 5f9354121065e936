/**
 * Migrations 0011_change_summaries and 0012_drop_summary_text on a database that already has a
 * history: every sentence stored before (the grammar of domain history.ts) becomes the structured
 * summary it was written from, so History shows the same sentence again (describeChange), and the
 * sentences are gone from the table. Runs on the embedded PGlite, from the migrations before it.
 */
import { PGlite } from '@electric-sql/pglite';
import { type ChangeSummary, type RevisionKind, describeChange } from '@bpa/domain/history';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '../test/migrations-before';
import { MIGRATIONS_DIR } from './database';

const MIGRATION = '0011_change_summaries';
afterAll(removeMigrationCopies);

const none = { counts: {}, categories: [], moreCategories: 0 };

/** Sentences as stored before, with their kind and the summary each was written from. */
const STORED: [RevisionKind, string, ChangeSummary][] = [
  ['create', 'made from the template "Blank"', { ...none, template: 'Blank' }],
  [
    'save',
    'ticked 3, unticked 1, renamed 2 in Overcalls; Notrump Openings',
    { counts: { ticked: 3, unticked: 1, renamed: 2 }, categories: ['Overcalls', 'Notrump Openings'], moreCategories: 0 },
  ],
  [
    'save',
    'ticked 5 in General Approach; Overcalls; Slam Bidding and 2 more',
    { counts: { ticked: 5 }, categories: ['General Approach', 'Overcalls', 'Slam Bidding'], moreCategories: 2 },
  ],
  ['rename', 'renamed the agreement to "With Anna"', { ...none, renamedTo: 'With Anna' }],
  ['template', 'loaded the template "Modern Standard American"', { ...none, template: 'Modern Standard American' }],
  [
    'import',
    'imported "mine.json": players: Anna & Bob; added 2 in General Approach',
    { counts: { added: 2 }, categories: ['General Approach'], moreCategories: 0, importedFile: 'mine.json', players: 'Anna & Bob' },
  ],
  ['import', 'imported "old.csv"', { ...none, importedFile: 'old.csv' }],
  [
    'restore',
    'restored revision 0: renamed the agreement to "With Anna"; renamed 1 in Overcalls',
    { counts: { renamed: 1 }, categories: ['Overcalls'], moreCategories: 0, restoredRevision: 0, renamedTo: 'With Anna' },
  ],
  ['save', 'removed the player names', { ...none, players: '' }],
  ['merge', 'removed the player names; unticked 2 in Doubles', { counts: { unticked: 2 }, categories: ['Doubles'], moreCategories: 0, players: '' }],
  [
    'merge',
    'players: Anna Smith & Bob Jones; ticked 1, removed 1 in Competitive Bidding',
    { counts: { ticked: 1, removed: 1 }, categories: ['Competitive Bidding'], moreCategories: 0, players: 'Anna Smith & Bob Jones' },
  ],
  ['save', 'no changes', none],
  ['save', '', { ...none, isUnrecorded: true }],
];

describe(`migration ${MIGRATION}`, () => {
  it('turns every stored sentence into its summary, which reads as the same sentence, and drops the sentences', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await migrationsBefore(MIGRATION) });
      const [user] = (await client.query<{ id: string }>(`insert into users (email, role) values ('owner@example.org', 'subscriber') returning id`)).rows;
      const [contract] = (
        await client.query<{ id: string }>(`insert into contracts (owner_user_id, contract_name, document) values ($1, 'With Anna', $2) returning id`, [
          user!.id,
          JSON.stringify({ contractName: 'With Anna', categories: [] }),
        ])
      ).rows;
      for (const [index, [kind, sentence]] of STORED.entries()) {
        await client.query('insert into contract_revisions (contract_id, revision, kind, summary) values ($1, $2, $3, $4)', [
          contract!.id,
          index,
          kind,
          sentence,
        ]);
      }

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const { rows } = await client.query<{ revision: number; kind: RevisionKind; change: ChangeSummary }>(
        'select revision, kind, change from contract_revisions order by revision',
      );
      expect(rows.map((row) => row.change)).toEqual(STORED.map(([, , change]) => change));
      const shown = (row: { kind: RevisionKind; change: ChangeSummary }) => describeChange(row.kind, row.change);
      expect(rows.map(shown)).toEqual(STORED.map(([, sentence]) => sentence || 'saved'));
      const columns = await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'contract_revisions'`);
      expect(columns.rows.map((row) => row.column_name)).not.toContain('summary');
    } finally {
      await client.close();
    }
  });
});
