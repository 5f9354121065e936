/**
 * The embedded database off the request thread (docs/decisions/182-embedded-database-thread.md):
 * the PGlite instance lives in a worker thread (pglite-worker.ts) and this module is its stand-in
 * on the main thread, with the three methods Drizzle's PGlite driver calls (`query`, `exec`,
 * `transaction`; drizzle-orm 0.45, pglite/session.js). The main thread only sends SQL and
 * receives rows; PGlite's WebAssembly runs beside it, on the other core.
 *
 * PGlite has one connection, so a transaction's statements must reach it with nothing in between:
 * while a transaction is open, other statements wait here and go when it ends; transactions take
 * turns. Statements outside transactions are sent at once, so the thread finds the next one
 * waiting when it finishes one, instead of idling while this thread is busy with a request.
 */
import { createWriteStream, readdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { workerModuleLocation, workerThreadEntry } from '../worker-location';
import type { PgliteErrorData, PgliteRequest, PgliteResponse, PgliteThreadData } from './pglite-worker';

/** Spreads a request over the union's members (an `Omit` of a union would merge them). */
type RequestWithoutId = PgliteRequest extends infer Request ? (Request extends PgliteRequest ? Omit<Request, 'id'> : never) : never;

/** What a transaction's callback gets: the same calls, inside the transaction. */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * Reads which types Drizzle wants as text from its parsers. Only parsers that give back their
 * input can be honoured in the other thread (a function cannot be sent); Drizzle's are all of
 * that kind.
 *
 * @throws Error when a parser changes its input (a caller this module was not written for)
 */
function toRawTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse('2026-01-02 03:04:05', Number(type)) !== '2026-01-02 03:04:05') {
      throw new Error(`The embedded database thread can only keep values as text; the parser of type ${type} changes them`);
    }
    return Number(type);
  });
}

/** A PostgreSQL error rebuilt on this side, with its code, detail and constraint as PGlite gave them. */
function toError(data: PgliteErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}

/** The worker thread holding PGlite, and the calls Drizzle makes to it. */
export class PgliteThread implements PgliteThreadTransaction {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  /** The end of the line of transactions waiting for their turn. */
  #transactions: Promise<unknown> = Promise.resolve();
  /** True from a transaction's BEGIN to its COMMIT or ROLLBACK. */
  #inTransaction = false;
  /** Statements that came during a transaction; sent, in order, when it ends. */
  #held: (() => void)[] = [];
  /** Set when the thread has stopped: every later call fails with it. */
  #stopped: Error | undefined;
  /** The data folder, or undefined for a database in memory. */
  readonly #dataDir: string | undefined;
  /** Told of every statement as it is sent (`onStatement`). */
  #statementListeners: ((sql: string) => void)[] = [];

