/**
 * Command-line tasks for operators: `npm run cli -- <command>` (root) or `npm run cli -w
 * @bpa/server -- <command>`. Reads the same configuration as the server (environment and .env).
 *
 *   create-admin EMAIL   make EMAIL an administrator (creating the account if needed) and print a
 *                        one-time set-password link (docs/product.md §D8; valid 7 days)
 *   backup FILE          write a backup of the embedded database (docs/product.md §D11; backups.ts)
 *   restore FILE         make the embedded database from a backup, keeping the old one aside
 *
 * PGlite (no DATABASE_URL) is single-process: the command cannot open DATA_DIR/pglite while the
 * server runs and says so. With DATABASE_URL it works while servers run.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { writeBackup } from './backups';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Config, ConfigError, loadConfig, readEnvironment } from './config';
import { type DatabaseConnection, type DatabaseLocation, openDatabase, restorePgliteDataDir } from './db/database';
import { createAdministrator } from './features/users/create-administrator';

/** Where the CLI writes, and what it reads: the process's own unless a test gives others. */
export interface CliContext {
  environment: Readonly<Record<string, string | undefined>>;
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
  now?: () => Date;
}

const USAGE = `Usage: npm run cli -- <command>

Commands:
  create-admin EMAIL   Make EMAIL an administrator (creating the account if needed) and print a
                       one-time link to set its password (valid 7 days).
  backup FILE          Write a backup of the embedded database to FILE (a .tar.gz). Stop the
                       server first; the running server writes one every night into
                       DATA_DIR/backups. With DATABASE_URL use pg_dump instead.
  restore FILE         Make the embedded database from a backup. Stop the server first; the
                       database there now is kept beside it (pglite.before-restore-<time>).
`;

const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ pattern: z.regexes.html5Email }));

const PGLITE_IN_USE_MARKER = 'postmaster.pid';

/** What every command needs: the configuration and where the database is. */
interface Setup {
  config: Config;
  location: DatabaseLocation;
}

function describeLocation(location: DatabaseLocation): string {
  return location.kind === 'pglite' ? `PGlite in ${location.dataDir}` : `PostgreSQL at ${new URL(location.url).host}`;
}

