/**
 * PDFs off the request thread (ADR 130): a piscina pool of worker threads, sized from the CPU
 * count, with a bounded queue. A render asked for while the queue is full is refused at once with
 * `PdfQueueFullError` (answered 503 + Retry-After by the admission, admission/admission.ts) instead of waiting behind
 * minutes of work, so the main thread keeps answering everyone else.
 *
 * The worker file is `pdf-worker.ts` beside this module when the server runs from TypeScript
 * (tsx, vitest) and `pdf-worker.js` in the build (build.mjs): `pdfWorkerLocation` picks it from this
 * module's own URL and, for `.ts`, makes sure the worker loads tsx.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { RenderAcblCard, RenderAgreementPdf } from './render-pdf';
import { WorkQueueFullError, recordWork } from '../admission/work-meter';
import { workerModuleLocation } from '../worker-location';
import type { PdfTask } from './pdf-worker';

/** 503 text: every PDF worker is busy and the queue is full. */
export const PDF_BUSY_MESSAGE = 'The server is busy making other PDFs. Please try again in a few seconds.';

/** Thrown by a pool's `render` when its queue is full; `retryAfterSeconds` is a fair wait before trying again. */
export class PdfQueueFullError extends WorkQueueFullError {
  constructor(retryAfterSeconds: number) {
    super(PDF_BUSY_MESSAGE, retryAfterSeconds);
    this.name = 'PdfQueueFullError';
  }
}

/** A pool of PDF workers: `render` has the renderer's signature (pdf/render-pdf.ts). */
export interface PdfPool {
  render: RenderAgreementPdf;
  /** Draws an official ACBL card in a worker (docs/official-cards.md). */
  renderCard: RenderAcblCard;
  /** Worker threads at most and queued renders at most (the sizes chosen). */
  readonly threads: number;
  readonly maxQueue: number;
  /** Renders running or waiting now. */
  inFlight(): number;
  /**
   * Keeps a worker started and warm while someone works on an agreement, so their next PDF or card
   * does not wait for a worker to start and warm up (about a second; bench/results.md,
   * "phone-flows-bench.ts"): runs an empty task at most once every `PREPARE_INTERVAL_MS`, which
   * starts a worker when none runs (piscina stops an idle one after a minute) and restarts an
   * idle worker's clock. One at a time; not counted as work, and piscina's queue has a place of
   * its own for it, so it never takes a render's (ADR 206). A failure is ignored.
   */
  prepare(): void;
  /** Worker threads started now (warm or warming up). */
  startedWorkers(): number;
  /** Stops the workers; renders still queued reject. */
  close(): Promise<void>;
}

/** At most one `prepare` task in this many milliseconds: well within piscina's idle timeout (`IDLE_TIMEOUT_MS`). */
export const PREPARE_INTERVAL_MS = 20_000;
/** An idle worker stops after this many milliseconds without a task. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Default worker count: every core but one, at least one, so the request thread always has a core
 * of its own (on the 2-core reference machine: one worker).
 */
export function defaultPdfThreads(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/**
 * Default queue bound: 4 renders waiting per worker. A full-size agreement takes about a quarter of
 * a second (bench/pdf-bench.ts), so a queued render starts within about a second; beyond that a
 * client is better told to come back than left waiting.
 */
export function defaultPdfQueue(threads: number): number {
  return 4 * threads;
}

/**
 * Where the PDF worker file is and how to start it (`workerModuleLocation` for `pdf-worker`).
 *
 * @param moduleUrl this module's URL (`import.meta.url`)
 * @param execArgv the parent's Node flags (`process.execArgv`)
 * @param resolveTsx finds tsx's loader file
 */
export function pdfWorkerLocation(
  moduleUrl: string,
  execArgv: readonly string[] = process.execArgv,
  resolveTsx?: () => string,
): { filename: string; execArgv: string[] } {
  return workerModuleLocation('pdf-worker', moduleUrl, execArgv, resolveTsx);
}

/**
 * Makes the pool. Threads start on the first render (a server that never makes a PDF, or a test,
 * starts none) and stop after a minute idle.
 *
 * @param options.threads worker threads (default `defaultPdfThreads()`)
 * @param options.maxQueue renders waiting beyond the running ones (default `defaultPdfQueue(threads)`)
 * @param options.workerUrl the worker module (default: `pdfWorkerLocation(import.meta.url)`), for tests
 */
export function createPdfPool(options: { threads?: number; maxQueue?: number; workerUrl?: string } = {}): PdfPool {
  const threads = options.threads ?? defaultPdfThreads();
  const maxQueue = options.maxQueue ?? defaultPdfQueue(threads);
  const location = options.workerUrl
    ? { filename: options.workerUrl, execArgv: pdfWorkerLocation(options.workerUrl).execArgv }
    : pdfWorkerLocation(import.meta.url);
  let pool: Piscina | undefined;
  let running = 0;
  let lastPreparedAt = -Infinity;
  let isPreparing = false;
  let isClosed = false;
  const open = () =>
    (pool ??= new Piscina({
      filename: location.filename.startsWith('file:') ? fileURLToPath(location.filename) : location.filename,
      execArgv: location.execArgv,
      minThreads: 0,
      maxThreads: threads,
      // One place more than renders may take (`admit` bounds them): the one `prepare` task that may
      // be waiting, so that it never takes a render's place (ADR 206).
      maxQueue: maxQueue + 1,
      idleTimeout: IDLE_TIMEOUT_MS,
      // One render per worker at a time: a render is synchronous, two would only share the core.
      concurrentTasksPerWorker: 1,
    }));

  /**
   * Runs one render in the pool, counting it. piscina would throw its own "Task queue is at limit";
   * the count here also covers renders that are being handed to a worker.
   */
  const admit = async (run: () => Promise<unknown>): Promise<unknown> => {
    if (running >= threads + maxQueue) throw new PdfQueueFullError(Math.max(1, Math.ceil(maxQueue / threads)));
    running += 1;
    try {
      return await run();
    } finally {
      running -= 1;
    }
  };

  return {
    threads,
    maxQueue,
    inFlight: () => running,
    prepare() {
      const at = performance.now();
      // After `close` (a load finishing while the server stops) no pool is opened again.
      if (isClosed || isPreparing || at - lastPreparedAt < PREPARE_INTERVAL_MS) return;
      lastPreparedAt = at;
      isPreparing = true;
      open()
        .run(undefined, { name: 'prepareTask' })
        .catch(() => undefined)
        .finally(() => {
          isPreparing = false;
        });
    },
    startedWorkers: () => pool?.threads.length ?? 0,
    async render(agreement, renderOptions) {
      const task: PdfTask = {
        agreement: { contractName: agreement.contractName, categories: agreement.categories, playerNames: agreement.playerNames },
        pageSize: renderOptions?.pageSize,
        print: renderOptions?.print,
        revision: renderOptions?.revision,
        attachment: renderOptions?.attachment,
      };
      const { pdf, workMs } = (await admit(() => open().run(task))) as { pdf: Uint8Array; workMs: number };
      recordWork(workMs);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    async renderCard(document, cardOptions) {
      const answer = (await admit(() => open().run({ document, card: cardOptions.card, revision: cardOptions.revision }, { name: 'renderCardTask' }))) as {
        pdf: Uint8Array;
        fitReport: string[];
        workMs: number;
      };
      recordWork(answer.workMs);
      return { pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength), fitReport: answer.fitReport };
    },
    async close() {
      isClosed = true;
      await pool?.destroy();
      pool = undefined;
    },
  };
}
