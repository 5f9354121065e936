/**
 * The import worker thread's entry (docs/decisions/190-untrusted-files-off-the-request-thread.md):
 * piscina calls the default export with one uploaded file, so parsing happens away from the
 * request thread, in a thread with a memory cap that the pool ends when it runs too long
 * (import-pool.ts). Loaded as `import-worker.ts` under tsx and as `import-worker.js` once compiled.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ContractDocument } from '@bpa/domain/contract';
import { AppError, type ErrorCode } from '../errors';
import { readUploadedAgreement } from './read-uploaded-agreement';

/**
 * PDF.js, loaded as the worker starts (a third of a second), so that its loading is not counted
 * against the first file's time limit. Not a top-level await (see pdf/pdf-worker.ts).
 */
const pdfJsLoaded = import('pdfjs-dist/legacy/build/pdf.mjs').catch(() => undefined);

/** One file to read; `started` is told when the worker begins, so the time limit counts work, not queueing. */
export interface ImportTask {
  bytes: Uint8Array;
  started: MessagePort;
}

/** What crosses back: the document, or the AppError's fields (a class does not survive structured clone). */
export type ImportTaskResult =
  | { ok: true; document: ContractDocument; workMs: number }
  | { ok: false; code: ErrorCode; message: string; issues: AppError['issues']; logDetail: string | undefined; workMs: number };

/**
 * Reads one uploaded agreement file (read-uploaded-agreement.ts).
 *
 * @returns the checked document or the user's error, with the milliseconds the worker spent on it
 * @throws whatever is not an AppError (a bug): piscina hands it to the caller of `run`
 */
export default async function readAgreementTask(task: ImportTask): Promise<ImportTaskResult> {
  await pdfJsLoaded;
  const startedAt = performance.now();
  task.started.postMessage('started');
  task.started.close();
  try {
    const document = await readUploadedAgreement(task.bytes);
    return { ok: true, document, workMs: performance.now() - startedAt };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: error.code, message: error.message, issues: error.issues, logDetail: error.logDetail, workMs: performance.now() - startedAt };
  }
}
