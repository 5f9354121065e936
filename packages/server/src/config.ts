/**
 * The server's configuration: the one module that reads the environment (docs/conventions.md:
 * "Config once"). It is parsed and checked with zod at start; a bad value stops the start with a
 * message naming the variable. Variables and defaults: docs/product.md §D9, `.env.example`.
 *
 * Behaviour never branches on NODE_ENV: every difference between development and production is a
 * variable here.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/**
 * The repository root, found from this file's location (packages/server/src/config.ts), not from
 * the working directory: `npm run start -w @bpa/server` runs in packages/server, `npm start` in
 * the root, and both must find the same data/, templates/ and web build.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Log levels understood by pino (Fastify's logger). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The configuration as the rest of the server sees it: parsed, defaulted, paths absolute. */
export interface Config {
  /** TCP port to listen on. */
  port: number;
  /** Interface to listen on; 127.0.0.1 by default so a development server is not reachable from the network. */
  host: string;
  /** Address users reach the app at, without a trailing slash (links in emails, origin check). */
  publicUrl: string;
  /** Origin of `publicUrl` (scheme, host, port): state-changing requests must come from it (docs/product.md §D8). */
  publicOrigin: string;
  /** Folder for local data: PGlite files (`<dataDir>/pglite`), mail outbox, generated keys. Absolute. */
  dataDir: string;
  /** PostgreSQL server connection string; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** SMTP server (smtp:// or smtps://); absent means mail is written to the outbox folder (docs/product.md §D2). */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail, e.g. `Bridge Partnership Agreements <no-reply@example.org>`. */
  mailFrom: string;
  /** Email of the first administrator, created at start when none exists (docs/product.md §D8). */
  adminEmail: string;
  /** Contact address shown on the registration pages (docs/product.md §2: "contact an administrator at {email}"); ADMIN_EMAIL unless set. */
  supportEmail: string;
  /** HMAC key of the ALTCHA captcha; absent means one is generated and kept in dataDir (docs/product.md §D9). */
  altchaHmacKey: string | undefined;
  /** pino log level. */
  logLevel: LogLevel;
  /**
   * Whether to trust X-Forwarded-* headers: false (default), true (any proxy) or a comma-separated
   * list of proxy addresses/CIDRs. Set it behind a reverse proxy so client addresses (rate limits) are right.
   */
  trustProxy: boolean | string;
  /**
   * Saves per account per minute (docs/sharing.md §4: a person never reaches the default 60; load
   * benchmarks raise it). Env SAVES_PER_MINUTE.
   */
  savesPerMinute: number;
  /** Automatic nightly backups of the embedded database kept in DATA_DIR/backups (docs/product.md §D11, ADR 160). Env BACKUP_KEEP, default 7. */
  backupKeep: number;
  /** Seconds between runs of the email notices (docs/sharing.md §12, ADR 198). Env NOTICE_INTERVAL_SECONDS, default 300. */
  noticeIntervalSeconds: number;
  /**
   * Redis for state several servers share (rate-limit counters; ADR 160), e.g.
   * redis://127.0.0.1:6379; undefined keeps the counters in this process's memory. Env REDIS_URL.
   */
  redisUrl: string | undefined;
  /** Folder of the master template CSV files loaded at start (docs/product.md §D6). Absolute. */
  templatesDir: string;
  /**
   * The keyed catalogue that items without a key are matched against (docs/catalogue-keys.md, "Keys
   * by name"): a template file holding every catalogue item. Absolute. Env CATALOGUE_FILE, default
   * templates/blank.csv.
   */
  catalogueFile: string;
  /** Folder of the built web app (Vite output) served as static files. Absolute. */
  webDistDir: string;
}

/** Saves per account per minute unless SAVES_PER_MINUTE says otherwise (docs/sharing.md §4). */
export const DEFAULT_SAVES_PER_MINUTE = 60;
/** Seconds between runs of the email notices when NOTICE_INTERVAL_SECONDS is not set: a partner's mark reaches the others within 5 minutes (ADR 198). */
export const DEFAULT_NOTICE_INTERVAL_SECONDS = 300;

/** Thrown by `loadConfig` when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** An environment variable: an empty value (`FOO=` in a .env file) counts as unset. */
function optionalVariable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
}

