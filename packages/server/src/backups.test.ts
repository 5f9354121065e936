import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toggleSubject } from '@bpa/domain/editing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupFileName, pruneBackups, writeAutomaticBackup } from './backups';
import { type CliContext, runCli } from './cli';
import { openDatabase, restorePgliteDataDir } from './db/database';
import { contractRevisions, contracts } from './db/schema/contracts';
import { templates } from './db/schema/templates';
import { users } from './db/schema/users';
import { replaceAgreementDocument } from './features/agreements/replace-agreement-document';
import { documentAtRevision } from './features/agreements/revision-store';
import { insertTestAgreement } from './features/agreements/test-agreements';
import { loadTemplates } from './features/templates/load-templates';
import { FIXTURE_TEMPLATES_DIR } from './test/test-app';
import { createTestAccount } from './test/test-accounts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bpa-backups-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function run(args: string[], environment: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const context: CliContext = { environment, stdout: { write: (t) => void out.push(t) }, stderr: { write: (t) => void err.push(t) } };
  const code = await runCli(args, context);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** A data folder with users, an agreement with three revisions, and the fixture templates. */
async function seed(dataDir: string) {
  // Starts from the run's migrated database (test/global-setup.ts) when it is a PGlite archive:
  // creating and migrating a cluster in a folder costs seconds of CPU, more on a loaded machine.
  const migrated = inject('migratedDatabase');
  if (migrated?.kind === 'pglite') await restorePgliteDataDir(join(dataDir, 'pglite'), new Blob([await readFile(migrated.archivePath)]));
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  await connection.migrate();
  const { db } = connection;
  await loadTemplates(db, FIXTURE_TEMPLATES_DIR);
  const account = await createTestAccount(db, { email: 'anna@example.org' });
  await createTestAccount(db, { email: 'bob@example.org', role: 'partner' });
  const agreement = await insertTestAgreement(db, { ownerUserId: account.id, contractName: 'With Bob' });
  let document = agreement.document;
  for (let revision = 0; revision < 2; revision++) {
    document = toggleSubject(document, document.categories[revision]!._id, document.categories[revision]!.subjects[0]!._id);
    await replaceAgreementDocument(db, {
      id: agreement.id,
      change: { kind: 'save', document, expectedRevision: revision },
      author: { userId: account.id, label: 'anna' },
      now: new Date(),
    });
  }
  return { connection, agreementId: agreement.id, firstDocument: agreement.document, lastDocument: document };
}

describe('backups of the embedded database (docs/product.md §D11, ADR 160)', () => {
  it('backs up with the CLI and restores into a fresh folder: every user, agreement, revision and template is there', async () => {
    const source = join(root, 'source');
    const { connection, agreementId, firstDocument, lastDocument } = await seed(source);
    // The CLI refuses while the database is open elsewhere (here: this test holds it open).
    const busy = await run(['backup', join(root, 'busy.tar.gz')], { DATA_DIR: source });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('Stop the server first');
    const templateCount = (await connection.db.select().from(templates)).length;
    await connection.close();

    const file = join(root, 'backup.tar.gz');
    const backup = await run(['backup', file], { DATA_DIR: source });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backup written: .*backup\.tar\.gz \(\d+ bytes\)/);

    const target = join(root, 'target');
    const restored = await run(['restore', file], { DATA_DIR: target });
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(`2 users, 1 agreements, ${templateCount} templates`);

    const copy = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
    try {
      expect((await copy.db.select({ email: users.email }).from(users)).map((u) => u.email).sort()).toEqual(['anna@example.org', 'bob@example.org']);
      expect(await copy.db.select().from(templates)).toHaveLength(templateCount);
      const [current] = await copy.db.select().from(contracts).where(eq(contracts.id, agreementId));
      expect(current).toMatchObject({ revision: 2, document: lastDocument });
      expect((await copy.db.select().from(contractRevisions).where(eq(contractRevisions.contractId, agreementId))).map((r) => r.revision).sort()).toEqual([
        0, 1, 2,
      ]);
      expect((await documentAtRevision(copy.db, agreementId, 0, current!))?.categories).toEqual(firstDocument.categories);
    } finally {
      await copy.close();
    }

    // Restoring over a database keeps the old one aside; a file that is no backup changes nothing.
    const again = await run(['restore', file], { DATA_DIR: target });
    expect(again.stdout).toMatch(/The database that was there is kept in .*pglite\.before-restore-/);
    const junk = join(root, 'junk.tar.gz');
    await writeFile(junk, 'not a backup');
    const refused = await run(['restore', junk], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(existsSync(join(target, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('writes the nightly backup into DATA_DIR/backups and keeps the newest ones', async () => {
    const dataDir = join(root, 'nightly');
    const { connection } = await seed(dataDir);
    try {
      for (let day = 1; day <= 4; day++) {
        await writeAutomaticBackup(connection, { dataDir, keep: 3, now: new Date(Date.UTC(2026, 10, day, 3)) });
      }
    } finally {
      await connection.close();
    }
    expect((await readdir(join(dataDir, 'backups'))).sort()).toEqual([2, 3, 4].map((day) => backupFileName(new Date(Date.UTC(2026, 10, day, 3)))));
    expect(backupFileName(new Date(Date.UTC(2026, 10, 24, 3, 4, 5)))).toBe('bpa-20261124-030405.tar.gz');
    await writeFile(join(dataDir, 'backups', 'keep-me.txt'), 'mine');
    expect(await pruneBackups(join(dataDir, 'backups'), 1)).toHaveLength(2);
    expect(await readdir(join(dataDir, 'backups'))).toContain('keep-me.txt');
  });

  it('points to pg_dump and pg_restore for PostgreSQL', async () => {
    const environment = { DATA_DIR: root, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect((await run(['backup', 'x.tar.gz'], environment)).stderr).toContain('pg_dump');
    expect((await run(['restore', 'x.tar.gz'], environment)).stderr).toContain('pg_restore');
  });
});
