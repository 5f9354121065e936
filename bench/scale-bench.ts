/**
 * Every signed-in read route of a subscriber, on a small database beside a large one
 * (docs/product.md §D12: each route within 1.2x of the small database's time on 2,000 accounts
 * and 20,000 versions of one agreement; no sequential scan in a hot query), on PostgreSQL (fresh
 * databases on the server DATABASE_URL names):
 *
 * 1. two databases with the templates and two subscribers; in each the first subscriber makes an
 *    agreement from the largest template and saves one change;
 * 2. the small one's agreement given 21 versions (a full page of History and one more); the large
 *    one grown by SQL to 2,000 accounts, each with an agreement shared with another account, a
 *    visit, three PDFs and a notice row, thousands of marks and replies, and 20,000 versions of the
 *    subscriber's agreement (its history: the one real save's row repeated, each an empty patch
 *    from the next, so every version reads as the current document), then `ANALYZE`;
 * 3. a server on each, and each route asked SCALE_BENCH_REQUESTS times of both, the two servers
 *    in turn and the routes in turn, so that both see the same moments of the machine's load,
 *    after a warm-up; the median of each, and the hot queries' plans (their node types);
 * 4. the large one grown on to 100,000 accounts (SCALE_BENCH_LARGEST_USERS; 0 skips it) and step 3
 *    again: how it grows.
 *
 * The other accounts' agreements hold an empty document: a route reads only its caller's rows, and
 * PostgreSQL keeps large documents out of line, so their size would not change what is measured.
 * Prints each route's medians and their ratio beside the goal.
 *
 * Settings: DATABASE_URL (required; without it the bench says so and stops), SCALE_BENCH_PORT
 * (default 3296; the large database's server on the next port), SCALE_BENCH_REQUESTS (default
 * 40), SCALE_BENCH_LARGEST_USERS (default 100000), SCALE_BENCH_KEEP_DATABASE=1 (leaves the large
 * database and prints its URL, to read plans by hand).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { type BenchDatabase, seedBenchDatabase, startProductServer } from './support/product-server';

const PORT = Number(process.env.SCALE_BENCH_PORT ?? 3296);
const REQUESTS = Number(process.env.SCALE_BENCH_REQUESTS ?? 40);
const LARGEST_USERS = Number(process.env.SCALE_BENCH_LARGEST_USERS ?? 100_000);
const KEEP_DATABASE = process.env.SCALE_BENCH_KEEP_DATABASE === '1';
/** Versions of the agreement on the small database: a full page of History and one more, as on the large one. */
const SMALL_VERSIONS = 21;
const WARM_UP_REQUESTS = 5;
/** docs/product.md §D12: a route on the large database at most this many times the small one's time. */
const GOAL_RATIO = 1.2;
const SCALE = { users: 2_000, versions: 20_000 };
const API = '/api/v1';

const postgresUrl = process.env.DATABASE_URL?.trim();
if (!postgresUrl) {
  console.log('DATABASE_URL is not set: the scale bench runs on PostgreSQL only, and is skipped.');
  process.exit(0);
}

