/**
 * PDF pressure benchmark (ADR 130, docs/product.md §D11): can one subscriber keep working while many guests make
 * the largest PDFs the server allows? 20 guest clients, each from its own address, ask for the
 * largest allowed guest PDF in a loop for 30 s (each keeps its allowance of 2 requests in flight
 * and asks again as soon as an answer comes back, after the wait a 429/503 answer's Retry-After
 * names, as the web app and ordinary HTTP clients do; PDF_PRESSURE_IGNORE_RETRY_AFTER=1 makes
 * them flood instead); meanwhile one subscriber loads and saves an agreement (the largest template) one request
 * after another. Prints the subscriber's p50/p99 latency beside the target (p99 < 250 ms on the
 * 2-core reference machine) and the PDFs made per second, with the guests' answers by status.
 *
 * What it measures: whether PDF work is kept off the request thread and bounded. The guests use
 * distinct loopback addresses (127.0.0.10 … 127.0.0.29: Linux answers on all of 127/8), so the
 * per-address limits (2 PDFs in flight, 20 PDFs a minute) apply per client as they would on the
 * internet; the answers 429 (a client over its own limit) and 503 (the worker pool's queue full)
 * are the protection at work and are counted, not hidden. The subscriber is one account, never
 * rate limited at this pace.
 *
 * The server is the real app (PGlite in a temporary folder, the default worker pool sized from the
 * CPU count) in a child process started with tsx, as `npm start` runs it; the load runs here.
 *
 * Run: `npx tsx bench/pdf-pressure.ts` (or `npm run bench`). Environment knobs:
 * PDF_PRESSURE_SECONDS (default 30), PDF_PRESSURE_GUESTS (default 20), PDF_PRESSURE_IN_FLIGHT
 * (requests each guest keeps open, default 2).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractAnswerSchema, MakePdfRequestSchema } from '@bpa/domain/api';
import { GUEST_PDF_BODY_LIMIT_BYTES, MAX_NAME_LENGTH, MAX_OPTIONS_PER_SUBJECT, MAX_SUBJECTS_PER_CATEGORY } from '@bpa/domain/constants';
import type { Category, Contract, Subject } from '@bpa/domain/contract';
import { createAgreementFromTemplate, emptyNonTrialCategories, isTrialCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';

const SECONDS = Number(process.env.PDF_PRESSURE_SECONDS ?? 30);
const GUESTS = Number(process.env.PDF_PRESSURE_GUESTS ?? 20);
const IN_FLIGHT = Number(process.env.PDF_PRESSURE_IN_FLIGHT ?? 2);
/** 1: guests ask again at once even when told to wait (a flood); default: they wait what Retry-After says, as the web app does. */
const IGNORE_RETRY_AFTER = process.env.PDF_PRESSURE_IGNORE_RETRY_AFTER === '1';
const TARGET_P99_MS = 250;
const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const BASE = '/api/v1/contracts/my';

/** What the server process sends once it listens. */
interface ServerReady {
  url: string;
  cookie: string;
  agreement: Contract;
  poolThreads: number;
  poolQueue: number;
}

// ---- the server process ---------------------------------------------------------------------

async function runServer(dataDir: string): Promise<void> {
  const { buildApp } = await import('@bpa/server/app');
  const { loadConfig } = await import('@bpa/server/config');
  const { openDatabase } = await import('@bpa/server/db/database');
  const { loadTemplates } = await import('@bpa/server/features/templates/load-templates');
  const { createTestAccount, signInAs } = await import('@bpa/server/test/test-accounts');
  const { templates } = await import('@bpa/server/db/schema/templates');
  const { defaultPdfQueue, defaultPdfThreads } = await import('@bpa/server/pdf/pdf-pool');
  const { eq } = await import('drizzle-orm');

  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  await connection.migrate();
  await loadTemplates(connection.db, TEMPLATES_DIR);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', TEMPLATES_DIR, WEB_DIST_DIR: join(dataDir, 'no-web-build') });
  const app = await buildApp({ config, db: connection.db, pdfCleanupIntervalMs: 0 });
  const rows = await connection.db.select().from(templates).where(eq(templates.isHidden, false));
  const template = rows.sort((a, b) => JSON.stringify(b.content).length - JSON.stringify(a.content).length)[0];
  if (!template) throw new Error(`No templates in ${TEMPLATES_DIR}`);
  const account = await createTestAccount(connection.db);
  const cookie = await signInAs(connection.db, account.id);
  const created = await app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload: { templateId: template.id } });
  if (created.statusCode !== 201) throw new Error(`Creating an agreement answered ${created.statusCode}: ${created.body}`);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const threads = defaultPdfThreads();
  process.send!({
    url,
    cookie,
    agreement: ContractAnswerSchema.parse(created.json()).data,
    poolThreads: threads,
    poolQueue: defaultPdfQueue(threads),
  } satisfies ServerReady);
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await connection.close();
      process.exit(0);
    })();
  });
}

