/**
 * The list queries of the partnership (the dashboard's badge, "changes since your last visit",
 * History's pages, the email notices, the PDF viewer by name, the agreements one can open) use an
 * index on a seeded database, not a sequential scan (migration 0016; ADR 198): after 2,000
 * accounts, 2,000 agreements, 20,000 old versions and thousands of old marks, replies and notice
 * rows, the product's own functions run on a Drizzle database that records every statement they
 * send, and each statement is read with EXPLAIN. A query that scans a whole table shows here before
 * it shows in production, and a changed query is checked as it now is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChangesSince } from '../features/agreements/changes-since';
import { readOpenableAgreements } from '../features/agreements/other-agreements';
import { listRevisions } from '../features/history/agreement-history';
import { sendDigests, sendDiscussionNotices } from '../features/notices/send-notices';
import { getLatestPdfFile } from '../features/pdf-files/get-latest-pdf-file';
import { listChangesWaiting } from '../features/review/agreement-review';
import { createMailer } from '../mail/mailer';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import type { Database } from './database';

let database: TestDatabase;
let someUser: string;
let someContracts: string[];
let outboxDir: string | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await run(sql`insert into users (email, role) select 'plan-' || g || '@example.org', 'subscriber' from generate_series(1, 2000) g`);
  await run(sql`insert into contracts (owner_user_id, contract_name, document) select id, 'Partner 1', '{}'::jsonb from users`);
  await run(sql`insert into contract_views (contract_id, user_id, revision) select id, owner_user_id, 0 from contracts`);
  await run(sql`
    insert into contract_views (contract_id, user_id, revision)
    select c.id, u.id, 0 from (select id, row_number() over (order by id) n from contracts) c
    join (select id, row_number() over (order by id) n from users) u on u.n = (c.n % 2000) + 1 and u.id <> (select owner_user_id from contracts where id = c.id)`);
  const old = sql`now() - interval '30 days'`;
  await run(sql`
    insert into contract_revisions (contract_id, revision, items, created_at)
    select (select id from contracts order by id limit 1), g, jsonb_build_array(jsonb_build_object('itemId', 'item-' || (g % 300))), ${old}
    from generate_series(1, 20000) g`);
  // Two versions of every other agreement: the table holds more than the one long history.
  await run(sql`
    insert into contract_revisions (contract_id, revision, items, created_at)
    select c.id, g, jsonb_build_array(jsonb_build_object('itemId', 'item-' || g)), ${old}
    from (select id from contracts order by id offset 1) c, generate_series(1, 2) g`);
  await run(sql`
    insert into pdf_files (path_name, file_name, owner_user_id, is_guest, content)
    select md5(u.id::text || g), 'partner-' || g || '.pdf', u.id, false, '\\x00'::bytea from users u, generate_series(1, 3) g`);
  await run(sql`
    insert into contract_marks (contract_id, item_id, user_id, status, updated_at)
    select c.id, 'item-' || g, c.owner_user_id, 'discuss', ${old} from (select id, owner_user_id from contracts order by id limit 500) c, generate_series(1, 10) g`);
  await run(sql`
    insert into contract_replies (contract_id, item_id, user_id, text, created_at, updated_at)
    select c.id, 'item-' || g, c.owner_user_id, 'Why?', ${old}, ${old} from (select id, owner_user_id from contracts order by id limit 500) c, generate_series(1, 10) g`);
  await run(sql`
    insert into agreement_notices (user_id, contract_id, unsubscribe_token)
    select owner_user_id, id, md5(id::text) || md5(owner_user_id::text) from contracts`);
  // Each agreement shared with another account, accepted.
  await run(sql`
    insert into contract_shares (contract_id, user_id, access, invited_email, accepted_at)
    select c.id, u.id, 'view', 'partner@example.org', now() from (select id, row_number() over (order by id) n from contracts) c
    join (select id, row_number() over (order by id) n from users) u on u.n = (c.n % 2000) + 1
    where u.id <> (select owner_user_id from contracts where id = c.id)`);
  await run(sql`analyze`);
  const rows = (await run(sql`select owner_user_id as "user", id from contracts order by id limit 3`)) as unknown as { rows: { user: string; id: string }[] };
  someUser = rows.rows[0]!.user;
  someContracts = rows.rows.map((row) => row.id);
  // The agreement with the long history: the badge and "changes since" read its versions.
  // News of the last hour, so that the email notices go on to read the members, notice rows and
  // agreements of the agreements with news: a mark to discuss on three agreements, a new version.
  await run(sql`
    insert into contract_marks (contract_id, item_id, user_id, status, updated_at)
    select id, 'item-recent', owner_user_id, 'discuss', now() - interval '1 hour' from contracts where id in (${sql.join(
      someContracts.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  await run(
    sql`update contracts set document = '{"categories": []}'::jsonb where id in (${sql.join(
      someContracts.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  await run(sql`
    insert into contract_revisions (contract_id, revision, items, author_user_id, created_at)
    values (${someContracts[0]}::uuid, 20001, '[]'::jsonb, ${someUser}::uuid, now() - interval '1 hour')`);
  // The owner saw it at version 19,000 of 20,000 (the owner's visit was seeded at 0 above).
  await run(
    sql`insert into contract_views (contract_id, user_id, revision) values (${someContracts[0]}::uuid, ${someUser}::uuid, 19000)
      on conflict (contract_id, user_id) do update set revision = excluded.revision`,
  );
});
afterAll(async () => {
  await database?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

/** A statement as the product sent it: its text with `$n` placeholders, and their values. */
interface Statement {
  text: string;
  params: unknown[];
}

