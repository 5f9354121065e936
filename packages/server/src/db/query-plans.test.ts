/**
 * The list queries of the partnership (the dashboard's badge, "changes since your last visit",
 * History's pages, the email notices, the PDF viewer by name) use an index on a seeded database, not a sequential scan (migration 0016; ADR 198): each is read with EXPLAIN
 * after 2,000 accounts, 2,000 agreements, 20,000 old versions and thousands of old marks, replies
 * and notice rows, so a query that scans a whole table shows here before it shows in production.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../test/test-db';

let database: TestDatabase;
let someUser: string;
let someContracts: string[];

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
  await run(
    sql`insert into contract_views (contract_id, user_id, revision) values (${someContracts[0]}::uuid, ${someUser}::uuid, 19000) on conflict do nothing`,
  );
});
afterAll(async () => {
  await database?.close();
});

/** The plan's node types and relations, every level. */
async function planOf(query: ReturnType<typeof sql>): Promise<string[]> {
  const answer = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
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

describe('list queries read an index on a seeded database', () => {
  const since = sql`now() - interval '1 day'`;
  it.each([
    ['one person’s visits (the dashboard badge)', () => sql`select contract_id, revision from contract_views where user_id = ${someUser}`],
    [
      'the agreements changed lately (the digest)',
      () => sql`select distinct contract_id from contract_revisions where created_at > ${since} and author_user_id is not null`,
    ],
    [
      'the marks to discuss made lately (the notices)',
      () => sql`select * from contract_marks where status = 'discuss' and updated_at > ${since} and updated_at <= now()`,
    ],
    ['the replies made lately (the notices)', () => sql`select * from contract_replies where created_at > ${since} and created_at <= now()`],
    [
      'the notice rows of the agreements with news',
      () =>
        sql`select * from agreement_notices where contract_id in (${sql.join(
          someContracts.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    ],
    [
      'a deep page of History (keyset: the page below a revision)',
      () => sql`select revision, kind, author_label, created_at, change from contract_revisions
        where contract_id = ${someContracts[0]}::uuid and revision < 1000 order by revision desc limit 20`,
    ],
    [
      '"changes since your last visit" (the items recorded after a revision)',
      () => sql`select distinct on (entry.item->>'itemId') entry.item, r.revision, r.author_user_id
        from contract_revisions r cross join lateral jsonb_array_elements(r.items) with ordinality as entry(item, position)
        where r.contract_id = ${someContracts[0]}::uuid and r.revision > 19000 and r.items is not null
        order by entry.item->>'itemId', r.revision desc`,
    ],
    [
      'the dashboard badge’s count (one person’s visited agreements)',
      () => sql`select newest.contract_id, count(*) from (
          select distinct on (r.contract_id, entry.item->>'itemId') r.contract_id, r.author_user_id
          from contract_views v join contract_revisions r on r.contract_id = v.contract_id and r.revision > v.revision
          cross join lateral jsonb_array_elements(r.items) as entry(item)
          where v.user_id = ${someUser}::uuid and v.contract_id in (select jsonb_array_elements_text(${JSON.stringify(someContracts)}::jsonb)::uuid)
          order by r.contract_id, entry.item->>'itemId', r.revision desc
        ) newest where newest.author_user_id is distinct from ${someUser}::uuid group by newest.contract_id`,
    ],
    [
      'the agreements a person can open, own or shared (practice progress, other agreements)',
      () => sql`select id from contracts where id in (
          select id from contracts where owner_user_id = ${someUser}::uuid
          union all
          select contract_id from contract_shares where user_id = ${someUser}::uuid and accepted_at is not null)
        order by updated_at desc limit 5`,
    ],
    [
      'the newest PDF of a name (the viewer by file name)',
      () => sql`select file_name from pdf_files where owner_user_id = ${someUser}::uuid and is_guest = false and file_name = 'partner-1.pdf'
        and (expires_at is null or expires_at > now()) order by created_at desc, id desc limit 1`,
    ],
  ])('%s', async (_name, query) => {
    const nodes = await planOf(query());
    expect(
      nodes.filter((node) => node.startsWith('Seq Scan')),
      nodes.join(' > '),
    ).toEqual([]);
  });
});
