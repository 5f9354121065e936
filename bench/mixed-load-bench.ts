/**
 * Mixed-load benchmark (docs/product.md §D12): the product as it runs for people, on the embedded PGlite
 * database and, when DATABASE_URL names a PostgreSQL server, on a fresh database of that server.
 *
 * For each database it starts the real server as its own process (`npm run serve`) with 40
 * subscribers, each with five agreements made from the largest template, and measures:
 * 1. memory (resident set) of the server just started (5 s) and idle (45 s after start);
 * 2. a fixed arrival rate (open loop: requests are sent on schedule whatever the answers do, so a
 *    slow server cannot slow the load down and hide its latency) of 100 requests a second for
 *    30 s: 70 % agreement loads, 25 % saves of a small change (sent as the change), 5 % PDFs; latency p50/p99 per kind
 *    against the goal p99 < 100 ms. Loads, saves and PDFs each go to another agreement in turn
 *    (spread over the 200), a PDF names the saved agreement and its revision as the editor asks
 *    for it, and the server logs at its shipped level (`info`; BENCH_LOG_LEVEL changes it);
 * 3. saturation: 50 connections saving as fast as the server answers for 10 s (saves a second),
 *    once sending only the change (PATCH {id}/changes, as the editor saves, ADR 181) and once the
 *    whole agreement;
 * 4. memory after the load and after 1,000 more PDFs (goal: no growth), against idle <= 300 MB.
 * Prints tables; asserts nothing. Every figure is printed beside its goal.
 *
 * Run: `npx tsx bench/mixed-load-bench.ts` after `npm run build` (or `npm run bench`). Settings:
 * MIXED_BENCH_RATE (requests a second, default 100), MIXED_BENCH_SECONDS (default 30),
 * MIXED_BENCH_SATURATION_SECONDS (default 10), MIXED_BENCH_PDFS (default 1000), MIXED_BENCH_PORT
 * (default 3291), DATABASE_URL (also run on PostgreSQL), MIXED_BENCH_ENGINES (`pglite`, `postgres` or
 * both, the default: `pglite,postgres`).
 */
import { SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import { type BenchDatabase, type ProductServer, runOnEngines, seedBenchDatabase, startProductServer } from './support/product-server';

const RATE = Number(process.env.MIXED_BENCH_RATE ?? 100);
const SECONDS = Number(process.env.MIXED_BENCH_SECONDS ?? 30);
const SATURATION_SECONDS = Number(process.env.MIXED_BENCH_SATURATION_SECONDS ?? 10);
const SATURATION_CONNECTIONS = 50;
const PDF_COUNT = Number(process.env.MIXED_BENCH_PDFS ?? 1000);
const PORT = Number(process.env.MIXED_BENCH_PORT ?? 3291);
/** Enough accounts that per-account limits (saves, PDFs a minute) are never what is measured. */
const SUBSCRIBER_COUNT = 40;
const BASE = '/api/v1/contracts/my';
const GOAL_P99_MS = 100;
const GOAL_IDLE_MB = 300;
/** When, after the server starts, its memory counts as idle (milliseconds). */
const IDLE_AFTER_MS = 45_000;
/** The saturation throughput of saves before the speed work of docs/product.md §D12 (ADRs 181-187; bench/README.md, api-bench on PGlite). */
const SAVES_PER_SECOND_BEFORE = 42;

type Kind = 'load' | 'save' | 'saveWhole' | 'pdf';

/** One agreement under load: where it is, who owns it, what a save sends, the revision it is at. */
interface Agreement {
  id: string;
  cookie: string;
  revision: number;
  contractName: string;
  /** The document's categories as JSON text, made once (a save sends them back unchanged but for the name). */
  categoriesJson: string;
  isSaving: boolean;
}

interface Outcome {
  kind: Kind;
  ms: number;
  status: number;
  /** A load's: where the server took its answer from. */
  source?: string;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes every subscriber's five agreements from the largest template, through the real route. */
async function makeAgreements(server: ProductServer, database: BenchDatabase): Promise<Agreement[]> {
  const agreements: Agreement[] = [];
  for (const subscriber of database.subscribers) {
    for (let n = 0; n < SUBSCRIBER_AGREEMENT_COUNT; n++) {
      const response = await fetch(`${server.url}${BASE}`, {
        method: 'POST',
        headers: { cookie: subscriber.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ templateId: database.largestTemplate.id }),
      });
      if (response.status !== 201) throw new Error(`Creating an agreement answered ${response.status}: ${await response.text()}`);
      const { data } = (await response.json()) as { data: { _id: string; revision: number; contractName: string; categories: unknown } };
      agreements.push({
        id: data._id,
        cookie: subscriber.cookie,
        revision: data.revision,
        contractName: data.contractName,
        categoriesJson: JSON.stringify(data.categories),
        isSaving: false,
      });
    }
  }
  return agreements;
}

let saveCounter = 0;

/** Where a load's answer came from, by its Server-Timing metric (server agreement-routes.ts, ANSWER_SOURCES). */
function answerSource(serverTiming: string | null): string {
  return /desc="([^"]*)"/u.exec(serverTiming ?? '')?.[1] ?? 'not said';
}