/** The connection under the test's Drizzle database: PGlite's thread or PostgreSQL's pool, both with `query(text, params)`. */
type QueryClient = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * Runs `work` with a Drizzle database over the test's connection that records every statement it
 * sends (Drizzle's documented `logger`), and returns those statements.
 */
async function statementsOf(work: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  const client = (database.db as unknown as { $client: never }).$client;
  const recording = (database.kind === 'pglite' ? drizzlePglite({ client, logger }) : drizzleNodePostgres({ client, logger })) as unknown as Database;
  await work(recording);
  return statements;
}

/** The plan's node types and relations, every level, of one recorded statement. */
async function planOf(statement: Statement): Promise<string[]> {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const answer = await client.query(`explain (format json) ${statement.text}`, statement.params);
  const raw = answer.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(`${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0]!.Plan);
  return nodes;
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The statements that read (EXPLAIN runs no write), each with the sequential scans of its plan. */
async function sequentialScans(statements: Statement[]): Promise<string[]> {
  const scans: string[] = [];
  for (const statement of statements.filter((s) => /^\s*(select|with)\b/i.test(s.text))) {
    const nodes = await planOf(statement);
    const seq = nodes.filter((node) => node.startsWith('Seq Scan'));
    if (seq.length > 0) scans.push(`${seq.join(', ')} in: ${statement.text.replace(/\s+/g, ' ')} (plan: ${nodes.join(' > ')})`);
  }
  return scans;
}

describe('list queries read an index on a seeded database', () => {
  const now = new Date();
  it.each<[string, (db: Database) => Promise<unknown>]>([
    ['the dashboard badge (one person’s visits and the changes waiting)', (db) => listChangesWaiting(db, someUser)],
    ['"changes since your last visit"', (db) => getChangesSince(db, { contractId: someContracts[0]!, userId: someUser })],
    ['a deep page of History (keyset: the page below a revision)', (db) => listRevisions(db, { contractId: someContracts[0]!, page: 1, before: 1000 })],
    ['the agreements a person can open, own or shared (practice progress, other agreements)', (db) => readOpenableAgreements(db, { userId: someUser })],
    [
      'the newest PDF of a name (the viewer by file name)',
      (db) => getLatestPdfFile(db, { fileName: 'partner-1.pdf', ownerUserId: someUser, now }).catch(() => undefined),
    ],
  ])('%s', async (_name, work) => {
    const statements = await statementsOf(work);
    expect(statements.length, 'the work sent statements').toBeGreaterThan(0);
    expect(await sequentialScans(statements)).toEqual([]);
  });

  // Last: they mark what they sent, which the cases above do not read.
  it('the email notices: marks to discuss and replies made lately, the agreements changed lately (the digest), their notice rows', async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'bpa-plans-'));
    const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const mail = { mailer: createMailer({ from: 'BPA <no-reply@bridge.example.org>', outboxDir, logger }), publicUrl: 'http://localhost' };
    const statements = await statementsOf(async (db) => {
      await sendDiscussionNotices(db, mail, now);
      await sendDigests(db, mail, now);
    });
    await mail.mailer.close();
    expect(statements.length, 'the work sent statements').toBeGreaterThan(0);
    expect(await sequentialScans(statements)).toEqual([]);
  });
});
