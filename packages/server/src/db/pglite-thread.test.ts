import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayChange, openDatabase, watchWrites } from './database';
import { testDatabaseUrl } from '../test/test-db';
import { PgliteThread } from './pglite-thread';

const SETTINGS = ['shared_buffers = 16MB'];

describe('PgliteThread (the embedded database in a worker thread, ADR 182)', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.open({ dataDir: undefined, fromArchive: undefined, settings: SETTINGS });
    await thread.exec('create table seat (id serial primary key, name text unique not null, taken_at timestamptz default now())');
  });
  afterAll(async () => {
    await thread.close();
  });

  it('answers rows in the mode asked for, keeping the types Drizzle parses itself as text', async () => {
    const keepAsText = { 1184: (value: string) => value };
    const asArrays = await thread.query<unknown[]>("select 1 + 1 as two, timestamptz '2026-11-25 10:00:00+00' as at", [], {
      rowMode: 'array',
      parsers: keepAsText,
    });
    expect(asArrays.rows).toEqual([[2, '2026-11-25 10:00:00+00']]);
    const asObjects = await thread.query<{ name: string }>('select $1::text as name', ['North']);
    expect(asObjects.rows).toEqual([{ name: 'North' }]);
  });

  it('refuses a parser that changes values, which it could not run in the other thread', async () => {
    await expect(thread.query('select 1', [], { parsers: { 1184: (value: string) => new Date(value) } })).rejects.toThrow(/only keep values as text/);
  });

  it("gives PostgreSQL's error fields back (code, constraint), so callers can tell a duplicate", async () => {
    await thread.query('insert into seat (name) values ($1)', ['South']);
    const duplicate = await thread.query('insert into seat (name) values ($1)', ['South']).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'seat_name_key' });
    expect((duplicate as Error).message).toContain('duplicate key');
  });

  it("keeps a transaction's statements together: a statement sent meanwhile waits and is not rolled back with it", async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const failing = thread.transaction(async (transaction) => {
      await transaction.query('insert into seat (name) values ($1)', ['East']);
      await paused;
      throw new Error('changed my mind');
    });
    // Sent while the transaction is open: without the turn it would run inside it and be undone.
    const outside = thread.query('insert into seat (name) values ($1)', ['West']);
    release();
    await expect(failing).rejects.toThrow('changed my mind');
    await outside;
    const names = await thread.query<{ name: string }>('select name from seat order by name');
    expect(names.rows.map((row) => row.name)).toEqual(['South', 'West']);
  });

  it('keeps the main thread free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await thread.query('select count(*) from generate_series(1, 1000000)');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // In-process PGlite runs the statement synchronously: no timer fires until it ends.
    expect(elapsed).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThanOrEqual(2);
  });

  it('writes a consistent archive of a database in memory that opens as a new database', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bpa-pglite-archive-'));
    const file = join(folder, 'memory.tar.gz');
    expect(await thread.writeArchive(file)).toBe((await readFile(file)).length);
    const copy = await PgliteThread.open({ dataDir: undefined, fromArchive: new Uint8Array(await readFile(file)), settings: SETTINGS });
    await rm(folder, { recursive: true, force: true });
    try {
      const names = await copy.query<{ name: string }>('select name from seat order by name');
      expect(names.rows.map((row) => row.name)).toEqual(['South', 'West']);
    } finally {
      await copy.close();
    }
  });
});

describe('openDatabase on PGlite (through the thread)', () => {
  it('runs Drizzle transactions, nested ones as savepoints, and refuses calls once closed', async () => {
    const connection = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await connection.db.execute(sql`create table board (number integer primary key)`);
    await connection.db.transaction(async (transaction) => {
      await transaction.execute(sql`insert into board values (1)`);
      await transaction
        .transaction(async (nested) => {
          await nested.execute(sql`insert into board values (2)`);
          nested.rollback();
        })
        .catch(() => undefined);
      await transaction.execute(sql`insert into board values (3)`);
    });
    const boards = (await connection.db.execute(sql`select number from board order by number`)) as unknown as { rows: { number: number }[] };
    expect(boards.rows.map((row) => row.number)).toEqual([1, 3]);
    await connection.close();
    await expect(connection.db.execute(sql`select 1`)).rejects.toThrow();
  });
});

describe('watchWrites: which statements may change a table (ADR 187)', () => {
  const usersOrSessions = /\b(users|sessions)\b/i;
  it.each([
    ['select * from "users" where id = $1', false],
    ['insert into "contracts" (id) values ($1)', false],
    ['create table users_archive (id int)', false],
    ['update "users" set role = $1', true],
    ['select "id" from "users" where "users"."id" = $1 for update', true],
    ['with gone as (delete from sessions returning user_id) select * from gone', true],
    ['  DROP TABLE users', true],
    ['alter table "sessions" add column x int', true],
  ])('%s: %s', (statement, expected) => {
    expect(mayChange(statement, usersOrSessions)).toBe(expected);
  });

  it('counts, on the embedded database only, the statements sent that may change the tables named, inside transactions too', async () => {
    const connection = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const changes = watchWrites(connection.db, ['hand'])!;
      await connection.db.execute(sql`create table hand (id int primary key, seat text)`);
      await connection.db.execute(sql`create table deal (id int primary key)`);
      expect(changes()).toBe(1);
      await connection.db.execute(sql`select * from hand`);
      await connection.db.execute(sql`insert into deal values (1)`);
      expect(changes()).toBe(1);
      await connection.db.transaction(async (transaction) => {
        await transaction.execute(sql`insert into hand values (1, 'N')`);
      });
      expect(changes()).toBe(2);
    } finally {
      await connection.close();
    }
    const postgres = testDatabaseUrl();
    if (postgres) {
      const shared = await openDatabase({ kind: 'postgres', url: postgres });
      expect(watchWrites(shared.db, ['hand'])).toBeUndefined();
      await shared.close();
    }
  });
});

describe('backups of a PGlite folder (writeArchive: a copy by the operating system, then tar)', () => {
  it('archives the folder as it is between statements, opens as a new database, and leaves no copy behind', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'bpa-pglite-copy-'));
    const dataDir = join(parent, 'pglite');
    await mkdir(dataDir);
    const thread = await PgliteThread.open({ dataDir, fromArchive: undefined, settings: SETTINGS });
    try {
      await thread.exec('create table seat (name text primary key)');
      await thread.query('insert into seat values ($1)', ['North']);
      // Sent together: the insert sent after the backup must wait for its copy, and not be in it.
      const file = join(parent, 'backup.tar.gz');
      const archive = thread.writeArchive(file);
      const later = thread.query('insert into seat values ($1)', ['South']);
      await Promise.all([archive, later]);
      expect(readdirSync(parent).sort()).toEqual(['backup.tar.gz', 'pglite']);
      const copy = await PgliteThread.open({ dataDir: undefined, fromArchive: new Uint8Array(await readFile(file)), settings: SETTINGS });
      try {
        const names = await copy.query<{ name: string }>('select name from seat order by name');
        expect(names.rows.map((row) => row.name)).toEqual(['North']);
      } finally {
        await copy.close();
      }
      const now = await thread.query<{ name: string }>('select name from seat order by name');
      expect(now.rows.map((row) => row.name)).toEqual(['North', 'South']);
    } finally {
      await thread.close();
      await rm(parent, { recursive: true, force: true });
    }
  });
});