  private constructor(worker: Worker, dataDir: string | undefined) {
    this.#worker = worker;
    this.#dataDir = dataDir;
    worker.on('message', (response: PgliteResponse) => {
      const pending = this.#pending.get(response.id);
      if (!pending) return;
      this.#pending.delete(response.id);
      if ('error' in response) pending.reject(toError(response.error));
      else pending.resolve(response.result);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The embedded database thread stopped (exit code ${String(code)})`)));
  }

  /**
   * Starts the thread and waits until PGlite is open.
   *
   * @param data the folder (an empty one gets new database files: `openPglite` in database.ts does that in a thread of its own first) or memory
   * @throws Error with PGlite's message when it cannot open the folder or the archive
   */
  static async open(data: PgliteThreadData): Promise<PgliteThread> {
    const location = workerModuleLocation('pglite-worker', import.meta.url);
    const { entry, argv } = workerThreadEntry(location.filename);
    const worker = new Worker(entry, {
      argv,
      execArgv: location.execArgv,
      workerData: data,
      transferList: data.fromArchive ? [data.fromArchive.buffer] : [],
    });
    const thread = new PgliteThread(worker, data.dataDir);
    // The thread answers id 0 once PGlite is ready.
    const ready = new Promise<unknown>((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  /**
   * Calls `listener` with the SQL of every statement (`query` and `exec`, in transactions too) as
   * it is sent to the thread, in the order the thread will run them. As this process is the
   * embedded database's only client, that is every statement the database runs: what
   * `watchWrites` (database.ts) counts.
   */
  onStatement(listener: (sql: string) => void): void {
    this.#statementListeners.push(listener);
  }

  /** Sends one request and waits for its answer, without waiting for a turn. */
  #send(request: RequestWithoutId): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (request.kind === 'query' || request.kind === 'exec') for (const listener of this.#statementListeners) listener(request.sql);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  /** Sends at once, or when the open transaction ends (in the order the calls came). */
  #outsideTransaction<T>(send: () => Promise<T>): Promise<T> {
    if (!this.#inTransaction) return send();
    return new Promise<T>((resolve, reject) => this.#held.push(() => void send().then(resolve, reject)));
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const request = { kind: 'query', sql, params: params ?? [], rowMode: options?.rowMode, rawTypes: toRawTypes(options?.parsers) } as const;
    return this.#send(request) as Promise<Results<T>>;
  }

  /**
   * Runs one statement with parameters ($1, $2…), as PGlite's `query`.
   *
   * @param options `rowMode`, and `parsers` that keep types as text (see `toRawTypes`)
   * @throws Error with PostgreSQL's message and fields (`code`, `detail`, `constraint`…) when the statement fails
   */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#outsideTransaction(() => this.#query<T>(sql, params, options));
  }

  /**
   * Runs statements without parameters, as PGlite's `exec`.
   *
   * @throws Error with PostgreSQL's message and fields when one fails
   */
  exec(sql: string): Promise<Results[]> {
    return this.#outsideTransaction(() => this.#send({ kind: 'exec', sql }) as Promise<Results[]>);
  }

  /**
   * Runs `work` in a transaction: BEGIN, the callback's statements with nothing else in between,
   * then COMMIT, or ROLLBACK when the callback throws (its error is thrown again).
   */
  transaction<T>(work: (transaction: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const run = async () => {
      this.#inTransaction = true;
      try {
        await this.#send({ kind: 'exec', sql: 'BEGIN' });
        const transaction: PgliteThreadTransaction = {
          query: (sql, params, options) => this.#query(sql, params, options),
          exec: (sql) => this.#send({ kind: 'exec', sql }) as Promise<Results[]>,
        };
        let result: T;
        try {
          result = await work(transaction);
        } catch (error) {
          await this.#send({ kind: 'exec', sql: 'ROLLBACK' });
          throw error;
        }
        await this.#send({ kind: 'exec', sql: 'COMMIT' });
        return result;
      } finally {
        this.#inTransaction = false;
        // Sent now, before the next transaction's BEGIN: they came first.
        const held = this.#held;
        this.#held = [];
        for (const send of held) send();
      }
    };
    const result = this.#transactions.then(run);
    this.#transactions = result.catch(() => undefined);
    return result;
  }

  /**
   * Writes a gzipped tar of the data folder (or memory) to `file`, taken between statements, so
   * it is consistent, in the layout PGlite's `loadDataDir` reads (paths relative to the data
   * folder). Nothing of it is held in memory but what is on its way to the file.
   *
   * A folder is copied by the thread with the operating system's file copy after a CHECKPOINT
   * into a sibling folder (statements wait only for that, a fraction of what PGlite's own dump
   * holds them, which reads every file through its WebAssembly file system: ADR 188); the
   * copy is archived with `tar`, gzipped by Node's zlib in its thread pool, and deleted. An
   * in-memory database is dumped by PGlite and gzipped the same way.
   *
   * @returns the archive's size in bytes
   * @throws Error when the folder cannot be copied (disk full) or the file cannot be written; the
   *   copy is removed either way
   */
  async writeArchive(file: string): Promise<number> {
    if (this.#dataDir === undefined) {
      const plain = (await this.#outsideTransaction(() => this.#send({ kind: 'dump' }))) as Uint8Array<ArrayBuffer>;
      await pipeline(Readable.from([plain]), createGzip(), createWriteStream(file));
      return (await stat(file)).size;
    }
    const copy = `${this.#dataDir}.backup-${process.pid}-${Date.now()}`;
    try {
      await this.#outsideTransaction(() => this.#send({ kind: 'copy', to: copy }));
      // portable: no owner or user names; noPax: plain ustar headers, which PGlite's untar reads
      // (the folder's paths are short). Gzip by Node's zlib stream, which works in the thread pool
      // (tar's own gzip option would compress on this thread).
      // Loaded here, not at start: a backup runs once a day (ADR 211).
      const { create: createTar } = await import('tar');
      await pipeline(createTar({ cwd: copy, portable: true, noPax: true }, readdirSync(copy)), createGzip(), createWriteStream(file));
      return (await stat(file)).size;
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }

  /** Closes PGlite (its files are consistent afterwards) and ends the thread. */
  async close(): Promise<void> {
    await this.#transactions;
    if (!this.#stopped) await this.#outsideTransaction(() => this.#send({ kind: 'close' }));
    await this.#worker.terminate();
  }
}