// ---- the largest allowed guest PDF ----------------------------------------------------------

const WORDS = 'Michaels cuebid shows five five in the majors; after a jump the partner bids the better minor with ##c2#!h### support'.split(' ');

/** A name of `length` characters made of bridge words (so the PDF wraps lines as real text does). */
function longName(seed: number, length: number): string {
  let name = '';
  for (let i = seed; name.length < length; i++) name += `${WORDS[i % WORDS.length]} `;
  return name.slice(0, length).trim();
}

/**
 * The trial agreement with everything ticked and the two trial categories filled with user-added
 * subjects and options (long names) until the request is as large as the guest body limit allows.
 */
function largestGuestRequest(): string {
  const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, 'free-trial-agreement.csv'), 'utf8'));
  const document = emptyNonTrialCategories(createAgreementFromTemplate(template, longName(0, 80)));
  let id = 0;
  const addedSubject = (seed: number): Subject => ({
    _id: `added-${++id}`,
    subjectName: 'User added',
    subcategoryName: '',
    subcategoryBold: false,
    subcategoryItalics: false,
    bold: seed % 3 === 0,
    italics: seed % 5 === 0,
    isSelected: true,
    isLocked: false,
    editedName: longName(seed, 200),
    isEdited: true,
    options: Array.from({ length: MAX_OPTIONS_PER_SUBJECT }, (_, n) => ({
      _id: `added-${++id}`,
      optionName: 'User added',
      isSelected: true,
      bold: false,
      italics: n % 4 === 0,
      editedName: longName(seed + n, MAX_NAME_LENGTH / 2),
      isEdited: true,
    })),
  });
  const tick = (category: Category): Category => ({
    ...category,
    subjects: category.subjects.map((subject) => ({
      ...subject,
      isSelected: true,
      options: subject.options.map((option) => ({ ...option, isSelected: true })),
    })),
  });
  let categories = document.categories.map((category) => (isTrialCategory(category) ? tick(category) : category));
  const body = () => JSON.stringify({ contract: { ...document, categories }, isSubscriber: false, pageSize: 'letter' });
  // Add to each trial category in turn while the body stays within the limit and the schema's bounds.
  for (let seed = 0; ; seed++) {
    const index = categories.findIndex(
      (category, i) => isTrialCategory(category) && (seed + i) % 2 === 0 && category.subjects.length < MAX_SUBJECTS_PER_CATEGORY,
    );
    if (index < 0) break;
    const next = categories.map((category, i) => (i === index ? { ...category, subjects: [...category.subjects, addedSubject(seed)] } : category));
    const previous = categories;
    categories = next;
    if (Buffer.byteLength(body()) > GUEST_PDF_BODY_LIMIT_BYTES) {
      categories = previous;
      break;
    }
  }
  const text = body();
  MakePdfRequestSchema.parse(JSON.parse(text));
  return text;
}

// ---- the load (this process) ----------------------------------------------------------------

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

