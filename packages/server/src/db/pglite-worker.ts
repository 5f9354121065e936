/**
 * The embedded database's thread (docs/decisions/182-embedded-database-thread.md): one
 * PGlite instance that runs every query of the server, so its WebAssembly (the CPU of every load
 * and save, measured in that ADR) no longer holds up the thread that answers requests. Started by
 * `PgliteThread.open` (pglite-thread.ts) as `pglite-worker.ts` under tsx and as `pglite-worker.js`
 * once compiled, and driven by the messages below, one at a time in the order they come: the
 * main thread's side keeps a transaction's statements together (PGlite has one connection).
 */
import { cpSync } from 'node:fs';
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';

/** What the thread opens: a folder (given new database files when empty), or memory (optionally from a `writeArchive` archive, pglite-thread.ts). */
export interface PgliteThreadData {
  dataDir: string | undefined;
  /** A gzipped tar from `writeArchive` (pglite-thread.ts), as the starting content of an in-memory database. */
  fromArchive: Uint8Array<ArrayBuffer> | undefined;
  /** postgresql.conf lines. */
  settings: string[];
}

/**
 * One request to the thread. `rawTypes` lists the type OIDs whose values come back as PostgreSQL
 * wrote them (text), which is what Drizzle's parsers ask for; functions cannot cross threads.
 */
export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; rawTypes: number[] }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'copy'; to: string }
  | { id: number; kind: 'close' };

/** A PostgreSQL error as plain data: its message and fields (code, detail, constraint…), which the server reads. */
export interface PgliteErrorData {
  message: string;
  fields: Record<string, unknown>;
}

/** The answer to the request with the same id. */
export type PgliteResponse = { id: number; result: unknown } | { id: number; error: PgliteErrorData };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts)');
const data = workerData as PgliteThreadData;
const options = { postgresqlconf: data.settings };
const database =
  data.dataDir === undefined
    ? new PGlite({ ...options, loadDataDir: data.fromArchive ? new Blob([data.fromArchive]) : undefined })
    : new PGlite(data.dataDir, options);

/** Parsers that keep the listed types as text, one object per list (Drizzle always sends the same one). */
const identityParsers = new Map<string, ParserOptions>();
function parsersFor(rawTypes: number[]): ParserOptions {
  const key = rawTypes.join(',');
  let parsers = identityParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));
    identityParsers.set(key, parsers);
  }
  return parsers;
}

/** The error's own fields, which structured cloning would drop (it keeps only message and stack). */
function toErrorData(error: unknown): PgliteErrorData {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return { message: error.message, fields: { ...fields, name: error.name } };
}

async function answer(request: PgliteRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const queryOptions: QueryOptions = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
      return database.query(request.sql, request.params, queryOptions);
    }
    case 'exec':
      return database.exec(request.sql);
    case 'dump': {
      // A plain tar: gzip is done by the main thread off both threads (pglite-thread.ts), so the
      // database is held only for as long as the copy takes (ADR 188: a backup that gzipped in
      // the database's thread stalled every statement for far longer).
      const archive = await database.dumpDataDir('none');
      return new Uint8Array(await archive.arrayBuffer());
    }
    case 'copy':
      // The data folder as it is between two statements, copied by the operating system (ADR 188:
      // PGlite's own dump reads every file through its WebAssembly file system, for seconds on a
      // large folder, during which no statement runs). CHECKPOINT first writes every changed page to
      // the files, so the copy needs no recovery when it is opened.
      if (data.dataDir === undefined) throw new Error('An in-memory database has no folder to copy');
      await database.exec('CHECKPOINT');
      cpSync(data.dataDir, request.to, { recursive: true, errorOnExist: true });
      return null;
    case 'close':
      await database.close();
      return null;
  }
}

let queue: Promise<void> = database.waitReady.then(
  () => port.postMessage({ id: 0, result: null } satisfies PgliteResponse),
  (error: unknown) => port.postMessage({ id: 0, error: toErrorData(error) } satisfies PgliteResponse),
);

port.on('message', (request: PgliteRequest) => {
  queue = queue.then(async () => {
    let response: PgliteResponse;
    try {
      response = { id: request.id, result: await answer(request) };
    } catch (error) {
      response = { id: request.id, error: toErrorData(error) };
    }
    const transfer: TransferListItem[] = 'result' in response && response.result instanceof Uint8Array ? [response.result.buffer as ArrayBuffer] : [];
    port.postMessage(response, transfer);
  });
});
