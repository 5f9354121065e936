/**
 * Backups of the embedded database (docs/product.md §D11; ADRs 160, 188): a gzipped tar of the PGlite data folder,
 * written by `npm run cli -- backup FILE` (server stopped) and every night by the running server
 * into DATA_DIR/backups, keeping the newest BACKUP_KEEP; `npm run cli -- restore FILE` makes a data
 * folder from one. With PostgreSQL (DATABASE_URL) use pg_dump / pg_restore instead (README).
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseConnection } from './db/database';

/** File names of automatic backups: bpa-YYYYMMDD-HHMMSS.tar.gz (UTC), so they sort by time. */
const AUTOMATIC_BACKUP = /^bpa-\d{8}-\d{6}\.tar\.gz$/;
/** Time between automatic backups. */
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The folder of automatic backups. */
export function backupsDir(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** `bpa-YYYYMMDD-HHMMSS.tar.gz` for a time (UTC). */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `bpa-${stamp}.tar.gz`;
}

/**
 * Writes a backup of an open embedded database to `file`.
 *
 * @returns the size in bytes
 * @throws Error when the connection is PostgreSQL (no `writeArchive`: use pg_dump)
 */
export async function writeBackup(connection: DatabaseConnection, file: string): Promise<number> {
  if (!connection.writeArchive) throw new Error('Backups of a PostgreSQL database are made with pg_dump (see the README).');
  return connection.writeArchive(file);
}

/**
 * Deletes the oldest automatic backups in `dir` so that `keep` remain (other files are left alone).
 *
 * @returns the names deleted
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => AUTOMATIC_BACKUP.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/**
 * Writes tonight's backup into DATA_DIR/backups and keeps the newest `keep`.
 *
 * @returns the new file's path and size
 */
export async function writeAutomaticBackup(
  connection: DatabaseConnection,
  options: { dataDir: string; keep: number; now: Date },
): Promise<{ file: string; bytes: number; deleted: string[] }> {
  const dir = backupsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, backupFileName(options.now));
  const bytes = await writeBackup(connection, file);
  return { file, bytes, deleted: await pruneBackups(dir, options.keep) };
}