/** Sends one request of a kind and measures it from `scheduledAt` (open loop: queueing counts). */
async function send(server: ProductServer, kind: Kind, agreements: Agreement[], index: number, scheduledAt: number): Promise<Outcome> {
  let agreement = agreements[index % agreements.length]!;
  try {
    if (kind === 'load') {
      const response = await fetch(`${server.url}${BASE}/${agreement.id}`, { headers: { cookie: agreement.cookie } });
      await response.arrayBuffer();
      return { kind, ms: performance.now() - scheduledAt, status: response.status, source: answerSource(response.headers.get('server-timing')) };
    }
    if (kind === 'save' || kind === 'saveWhole') {
      // A save of an agreement no other request is saving (as one person edits one agreement): the
      // first free one from this request's own, so saves spread over all the agreements.
      for (let step = 0; step < agreements.length && agreement.isSaving; step++) agreement = agreements[(index + step) % agreements.length]!;
      if (agreement.isSaving) return { kind, ms: performance.now() - scheduledAt, status: 0 };
      agreement.isSaving = true;
      const contractName = `Partner ${(saveCounter += 1)}`;
      // 'save' sends only the change, as the editor does (ADR 181); 'saveWhole' the whole document.
      const response =
        kind === 'save'
          ? await fetch(`${server.url}${BASE}/${agreement.id}/changes`, {
              method: 'PATCH',
              headers: { cookie: agreement.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({
                revision: agreement.revision,
                changes: [
                  { op: 'test', path: '/contractName', value: agreement.contractName },
                  { op: 'replace', path: '/contractName', value: contractName },
                ],
              }),
            })
          : await fetch(`${server.url}${BASE}/${agreement.id}`, {
              method: 'PATCH',
              headers: { cookie: agreement.cookie, 'content-type': 'application/json' },
              body: `{"revision":${agreement.revision},"contractName":${JSON.stringify(contractName)},"categories":${agreement.categoriesJson}}`,
            });
      const text = await response.text();
      if (response.status === 200) {
        agreement.revision = (JSON.parse(text) as { data: { revision: number } }).data.revision;
        agreement.contractName = contractName;
      }
      agreement.isSaving = false;
      return { kind, ms: performance.now() - scheduledAt, status: response.status };
    }
    // A saved agreement's PDF names it, as the editor asks for it (docs/pdf.md §8): each of another
    // agreement (the requests' indexes spread over all of them), at the revision its saves reached.
    const response = await fetch(`${server.url}/api/v1/contracts/pdfCreator`, {
      method: 'POST',
      headers: { cookie: agreement.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ isSubscriber: true, stored: { id: agreement.id, revision: agreement.revision } }),
    });
    await response.arrayBuffer();
    return { kind, ms: performance.now() - scheduledAt, status: response.status };
  } catch {
    agreement.isSaving = false;
    return { kind, ms: performance.now() - scheduledAt, status: 0 };
  }
}

/** The kind of the n-th request: 14 loads, 5 saves and 1 PDF in every 20 (70 / 25 / 5 %). */
function kindOf(n: number): Kind {
  const slot = n % 20;
  return slot < 14 ? 'load' : slot < 19 ? 'save' : 'pdf';
}

