/**
 * Builds the app for API tests: quiet logs, the fixture templates, no web build unless a test
 * gives one, and no cleanup timer (tests call the cleanup themselves).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/database';
import { type Catalogue, loadCatalogue } from '../catalogue/catalogue';

/** Folder of the small valid template files used by the tests (13 categories each). */
export const FIXTURE_TEMPLATES_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/templates');

/** The shipped keyed catalogue (docs/catalogue-keys.md): the default CATALOGUE_FILE, as the app reads it. */
export const testCatalogue = (): Catalogue => loadCatalogue(makeTestConfig().catalogueFile);

/** A configuration for tests: given variables over quiet defaults (LOG_LEVEL silent, no web build, fixed captcha key). */
export function makeTestConfig(environment: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR,
    WEB_DIST_DIR: join(FIXTURE_TEMPLATES_DIR, 'no-web-build-here'),
    DATA_DIR: join(FIXTURE_TEMPLATES_DIR, 'no-data-here'),
    // A fixed captcha key: without one the app would write a generated key file into DATA_DIR.
    ALTCHA_HMAC_KEY: 'test-altcha-hmac-key-0123456789abcdef0123456789',
    ...environment,
  });
}

/**
 * Builds (not listens) an app on a test database. Its loads and saves do not start a PDF worker
 * ahead of a PDF (`preparePdf`, pdf/pdf-pool.ts), unless a test gives its own.
 */
export function buildTestApp(db: Database, options: Partial<Omit<BuildAppOptions, 'db'>> = {}): Promise<App> {
  return buildApp({ config: makeTestConfig(), pdfCleanupIntervalMs: 0, noticeIntervalMs: 0, preparePdf: () => undefined, ...options, db });
}
