/**
 * API load benchmark (docs/product.md §D10): throughput and latency of loading and of saving an agreement at
 * 50 concurrent connections, beside a bare Fastify route that answers the same bytes from memory
 * in the same run (the stored JSON text a load sends, brotli-compressed as the product sends it to
 * a browser: every load asks `Accept-Encoding: br`); then a check that every acknowledged save is stored (no lost writes). Prints a
 * table; asserts nothing except the no-lost-writes check, which fails the script.
 *
 * The server (the real app on PGlite in a temporary folder, and the bare Fastify app) runs in a
 * worker thread, so that autocannon in the main thread does not share its event loop. Both listen
 * on 127.0.0.1 only, on ports the system picks.
 *
 * Run: `npx tsx bench/api-bench.ts` (or `npm run bench`). Environment knobs: API_BENCH_SECONDS
 * (seconds per measured run, default 10), API_BENCH_CONNECTIONS (default 50),
 * API_BENCH_CONTENDED_SECONDS (the run where every connection saves the same agreement, default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ContractAnswerSchema } from '@bpa/domain/api';
import { SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import type { Contract } from '@bpa/domain/contract';
import { buildApp } from '@bpa/server/app';
import { loadConfig } from '@bpa/server/config';
import { type DatabaseLocation, openDatabase } from '@bpa/server/db/database';
import { createPostgresDatabase } from './support/product-server';
import { contracts } from '@bpa/server/db/schema/contracts';
import { templates } from '@bpa/server/db/schema/templates';
import { documentsSince } from '@bpa/server/features/agreements/revision-store';
import { loadTemplates } from '@bpa/server/features/templates/load-templates';
import { createTestAccount, signInAs } from '@bpa/server/test/test-accounts';
import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';

const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 10);
const CONTENDED_SECONDS = Number(process.env.API_BENCH_CONTENDED_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 2;
const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
/** What a browser's load asks for: brotli, which the server prefers (server compression.ts). */
const ACCEPT_BROTLI = { 'accept-encoding': 'br' };
const BASE = '/api/v1/contracts/my';

// ---- the server thread ----------------------------------------------------------------------

/** One agreement the load uses: its id, its owner's session cookie and its document as stored. */
interface Slot {
  id: string;
  cookie: string;
  document: Contract;
}

/** What the server thread tells the main thread once it listens. */
interface ServerReady {
  appUrl: string;
  bareUrl: string;
  templateName: string;
  /** Agreements for the uncontended runs: more than connections, so a free one is always at hand. */
  slots: Slot[];
  /** The one agreement every connection saves in the contended run. */
  contended: Slot;
}

/**
 * Opens the database (PGlite in `dataDir`, or PostgreSQL at `postgresUrl`), loads the shipped templates, makes subscribers with their agreements
 * (through the real create route) and listens; closes everything when told 'stop'.
 */
async function runServerThread(dataDir: string, slotCount: number, postgresUrl: string | undefined): Promise<void> {
  const port = parentPort!;
  const connection = await openDatabase(databaseLocation(dataDir, postgresUrl));
  await connection.migrate();
  await loadTemplates(connection.db, TEMPLATES_DIR);
  // A load test saves far more often than a person: the per-account save limit is lifted.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TEMPLATES_DIR,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    SAVES_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, db: connection.db, pdfCleanupIntervalMs: 0 });

  // The largest template (by stored JSON): the heaviest agreement a subscriber can have.
  const rows = await connection.db.select().from(templates).where(eq(templates.isHidden, false));
  const template = rows.sort((a, b) => JSON.stringify(b.content).length - JSON.stringify(a.content).length)[0];
  if (!template) throw new Error(`No templates in ${TEMPLATES_DIR}`);

  const makeSlots = async (count: number): Promise<Slot[]> => {
    const made: Slot[] = [];
    while (made.length < count) {
      const account = await createTestAccount(connection.db);
      const cookie = await signInAs(connection.db, account.id);
      for (let n = 0; n < SUBSCRIBER_AGREEMENT_COUNT && made.length < count; n++) {
        const response = await app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: { templateId: template.id } });
        if (response.statusCode !== 201) throw new Error(`Creating an agreement answered ${response.statusCode}: ${response.body}`);
        made.push({ id: ContractAnswerSchema.parse(response.json()).data._id, cookie, document: ContractAnswerSchema.parse(response.json()).data });
      }
    }
    return made;
  };
  const slots = await makeSlots(slotCount);
  const [contended] = await makeSlots(1);

  // The bare route answers exactly the bytes a browser's load of the first agreement gets (the
  // stored text, compressed as the server compresses it), from memory: no serialising, no compressing.
  const loaded = await app.inject({ method: 'GET', url: `${BASE}/${slots[0]!.id}`, headers: { cookie: slots[0]!.cookie, ...ACCEPT_BROTLI } });
  const answerBytes = loaded.rawPayload;
  const answerEncoding = String(loaded.headers['content-encoding']);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').header('content-encoding', answerEncoding).send(answerBytes));

  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  port.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await bare.close();
      await app.close();
      await connection.close();
      port.postMessage('stopped');
    })();
  });
  port.postMessage({ appUrl, bareUrl, templateName: template.templateName, slots, contended: contended! } satisfies ServerReady);
}

