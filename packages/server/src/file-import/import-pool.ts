/**
 * Uploaded files (agreement files, and the administrator's master templates) are read in a worker thread, never on the request thread
 * (docs/decisions/190-untrusted-files-off-the-request-thread.md): one piscina thread with a heap
 * cap (IMPORT_MEMORY_LIMIT_MB), ended when a file takes longer than IMPORT_TIME_LIMIT_MS of the
 * worker's CPU time (queueing and other work on the machine do not count), with a bounded queue. Whatever the file does, the request
 * thread only waits for an answer, so other requests keep being answered.
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { MasterTemplate } from '@bpa/domain/contract';
import { Piscina } from 'piscina';
import { WorkQueueFullError, recordWork } from '../admission/work-meter';
import { AppError } from '../errors';
import { workerModuleLocation } from '../worker-location';
import type { ImportTask, MasterTemplateTask, TaskResult } from './import-worker';
import type { UploadedFile } from './read-uploaded-agreement';

/** Longest a file may take to read, in milliseconds of the worker's time: several times what the largest agreement's PDF takes (ADR 190). */
export const IMPORT_TIME_LIMIT_MS = 1_500;
/** The worker's heap cap, in MB: several times what reading the largest agreement's PDF needs (ADR 190). */
export const IMPORT_MEMORY_LIMIT_MB = 192;
/**
 * Added to the heap cap of a TypeScript worker (tests, `npm run dev`): since Node 22 tsx's module
 * hooks run in the worker's own thread and keep a large part of its heap for the modules they
 * compile (sized when the worker loaded PDF.js, about 220 MB; not measured again since it reads
 * PDFs with pdf-lib, ADR 204). The compiled worker (`npm start`) has no allowance.
 */
export const TYPESCRIPT_WORKER_HEAP_ALLOWANCE_MB = 256;
/**
 * Longest a file may wait for the worker to begin it, in milliseconds: the whole queue at its time
 * limit takes less; past it (a worker that cannot even start) the answer is 503.
 */
export const IMPORT_START_DEADLINE_MS = 30_000;
/** How often the worker's CPU time is read while it reads a file, in milliseconds. */
export const IMPORT_CPU_CHECK_MS = 50;
/**
 * A read also ends after this many times its limit of wall time: a worker that gets almost no CPU
 * (the machine overloaded) does not hold the file's request for ever.
 */
export const IMPORT_WALL_TIME_FACTOR = 10;
/** Files waiting beyond the one being read; past it the answer is 503 with Retry-After. */
export const IMPORT_QUEUE = 8;

/** 400 text for a file that took longer than IMPORT_TIME_LIMIT_MS to read. */
export const IMPORT_TOO_SLOW_MESSAGE =
  'This file took too long to read, so it was not imported. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 413 text for a file whose reading passed the worker's memory cap. */
export const IMPORT_TOO_COMPLEX_MESSAGE = 'This file needs far more memory to read than any agreement, so it was not imported. Choose a smaller file.';
/** 503 text when the import queue is full. */
export const IMPORT_BUSY_MESSAGE = 'The server is busy reading other files. Please try again in a few seconds.';

/** Reads uploaded agreement files in the worker. */
export interface ImportPool {
  /**
   * Reads and checks one uploaded file (read-uploaded-agreement.ts) in the worker: an agreement
   * file, or the values of a filled ACBL card.
   *
   * @param bytes the file, at most MAX_IMPORT_BYTES (the route's bound)
   * @returns what the file holds and the milliseconds the worker spent (admission charges them)
   * @throws AppError as readUploadedAgreement does (400/413 with the problems); bad_request
   *   IMPORT_TOO_SLOW_MESSAGE past the time limit; too_large IMPORT_TOO_COMPLEX_MESSAGE past the
   *   memory cap; WorkQueueFullError (IMPORT_BUSY_MESSAGE) when the queue is full
   */
  readUpload(bytes: Uint8Array): Promise<{ upload: UploadedFile; workMs: number }>;
  /**
   * Reads an uploaded master template (the administrator's CSV, docs/product.md §D6) in the worker.
   *
   * @param text the file's text (at most MAX_UPLOAD_BYTES: read-csv-upload.ts)
   * @param fileName as uploaded, for the message
   * @throws AppError bad_request "`fileName` was not uploaded: …" with the issues; the time, memory
   *   and queue refusals of readUpload
   */
  readMasterTemplate(text: string, fileName: string): Promise<MasterTemplate>;
  /** Stops the worker; files still queued reject. */
  close(): Promise<void>;
}

/**
 * Makes the pool. The thread starts on the first import and stops after a minute idle.
 *
 * @param options.timeLimitMs the time limit (default IMPORT_TIME_LIMIT_MS), for tests
 * @param options.memoryLimitMb the heap cap (default IMPORT_MEMORY_LIMIT_MB), for tests
 * @param options.workerUrl another worker module with import-worker.ts's contract, for tests
 * @param options.onWorkerError told when a worker fails outside a task (e.g. cannot start); the app logs it
 */
