/**
 * Availability benchmark (docs/decisions/191-admission-by-cost.md, 190-untrusted-files-off-the-request-thread.md):
 * can one client address slow everyone else down by asking for expensive work as fast as it can?
 *
 * For each database (the embedded PGlite and, when DATABASE_URL names a PostgreSQL server, a fresh
 * database of that server) it starts the real server as its own process behind a trusted proxy
 * address (so each client can be given its own address with X-Forwarded-For) and measures a
 * subscriber's loads, saves and marks at a fixed arrival rate (open loop, 60 % loads, 30 % saves
 * of a small change, 10 % marks):
 * 1. alone (the baseline);
 * 2. while one attacker address, signed in as another subscriber, drives every expensive route as
 *    fast as the server answers on ATTACK_CONNECTIONS connections: the agreement PDF and the
 *    convention card of the largest agreement, the compare PDF of two of them, imports of the
 *    product's own PDF and of a decompression bomb, JSON and CSV exports and guest PDFs.
 * Prints the subscriber's p50/p99 beside the goal (p99 < 250 ms under attack), the attacker's
 * answers by route and status, and the server's CPU. Asserts nothing.
 *
 * Run: `npx tsx bench/availability-bench.ts` after `npm run build` (or `npm run bench`). Settings:
 * AVAILABILITY_BENCH_RATE (subscriber requests a second, default 20), AVAILABILITY_BENCH_SECONDS
 * (default 30), AVAILABILITY_BENCH_CONNECTIONS (attacker connections, default 8),
 * AVAILABILITY_BENCH_PORT (default 3293), DATABASE_URL (also run on PostgreSQL),
 * AVAILABILITY_BENCH_ENGINES (`pglite`, `postgres` or both, the default).
 */
import { pdfWithAttachment } from '@bpa/server/test/hostile-pdfs';
import { type BenchDatabase, type ProductServer, runOnEngines, seedBenchDatabase, startProductServer } from './support/product-server';

const RATE = Number(process.env.AVAILABILITY_BENCH_RATE ?? 20);
const SECONDS = Number(process.env.AVAILABILITY_BENCH_SECONDS ?? 30);
const ATTACK_CONNECTIONS = Number(process.env.AVAILABILITY_BENCH_CONNECTIONS ?? 8);
const PORT = Number(process.env.AVAILABILITY_BENCH_PORT ?? 3293);
const GOAL_P99_MS = 250;
const VICTIM_ADDRESS = '203.0.113.10';
const ATTACKER_ADDRESS = '198.51.100.66';
const BASE = '/api/v1/contracts/my';

type Kind = 'load' | 'save' | 'mark';
interface Outcome {
  kind: Kind;
  ms: number;
  status: number;
}