// ---- the load (main thread) ----------------------------------------------------------------

/** The parts of autocannon's options and results used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** One line of the table. */
interface Row {
  name: string;
  result: AutocannonResult;
}

/** Every save a 2xx acknowledged: agreement id -> revision answered -> the name that save sent. */
type Acknowledged = Map<string, Map<number, string>>;

function acknowledge(acknowledged: Acknowledged, id: string, revision: number, name: string): void {
  let revisions = acknowledged.get(id);
  if (!revisions) acknowledged.set(id, (revisions = new Map()));
  revisions.set(revision, name);
}

/** A save body made quickly: the categories' JSON is serialised once per agreement. */
function saveBodyMaker(document: Contract): (revision: number, contractName: string) => string {
  const categories = JSON.stringify(document.categories);
  return (revision, contractName) => `{"revision":${revision},"contractName":${JSON.stringify(contractName)},"categories":${categories}}`;
}

/** The stored revision named in a 409 message ("… (revision N) …"), or undefined. */
function revisionFromConflict(body: string): number | undefined {
  const match = /\(revision (\d+)\)/.exec(body);
  return match ? Number(match[1]) : undefined;
}

let saveCounter = 0;

/**
 * Saves at CONNECTIONS connections, each request taking an agreement no other request is saving,
 * with the revision its last save answered: saves should all succeed (409s are counted apart).
 */
function uncontendedSaves(slots: readonly Slot[], acknowledged: Acknowledged): AutocannonRequest {
  const state = slots.map((slot) => ({ slot, revision: slot.document.revision, isBusy: false, makeBody: saveBodyMaker(slot.document) }));
  return {
    method: 'PATCH',
    setupRequest(request, context) {
      // A request that timed out never frees its agreement; with twice as many agreements as
      // connections that should not exhaust them, but if it does, share one (a 409 may follow).
      const free = state.find((s) => !s.isBusy) ?? state[saveCounter % state.length]!;
      free.isBusy = true;
      const contractName = `Partner save ${(saveCounter += 1)}`;
      context.slot = free;
      context.contractName = contractName;
      return {
        ...request,
        path: `${BASE}/${free.slot.id}`,
        headers: { cookie: free.slot.cookie, 'content-type': 'application/json' },
        body: free.makeBody(free.revision, contractName),
      };
    },
    onResponse(status, body, context) {
      const entry = context.slot as (typeof state)[number];
      entry.isBusy = false;
      if (status === 200) {
        const revision = (JSON.parse(body) as { data: { revision: number } }).data.revision;
        entry.revision = revision;
        acknowledge(acknowledged, entry.slot.id, revision, context.contractName as string);
      } else if (status === 409) {
        entry.revision = revisionFromConflict(body) ?? entry.revision;
      }
    },
  };
}

/** Saves at CONNECTIONS connections, all on one agreement, each with the newest revision known: most are refused (409). */
function contendedSaves(slot: Slot, acknowledged: Acknowledged): AutocannonRequest {
  let latest = slot.document.revision;
  const makeBody = saveBodyMaker(slot.document);
  return {
    method: 'PATCH',
    path: `${BASE}/${slot.id}`,
    headers: { cookie: slot.cookie, 'content-type': 'application/json' },
    setupRequest(request, context) {
      const contractName = `Contended save ${(saveCounter += 1)}`;
      context.contractName = contractName;
      return { ...request, body: makeBody(latest, contractName) };
    },
    onResponse(status, body, context) {
      if (status === 200) {
        const revision = (JSON.parse(body) as { data: { revision: number } }).data.revision;
        latest = Math.max(latest, revision);
        acknowledge(acknowledged, slot.id, revision, context.contractName as string);
      } else if (status === 409) {
        latest = Math.max(latest, revisionFromConflict(body) ?? latest);
      }
    },
  };
}

/** Loads at CONNECTIONS connections, the agreements in turn. */
function loads(slots: readonly Slot[]): AutocannonRequest {
  let next = 0;
  return {
    method: 'GET',
    setupRequest(request) {
      const slot = slots[(next += 1) % slots.length]!;
      return { ...request, path: `${BASE}/${slot.id}`, headers: { cookie: slot.cookie, ...ACCEPT_BROTLI } };
    },
  };
}

