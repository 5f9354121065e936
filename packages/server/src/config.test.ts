import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig, readEnvironment } from './config';

describe('loadConfig', () => {
  it('applies the defaults of docs/product.md §D9, with paths under the repository root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      dataDir: join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      adminEmail: 'admin@localhost',
      supportEmail: 'admin@localhost',
      altchaHmacKey: undefined,
      logLevel: 'info',
      trustProxy: false,
      templatesDir: join(REPO_ROOT, 'templates'),
      webDistDir: join(REPO_ROOT, 'packages/web/dist'),
    });
  });

  it('finds the repository root from its own location, not the working directory', () => {
    expect(REPO_ROOT).toBe(join(import.meta.dirname, '../../..'));
  });

  it('reads every variable and resolves relative paths from the repository root', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://bridge.example.org/',
      DATA_DIR: 'var/data',
      DATABASE_URL: 'postgres://bpa:secret@db.example.org:5432/bpa',
      SMTP_URL: 'smtps://mailer:secret@mail.example.org:465',
      MAIL_FROM: 'Bridge <no-reply@example.org>',
      ADMIN_EMAIL: 'admin@example.org',
      ALTCHA_HMAC_KEY: 'k'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      TEMPLATES_DIR: '/srv/templates',
      WEB_DIST_DIR: 'web',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://bridge.example.org',
      publicOrigin: 'https://bridge.example.org',
      dataDir: join(REPO_ROOT, 'var/data'),
      databaseUrl: 'postgres://bpa:secret@db.example.org:5432/bpa',
      smtpUrl: 'smtps://mailer:secret@mail.example.org:465',
      mailFrom: 'Bridge <no-reply@example.org>',
      adminEmail: 'admin@example.org',
      logLevel: 'warn',
      trustProxy: true,
      templatesDir: '/srv/templates',
      webDistDir: join(REPO_ROOT, 'web'),
    });
  });

  it('shows ADMIN_EMAIL as the support address unless SUPPORT_EMAIL is set (docs/product.md §17)', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'admin@example.org' }).supportEmail).toBe('admin@example.org');
    expect(loadConfig({ ADMIN_EMAIL: 'admin@example.org', SUPPORT_EMAIL: 'help@example.org' }).supportEmail).toBe('help@example.org');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an email' })).toThrow(ConfigError);
  });

  it('derives the public URL from the port and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '4000', DATABASE_URL: '', LOG_LEVEL: ' ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('refuses invalid values with a message naming each variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'abc',
        PUBLIC_URL: 'ftp://example.org',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        ADMIN_EMAIL: 'nobody',
        ALTCHA_HMAC_KEY: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a whole number such as 3000/);
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Invalid configuration');
    for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'LOG_LEVEL', 'ADMIN_EMAIL', 'ALTCHA_HMAC_KEY']) {
      expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
    expect(message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
  });
});

describe('readEnvironment', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('reads a .env file, with the real environment winning', async () => {
    folder = await mkdtemp(join(tmpdir(), 'bpa-env-'));
    const file = join(folder, '.env');
    await writeFile(file, '# comment\nBPA_TEST_ONLY_IN_FILE=from-file\nPATH=from-file\n');
    const environment = readEnvironment(file);
    expect(environment.BPA_TEST_ONLY_IN_FILE).toBe('from-file');
    expect(environment.PATH).toBeTruthy();
    expect(environment.PATH).not.toBe('from-file');
  });

  it('works without a .env file, or with none asked for', async () => {
    expect(readEnvironment('/nonexistent/.env').PATH).toBeTruthy();
    folder = await mkdtemp(join(tmpdir(), 'bpa-env-'));
    expect(readEnvironment(null).PATH).toBe(readEnvironment(join(folder, '.env')).PATH);
  });
});