/** Sends RATE requests a second for `seconds`, on schedule, and waits for the last answer. */
async function fixedRate(server: ProductServer, agreements: Agreement[], seconds: number): Promise<Outcome[]> {
  const total = Math.round(RATE * seconds);
  const interval = 1000 / RATE;
  const start = performance.now();
  const pending: Promise<Outcome>[] = [];
  for (let n = 0; n < total; n++) {
    const scheduledAt = start + n * interval;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(send(server, kindOf(n), agreements, n * 7, scheduledAt));
  }
  return Promise.all(pending);
}

/** Saves on `connections` connections as fast as answered, for `seconds`; each connection keeps its own agreement. */
async function saturateSaves(
  server: ProductServer,
  agreements: Agreement[],
  connections: number,
  seconds: number,
  kind: 'save' | 'saveWhole' = 'save',
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (performance.now() < end) outcomes.push(await send(server, kind, agreements, c, performance.now()));
    }),
  );
  return outcomes;
}

function summarise(outcomes: Outcome[], kind: Kind): { count: number; ok: number; p50: number; p99: number; max: number; statuses: string } {
  const mine = outcomes.filter((o) => o.kind === kind);
  const times = mine.map((o) => o.ms).sort((a, b) => a - b);
  const byStatus = new Map<number, number>();
  for (const o of mine) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  const statuses = [...byStatus].filter(([status]) => status < 200 || status >= 300).map(([status, count]) => `${count}x${status === 0 ? 'failed' : status}`);
  return {
    count: mine.length,
    ok: mine.filter((o) => o.status >= 200 && o.status < 300).length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    statuses: statuses.join(' ') || '-',
  };
}

