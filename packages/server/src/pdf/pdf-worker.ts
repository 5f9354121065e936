/**
 * The PDF worker thread's entry (ADR 130): piscina calls the default export with one task per
 * PDF, so the drawing happens off the request thread. Loaded by `createPdfPool` (pdf-pool.ts) as
 * `pdf-worker.ts` under tsx and as `pdf-worker.js` once compiled.
 *
 * The worker warms the renderer before it takes its first task (warm-up.ts): a small agreement and
 * its card are rendered once while the module loads.
 */
import type { PageSize, PrintOptions } from '@bpa/domain/api';
import type { Category, ContractDocument } from '@bpa/domain/contract';
import type { OfficialCardId } from '@bpa/domain/official-card';
import { renderOfficialCard } from './render-official-card';
import { renderAgreementPdf } from './render-agreement-pdf';
import { warmUpRenderer } from './warm-up';

/**
 * The warm-up, started as the module loads (its drawing is synchronous, so it is done before the
 * first task can run; tasks still wait for its end). A failed warm-up is not fatal here: the first
 * task meets the same error and reports it to its caller. Not a top-level await: the worker would
 * never finish loading under tsx (the pool's tests hang).
 */
const warmedUp = warmUpRenderer().catch(() => 0);

/** One PDF to draw: what `RenderAgreementPdf` takes, as plain data (it crosses threads by structured clone). */
export interface PdfTask {
  agreement: { contractName: string; categories: Category[]; playerNames?: [string, string] | undefined };
  pageSize?: PageSize;
  print?: PrintOptions;
  revision?: number;
  attachment?: ContractDocument;
}

/**
 * Draws one agreement PDF (render-agreement-pdf.ts).
 *
 * @returns the file's bytes (copied back to the main thread) and the milliseconds the drawing took
 *   (admission/work-meter.ts charges them to the client)
 * @throws whatever the renderer throws; piscina hands it to the caller of `run`
 */
export default async function renderPdfTask(task: PdfTask): Promise<{ pdf: Uint8Array; workMs: number }> {
  await warmedUp;
  const startedAt = performance.now();
  const pdf = await renderAgreementPdf(task.agreement, { pageSize: task.pageSize, print: task.print, revision: task.revision, attachment: task.attachment });
  return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), workMs: performance.now() - startedAt };
}

/**
 * Draws one official ACBL convention card (render-official-card.ts); piscina calls it by name.
 *
 * @returns the file's bytes, the fit report and the milliseconds the drawing took
 */
export async function renderCardTask(task: {
  document: ContractDocument;
  card: OfficialCardId;
  revision?: number | undefined;
}): Promise<{ pdf: Uint8Array; fitReport: string[]; workMs: number }> {
  await warmedUp;
  const startedAt = performance.now();
  const { pdf, fitReport } = await renderOfficialCard(task.document, task.card, { revision: task.revision });
  return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), fitReport, workMs: performance.now() - startedAt };
}

/**
 * Does nothing but wait for the warm-up: the pool's `prepare` runs it so that a worker is started
 * and warm before the first PDF of someone working on an agreement (pdf-pool.ts); piscina calls it
 * by name.
 */
export async function prepareTask(): Promise<void> {
  await warmedUp;
}