function send(url: URL, options: { method: string; path: string; agent: Agent; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, agent: options.agent, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runLoad(ready: ServerReady, guestBody: string): Promise<void> {
  const url = new URL(ready.url);
  const deadline = Date.now() + SECONDS * 1000;
  const guestStatuses = new Map<number, number>();
  let guestErrors = 0;

  const guestLoop = async (agent: Agent) => {
    while (Date.now() < deadline) {
      try {
        const answer = await send(url, {
          method: 'POST',
          path: '/api/v1/contracts/pdf-guest',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(guestBody)) },
          body: guestBody,
        });
        guestStatuses.set(answer.status, (guestStatuses.get(answer.status) ?? 0) + 1);
        const wait = Number(answer.retryAfter);
        if (!IGNORE_RETRY_AFTER && answer.retryAfter !== undefined && Number.isFinite(wait)) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait * 1000, Math.max(0, deadline - Date.now()))));
        }
      } catch {
        guestErrors += 1;
      }
    }
  };

  const subscriberLatencies: number[] = [];
  const subscriberFailures = new Map<string, number>();
  const subscriberLoop = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { cookie: ready.cookie };
    let revision = ready.agreement.revision;
    const { _id: id, categories } = ready.agreement;
    const fail = (what: string) => subscriberFailures.set(what, (subscriberFailures.get(what) ?? 0) + 1);
    for (let n = 0; Date.now() < deadline; n++) {
      const loadStart = performance.now();
      const loaded = await send(url, { method: 'GET', path: `${BASE}/${id}`, agent, headers });
      subscriberLatencies.push(performance.now() - loadStart);
      if (loaded.status !== 200) fail(`load ${loaded.status}`);
      const body = JSON.stringify({ revision, contractName: `Pressure ${n}`, categories });
      const saveStart = performance.now();
      const saved = await send(url, {
        method: 'PATCH',
        path: `${BASE}/${id}`,
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        body,
      });
      subscriberLatencies.push(performance.now() - saveStart);
      if (saved.status === 200) revision = (JSON.parse(saved.body) as { data: { revision: number } }).data.revision;
      else fail(`save ${saved.status}`);
    }
    agent.destroy();
  };

  const guestAgents = Array.from({ length: GUESTS }, (_, i) => new Agent({ keepAlive: true, maxSockets: IN_FLIGHT, localAddress: `127.0.0.${10 + i}` }));
  const started = Date.now();
  await Promise.all([subscriberLoop(), ...guestAgents.flatMap((agent) => Array.from({ length: IN_FLIGHT }, () => guestLoop(agent)))]);
  const elapsedSeconds = (Date.now() - started) / 1000;
  for (const agent of guestAgents) agent.destroy();

  const sorted = [...subscriberLatencies].sort((a, b) => a - b);
  const made = guestStatuses.get(200) ?? 0;
  const p99 = percentile(sorted, 99);
  const byStatus = [...guestStatuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `PDF pressure (guests ${IGNORE_RETRY_AFTER ? 'ignore' : 'obey'} Retry-After): ${GUESTS} guests x ${IN_FLIGHT} in flight for ${elapsedSeconds.toFixed(1)} s, guest body ${(Buffer.byteLength(guestBody) / 1024).toFixed(0)} KiB ` +
      `(limit ${GUEST_PDF_BODY_LIMIT_BYTES / 1024} KiB); pool ${ready.poolThreads} worker thread(s), queue ${ready.poolQueue}; ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('measure                         value     target');
  console.log(`subscriber requests             ${String(sorted.length).padStart(5)}`);
  console.log(`subscriber p50 ms               ${percentile(sorted, 50).toFixed(1).padStart(8)}`);
  console.log(`subscriber p99 ms               ${p99.toFixed(1).padStart(8)}     < ${TARGET_P99_MS}  ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`);
  console.log(`subscriber max ms               ${(sorted.at(-1) ?? Number.NaN).toFixed(1).padStart(8)}`);
  console.log(
    `subscriber failures             ${subscriberFailures.size === 0 ? '    none' : [...subscriberFailures.entries()].map(([k, v]) => `${k} x${v}`).join(', ')}`,
  );
  console.log(`guest PDFs made per second      ${(made / elapsedSeconds).toFixed(1).padStart(8)}`);
  console.log(`guest answers by status         ${byStatus}${guestErrors > 0 ? `, connection errors: ${guestErrors}` : ''}`);
}

async function main(): Promise<void> {
  if (process.env.PDF_PRESSURE_ROLE === 'server') {
    await runServer(process.env.PDF_PRESSURE_DATA_DIR!);
    return;
  }
  const guestBody = largestGuestRequest();
  const dataDir = mkdtempSync(join(tmpdir(), 'pdf-pressure-'));
  const server = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PDF_PRESSURE_ROLE: 'server', PDF_PRESSURE_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<ServerReady>((resolve, reject) => {
      server.once('message', (message) => resolve(message as ServerReady));
      server.once('exit', (code) => reject(new Error(`The server process exited (${code}) before it listened`)));
    });
    await runLoad(ready, guestBody);
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.send('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