/** An agreement a client works on. */
interface Agreement {
  id: string;
  cookie: string;
  address: string;
  revision: number;
  contractName: string;
  document: { contractName: string; categories: { _id: string; subjects: { _id: string }[] }[] };
  isSaving: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function headers(agreement: Pick<Agreement, 'cookie' | 'address'>, json = false): Record<string, string> {
  return { cookie: agreement.cookie, 'x-forwarded-for': agreement.address, ...(json ? { 'content-type': 'application/json' } : {}) };
}

async function makeAgreement(server: ProductServer, database: BenchDatabase, subscriber: number, address: string): Promise<Agreement> {
  const cookie = database.subscribers[subscriber]!.cookie;
  const response = await fetch(`${server.url}${BASE}`, {
    method: 'POST',
    headers: headers({ cookie, address }, true),
    body: JSON.stringify({ templateId: database.largestTemplate.id }),
  });
  if (response.status !== 201) throw new Error(`Creating an agreement answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: Agreement['document'] & { _id: string; revision: number } };
  return { id: data._id, cookie, address, revision: data.revision, contractName: data.contractName, document: data, isSaving: false };
}

let counter = 0;

/** One of the subscriber's requests, measured from when it was due (open loop: queueing counts). */
async function send(server: ProductServer, kind: Kind, agreements: Agreement[], n: number, scheduledAt: number): Promise<Outcome> {
  let agreement = agreements[n % agreements.length]!;
  try {
    if (kind === 'load') {
      const response = await fetch(`${server.url}${BASE}/${agreement.id}`, { headers: headers(agreement) });
      await response.arrayBuffer();
      return { kind, ms: performance.now() - scheduledAt, status: response.status };
    }
    if (kind === 'save') {
      agreement = agreements.find((a) => !a.isSaving) ?? agreement;
      agreement.isSaving = true;
      const contractName = `Partner ${(counter += 1)}`;
      const response = await fetch(`${server.url}${BASE}/${agreement.id}/changes`, {
        method: 'PATCH',
        headers: headers(agreement, true),
        body: JSON.stringify({
          revision: agreement.revision,
          changes: [
            { op: 'test', path: '/contractName', value: agreement.contractName },
            { op: 'replace', path: '/contractName', value: contractName },
          ],
        }),
      });
      const text = await response.text();
      if (response.status === 200) {
        agreement.revision = (JSON.parse(text) as { data: { revision: number } }).data.revision;
        agreement.contractName = contractName;
      }
      agreement.isSaving = false;
      return { kind, ms: performance.now() - scheduledAt, status: response.status };
    }
    const subjects = agreement.document.categories.flatMap((category) => category.subjects);
    const subject = subjects[(counter += 1) % subjects.length]!;
    const response = await fetch(`${server.url}/api/v1/contracts/${agreement.id}/marks/${subject._id}`, {
      method: 'PUT',
      headers: headers(agreement, true),
      body: JSON.stringify({ status: counter % 2 === 0 ? 'agreed' : 'discuss', note: `Note ${counter}` }),
    });
    await response.arrayBuffer();
    return { kind, ms: performance.now() - scheduledAt, status: response.status };
  } catch {
    agreement.isSaving = false;
    return { kind, ms: performance.now() - scheduledAt, status: 0 };
  }
}

/** 12 loads, 6 saves and 2 marks in every 20 requests. */
const kindOf = (n: number): Kind => (n % 20 < 12 ? 'load' : n % 20 < 18 ? 'save' : 'mark');

async function fixedRate(server: ProductServer, agreements: Agreement[], seconds: number): Promise<Outcome[]> {
  const total = Math.round(RATE * seconds);
  const interval = 1000 / RATE;
  const start = performance.now();
  const pending: Promise<Outcome>[] = [];
  for (let n = 0; n < total; n++) {
    const scheduledAt = start + n * interval;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(send(server, kindOf(n), agreements, n, scheduledAt));
  }
  return Promise.all(pending);
}

/** The attacker's requests, one of each expensive route, sent in turn on every connection. */
function attackRequests(
  server: ProductServer,
  attacker: Agreement,
  other: Agreement,
  productPdf: Buffer,
  bomb: Buffer,
): { route: string; send: () => Promise<number> }[] {
  const wholeAgreement = JSON.stringify({ isSubscriber: true, contract: { _id: attacker.id, ...attacker.document } });
  const post =
    (path: string, body: string, cookie = true) =>
    async () => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: cookie ? headers(attacker, true) : { 'x-forwarded-for': attacker.address, 'content-type': 'application/json' },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
  const get = (path: string) => async () => {
    const response = await fetch(`${server.url}${path}`, { headers: headers(attacker) });
    await response.arrayBuffer();
    return response.status;
  };
  return [
    { route: 'agreement PDF', send: post('/api/v1/contracts/pdfCreator', wholeAgreement) },
    { route: 'convention card', send: post('/api/v1/contracts/acbl-card', wholeAgreement) },
    {
      route: 'compare PDF',
      send: post(
        '/api/v1/contracts/compare/pdf',
        JSON.stringify({ left: { label: 'A', contract: attacker.document }, right: { label: 'B', contract: other.document } }),
      ),
    },
    {
      route: 'import PDF',
      send: post(`/api/v1/contracts/${attacker.id}/import`, JSON.stringify({ fileName: 'card.pdf', data: productPdf.toString('base64') })),
    },
    { route: 'import bomb', send: post(`/api/v1/contracts/${attacker.id}/import`, JSON.stringify({ fileName: 'bomb.pdf', data: bomb.toString('base64') })) },
    { route: 'export JSON', send: get(`/api/v1/contracts/${attacker.id}/export?format=json`) },
    { route: 'export CSV', send: get(`/api/v1/contracts/${attacker.id}/export?format=csv`) },
    {
      route: 'guest PDF',
      send: post('/api/v1/contracts/pdf-guest', JSON.stringify({ isSubscriber: false, contract: { ...attacker.document, _id: attacker.id } }), false),
    },
  ];
}

/**
 * The attack run's bomb: a PDF of a few kB whose `agreement.json` attachment is 1 GiB of zeros
 * deflated twice, in a file PDF.js reads as it would a real one (test/hostile-pdfs.ts).
 */
function pdfWithBomb(): Buffer {
  return pdfWithAttachment(Buffer.alloc(1024 * 1024 * 1024), 2);
}

async function attack(requests: ReturnType<typeof attackRequests>, until: () => boolean): Promise<Map<string, Map<number, number>>> {
  const answers = new Map<string, Map<number, number>>();
  await Promise.all(
    Array.from({ length: ATTACK_CONNECTIONS }, async (_, connection) => {
      for (let n = connection; !until(); n++) {
        const request = requests[n % requests.length]!;
        const status = await request.send().catch(() => 0);
        const byStatus = answers.get(request.route) ?? new Map<number, number>();
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        answers.set(request.route, byStatus);
      }
    }),
  );
  return answers;
}

function summarise(outcomes: Outcome[], kind?: Kind) {
  const mine = kind ? outcomes.filter((o) => o.kind === kind) : outcomes;
  const times = mine.map((o) => o.ms).sort((a, b) => a - b);
  const failed = mine.filter((o) => o.status < 200 || o.status >= 300).length;
  return { count: mine.length, failed, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? Number.NaN };
}

async function runOn(postgresServerUrl: string | undefined): Promise<void> {
  const database = await seedBenchDatabase({ subscriberCount: 2, postgresServerUrl });
  const server = await startProductServer(database, PORT, { TRUST_PROXY: '127.0.0.1' });
  try {
    const victims = [
      await makeAgreement(server, database, 0, VICTIM_ADDRESS),
      await makeAgreement(server, database, 0, VICTIM_ADDRESS),
      await makeAgreement(server, database, 0, VICTIM_ADDRESS),
    ];
    const attacker = await makeAgreement(server, database, 1, ATTACKER_ADDRESS);
    const other = await makeAgreement(server, database, 1, ATTACKER_ADDRESS);
    // The product's own PDF of the largest agreement, to import.
    const made = await fetch(`${server.url}/api/v1/contracts/pdfCreator`, {
      method: 'POST',
      headers: headers(attacker, true),
      body: JSON.stringify({ isSubscriber: true, contract: { _id: attacker.id, ...attacker.document } }),
    });
    const { data: file } = (await made.json()) as { data: { pathName: string; fileName: string } };
    const productPdf = Buffer.from(
      await (await fetch(`${server.url}/api/v1/contracts/pdfviewer/${file.pathName}/${file.fileName}`, { headers: headers(attacker) })).arrayBuffer(),
    );
    await sleep(10_000); // the attacker's budget refills
    await fixedRate(server, victims, 3); // warm-up
    const cpuBeforeBaseline = server.cpuSeconds();
    const baseline = await fixedRate(server, victims, SECONDS);
    const baselineCpu = server.cpuSeconds() - cpuBeforeBaseline;

    let isOver = false;
    const requests = attackRequests(server, attacker, other, productPdf, pdfWithBomb());
    const attacking = attack(requests, () => isOver);
    await sleep(2000); // the attacker spends its saved-up budget first
    const cpuBeforeAttack = server.cpuSeconds();
    const underAttack = await fixedRate(server, victims, SECONDS);
    const attackCpu = server.cpuSeconds() - cpuBeforeAttack;
    isOver = true;
    const answers = await attacking;

    console.log(
      `\n${database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: a subscriber at ${RATE} requests/s for ${SECONDS} s (60 % loads, 30 % saves, 10 % marks) on agreements from "${database.largestTemplate.name}"`,
    );
    console.log('run             kind   requests  failed   p50 ms   p99 ms   max ms  goal');
    for (const [label, outcomes] of [
      ['alone', baseline],
      ['under attack', underAttack],
    ] as const) {
      for (const kind of ['load', 'save', 'mark', undefined] as const) {
        const s = summarise(outcomes, kind);
        const goal = label === 'under attack' && kind === undefined ? `p99 < ${GOAL_P99_MS} ms: ${s.p99 < GOAL_P99_MS ? 'met' : 'NOT met'}` : '';
        console.log(
          `${label.padEnd(15)} ${(kind ?? 'all').padEnd(5)} ${String(s.count).padStart(9)} ${String(s.failed).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(0).padStart(8)}  ${goal}`,
        );
      }
    }
    console.log(
      `server CPU: alone ${((baselineCpu / SECONDS) * 100).toFixed(0)} % of one core, under attack ${((attackCpu / SECONDS) * 100).toFixed(0)} %${database.kind === 'postgres' ? ' (PostgreSQL itself not counted)' : ''}`,
    );
    console.log(`the attacker (${ATTACK_CONNECTIONS} connections from one address, one account), answers by route:`);
    for (const [route, byStatus] of answers) {
      const counts = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${count}x${status === 0 ? 'failed' : status}`);
      console.log(`  ${route.padEnd(16)} ${counts.join(' ')}`);
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
}

await runOnEngines('AVAILABILITY_BENCH_ENGINES', runOn);
