/**
 * The PDF renderer as the contract operations see it: injected through `buildApp` so that the
 * operations do not care how a PDF is drawn. The real one is `renderAgreementPdf` (src/pdf/).
 */
import type { PageSize, PrintOptions } from '@bpa/domain/api';
import type { Category, ContractDocument } from '@bpa/domain/contract';
import type { OfficialCardId } from '@bpa/domain/official-card';

/**
 * Draws an agreement on an official ACBL convention card (docs/official-cards.md): the classic card
 * (2023 revision) or the 2022 card; the PDF and what went to its supplement.
 */
export type RenderAcblCard = (
  document: ContractDocument,
  options: { card: OfficialCardId; revision?: number | undefined },
) => Promise<{ pdf: Buffer; fitReport: string[] }>;

/** Draws an agreement as PDF bytes (docs/product.md §D2: DejaVu Sans; the renderer's own PDF writer, docs/decisions/194-pdf-writer-of-our-own.md). */
export type RenderAgreementPdf = (
  agreement: { contractName: string; categories: Category[]; playerNames?: [string, string] | undefined },
  options?: { pageSize?: PageSize; print?: PrintOptions; revision?: number; attachment?: ContractDocument },
) => Promise<Buffer>;