async function runOn(postgresServerUrl: string | undefined): Promise<void> {
  const database = await seedBenchDatabase({ subscriberCount: SUBSCRIBER_COUNT, postgresServerUrl });
  const server = await startProductServer(database, PORT);
  try {
    await sleep(5000);
    const justStarted = server.rssBytes();
    // Idle: once the runtime has had time to give back what starting up used (V8 collects garbage
    // when a process goes quiet, about half a minute later), and before the first backup of a
    // folder without one (a minute after start: backups.ts).
    await sleep(IDLE_AFTER_MS - 5000);
    const idle = server.rssBytes();
    const agreements = await makeAgreements(server, database);
    const documentKb = Buffer.byteLength(agreements[0]!.categoriesJson) / 1024;
    await fixedRate(server, agreements, 2); // warm-up
    const cpuBefore = server.cpuSeconds();
    const outcomes = await fixedRate(server, agreements, SECONDS);
    const cpuPerRequestMs = ((server.cpuSeconds() - cpuBefore) * 1000) / outcomes.length;
    const afterLoad = server.rssBytes();
    const saturation = await saturateSaves(server, agreements, SATURATION_CONNECTIONS, SATURATION_SECONDS);
    const wholeSaturation = await saturateSaves(server, agreements, SATURATION_CONNECTIONS, SATURATION_SECONDS, 'saveWhole');
    const beforePdfs = server.rssBytes();
    const pdfOutcomes: Outcome[] = [];
    // Growth is counted from after the first tenth of the PDFs: by then the PDF worker threads run
    // and their fonts and caches are loaded, which is warming up, not a leak.
    let afterWarmPdfs = beforePdfs;
    // The resident set after every tenth: garbage collection makes single readings swing by
    // hundreds of MB, so a leak shows as a rising line, not as one difference.
    const tenths: number[] = [];
    // Four at a time, each of another subscriber (at most two PDFs of one account are in flight:
    // admission/admission.ts), going round every subscriber's agreements in turn.
    const spread = (m: number) => (m % SUBSCRIBER_COUNT) * SUBSCRIBER_AGREEMENT_COUNT + (Math.floor(m / SUBSCRIBER_COUNT) % SUBSCRIBER_AGREEMENT_COUNT);
    for (let n = 0; n < PDF_COUNT; n += 4) {
      pdfOutcomes.push(...(await Promise.all([0, 1, 2, 3].map((k) => send(server, 'pdf', agreements, spread(n + k), performance.now())))));
      if (n + 4 >= PDF_COUNT / 10 && afterWarmPdfs === beforePdfs) afterWarmPdfs = server.rssBytes();
      if (Math.floor((n + 4) / (PDF_COUNT / 10)) > tenths.length) tenths.push(server.rssBytes());
    }
    await sleep(2000);
    const afterPdfs = server.rssBytes();

    console.log(
      `\n${database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: agreements from "${database.largestTemplate.name}" (${documentKb.toFixed(0)} KB of categories), ${SUBSCRIBER_COUNT} subscribers x ${SUBSCRIBER_AGREEMENT_COUNT}`,
    );
    console.log(`fixed rate ${RATE}/s for ${SECONDS} s (70 % loads, 25 % saves, 5 % PDFs):`);
    console.log('kind    requests      ok   p50 ms   p99 ms   max ms  goal                 other answers');
    for (const kind of ['load', 'save', 'pdf'] as const) {
      const s = summarise(outcomes, kind);
      const goal = `p99 < ${GOAL_P99_MS} ms: ${s.p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`;
      console.log(
        `${kind.padEnd(6)} ${String(s.count).padStart(9)} ${String(s.ok).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(0).padStart(8)}  ${goal.padEnd(20)} ${s.statuses}`,
      );
    }
    const sources = new Map<string, number>();
    for (const outcome of outcomes) if (outcome.kind === 'load' && outcome.source) sources.set(outcome.source, (sources.get(outcome.source) ?? 0) + 1);
    console.log(
      `loads answered from: ${[...sources].map(([source, count]) => `${source} ${count}`).join(', ') || 'none'} (the server's Server-Timing; PDFs are made anew each time)`,
    );
    const all = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      `all    ${String(all.length).padStart(9)}         ${percentile(all, 50).toFixed(1).padStart(8)} ${percentile(all, 99).toFixed(1).padStart(8)}           p99 < ${GOAL_P99_MS} ms: ${percentile(all, 99) < GOAL_P99_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `server CPU per request of the mix: ${cpuPerRequestMs.toFixed(1)} ms (all its threads; ${RATE} requests a second need ${((cpuPerRequestMs * RATE) / 10).toFixed(0)} % of one core${database.kind === 'postgres' ? ', PostgreSQL itself not counted' : ''})`,
    );
    for (const [label, kind, runs] of [
      ['only the change (as the editor saves)', 'save', saturation],
      ['the whole agreement', 'saveWhole', wholeSaturation],
    ] as const) {
      const saves = summarise(runs, kind);
      // Only the embedded database has a figure from before the speed work.
      const before = database.kind === 'pglite' ? ` (before the speed work: about ${SAVES_PER_SECOND_BEFORE}/s)` : '';
      console.log(
        `saturation, saves sending ${label}: ${SATURATION_CONNECTIONS} connections for ${SATURATION_SECONDS} s: ${(saves.ok / SATURATION_SECONDS).toFixed(1)} saves/s${before}, p50 ${saves.p50.toFixed(0)} ms, p99 ${saves.p99.toFixed(0)} ms, other answers ${saves.statuses}`,
      );
    }
    const pdfs = summarise(pdfOutcomes, 'pdf');
    console.log(
      `memory (resident): just started (5 s) ${mb(justStarted).toFixed(0)} MB, idle (${IDLE_AFTER_MS / 1000} s after start) ${mb(idle).toFixed(0)} MB (goal <= ${GOAL_IDLE_MB} MB: ${mb(idle) <= GOAL_IDLE_MB ? 'met' : 'NOT met'}), after the load ${mb(afterLoad).toFixed(0)} MB, before ${PDF_COUNT} PDFs ${mb(beforePdfs).toFixed(0)} MB, after the first ${Math.ceil(PDF_COUNT / 10)} ${mb(afterWarmPdfs).toFixed(0)} MB, after them all ${mb(afterPdfs).toFixed(0)} MB (growth after warming up ${(mb(afterPdfs) - mb(afterWarmPdfs)).toFixed(0)} MB, goal none; ${pdfs.ok} of ${pdfs.count} PDFs made, other answers ${pdfs.statuses}); after each tenth of the PDFs: ${tenths.map((bytes) => mb(bytes).toFixed(0)).join(', ')} MB`,
    );
  } finally {
    await server.stop();
    await database.dispose();
  }
}

await runOnEngines('MIXED_BENCH_ENGINES', runOn);
