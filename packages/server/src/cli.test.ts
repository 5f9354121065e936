import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliContext, runCli } from './cli';
import { openDatabase } from './db/database';
import { userTokens } from './db/schema/user-tokens';
import { users } from './db/schema/users';
import { hashSecret } from './features/sessions/secrets';
import { testDatabaseUrl } from './test/test-db';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bpa-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs the CLI in-process with the given environment; answers the exit code and what it printed. */
async function run(args: string[], environment: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const context: CliContext = { environment, stdout: { write: (t) => void out.push(t) }, stderr: { write: (t) => void err.push(t) } };
  const code = await runCli(args, context);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const LINK = /^https:\/\/bridge\.example\.org\/accept-invite\/([A-Za-z0-9_-]{43})$/m;

describe('npm run cli -- create-admin EMAIL', () => {
  it('creates the administrator in the PGlite database under DATA_DIR and prints a set-password link', async () => {
    const environment = { DATA_DIR: dataDir, PUBLIC_URL: 'https://bridge.example.org' };
    const first = await run(['create-admin', 'Root@Example.org'], environment);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('Created the administrator root@example.org.');
    const token = LINK.exec(first.stdout)![1]!;

    const again = await run(['create-admin', 'root@example.org'], environment);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Made administrator root@example.org.');

    const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const [row] = await connection.db.select().from(users).where(eq(users.email, 'root@example.org'));
      expect(row!.role).toBe('admin');
      const tokens = await connection.db.select().from(userTokens).where(eq(userTokens.userId, row!.id));
      expect(tokens.map((t) => t.tokenHash)).toContain(hashSecret(token));
      expect(tokens.every((t) => t.purpose === 'invitation')).toBe(true);

      // While another process (here: this one) has the database open, the CLI refuses clearly.
      const busy = await run(['create-admin', 'other@example.org'], environment);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('is in use by another process: is the server running?');
      expect(busy.stderr).toContain('Stop the server');
    } finally {
      await connection.close();
    }
  });

  it('works on a PostgreSQL server (DATABASE_URL)', async (context) => {
    const serverUrl = testDatabaseUrl();
    if (!serverUrl) {
      context.skip();
      return;
    }
    const name = `bpa_test_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const result = await run(['create-admin', 'pg-admin@example.org'], { DATABASE_URL: url.toString(), PUBLIC_URL: 'https://bridge.example.org' });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(LINK);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      try {
        expect((await check.query("select role from users where email = 'pg-admin@example.org'")).rows).toEqual([{ role: 'admin' }]);
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it('explains its usage and refuses bad input with exit code 2', async () => {
    const environment = { DATA_DIR: dataDir };
    expect((await run([], environment)).code).toBe(2);
    expect((await run([], environment)).stderr).toContain('create-admin EMAIL');
    expect(await run(['help'], environment)).toMatchObject({ code: 0 });
    expect((await run(['drop-everything'], environment)).stderr).toContain('Unknown command "drop-everything"');
    expect((await run(['create-admin'], environment)).code).toBe(2);
    expect((await run(['create-admin', 'not-an-email'], environment)).code).toBe(2);
    expect((await run(['create-admin', 'a@example.org', 'b@example.org'], environment)).code).toBe(2);
  });

  it('reports an invalid configuration with exit code 1', async () => {
    const result = await run(['create-admin', 'a@example.org'], { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