/** A loose email check: `admin@localhost` must pass (docs/product.md §D8 default), so no TLD is required. */
const EmailSchema = z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an email address such as admin@example.org');

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const EnvironmentSchema = z.object({
  PORT: optionalVariable(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number such as 3000')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'must be between 1 and 65535'),
  ),
  HOST: optionalVariable(z.string().min(1)),
  PUBLIC_URL: optionalVariable(
    z.string().refine((v) => isUrlWithProtocol(v, ['http:', 'https:']), 'must be an http:// or https:// address such as https://bridge.example.org'),
  ),
  DATA_DIR: optionalVariable(z.string()),
  DATABASE_URL: optionalVariable(
    z
      .string()
      .refine(
        (v) => isUrlWithProtocol(v, ['postgres:', 'postgresql:']),
        'must be a postgres:// connection string such as postgres://user:password@host:5432/database',
      ),
  ),
  SMTP_URL: optionalVariable(
    z
      .string()
      .refine((v) => isUrlWithProtocol(v, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.org:465'),
  ),
  MAIL_FROM: optionalVariable(z.string().min(3)),
  ADMIN_EMAIL: optionalVariable(EmailSchema),
  SUPPORT_EMAIL: optionalVariable(EmailSchema),
  ALTCHA_HMAC_KEY: optionalVariable(z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')),
  LOG_LEVEL: optionalVariable(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: optionalVariable(
    z.string().regex(/^(true|false|[0-9a-fA-F.:/, ]+)$/, 'must be true, false or a comma-separated list of proxy addresses such as 127.0.0.1,10.0.0.0/8'),
  ),
  TEMPLATES_DIR: optionalVariable(z.string()),
  CATALOGUE_FILE: optionalVariable(z.string()),
  WEB_DIST_DIR: optionalVariable(z.string()),
  BACKUP_KEEP: optionalVariable(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number such as 7')
      .transform(Number)
      .refine((count) => count >= 1, 'must be at least 1'),
  ),
  NOTICE_INTERVAL_SECONDS: optionalVariable(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds such as 300')
      .transform(Number)
      .refine((seconds) => seconds >= 1 && seconds <= 86_400, 'must be between 1 and 86400 seconds'),
  ),
  REDIS_URL: optionalVariable(
    z.string().refine((v) => isUrlWithProtocol(v, ['redis:', 'rediss:']), 'must be a redis:// or rediss:// address such as redis://127.0.0.1:6379'),
  ),
  SAVES_PER_MINUTE: optionalVariable(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number such as 60')
      .transform(Number)
      .refine((count) => count >= 1, 'must be at least 1'),
  ),
});

/** Relative paths are taken from the repository root, whatever the working directory is. */
function resolveFromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/**
 * Reads and checks the configuration from an environment (normally `process.env`, read only in
 * server.ts and the test database helper).
 *
 * @param environment variable name to value; unknown variables are ignored, empty values count as unset
 * @returns the configuration with defaults applied and every path absolute
 * @throws ConfigError naming each invalid variable and why, e.g. `PORT: must be a whole number`
 */
export function loadConfig(environment: Readonly<Record<string, string | undefined>>): Config {
  const parsed = EnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration (environment variables, see .env.example):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const port = env.PORT ?? 3000;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    dataDir: resolveFromRepoRoot(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Bridge Partnership Agreements <no-reply@localhost>',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@localhost',
    supportEmail: env.SUPPORT_EMAIL ?? env.ADMIN_EMAIL ?? 'admin@localhost',
    altchaHmacKey: env.ALTCHA_HMAC_KEY,
    logLevel: env.LOG_LEVEL ?? 'info',
    savesPerMinute: env.SAVES_PER_MINUTE ?? DEFAULT_SAVES_PER_MINUTE,
    backupKeep: env.BACKUP_KEEP ?? 7,
    noticeIntervalSeconds: env.NOTICE_INTERVAL_SECONDS ?? DEFAULT_NOTICE_INTERVAL_SECONDS,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY === undefined || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    templatesDir: resolveFromRepoRoot(env.TEMPLATES_DIR ?? 'templates'),
    catalogueFile: resolveFromRepoRoot(env.CATALOGUE_FILE ?? 'templates/blank.csv'),
    webDistDir: resolveFromRepoRoot(env.WEB_DIST_DIR ?? 'packages/web/dist'),
  };
}

/**
 * The process environment with the repository's `.env` file (if any) underneath: a variable set
 * in the real environment wins over the file. Read by server.ts and the test database helper
 * only; everything else receives a `Config`.
 *
 * @param envFile path of the dotenv file; `<repo root>/.env` unless given; null reads the process
 *   environment only (tests: a developer's .env must not change which database they use)
 */
export function readEnvironment(envFile: string | null = resolve(REPO_ROOT, '.env')): Record<string, string | undefined> {
  let fromFile: Record<string, string | undefined> = {};
  if (envFile !== null) {
    try {
      fromFile = parseEnv(readFileSync(envFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`Cannot read ${envFile}: ${(error as Error).message}`);
    }
  }
  return { ...fromFile, ...process.env };
}
