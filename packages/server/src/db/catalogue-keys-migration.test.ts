/**
 * Migration 0013_catalogue_keys and the data migration `catalogue-keys` on a database stored before
 * keys existed (docs/catalogue-keys.md, "The migration of stored data"): every item of a
 * template-made agreement, of each of its kept revisions and of a stored template gets its key;
 * what matches nothing is reported and left as it was; the retired options' ticks move; the columns
 * are backed up first; a second run does nothing. Runs on the embedded PGlite.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { isCatalogueItem } from '@bpa/domain/catalogue-keys';
import type { Category, ContractDocument, Subject } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import jsonPatch from 'fast-json-patch';
import { afterAll, describe, expect, it } from 'vitest';
import { type CatalogueKeysReport, keyStoredDocuments } from '../features/agreements/key-stored-documents';
import { documentsSince } from '../features/agreements/revision-store';
import { migrationsBefore, removeMigrationCopies } from '../test/migrations-before';
import { testCatalogue } from '../test/test-app';
import { runDataMigrations } from './data-migrations';
import { MIGRATIONS_DIR, type Database } from './database';

const MIGRATION = '0013_catalogue_keys';
afterAll(removeMigrationCopies);

/** Without keys: what the stored documents held before the migration. */
const withoutKeys = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'key' ? undefined : inner))) as T;

const subjectNamed = (categories: Category[], name: string): Subject => {
  const found = categories.flatMap((category) => category.subjects).find((subject) => subject.subjectName === name);
  if (!found) throw new Error(`No subject ${name}`);
  return found;
};

/**
 * LC Standard as stored before keys: no keys, the two retired options still there (the lead-directing
 * double under "Versus their Stayman or transfer", and "4NT over notrump" selected as LC did), and
 * one subject under a name the catalogue no longer has.
 */
function makeOldLcStandard(): Category[] {
  const categories = withoutKeys(parseMasterCsv(readFileSync(new URL('../../../../templates/lc-standard.csv', import.meta.url), 'utf8')).categories);
  const quantitative = subjectNamed(categories, 'Quantitative notrump raises');
  quantitative.options[0] = { ...quantitative.options[0]!, optionName: '4NT over notrump invites 6NT' };
  const versusStayman = subjectNamed(categories, 'Versus their Stayman or transfer');
  versusStayman.options.unshift({ ...versusStayman.options[0]!, _id: 'old-double', optionName: 'Double: lead-directing', isSelected: false });
  subjectNamed(categories, 'Smolen').subjectName = 'A subject the catalogue no longer has';
  return categories;
}

const OLD_LC_STANDARD = makeOldLcStandard();
const oldLcStandard = () => structuredClone(OLD_LC_STANDARD);

/** Three revisions: made from the template; then a tick of a retired option, a rename and a user-added subject; then another tick. */
function revisions(): ContractDocument[] {
  const made = createAgreementFromTemplate({ templateName: 'LC Standard', categories: oldLcStandard() }, 'With Anna');
  const second = structuredClone(made);
  const versusStayman = subjectNamed(second.categories, 'Versus their Stayman or transfer');
  versusStayman.isSelected = true;
  versusStayman.options[0]!.isSelected = true;
  Object.assign(subjectNamed(second.categories, 'Stayman'), { isEdited: true, editedName: 'Stayman (our way)' });
  const overcalls = second.categories.find((category) => category.categoryName === 'Overcalls')!;
  const placeholder = overcalls.subjects.at(-1)!;
  overcalls.subjects.splice(overcalls.subjects.length - 1, 0, {
    ...placeholder,
    _id: 'our-relay',
    subjectName: 'User added',
    isEdited: true,
    editedName: 'Our relay',
    isSelected: true,
  });
  const third = structuredClone(second);
  subjectNamed(third.categories, 'Gerber').isSelected = true;
  return [made, second, third];
}

