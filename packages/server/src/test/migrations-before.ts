/**
 * For tests of a migration on a database that already holds data: a copy of the committed
 * migrations folder (db/database.ts MIGRATIONS_DIR) that stops before one migration, to migrate a
 * fresh database up to just before it, seed it, then migrate the rest.
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../db/database';

const folders: string[] = [];

/**
 * A temporary copy of the migrations folder holding the migrations before `tag`.
 *
 * @param tag a migration's tag, e.g. '0013_catalogue_keys'.
 * @returns the folder's absolute path (remove it with `removeMigrationCopies`).
 * @throws Error when no migration after the first has that tag.
 */
export async function migrationsBefore(tag: string): Promise<string> {
  const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 1) throw new Error(`No migration after the first has the tag ${tag}`);
  const folder = await mkdtemp(join(tmpdir(), 'bpa-migrations-'));
  folders.push(folder);
  await mkdir(join(folder, 'meta'));
  const kept = journal.entries.slice(0, stop);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  const files = await readdir(MIGRATIONS_DIR);
  for (const entry of kept) {
    const file = files.find((name) => name === `${entry.tag}.sql`)!;
    await copyFile(join(MIGRATIONS_DIR, file), join(folder, file));
  }
  return folder;
}

/** Removes every folder `migrationsBefore` made (call in `afterAll`). */
export async function removeMigrationCopies(): Promise<void> {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
}
