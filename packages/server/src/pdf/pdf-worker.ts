/**
 * The PDF worker thread's entry (issue 13 §1): piscina calls the default export with one task per
 * PDF, so the drawing happens off the request thread. Loaded by `createPdfPool` (pdf-pool.ts) as
 * `pdf-worker.ts` under tsx and as `pdf-worker.js` once compiled.
 */
import type { PageSize, PrintOptions } from '@bpa/domain/api';
import type { Category, ContractDocument } from '@bpa/domain/contract';
import { renderAcblCard } from './render-acbl-card';
import { renderAgreementPdf } from './render-agreement-pdf';

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
 * @returns the file's bytes (copied back to the main thread)
 * @throws whatever the renderer throws; piscina hands it to the caller of `run`
 */
export default async function renderPdfTask(task: PdfTask): Promise<Uint8Array> {
  const pdf = await renderAgreementPdf(task.agreement, { pageSize: task.pageSize, print: task.print, revision: task.revision, attachment: task.attachment });
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * Draws one ACBL-style convention card (render-acbl-card.ts); piscina calls it by name.
 *
 * @returns the file's bytes and the fit report
 */
export async function renderCardTask(task: { document: ContractDocument }): Promise<{ pdf: Uint8Array; fitReport: string[] }> {
  const { pdf, fitReport } = await renderAcblCard(task.document);
  return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), fitReport };
}