/**
 * The ETag each agreement's load answers now, read from one load each: the tag names the
 * caller's access too (agreement-routes.ts), so it is taken from the server rather than
 * rebuilt here.
 *
 * @throws Error when a load does not answer an ETag
 */
async function currentEtags(appUrl: string, slots: readonly Slot[]): Promise<string[]> {
  return Promise.all(
    slots.map(async (slot) => {
      const answer = await fetch(`${appUrl}${BASE}/${slot.id}`, { headers: { cookie: slot.cookie, ...ACCEPT_BROTLI } });
      await answer.arrayBuffer();
      const etag = answer.headers.get('etag');
      if (!answer.ok || !etag) throw new Error(`A load of ${slot.id} answered ${answer.status} without an ETag`);
      return etag;
    }),
  );
}

/**
 * Loads at CONNECTIONS connections of agreements the browser already holds, as a reload does: each
 * request sends the ETag its agreement answered (`currentEtags`; the saves run after this one), so
 * the server answers 304 without the document (docs/product.md §D12).
 */
function revalidatingLoads(slots: readonly Slot[], etags: readonly string[]): AutocannonRequest {
  let next = 0;
  return {
    method: 'GET',
    setupRequest(request) {
      next = (next + 1) % slots.length;
      const slot = slots[next]!;
      return { ...request, path: `${BASE}/${slot.id}`, headers: { cookie: slot.cookie, 'if-none-match': etags[next]!, ...ACCEPT_BROTLI } };
    },
  };
}

function formatRow(row: Row): string {
  const { result } = row;
  const count = (code: string) => result.statusCodeStats[code]?.count ?? 0;
  const other = result.non2xx - count('409');
  return [
    row.name.padEnd(52),
    result.requests.average.toFixed(0).padStart(7),
    result.latency.p50.toFixed(1).padStart(7),
    result.latency.p99.toFixed(1).padStart(7),
    String(result['2xx']).padStart(7),
    String(count('409')).padStart(6),
    String(other).padStart(6),
    String(result.errors).padStart(6),
    String(result.timeouts).padStart(8),
    result.latency.max.toFixed(0).padStart(7),
  ].join(' ');
}

/**
 * Checks, on the database reopened from its folder after the server closed, that every
 * acknowledged save is stored: at the revision its answer named, with the name it sent, either as
 * the current document or as a revision row; and that each agreement's history has no gap.
 *
 * @returns problems found (empty when nothing was lost) and counts for the report
 */
async function verifySaves(
  dataDir: string,
  postgresUrl: string | undefined,
  acknowledged: Acknowledged,
): Promise<{ problems: string[]; acknowledgedCount: number; storedCount: number }> {
  const connection = await openDatabase(databaseLocation(dataDir, postgresUrl));
  const problems: string[] = [];
  let acknowledgedCount = 0;
  let storedCount = 0;
  try {
    const ids = [...acknowledged.keys()];
    const rows = ids.length === 0 ? [] : await connection.db.select().from(contracts).where(inArray(contracts.id, ids));
    for (const row of rows) {
      // Every kept revision read back from the history (ADR 171: patches from the current one).
      const history = await documentsSince(connection.db, row.id, 0, { revision: row.revision, document: row.document });
      const names = new Map([...history].map(([revision, document]) => [revision, document.contractName]));
      storedCount += row.revision;
      for (let revision = 0; revision < row.revision; revision++) {
        if (!names.has(revision)) problems.push(`agreement ${row.id}: no revision row ${revision} (stored revision ${row.revision})`);
      }
      for (const [revision, name] of acknowledged.get(row.id) ?? []) {
        acknowledgedCount += 1;
        const stored = names.get(revision);
        if (stored !== name)
          problems.push(`agreement ${row.id}: the save acknowledged as revision ${revision} ("${name}") is missing (found ${JSON.stringify(stored)})`);
      }
    }
    if (rows.length !== ids.length) problems.push(`${ids.length - rows.length} saved agreements are missing altogether`);
  } finally {
    await connection.close();
  }
  return { problems, acknowledgedCount, storedCount };
}

/** PGlite in the run's folder, or the run's PostgreSQL database. */
function databaseLocation(dataDir: string, postgresUrl: string | undefined): DatabaseLocation {
  return postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
}