/** The routes a subscriber's pages read, by the name printed. */
function readRoutes(contractId: string, newestRevision: () => number): Array<[string, () => string]> {
  return [
    ['session (every page)', () => `${API}/users/session`],
    ['account', () => `${API}/users/me`],
    ['dashboard: agreement names', () => `${API}/contracts/my`],
    ['dashboard: shared with me', () => `${API}/contracts/shared`],
    ['dashboard: badge (changes waiting)', () => `${API}/contracts/changes-waiting`],
    ['dashboard: practice progress', () => `${API}/contracts/practice-progress`],
    ['templates', () => `${API}/contracts/templates/`],
    ['editor: load the agreement', () => `${API}/contracts/my/${contractId}`],
    ['editor: latest', () => `${API}/contracts/${contractId}/latest`],
    ['editor: changes since the last visit', () => `${API}/contracts/${contractId}/changes`],
    ['editor: marks', () => `${API}/contracts/${contractId}/marks`],
    ['editor: replies', () => `${API}/contracts/${contractId}/replies`],
    ['editor: notices', () => `${API}/contracts/${contractId}/notices`],
    ['editor: partners', () => `${API}/contracts/my/${contractId}/shares`],
    ['editor: questionnaires', () => `${API}/contracts/${contractId}/questionnaires`],
    ['History: first page', () => `${API}/contracts/${contractId}/revisions?page=1`],
    ['History: last page (keyset)', () => `${API}/contracts/${contractId}/revisions?page=1&before=21`],
    ['History: one old version', () => `${API}/contracts/${contractId}/revisions/${Math.max(1, newestRevision() - 1)}`],
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A server on one of the two databases, and what its subscriber asks. */
interface Side {
  url: string;
  cookie: string;
  routes: Array<[string, () => string]>;
}

/**
 * Asks every route REQUESTS times of both sides, one request at a time: the routes in turn, and
 * for each route the small side then the large one.
 *
 * @returns per side, route name -> median milliseconds
 * @throws when a route answers anything but 200
 */
async function measureRoutes(sides: readonly Side[]): Promise<Array<Map<string, number>>> {
  const times = sides.map((side) => new Map(side.routes.map(([name]) => [name, [] as number[]])));
  for (let round = 0; round < WARM_UP_REQUESTS + REQUESTS; round++) {
    for (let index = 0; index < sides[0]!.routes.length; index++) {
      for (const [sideIndex, side] of sides.entries()) {
        const [name, path] = side.routes[index]!;
        const started = performance.now();
        const response = await fetch(`${side.url}${path()}`, { headers: { cookie: side.cookie, 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`${name} (${path()}) answered ${response.status}`);
        if (round >= WARM_UP_REQUESTS) times[sideIndex]!.get(name)!.push(ms);
      }
    }
  }
  return times.map((side) => new Map([...side].map(([name, values]) => [name, median(values)])));
}

/** Grows the database to `users` accounts (each with what an account has), and the agreement's history to `versions`. */
async function grow(client: pg.Client, contractId: string, users: number, versions: number): Promise<void> {
  const started = performance.now();
  const { rows } = await client.query<{ count: string }>('select count(*) from users');
  const have = Number(rows[0]!.count);
  await client.query(`insert into users (email, role) select 'scale-' || g || '@example.org', 'subscriber' from generate_series($1::int, $2::int) g`, [
    have + 1,
    users,
  ]);
  // Each new account: an agreement, a visit of it, three PDFs and a notice row (as query-plans.test.ts seeds).
  await client.query(`create temporary table fresh as select id from users where email like 'scale-%' and id not in (select owner_user_id from contracts)`);
  await client.query(`insert into contracts (owner_user_id, contract_name, document) select id, 'Partner 1', '{}'::jsonb from fresh`);
  await client.query(
    `insert into contract_views (contract_id, user_id, revision) select c.id, c.owner_user_id, 0 from contracts c join fresh f on f.id = c.owner_user_id`,
  );
  // Each new agreement shared with another account, accepted (the lists of agreements one can open).
  await client.query(`insert into contract_shares (contract_id, user_id, access, invited_email, accepted_at)
    select c.id, u.id, 'view', 'partner@example.org', now()
    from (select c.id, c.owner_user_id, row_number() over (order by c.id) n from contracts c join fresh f on f.id = c.owner_user_id) c
    join (select id, row_number() over (order by id) n from fresh) u on u.n = (c.n % (select count(*) from fresh)) + 1
    where u.id <> c.owner_user_id
    on conflict do nothing`);
  await client.query(`insert into pdf_files (path_name, file_name, owner_user_id, is_guest, content)
    select md5(f.id::text || g), 'partner-' || g || '.pdf', f.id, false, '\\x00'::bytea from fresh f, generate_series(1, 3) g`);
  await client.query(`insert into agreement_notices (user_id, contract_id, unsubscribe_token)
    select c.owner_user_id, c.id, md5(c.id::text) || md5(c.owner_user_id::text) from contracts c join fresh f on f.id = c.owner_user_id`);
  await client.query(`insert into contract_marks (contract_id, item_id, user_id, status, updated_at)
    select c.id, 'item-' || g, c.owner_user_id, 'discuss', now() - interval '30 days'
    from (select c.id, c.owner_user_id from contracts c join fresh f on f.id = c.owner_user_id limit 500) c, generate_series(1, 10) g`);
  await client.query(`insert into contract_replies (contract_id, item_id, user_id, text, created_at, updated_at)
    select c.id, 'item-' || g, c.owner_user_id, 'Why?', now() - interval '30 days', now() - interval '30 days'
    from (select c.id, c.owner_user_id from contracts c join fresh f on f.id = c.owner_user_id limit 500) c, generate_series(1, 10) g`);
  await client.query('drop table fresh');
  // The agreement's history: its newest row moved up to `versions`, the rows below it copies of it
  // whose patch is empty (each version reads as the next one's document, so as the current one).
  const current = await client.query<{ revision: number }>('select revision from contracts where id = $1', [contractId]);
  const revision = current.rows[0]!.revision;
  if (revision < versions) {
    await client.query('update contract_revisions set revision = $3 where contract_id = $1 and revision = $2', [contractId, revision, versions]);
    await client.query(
      `insert into contract_revisions (contract_id, revision, document, patch, kind, author_user_id, author_label, change, items, created_at)
       select contract_id, g, null, '[]'::jsonb, kind, author_user_id, author_label, change, items, created_at - (($3::int - g) * interval '1 minute')
       from contract_revisions, generate_series($2::int, $3::int - 1) g where contract_id = $1 and revision = $3`,
      [contractId, revision, versions],
    );
    await client.query('update contracts set revision = $2, kept_revisions = (select count(*) from contract_revisions where contract_id = $1) where id = $1', [
      contractId,
      versions,
    ]);
    await client.query('update contract_views set revision = $2 where contract_id = $1', [contractId, versions]);
  }
  await client.query('analyze');
  console.log(
    `  grown to ${users.toLocaleString('en')} accounts and ${versions.toLocaleString('en')} versions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The node types of a query's plan, outermost first ("Limit > Index Scan on contract_revisions"). */
async function planOf(client: pg.Client, query: string, values: unknown[]): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${query}`, values);
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(`${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan);
  return nodes.join(' > ');
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function printPlans(client: pg.Client, contractId: string, userId: string): Promise<void> {
  const queries: Array<[string, string, unknown[]]> = [
    ['agreement names (dashboard)', 'select id, contract_name from contracts where owner_user_id = $1 order by position', [userId]],
    ['visits of one person (badge)', 'select contract_id, revision from contract_views where user_id = $1', [userId]],
    [
      'agreements one can open (practice)',
      'select id from contracts where id in (select id from contracts where owner_user_id = $1 union all select contract_id from contract_shares where user_id = $1 and accepted_at is not null) order by updated_at desc limit 5',
      [userId],
    ],
    ['History: its page count', 'select revision, kept_revisions from contracts where id = $1', [contractId]],
    [
      'History: a deep page (keyset)',
      'select revision, kind, author_label, created_at, change from contract_revisions where contract_id = $1 and revision < 21 order by revision desc limit 20',
      [contractId],
    ],
    [
      'PDF viewer: newest PDF of a name',
      "select file_name from pdf_files where owner_user_id = $1 and is_guest = false and file_name = 'partner-1.pdf' order by created_at desc, id desc limit 1",
      [userId],
    ],
  ];
  console.log('  hot queries (plan, outermost first):');
  let scans = 0;
  for (const [name, query, values] of queries) {
    const plan = await planOf(client, query, values);
    if (plan.includes('Seq Scan')) scans += 1;
    console.log(`    ${name.padEnd(34)} ${plan}`);
  }
  console.log(`  sequential scans in hot queries: ${scans} (goal: none: ${scans === 0 ? 'met' : 'NOT met'})`);
}

/** Prints one comparison: each route's median on the small database and the large one, their ratio and the goal. */
function printTable(label: string, small: Map<string, number>, large: Map<string, number>): void {
  const header = ['route', 'small ms', `${label} ms`, 'ratio', 'goal'];
  const rows = [...small.keys()].map((route) => {
    const ratio = large.get(route)! / small.get(route)!;
    return [route, small.get(route)!.toFixed(2), large.get(route)!.toFixed(2), `${ratio.toFixed(2)}x`, ratio <= GOAL_RATIO ? 'met' : 'NOT met'];
  });
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  for (const row of [header, ...rows])
    console.log(row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  '));
  const worst = Math.max(...rows.map((row) => Number(row[3]!.replace('x', ''))));
  console.log(
    `the largest ratio at ${label}: ${worst.toFixed(2)}x (goal <= ${GOAL_RATIO}x: ${worst <= GOAL_RATIO ? 'met' : 'NOT met'}); load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

/** One database of the comparison: its data, a client, its subscriber's agreement and routes. */
interface Prepared {
  database: BenchDatabase;
  client: pg.Client;
  contractId: string;
  userId: string;
  newest: number;
  routes: Array<[string, () => string]>;
}

/**
 * Makes a database with the subscriber's agreement (from the largest template, one change saved).
 *
 * @throws when the server refuses the agreement or the save
 */
async function prepare(port: number): Promise<Prepared> {
  const database = await seedBenchDatabase({ subscriberCount: 2, postgresServerUrl: postgresUrl });
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  const { cookie } = database.subscribers[0]!;
  const server = await startProductServer(database, port);
  let contractId: string;
  try {
    const headers = { cookie, 'content-type': 'application/json' };
    const made = await fetch(`${server.url}${API}/contracts/my`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ templateId: database.largestTemplate.id }),
    });
    if (made.status !== 201) throw new Error(`Creating the agreement answered ${made.status}`);
    const agreement = (
      (await made.json()) as { data: { _id: string; revision: number; contractName: string; categories: Array<{ subjects: Array<{ isSelected: boolean }> }> } }
    ).data;
    contractId = agreement._id;
    const subject = agreement.categories[0]!.subjects[0]!;
    subject.isSelected = !subject.isSelected;
    const saved = await fetch(`${server.url}${API}/contracts/my/${contractId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ contractName: agreement.contractName, categories: agreement.categories, revision: agreement.revision }),
    });
    if (saved.status !== 200) throw new Error(`Saving the agreement answered ${saved.status}: ${await saved.text()}`);
    await fetch(`${server.url}${API}/contracts/${contractId}/changes`, { headers: { cookie } });
  } finally {
    await server.stop();
  }
  const userId = (await client.query<{ id: string }>('select owner_user_id as id from contracts where id = $1', [contractId])).rows[0]!.id;
  const prepared: Prepared = { database, client, contractId, userId, newest: 1, routes: [] };
  prepared.routes = readRoutes(contractId, () => prepared.newest);
  return prepared;
}

/** Starts a server on each database, measures both in turn, stops them. */
async function compare(small: Prepared, large: Prepared): Promise<[Map<string, number>, Map<string, number>]> {
  const servers = [await startProductServer(small.database, PORT), await startProductServer(large.database, PORT + 1)];
  try {
    const [smallTimes, largeTimes] = await measureRoutes(
      [small, large].map((side, index) => ({ url: servers[index]!.url, cookie: side.database.subscribers[0]!.cookie, routes: side.routes })),
    );
    return [smallTimes!, largeTimes!];
  } finally {
    for (const server of servers) await server.stop();
  }
}

const small = await prepare(PORT);
const large = await prepare(PORT);
try {
  console.log(
    `Scale benchmark on PostgreSQL: ${small.routes.length} read routes of one subscriber, median of ${REQUESTS} requests each, the small and the large database in turn (routes in turn, after ${WARM_UP_REQUESTS} warm-up rounds); load average ${loadavg()[0]!.toFixed(1)}`,
  );
  await grow(small.client, small.contractId, small.database.subscribers.length, SMALL_VERSIONS);
  small.newest = SMALL_VERSIONS;
  console.log(
    `small database: the templates, 2 subscribers and the administrator, one agreement with ${SMALL_VERSIONS} versions (History's pages full on both)`,
  );

  await grow(large.client, large.contractId, SCALE.users, SCALE.versions);
  large.newest = SCALE.versions;
  await printPlans(large.client, large.contractId, large.userId);
  const [smallTimes, largeTimes] = await compare(small, large);
  printTable(`${SCALE.users / 1000}k`, smallTimes, largeTimes);

  if (LARGEST_USERS > SCALE.users) {
    await grow(large.client, large.contractId, LARGEST_USERS, SCALE.versions);
    await printPlans(large.client, large.contractId, large.userId);
    const [smallAgain, largest] = await compare(small, large);
    printTable(`${LARGEST_USERS / 1000}k`, smallAgain, largest);
  }
} finally {
  for (const side of [small, large]) await side.client.end();
  await small.database.dispose();
  if (KEEP_DATABASE) console.log(`database kept: ${large.database.databaseUrl}`);
  else await large.database.dispose();
}
