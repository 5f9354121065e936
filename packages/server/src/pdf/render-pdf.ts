/**
 * The PDF renderer as the contract operations see it: injected through `buildApp` so that the
 * operations do not care how a PDF is drawn. The real one is `renderAgreementPdf` (src/pdf/).
 */
import type { PageSize, PrintOptions } from '@bpa/domain/api';
import type { Category, ContractDocument } from '@bpa/domain/contract';

/** Draws an agreement's ACBL-style convention card (docs/product.md §13): the PDF and what did not fit on it. */
export type RenderAcblCard = (document: ContractDocument, options?: { revision?: number | undefined }) => Promise<{ pdf: Buffer; fitReport: string[] }>;

/** Draws an agreement as PDF bytes (docs/product.md §D2: DejaVu Sans; the renderer's own PDF writer, docs/decisions/194-pdf-writer-of-our-own.md). */
export type RenderAgreementPdf = (
  agreement: { contractName: string; categories: Category[]; playerNames?: [string, string] | undefined },
  options?: { pageSize?: PageSize; print?: PrintOptions; revision?: number; attachment?: ContractDocument },
) => Promise<Buffer>;
