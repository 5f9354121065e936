/**
 * Starts the server (docs/conventions.md "Build vs run"): reads the configuration, opens and
 * migrates the database, loads the shipped templates, listens, and shuts down gracefully on
 * SIGINT/SIGTERM (finish requests, stop timers, close the database).
 *
 * Run with `npm start` (root: builds the web app first) or `npm run dev -w @bpa/server`.
 */
import { FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_INTERVAL_MS, backupsDir, writeAutomaticBackup } from './backups';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, readEnvironment } from './config';
import { type DatabaseConnection, openDatabase } from './db/database';
import { loadCatalogue } from './catalogue/catalogue';
import { runDataMigrations } from './db/data-migrations';
import { keyStoredDocuments } from './features/agreements/key-stored-documents';
import { loadTemplates } from './features/templates/load-templates';
import { ensureFirstAdministrator } from './features/users/create-administrator';

/** How long a shutdown may take before the process exits anyway, in milliseconds. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite in ${join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`; // never the password
}

/**
 * The nightly backup of the embedded database (docs/product.md §D11, ADR 160): a minute after start when the newest
 * backup is older than a day (or there is none), then every 24 hours; keeps config.backupKeep.
 * A failure is logged and tried again at the next turn; the timers never keep the process alive.
 */
function scheduleBackups(connection: DatabaseConnection, config: Config, log: FastifyBaseLogger): void {
  const backUp = async () => {
    try {
      const { file, bytes, deleted } = await writeAutomaticBackup(connection, { dataDir: config.dataDir, keep: config.backupKeep, now: new Date() });
      log.info({ file, bytes, deleted }, 'nightly backup written');
    } catch (error) {
      log.error({ err: error }, 'the nightly backup failed');
    }
  };
  const newest = newestBackupTime(backupsDir(config.dataDir));
  const isDue = newest === null || Date.now() - newest >= BACKUP_INTERVAL_MS;
  if (isDue) setTimeout(() => void backUp(), 60_000).unref();
  setInterval(() => void backUp(), BACKUP_INTERVAL_MS).unref();
}

/** When the newest automatic backup in `dir` was written (ms), or null when there is none. */
function newestBackupTime(dir: string): number | null {
  if (!existsSync(dir)) return null;
  const times = readdirSync(dir)
    .filter((name) => name.startsWith('bpa-') && name.endsWith('.tar.gz'))
    .map((name) => statSync(join(dir, name)).mtimeMs);
  return times.length === 0 ? null : Math.max(...times);
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(readEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // The pool may report a failure before the app (and its logger) exists.
  const logged: { log?: FastifyBaseLogger } = {};
  let connection: DatabaseConnection;
  try {
    connection = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
      (error) => (logged.log ? logged.log.error({ err: error }, 'idle database connection failed') : process.stderr.write(`${error.message}\n`)),
    );
    await connection.migrate();
  } catch (error) {
    process.stderr.write(`Cannot open the database (${describeDatabase(config)}): ${(error as Error).message}\n`);
    process.exit(1);
  }

  const app = await buildApp({ config, db: connection.db });
  const log = app.log;
  logged.log = log;
  log.info(`database: ${describeDatabase(config)}`);

  try {
    // Data migrations (db/data-migrations.ts) before the templates: they key what is stored already.
    const catalogue = loadCatalogue(config.catalogueFile);
    const migrated = await runDataMigrations(connection.db, [
      { name: 'catalogue-keys', run: async (db) => ({ ...(await keyStoredDocuments(db, catalogue)) }) },
    ]);
    for (const { name, report } of migrated) log.info({ report }, `data migration ${name} applied`);
    const { inserted, existing } = await loadTemplates(connection.db, config.templatesDir);
    log.info({ inserted, existing }, `templates: ${inserted.length} loaded from ${config.templatesDir}, ${existing.length} already stored`);
    if (![...inserted, ...existing].includes(FREE_TRIAL_TEMPLATE_NAME)) {
      log.warn(`the template "${FREE_TRIAL_TEMPLATE_NAME}" is not in ${config.templatesDir}: the free trial has no agreement`);
    }
  } catch (error) {
    // Plain text on stderr as well: the JSON log line escapes the message's line breaks.
    log.fatal((error as Error).message);
    process.stderr.write(`${(error as Error).message}\n`);
    await app.close();
    await connection.close();
    process.exit(1);
  }

  try {
    // docs/product.md §D8: with no administrator, nobody could add users; make one and print its link.
    const admin = await ensureFirstAdministrator(connection.db, { email: config.adminEmail, publicUrl: config.publicUrl, now: new Date() });
    if (admin) {
      log.warn({ email: admin.email }, `no administrator existed: created ${admin.email}; its one-time set-password link is printed on the console`);
      process.stdout.write(
        `\nFirst administrator: ${admin.email}\nSet its password within 7 days at (the link works once):\n  ${admin.link}\n` +
          `A new link: npm run cli -- create-admin ${admin.email} (with the server stopped when the database is PGlite)\n\n`,
      );
    }
  } catch (error) {
    log.fatal({ err: error }, 'cannot create the first administrator');
    process.stderr.write(`Cannot create the first administrator: ${(error as Error).message}\n`);
    await app.close();
    await connection.close();
    process.exit(1);
  }

  let isShuttingDown = false;
  const shutDown = async (signal: string) => {
    if (isShuttingDown) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    isShuttingDown = true;
    log.info(`${signal}: shutting down`);
    setTimeout(() => {
      log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await connection.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void shutDown(signal));
  process.on('SIGTERM', (signal) => void shutDown(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.fatal(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    await app.close();
    await connection.close();
    process.exit(1);
  }
  log.info(`Bridge Partnership Agreements is running: open ${config.publicUrl} (listening on ${config.host}:${config.port})`);
  if (connection.writeArchive) scheduleBackups(connection, config, log);
}

await start();
