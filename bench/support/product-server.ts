/**
 * The real product for benchmarks: a database seeded with the shipped templates and signed-in
 * subscribers, and the server started the way an operator starts it (`npm run serve`, as its own
 * process, so its memory and CPU are its own and nothing of the benchmark shares its event loop).
 *
 * Used by the mixed-load, Lighthouse and editor benchmarks (docs/product.md §D12).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@bpa/server/db/database';
import { templates } from '@bpa/server/db/schema/templates';
import { writeAutomaticBackup } from '@bpa/server/backups';
import { loadTemplates } from '@bpa/server/features/templates/load-templates';
import { createTestAccount, signInAs } from '@bpa/server/test/test-accounts';
import { eq } from 'drizzle-orm';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEMPLATES_DIR = join(ROOT, 'templates');

/** A subscriber made for a benchmark: sign-in details and a session cookie ready to send. */
export interface BenchSubscriber {
  email: string;
  password: string;
  cookie: string;
}

/** Where a benchmark's product keeps its data. */
export interface BenchDatabase {
  /** 'pglite' (a fresh DATA_DIR) or 'postgres' (a fresh database on DATABASE_URL's server). */
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** The fresh PostgreSQL database's URL (postgres only). */
  databaseUrl?: string;
  /** Id and name of the largest visible template (by stored JSON): the heaviest agreement. */
  largestTemplate: { id: string; name: string };
  /**
   * Id and name of the visible template with the most ticked items: a whole system as a partnership
   * plays it (the largest template is the blank catalogue, nothing ticked: `false` is longer than `true`).
   */
  mostTickedTemplate: { id: string; name: string };
  subscribers: BenchSubscriber[];
  /** Removes the data folder and drops the PostgreSQL database. */
  dispose(): Promise<void>;
}

/**
 * Creates an empty database on a PostgreSQL server, for one bench run.
 *
 * @param serverUrl any database URL of that server (its database part is replaced)
 * @param prefix the start of the new database's name (then the time and the process id)
 * @returns the new database's URL, and `drop` to remove it
 * @throws when the server cannot be reached or the database not created
 */
export async function createPostgresDatabase(serverUrl: string, prefix = 'bpa_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Makes a fresh database (PGlite folder, or a new database on the PostgreSQL server of
 * `postgresServerUrl`), migrates it, loads the shipped templates and makes `subscriberCount`
 * subscribers with sessions (made in the database, as a sign-in would: sign-in is rate-limited per
 * address, which a benchmark from one address would hit). A PGlite folder also gets last night's
 * backup, as the folder of a server that has been running has: without one, the server would
 * back up a minute after it starts, in the middle of what is measured (the stall of a backup,
 * once a day, is measured on its own: docs/deploy.md).
 *
 * @throws when the database cannot be opened or created
 */
export async function seedBenchDatabase(options: { subscriberCount: number; postgresServerUrl?: string }): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bpa-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.postgresServerUrl) ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase(options.postgresServerUrl));
  const connection = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await connection.migrate();
    await loadTemplates(connection.db, TEMPLATES_DIR);
    const rows = await connection.db.select().from(templates).where(eq(templates.isHidden, false));
    const largest = rows.sort((a, b) => JSON.stringify(b.content).length - JSON.stringify(a.content).length)[0];
    if (!largest) throw new Error(`No templates in ${TEMPLATES_DIR}`);
    const ticks = (content: unknown) => JSON.stringify(content).split('"isSelected":true').length - 1;
    const mostTicked = [...rows].sort((a, b) => ticks(b.content) - ticks(a.content))[0]!;
    const subscribers: BenchSubscriber[] = [];
    for (let n = 0; n < options.subscriberCount; n++) {
      const account = await createTestAccount(connection.db, { email: `bench-${n + 1}@example.org` });
      subscribers.push({ email: account.email, password: account.password ?? '', cookie: await signInAs(connection.db, account.id) });
    }
    if (!databaseUrl) await writeAutomaticBackup(connection, { dataDir, keep: 1, now: new Date() });
    return {
      kind: databaseUrl ? 'postgres' : 'pglite',
      dataDir,
      databaseUrl,
      largestTemplate: { id: largest.id, name: largest.templateName },
      mostTickedTemplate: { id: mostTicked.id, name: mostTicked.templateName },
      subscribers,
      dispose: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase();
      },
    };
  } finally {
    await connection.close();
  }
}

