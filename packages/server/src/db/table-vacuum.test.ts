import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renameAgreement } from '../features/agreements/rename-agreement';
import { schedulePdfFileCleanup } from '../jobs/schedule-cleanup';
import { insertTestAgreement } from '../features/agreements/test-agreements';
import { loadTemplates } from '../features/templates/load-templates';
import { createTestAccount, signInAs } from '../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../test/test-app';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import { jobRuns } from './schema/job-runs';
import { TableVacuum, noteAgreementWrite } from './table-vacuum';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
});
afterAll(async () => {
  await database.close();
});

/** How many times `contracts` was vacuumed by a VACUUM statement (not autovacuum), from PostgreSQL's statistics. */
async function contractsVacuumCount(): Promise<number> {
  const result = (await database.db.execute(sql`select vacuum_count from pg_stat_user_tables where relname = 'contracts'`)) as unknown as {
    rows: { vacuum_count: string | number }[];
  };
  return Number(result.rows[0]!.vacuum_count);
}

/** A log that keeps what it is told, and fails the test on an error line. */
function recordingLog() {
  const vacuums: { ms: number; checkpointMs: number; writes: number }[] = [];
  return {
    vacuums,
    debug: (fields: { ms: number; checkpointMs: number; writes: number }) => void vacuums.push(fields),
    error: (fields: { err: unknown }) => {
      throw new Error(`the vacuum logged an error: ${String(fields.err)}`);
    },
  };
}

/** Saves one tick of `agreementId` `count` times through the app, as the editor does. */
async function saveTicks(app: Awaited<ReturnType<typeof buildTestApp>>, cookie: string, agreementId: string, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const loaded = await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${agreementId}`, headers: { cookie } });
    const { revision, categories } = (loaded.json() as { data: { revision: number; categories: { subjects: { isSelected: boolean }[] }[] } }).data;
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/contracts/my/${agreementId}/changes`,
      headers: { cookie },
      payload: { revision, changes: [{ op: 'replace', path: '/categories/0/subjects/0/isSelected', value: !categories[0]!.subjects[0]!.isSelected }] },
    });
    expect(response.statusCode).toBe(200);
  }
}

describe('the server vacuums the agreement table (ADR 192)', () => {
  it('runs VACUUM on contracts after every `everyWrites` saves, and not before', async () => {
    const owner = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, owner.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
    const app = await buildTestApp(database.db, { tableVacuum: { everyWrites: 3, intervalMs: 0 } });
    try {
      const before = await contractsVacuumCount();
      await saveTicks(app, cookie, agreement.id, 2);
      expect(await contractsVacuumCount()).toBe(before);
      await saveTicks(app, cookie, agreement.id, 1);
      // The VACUUM is started, not awaited, by the third save: closing the app waits for it.
      await app.close();
      expect(await contractsVacuumCount()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });

  it('runs no VACUUM when it is switched off (so the count above is done by the server)', async () => {
    const owner = await createTestAccount(database.db);
    const cookie = await signInAs(database.db, owner.id);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
    const app = await buildTestApp(database.db, { tableVacuum: { everyWrites: 0, intervalMs: 0 } });
    try {
      const before = await contractsVacuumCount();
      await saveTicks(app, cookie, agreement.id, 4);
      await app.close();
      expect(await contractsVacuumCount()).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('vacuums on its timer when writes were counted, and only then', async () => {
    const log = recordingLog();
    const vacuum = new TableVacuum(database.db, {
      everyWrites: Number.POSITIVE_INFINITY,
      intervalMs: 20,
      isEmbedded: database.kind === 'pglite',
      log,
    }).register();
    try {
      const owner = await createTestAccount(database.db);
      const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id });
      const before = await contractsVacuumCount();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(log.vacuums).toEqual([]);
      await renameAgreement(database.db, { id: agreement.id, contractName: 'Renamed', author: { userId: owner.id, label: 'owner' }, now: new Date() });
      await vi.waitFor(() => expect(log.vacuums).toHaveLength(1), { timeout: 30_000 });
      expect(log.vacuums[0]!.writes).toBe(1);
      expect(await contractsVacuumCount()).toBe(before + 1);
    } finally {
      await vacuum.close();
    }
  });

  it('sends a VACUUM asked for during a transaction after it ends (PostgreSQL refuses VACUUM inside one)', async () => {
    const log = recordingLog();
    const vacuum = new TableVacuum(database.db, { everyWrites: Number.POSITIVE_INFINITY, intervalMs: 0, isEmbedded: database.kind === 'pglite', log });
    try {
      const before = await contractsVacuumCount();
      let vacuumed: Promise<void> | undefined;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from contracts`);
        vacuumed = vacuum.vacuum();
        await tx.execute(sql`select count(*) from contracts`);
      });
      await vacuumed;
      expect(log.vacuums).toHaveLength(1);
      expect(await contractsVacuumCount()).toBe(before + 1);
    } finally {
      await vacuum.close();
    }
  });

  it('has autovacuum look at contracts and its TOAST after 50 dead rows, whatever the table size (migration 0010)', async () => {
    const result = (await database.db.execute(sql`
      select c.reloptions as "table", t.reloptions as "toast" from pg_class c join pg_class t on t.oid = c.reltoastrelid where c.relname = 'contracts'
    `)) as unknown as { rows: { table: string[]; toast: string[] }[] };
    expect(result.rows[0]).toEqual({
      table: ['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=50'],
      toast: ['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=50'],
    });
  });

  it('vacuums the whole embedded database once a day among the maintenance jobs, and leaves PostgreSQL to its autovacuum', async () => {
    const before = await contractsVacuumCount();
    const errors: unknown[] = [];
    const log = { info: () => undefined, error: (fields: unknown) => void errors.push(fields) } as unknown as FastifyBaseLogger;
    const isEmbedded = database.kind === 'pglite';
    const stop = schedulePdfFileCleanup(database.db, { intervalMs: 60 * 60 * 1000, now: () => new Date(), log, isShared: !isEmbedded });
    try {
      // The jobs run once at start, one after the other; the vacuum (embedded only) is the last.
      const lastJob = isEmbedded ? 'vacuum-database' : 'prune-invitation-emails';
      await vi.waitFor(async () => expect((await database.db.select().from(jobRuns).where(eq(jobRuns.name, lastJob))).length).toBe(1), { timeout: 30_000 });
      expect(errors).toEqual([]);
      expect((await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'vacuum-database'))).length).toBe(isEmbedded ? 1 : 0);
      expect(await contractsVacuumCount()).toBe(isEmbedded ? before + 1 : before);
    } finally {
      stop();
    }
  });

  it('counts nothing for a database whose vacuum was not started (scripts, the CLI)', () => {
    expect(() => noteAgreementWrite(database.db)).not.toThrow();
  });
});
