/**
 * The import worker thread's entry (docs/decisions/190-untrusted-files-off-the-request-thread.md):
 * piscina calls the default export with one uploaded file, so parsing happens away from the
 * request thread, in a thread with a memory cap that the pool ends when it runs too long
 * (import-pool.ts). Loaded as `import-worker.ts` under tsx and as `import-worker.js` once compiled.
 */
import type { MessagePort } from 'node:worker_threads';
import type { MasterTemplate } from '@bpa/domain/contract';
import { MasterCsvError, parseMasterCsv } from '@bpa/domain/master-csv';
import { AppError, type ErrorCode } from '../errors';
import { withoutNativeDecompression } from './pdf-stream-limits';
import { type UploadedFile, readUploadedFile } from './read-uploaded-agreement';

/**
 * No native zlib object may be made in this thread (ADR 190, "Ending the worker safely"): pdf-lib
 * inflates with its own JavaScript (pako), and the web's `DecompressionStream`, which Node builds
 * on its native zlib, is taken away so that no library reaches for it.
 */
withoutNativeDecompression(globalThis);

/** One file to read; `started` is told when the worker begins, so the time limit counts work, not queueing. */
export interface ImportTask {
  bytes: Uint8Array;
  started: MessagePort;
}

/** A master template upload to read (the administrator's CSV, docs/product.md §D6). */
export interface MasterTemplateTask {
  text: string;
  fileName: string;
  started: MessagePort;
}

/** What crosses back: the value, or the AppError's fields (a class does not survive structured clone). */
export type TaskResult<T> =
  | { ok: true; value: T; workMs: number }
  | { ok: false; code: ErrorCode; message: string; issues: AppError['issues']; logDetail: string | undefined; workMs: number };
export type ImportTaskResult = TaskResult<UploadedFile>;

/**
 * Tells the pool the task began (its time limit starts now), runs `read`, and returns its value
 * or the AppError it threw, with the milliseconds spent.
 *
 * @throws whatever is not an AppError (a bug): piscina hands it to the caller of `run`
 */
async function runTask<T>(started: MessagePort, read: () => Promise<T> | T): Promise<TaskResult<T>> {
  const startedAt = performance.now();
  started.postMessage('started');
  started.close();
  try {
    return { ok: true, value: await read(), workMs: performance.now() - startedAt };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: error.code, message: error.message, issues: error.issues, logDetail: error.logDetail, workMs: performance.now() - startedAt };
  }
}

/**
 * Reads one uploaded file (read-uploaded-agreement.ts): an agreement file, or a filled ACBL card's values.
 *
 * @returns what the file holds or the user's error, with the milliseconds the worker spent on it
 */
export default async function readAgreementTask(task: ImportTask): Promise<ImportTaskResult> {
  return runTask(task.started, () => readUploadedFile(task.bytes));
}

/**
 * Reads an uploaded master template (parseMasterCsv: 13 categories, names checked); piscina
 * calls it by name.
 *
 * @returns the template, or bad_request "`fileName` was not uploaded: …" with the line- and
 *   column-numbered issues, with the milliseconds spent
 */
export async function readMasterTemplateTask(task: MasterTemplateTask): Promise<TaskResult<MasterTemplate>> {
  return runTask(task.started, () => {
    try {
      return parseMasterCsv(task.text);
    } catch (error) {
      if (!(error instanceof MasterCsvError)) throw error;
      throw new AppError('bad_request', `${task.fileName} was not uploaded: ${error.message}`, { issues: error.issues });
    }
  });
}