export function createImportPool(
  options: { timeLimitMs?: number; memoryLimitMb?: number; workerUrl?: string; onWorkerError?: (error: Error) => void } = {},
): ImportPool {
  const timeLimitMs = options.timeLimitMs ?? IMPORT_TIME_LIMIT_MS;
  const location = workerModuleLocation('import-worker', options.workerUrl ?? import.meta.url);
  if (options.workerUrl) location.filename = options.workerUrl;
  const isTypeScriptWorker = /\.[cm]?ts$/.test(new URL(location.filename).pathname);
  const memoryLimitMb = (options.memoryLimitMb ?? IMPORT_MEMORY_LIMIT_MB) + (isTypeScriptWorker ? TYPESCRIPT_WORKER_HEAP_ALLOWANCE_MB : 0);
  let pool: Piscina | undefined;
  let running = 0;
  const open = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: fileURLToPath(location.filename),
      execArgv: location.execArgv,
      minThreads: 0,
      maxThreads: 1,
      maxQueue: IMPORT_QUEUE,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    // A worker that dies outside a task (while starting) is reported here, not thrown at the process.
    pool.on('error', (error: Error) => options.onWorkerError?.(error));
    return pool;
  };

  /** Runs one task by name under the time limit and memory cap, turning its result back into a value or an AppError. */
  const run = async <T>(name: string, makeTask: (started: MessagePort) => object): Promise<{ value: T; workMs: number }> => {
    if (running >= 1 + IMPORT_QUEUE) throw new WorkQueueFullError(IMPORT_BUSY_MESSAGE, 2);
    running += 1;
    const { port1, port2 } = new MessageChannel();
    const controller = new AbortController();
    let isStarted = false;
    const timer = setTimeout(() => controller.abort(), IMPORT_START_DEADLINE_MS);
    let stopCpuWatch: (() => void) | undefined;
    port1.once('message', () => {
      isStarted = true;
      clearTimeout(timer);
      // One thread (maxThreads 1): the one reading this file.
      stopCpuWatch = abortAfterCpuTime(pool?.threads[0], timeLimitMs, controller);
    });
    try {
      const result = (await open().run(makeTask(port2), { name, transferList: [port2], signal: controller.signal })) as TaskResult<T>;
      recordWork(result.workMs);
      if (!result.ok) throw new AppError(result.code, result.message, { issues: result.issues, logDetail: result.logDetail });
      return { value: result.value, workMs: result.workMs };
    } catch (error) {
      if (controller.signal.aborted && !isStarted) throw new WorkQueueFullError(IMPORT_BUSY_MESSAGE, 5);
      if (controller.signal.aborted) {
        recordWork(timeLimitMs);
        throw new AppError('bad_request', IMPORT_TOO_SLOW_MESSAGE, { logDetail: `import stopped after ${timeLimitMs} ms` });
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AppError('too_large', IMPORT_TOO_COMPLEX_MESSAGE, { logDetail: `import passed the ${memoryLimitMb} MB heap cap` });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      stopCpuWatch?.();
      port1.close();
      running -= 1;
    }
  };

  return {
    async readUpload(bytes) {
      const { value, workMs } = await run<UploadedFile>('default', (started) => ({ bytes, started }) satisfies ImportTask);
      return { upload: value, workMs };
    },
    async readMasterTemplate(text, fileName) {
      return (await run<MasterTemplate>('readMasterTemplateTask', (started) => ({ text, fileName, started }) satisfies MasterTemplateTask)).value;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

/**
 * Aborts `controller` once `thread` has spent `limitMs` milliseconds of CPU time (user and system)
 * from now, read every IMPORT_CPU_CHECK_MS with Node's `Worker.cpuUsage()`, or after
 * IMPORT_WALL_TIME_FACTOR times `limitMs` of wall time. The time limit is the worker's own time
 * (ADR 190), so a file is not refused because other work kept the machine busy. Without a thread
 * (none started) it falls back to `limitMs` of wall time.
 *
 * @returns a function that stops watching (call it once the read has ended)
 */
function abortAfterCpuTime(thread: Worker | undefined, limitMs: number, controller: AbortController): () => void {
  if (thread === undefined) {
    const timer = setTimeout(() => controller.abort(), limitMs);
    return () => clearTimeout(timer);
  }
  const wallTimer = setTimeout(() => controller.abort(), limitMs * IMPORT_WALL_TIME_FACTOR);
  let startMicros: number | undefined;
  let isReading = false;
  const check = async () => {
    if (isReading || controller.signal.aborted) return;
    isReading = true;
    try {
      const { user, system } = await thread.cpuUsage();
      startMicros ??= user + system;
      if ((user + system - startMicros) / 1000 >= limitMs) controller.abort();
    } catch {
      // The thread has ended (the read finished or failed): nothing to watch.
    } finally {
      isReading = false;
    }
  };
  void check();
  const interval = setInterval(() => void check(), Math.min(IMPORT_CPU_CHECK_MS, limitMs));
  return () => {
    clearTimeout(wallTimer);
    clearInterval(interval);
  };
}