describe(`migration ${MIGRATION} and the data migration catalogue-keys`, () => {
  it('keys every template-made item of a stored template, agreement and revision, moves retired ticks, backs up first and runs once', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client) as unknown as Database;
      await migrate(drizzle(client), { migrationsFolder: await migrationsBefore(MIGRATION) });
      const [first, second, third] = revisions();
      const [user] = (await client.query<{ id: string }>(`insert into users (email, role) values ('owner@example.org', 'subscriber') returning id`)).rows;
      await client.query(`insert into templates (template_name, content) values ('LC Standard', $1)`, [JSON.stringify(oldLcStandard())]);
      const [contract] = (
        await client.query<{ id: string }>(
          `insert into contracts (owner_user_id, contract_name, document, revision, template_name) values ($1, 'With Anna', $2, 2, 'LC Standard') returning id`,
          [user!.id, JSON.stringify(third)],
        )
      ).rows;
      const id = contract!.id;
      await client.query(`insert into contract_revisions (contract_id, revision, document, kind) values ($1, 0, $2, 'create')`, [id, JSON.stringify(first)]);
      await client.query(`insert into contract_revisions (contract_id, revision, patch, kind) values ($1, 1, $2, 'save')`, [
        id,
        JSON.stringify(jsonPatch.compare(third!, second!)),
      ]);
      await client.query(`insert into contract_revisions (contract_id, revision, kind) values ($1, 2, 'save')`, [id]);

      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const catalogue = testCatalogue();
      const migrations = [{ name: 'catalogue-keys', run: async (database: Database) => ({ ...(await keyStoredDocuments(database, catalogue)) }) }];
      const done = await runDataMigrations(db, migrations);

      // Backed up before: the three columns as they were.
      const backup = await client.query<{ document: ContractDocument }>('select document from contracts_before_keys');
      expect(backup.rows.map((row) => row.document)).toEqual([third]);
      expect((await client.query('select * from contract_revisions_before_keys')).rows).toHaveLength(3);
      expect((await client.query<{ content: Category[] }>('select content from templates_before_keys')).rows[0]!.content).toEqual(oldLcStandard());

      // The report: what it keyed, and the one subject (with its options) that matched nothing.
      expect(done.map((entry) => entry.name)).toEqual(['catalogue-keys']);
      const report = done[0]!.report as unknown as CatalogueKeysReport;
      expect(report).toMatchObject({ templates: 1, agreements: 1, revisions: 2 });
      expect(report.keying.unmatchedExamples[0]).toBe('Notrump Openings › A subject the catalogue no longer has');
      const smolenOptions = subjectNamed(first!.categories, 'A subject the catalogue no longer has').options.filter(isCatalogueItem).length;
      // Template, then each of the three revisions: the subject and its options each time.
      expect(report.keying.unmatched).toBe(4 * (1 + smolenOptions));
      expect(report.retired).toEqual({ 'sl.quantitative.4nt': { found: 1, ticked: 1 }, 'df.vsStaymanTransfer.doubleLead': { found: 1, ticked: 1 } });

      // Every revision: each item keyed but the unmatched one and the user-added one, and otherwise as it was.
      const [current] = (await client.query<{ document: ContractDocument; revision: number }>('select document, revision from contracts')).rows;
      const documents = await documentsSince(db, id, 0, current!);
      expect([...documents.keys()].sort()).toEqual([0, 1, 2]);
      for (const [revision, document] of documents) {
        for (const category of document.categories) {
          expect(category.key, category.categoryName).toMatch(/^[a-z]+$/);
          for (const subject of category.subjects.filter(isCatalogueItem)) {
            if (subject.subjectName === 'A subject the catalogue no longer has') {
              expect(subject.key).toBeUndefined();
              continue;
            }
            expect(subject.key, `${revision}: ${subject.subjectName}`).toMatch(new RegExp(`^${category.key}\\.`));
            for (const option of subject.options.filter(isCatalogueItem)) expect(option.key, `${revision}: ${option.optionName}`).toMatch(/\./);
          }
        }
        if (revision > 0) expect(subjectNamed(document.categories, 'User added').key).toBeUndefined();
      }
      // Earlier revisions are history: keyed, nothing else changed, retired options kept.
      expect(withoutKeys(documents.get(0))).toEqual(first);
      expect(withoutKeys(documents.get(1))).toEqual(second);
      expect(subjectNamed(documents.get(1)!.categories, 'Versus their Stayman or transfer').options[0]!.key).toBe('df.vsStaymanTransfer.doubleLead');

      // The current document: the retired options gone, their ticks on the options that record them now.
      const now = current!.document;
      const options = now.categories.flatMap((category) => category.subjects.flatMap((subject) => subject.options.map((option) => ({ subject, option }))));
      const byKey = (key: string) => options.find((entry) => entry.option.key === key);
      expect(byKey('sl.quantitative.4nt')).toBeUndefined();
      expect(byKey('df.vsStaymanTransfer.doubleLead')).toBeUndefined();
      for (const key of ['nt.4nt.quantitative', 'sl.quantitative.4ntOther', 'db.leadDirecting.artificial']) {
        expect(byKey(key)?.option.isSelected, key).toBe(true);
        expect(byKey(key)?.subject.isSelected, key).toBe(true);
      }
      expect(subjectNamed(now.categories, 'Stayman')).toMatchObject({ key: 'nt.stayman', editedName: 'Stayman (our way)', isEdited: true });

      // The stored template too.
      const [template] = (await client.query<{ content: Category[] }>('select content from templates')).rows;
      expect(subjectNamed(template!.content, 'Stayman').key).toBe('nt.stayman');

      // Recorded: a second start runs nothing.
      expect(await runDataMigrations(db, migrations)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