/** Reads the configuration; a bad one is told on stderr (returns null). */
function setUp(context: CliContext): Setup | null {
  try {
    const config = loadConfig(context.environment);
    const location: DatabaseLocation = config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
    return { config, location };
  } catch (error) {
    if (error instanceof ConfigError) {
      context.stderr.write(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/** True (and says why) when the embedded database is open in another process, e.g. the server. */
function isPgliteInUse(location: DatabaseLocation, context: CliContext, what: string): boolean {
  if (location.kind !== 'pglite' || location.dataDir === undefined || !existsSync(join(location.dataDir, PGLITE_IN_USE_MARKER))) return false;
  context.stderr.write(
    `The database in ${location.dataDir} is in use by another process: is the server running?\n` +
      `The embedded PGlite database can be opened by one process at a time. Stop the server first, run ${what} again, then start the server.\n` +
      `(If no server is running, an earlier run stopped without closing the database: delete ${join(location.dataDir, PGLITE_IN_USE_MARKER)} and try again.)\n` +
      'With a PostgreSQL server (DATABASE_URL) the commands work while the app runs.\n',
  );
  return true;
}

async function openMigrated(location: DatabaseLocation, context: CliContext): Promise<DatabaseConnection | null> {
  let connection: DatabaseConnection | undefined;
  try {
    connection = await openDatabase(location);
    await connection.migrate();
    return connection;
  } catch (error) {
    context.stderr.write(`Cannot open the database (${describeLocation(location)}): ${(error as Error).message}\n`);
    await connection?.close().catch(() => undefined);
    return null;
  }
}

async function createAdminCommand(rest: readonly string[], context: CliContext): Promise<number> {
  const email = EmailSchema.safeParse(rest[0] ?? '');
  if (rest.length !== 1 || !email.success) {
    context.stderr.write(`create-admin needs exactly one email address, e.g. npm run cli -- create-admin anna@example.org\n`);
    return 2;
  }
  const setup = setUp(context);
  if (!setup) return 1;
  if (isPgliteInUse(setup.location, context, 'this command')) return 1;
  const connection = await openMigrated(setup.location, context);
  if (!connection) return 1;
  try {
    const admin = await createAdministrator(connection.db, {
      email: email.data,
      publicUrl: setup.config.publicUrl,
      now: (context.now ?? (() => new Date()))(),
    });
    context.stdout.write(
      `${admin.isNewAccount ? 'Created the administrator' : 'Made administrator'} ${admin.email}.\n` +
        `Set the password within 7 days at (the link works once):\n${admin.link}\n`,
    );
    return 0;
  } catch (error) {
    context.stderr.write(`Cannot create the administrator: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await connection.close();
  }
}

/** backup FILE: the embedded database as a .tar.gz (ADRs 160, 188). */
async function backupCommand(rest: readonly string[], context: CliContext): Promise<number> {
  if (rest.length !== 1 || rest[0]!.trim() === '') {
    context.stderr.write('backup needs the file to write, e.g. npm run cli -- backup ./bpa-backup.tar.gz\n');
    return 2;
  }
  const setup = setUp(context);
  if (!setup) return 1;
  if (setup.location.kind === 'postgres') {
    context.stderr.write(
      'The database is a PostgreSQL server (DATABASE_URL): back it up with pg_dump, e.g.\n  pg_dump --format=custom --file=bpa.dump "$DATABASE_URL"\n',
    );
    return 1;
  }
  if (isPgliteInUse(setup.location, context, 'the backup')) return 1;
  const connection = await openMigrated(setup.location, context);
  if (!connection) return 1;
  const file = resolve(rest[0]!);
  try {
    const bytes = await writeBackup(connection, file);
    context.stdout.write(`Backup written: ${file} (${bytes} bytes). Restore it with: npm run cli -- restore ${file}\n`);
    return 0;
  } catch (error) {
    context.stderr.write(`Cannot write the backup to ${file}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await connection.close();
  }
}

/** restore FILE: the embedded database made from a backup; the one there now is kept beside it. */
async function restoreCommand(rest: readonly string[], context: CliContext): Promise<number> {
  if (rest.length !== 1 || rest[0]!.trim() === '') {
    context.stderr.write('restore needs the backup file, e.g. npm run cli -- restore ./bpa-backup.tar.gz\n');
    return 2;
  }
  const setup = setUp(context);
  if (!setup) return 1;
  const { location } = setup;
  if (location.kind === 'postgres' || location.dataDir === undefined) {
    context.stderr.write(
      'The database is a PostgreSQL server (DATABASE_URL): restore it with pg_restore, e.g.\n  pg_restore --clean --dbname="$DATABASE_URL" bpa.dump\n',
    );
    return 1;
  }
  if (isPgliteInUse(location, context, 'the restore')) return 1;
  const file = resolve(rest[0]!);
  let archive: Buffer;
  try {
    archive = await readFile(file);
  } catch (error) {
    context.stderr.write(`Cannot read ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  let keptAside: string | null = null;
  if (existsSync(location.dataDir)) {
    keptAside = `${location.dataDir}.before-restore-${(context.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-')}`;
    await rename(location.dataDir, keptAside);
  }
  try {
    await restorePgliteDataDir(location.dataDir, new Blob([archive]));
  } catch (error) {
    await rm(location.dataDir, { recursive: true, force: true });
    if (keptAside) await rename(keptAside, location.dataDir);
    context.stderr.write(`${file} is not a backup this program can restore: ${(error as Error).message}\nNothing was changed.\n`);
    return 1;
  }
  const connection = await openMigrated(location, context);
  if (!connection) return 1;
  try {
    const [counts] = (
      (await connection.db.execute(
        sql`select (select count(*) from users)::int as users, (select count(*) from contracts)::int as agreements, (select count(*) from templates)::int as templates`,
      )) as unknown as { rows: { users: number; agreements: number; templates: number }[] }
    ).rows;
    context.stdout.write(
      `Restored ${file} into ${location.dataDir}: ${counts?.users ?? 0} users, ${counts?.agreements ?? 0} agreements, ${counts?.templates ?? 0} templates.\n` +
        (keptAside ? `The database that was there is kept in ${keptAside}.\n` : ''),
    );
    return 0;
  } finally {
    await connection.close();
  }
}

/**
 * Runs one command of `npm run cli`.
 *
 * @returns the exit code: 0 done, 1 failed (said on stderr), 2 bad usage
 */
export async function runCli(args: readonly string[], context: CliContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? context.stderr : context.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'create-admin') return createAdminCommand(rest, context);
  if (command === 'backup') return backupCommand(rest, context);
  if (command === 'restore') return restoreCommand(rest, context);
  context.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
  return 2;
}

/** True when this file is the program (`tsx src/cli.ts`), not imported by a test. */
function isMainModule(): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(import.meta.url);
}

if (isMainModule()) {
  let environment: Record<string, string | undefined>;
  try {
    environment = readEnvironment();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  process.exitCode = await runCli(process.argv.slice(2), { environment, stdout: process.stdout, stderr: process.stderr });
}
