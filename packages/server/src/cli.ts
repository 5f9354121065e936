/**
 * Command-line tasks for operators: `npm run cli -- <command>` (root) or `npm run cli -w
 * @bpa/server -- <command>`. Reads the same configuration as the server (environment and .env).
 *
 *   create-admin EMAIL   make EMAIL an administrator (creating the account if needed) and print a
 *                        one-time set-password link (design 8; valid 7 days)
 *
 * PGlite (no DATABASE_URL) is single-process: the command cannot open DATA_DIR/pglite while the
 * server runs and says so. With DATABASE_URL it works while servers run.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Config, ConfigError, loadConfig, readEnvironment } from './config';
import { type DatabaseLocation, openDatabase } from './db/database';
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
`;

const EmailSchema = z.string().trim().max(254).pipe(z.email({ pattern: z.regexes.html5Email }));

/** PGlite writes this file while a process has the database open and removes it on close. */
const PGLITE_IN_USE_MARKER = 'postmaster.pid';

/**
 * Runs one command.
 *
 * @param args the words after `cli`, e.g. ['create-admin', 'anna@example.org']
 * @returns the process exit code: 0 done, 1 failed (message on stderr), 2 bad usage
 */
export async function runCli(args: readonly string[], context: CliContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? context.stderr : context.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'create-admin') {
    context.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  const email = EmailSchema.safeParse(rest[0] ?? '');
  if (rest.length !== 1 || !email.success) {
    context.stderr.write(`create-admin needs exactly one email address, e.g. npm run cli -- create-admin anna@example.org\n`);
    return 2;
  }

  let config: Config;
  try {
    config = loadConfig(context.environment);
  } catch (error) {
    if (error instanceof ConfigError) {
      context.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }

  const location: DatabaseLocation = config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
  if (location.kind === 'pglite' && location.dataDir !== undefined && existsSync(join(location.dataDir, PGLITE_IN_USE_MARKER))) {
    context.stderr.write(
      `The database in ${location.dataDir} is in use by another process: is the server running?\n` +
        'The embedded PGlite database can be opened by one process at a time. Stop the server, run this command again, then start the server.\n' +
        `(If no server is running, an earlier run stopped without closing the database: delete ${join(location.dataDir, PGLITE_IN_USE_MARKER)} and try again.)\n` +
        'With a PostgreSQL server (DATABASE_URL) this command works while the app runs.\n',
    );
    return 1;
  }

  let connection;
  try {
    connection = await openDatabase(location);
    await connection.migrate();
  } catch (error) {
    const where = location.kind === 'pglite' ? `PGlite in ${location.dataDir}` : `PostgreSQL at ${new URL(location.url).host}`;
    context.stderr.write(`Cannot open the database (${where}): ${(error as Error).message}\n`);
    await connection?.close().catch(() => undefined);
    return 1;
  }
  try {
    const admin = await createAdministrator(connection.db, { email: email.data, publicUrl: config.publicUrl, now: (context.now ?? (() => new Date()))() });
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