/** A running product server. */
export interface ProductServer {
  url: string;
  /** Resident memory of the server's Node process, in bytes (Linux /proc). */
  rssBytes(): number;
  /**
   * CPU time the server's processes have used so far (user + system, all their threads), in
   * seconds (Linux /proc). A difference over a run divided by its requests is the CPU a request
   * costs, a figure that, unlike latency, hardly depends on what else runs on the machine.
   */
  cpuSeconds(): number;
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and waits for the exit. */
  stop(): Promise<void>;
}

/** Every process under `pid` (children, grandchildren...), from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const walk = (id: number) => {
    for (const child of children.get(id) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** utime + stime of a process (all its threads), in seconds; 0 when it has ended. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5) (utime, stime), counted here from field 3 (state).
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The kernel's clock ticks per second for /proc times (`getconf CLK_TCK`: 100 on Linux x86-64 and arm64). */
const CLOCK_TICKS_PER_SECOND = 100;

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts the server on the seeded database with `npm run serve` (the web app must be built:
 * `npm run bench` builds it) and waits until /api/v1/health answers. With BENCH_SERVER_PROFILE_DIR
 * set, starts the same built server with Node's CPU profiler instead (`node --cpu-prof`, which
 * Node refuses in NODE_OPTIONS): each thread's profile is written there when the server stops, to
 * see where a benchmark's requests spend the server's CPU (open it in Chrome's DevTools).
 *
 * @param port the port to listen on (127.0.0.1 only)
 * @throws when the server exits or does not answer within 60 s
 */
export async function startProductServer(database: BenchDatabase, port: number, extraEnv: Record<string, string> = {}): Promise<ProductServer> {
  const url = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_SERVER_PROFILE_DIR;
  const [command, args] = profileDir
    ? ['node', ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--max-semi-space-size=16', '--enable-source-maps', 'packages/server/dist/server.js']]
    : ['npm', ['run', '--silent', 'serve']];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: database.dataDir,
      SAVES_PER_MINUTE: '1000000',
      DATABASE_URL: database.databaseUrl ?? '',
      // The shipped level (info) unless BENCH_LOG_LEVEL says otherwise: logging is part of a request's cost.
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ADMIN_EMAIL: 'bench-admin@example.org',
      // As `npm run serve` (packages/server/package.json, ADR 205).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
      ...extraEnv,
    },
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error('The server exited before it answered /api/v1/health');
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer ${url}/api/v1/health within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid!;
  return {
    url,
    // npm starts a shell and Node (and tsx may start one more): the server is the largest of them.
    rssBytes: () => Math.max(0, ...descendants(pid).map(rssOf)),
    cpuSeconds: () => descendants(pid).reduce((sum, id) => sum + cpuSecondsOf(id), 0),
    stop: async () => {
      if (!exited) process.kill(-pid, 'SIGTERM');
      const timer = setTimeout(() => !exited && process.kill(-pid, 'SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs a benchmark on the embedded PGlite database and on PostgreSQL (a fresh database on the
 * server DATABASE_URL names), as the environment variable `variable` chooses (`pglite`,
 * `postgres` or both, the default), saying which run it skips and why.
 *
 * @param variable e.g. `MIXED_BENCH_ENGINES`
 * @param runOn the benchmark, given the PostgreSQL server's URL or undefined for PGlite
 */
export async function runOnEngines(variable: string, runOn: (postgresServerUrl: string | undefined) => Promise<void>): Promise<void> {
  const postgresUrl = process.env.DATABASE_URL?.trim();
  const engines = (process.env[variable] ?? 'pglite,postgres').split(',').map((engine) => engine.trim());
  if (engines.includes('pglite')) await runOn(undefined);
  if (!engines.includes('postgres')) console.log(`\n(${variable} leaves out PostgreSQL: its run is skipped)`);
  else if (postgresUrl) await runOn(postgresUrl);
  else console.log('\n(DATABASE_URL is not set: the PostgreSQL run is skipped)');
}
