import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORY_COUNT, FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { templates } from '../../db/schema/templates';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { TemplateFileError, loadTemplates } from './load-templates';

let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(templates);
  folder = await mkdtemp(join(tmpdir(), 'bpa-templates-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function storedTemplates() {
  return database.db.select().from(templates).orderBy(asc(templates.templateName));
}

describe('loadTemplates', () => {
  it('stores every template file, the Free Trial Agreement hidden', async () => {
    const result = await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    expect(result).toEqual({ inserted: ['Basic Precision', FREE_TRIAL_TEMPLATE_NAME], existing: [] });
    const rows = await storedTemplates();
    expect(rows.map((row) => [row.templateName, row.isHidden])).toEqual([
      ['Basic Precision', false],
      [FREE_TRIAL_TEMPLATE_NAME, true],
    ]);
    const trial = rows[1]!;
    expect(trial.content).toHaveLength(CATEGORY_COUNT);
    expect(trial.content.map((c) => c.categoryName)).toContain('Doubles and Redoubles');
    expect(trial.createdAt).toBeInstanceOf(Date);
  });

  it('is idempotent: a second start stores nothing and keeps the stored rows', async () => {
    await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    const before = await storedTemplates();
    const again = await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    expect(again).toEqual({ inserted: [], existing: ['Basic Precision', FREE_TRIAL_TEMPLATE_NAME] });
    const after = await storedTemplates();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
  });

  it('stores each template once when two servers load at the same time', async () => {
    const results = await Promise.all([loadTemplates(database.db, FIXTURE_TEMPLATES_DIR), loadTemplates(database.db, FIXTURE_TEMPLATES_DIR)]);
    expect((await storedTemplates()).map((row) => row.templateName)).toEqual(['Basic Precision', FREE_TRIAL_TEMPLATE_NAME]);
    expect(results.flatMap((r) => r.inserted).sort()).toEqual(['Basic Precision', FREE_TRIAL_TEMPLATE_NAME]);
  });

  it('keeps a stored template of the same name untouched (an administrator may have replaced it)', async () => {
    await database.db.insert(templates).values({ templateName: 'Basic Precision', content: [] });
    const result = await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
    expect(result.existing).toEqual(['Basic Precision']);
    const [stored] = (await storedTemplates()).filter((row) => row.templateName === 'Basic Precision');
    expect(stored?.content).toEqual([]);
  });

  it('stops on a malformed file, naming the file, line and column, and stores nothing', async () => {
    const good = await readFile(join(FIXTURE_TEMPLATES_DIR, 'basic-precision.csv'), 'utf8');
    await writeFile(join(folder, 'a-good.csv'), good);
    // Line 5 of the file gets an unknown level in column 1.
    const lines = good.split('\n');
    lines[4] = `subjet${lines[4]!.slice(lines[4]!.indexOf(','))}`;
    await writeFile(join(folder, 'b-broken.csv'), lines.join('\n'));

    const attempt = loadTemplates(database.db, folder);
    await expect(attempt).rejects.toThrow(TemplateFileError);
    await expect(attempt).rejects.toThrow(/b-broken\.csv/);
    await expect(attempt).rejects.toThrow(/Line 5, column 1: Unknown level "subjet"/);
    expect(await storedTemplates()).toEqual([]);
  });

  it('refuses two files that define the same template', async () => {
    const good = await readFile(join(FIXTURE_TEMPLATES_DIR, 'basic-precision.csv'), 'utf8');
    await writeFile(join(folder, 'one.csv'), good);
    await writeFile(join(folder, 'two.csv'), good);
    await expect(loadTemplates(database.db, folder)).rejects.toThrow(/one\.csv and .*two\.csv both define the template "Basic Precision"/);
  });

  it('treats a missing or empty folder as no templates, and ignores other files', async () => {
    await writeFile(join(folder, 'README.md'), '# not a template');
    expect(await loadTemplates(database.db, folder)).toEqual({ inserted: [], existing: [] });
    expect(await loadTemplates(database.db, join(folder, 'missing'))).toEqual({ inserted: [], existing: [] });
  });
});