/** One run of every row, on PGlite, or on a fresh database of the PostgreSQL server `postgresServerUrl`. */
async function main(postgresServerUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bpa-api-bench-'));
  const postgres = postgresServerUrl ? await createPostgresDatabase(postgresServerUrl) : undefined;
  // Loader hooks are not inherited by worker threads: the worker registers tsx, then imports this file.
  const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: { dataDir, slotCount: CONNECTIONS * 2, postgresUrl: postgres?.url } });
  const messages: unknown[] = [];
  let waiting: ((message: unknown) => void) | undefined;
  worker.on('message', (message: unknown) => (waiting ? (waiting(message), (waiting = undefined)) : messages.push(message)));
  const failed = new Promise<never>((_resolve, reject) => worker.once('error', reject));
  const nextMessage = () => Promise.race([messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((resolve) => (waiting = resolve)), failed]);

  try {
    const ready = (await nextMessage()) as ServerReady;
    const documentKb = Buffer.byteLength(JSON.stringify(ready.slots[0]!.document)) / 1024;
    const acknowledged: Acknowledged = new Map();
    const run = (url: string, duration: number, requests: AutocannonRequest[]) =>
      autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, requests });

    console.log(
      `API benchmark: ${CONNECTIONS} connections, ${SECONDS} s per run (contended ${CONTENDED_SECONDS} s), agreement from "${ready.templateName}" ` +
        `(${documentKb.toFixed(1)} kB JSON), ${postgres ? 'PostgreSQL' : 'PGlite on disk'}, server in a worker thread, loopback; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    // Warm-up (not reported): JIT, PGlite caches, connection set-up.
    await run(`${ready.bareUrl}/bare`, WARM_UP_SECONDS, [{ method: 'GET', headers: ACCEPT_BROTLI }]);
    await run(ready.appUrl, WARM_UP_SECONDS, [loads(ready.slots)]);

    const rows: Row[] = [];
    rows.push({
      name: 'bare Fastify: same bytes from memory',
      result: await run(`${ready.bareUrl}/bare`, SECONDS, [{ method: 'GET', headers: ACCEPT_BROTLI }]),
    });
    rows.push({ name: 'load  GET /api/v1/contracts/my/{id}', result: await run(ready.appUrl, SECONDS, [loads(ready.slots)]) });
    rows.push({
      name: 'load, unchanged (If-None-Match: 304)',
      result: await run(ready.appUrl, SECONDS, [revalidatingLoads(ready.slots, await currentEtags(ready.appUrl, ready.slots))]),
    });
    rows.push({ name: 'save  PATCH /api/v1/contracts/my/{id}', result: await run(ready.appUrl, SECONDS, [uncontendedSaves(ready.slots, acknowledged)]) });
    rows.push({
      name: 'save, all connections on one agreement (409 expected)',
      result: await run(ready.appUrl, CONTENDED_SECONDS, [contendedSaves(ready.contended, acknowledged)]),
    });

    console.log(
      [
        'run'.padEnd(52),
        'req/s'.padStart(7),
        'p50 ms'.padStart(7),
        'p99 ms'.padStart(7),
        '2xx'.padStart(7),
        '409'.padStart(6),
        'other'.padStart(6),
        'errors'.padStart(6),
        'timeouts'.padStart(8),
        'max ms'.padStart(7),
      ].join(' '),
    );
    for (const row of rows) console.log(formatRow(row));
    const [bare, load, revalidated, save] = rows.map((row) => row.result.requests.average) as [number, number, number, number];
    const percent = (value: number) => `${((value / bare) * 100).toFixed(0)}%`;
    console.log(
      `load: ${percent(load)} of the bare route's throughput, ${percent(revalidated)} when unchanged (304; goal >= 50%); save: ${percent(save)} (load average now ${loadavg()[0]!.toFixed(1)})`,
    );

    worker.postMessage('stop');
    await nextMessage();
    const { problems, acknowledgedCount, storedCount } = await verifySaves(dataDir, postgres?.url, acknowledged);
    console.log(
      `no lost writes: ${acknowledgedCount} acknowledged saves checked on the reopened database, ${storedCount} stored ` +
        `(${storedCount - acknowledgedCount} were in flight when a run stopped: stored, never acknowledged)` +
        (problems.length === 0 ? ': all present, histories without gaps' : `: ${problems.length} PROBLEMS`),
    );
    for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await worker.terminate();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

if (isMainThread) {
  await main(undefined);
  // On PostgreSQL too (docs/product.md §D12: the goals hold on both), when DATABASE_URL names a server.
  const postgresServerUrl = process.env.DATABASE_URL?.trim();
  if (postgresServerUrl) await main(postgresServerUrl);
  else console.log('(DATABASE_URL is not set: the PostgreSQL run is skipped)');
} else {
  const data = workerData as { dataDir: string; slotCount: number; postgresUrl: string | undefined };
  await runServerThread(data.dataDir, data.slotCount, data.postgresUrl);
}
