import type { MakePdfRequestSchema, PdfFileInfo } from '@bpa/domain/api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';
import { AppError } from '../../errors';
import type { RenderAcblCard, RenderAgreementPdf } from '../../pdf/render-pdf';
import type { MakeCardRequestSchema } from '@bpa/domain/api-contracts';
import type { ContractDocument } from '@bpa/domain/contract';
import { downloadName, safeFileName } from '../../safe-file-name';
import { findTrialTemplate, trialCategoryIndexes } from './trial-template';
import { makePathName, makePdfDownloadName, makePdfFileName } from '../../pdf/pdf-file-names';

/** How long a guest PDF can be fetched, in milliseconds (docs/product.md §D7: deleted after one hour). */
export const GUEST_PDF_LIFETIME_MS = 60 * 60 * 1000;

/** 503 when the Free Trial Agreement template is not loaded (the server loads it at start). */
export const TRIAL_NOT_LOADED_MESSAGE = 'The free trial is not available right now. Please try again later.';

/**
 * The part of a guest's agreement the server prints (docs/product.md §D4): the categories at the
 * trial categories' positions in the stored trial template, under that template's names and
 * catalogue keys (docs/product.md §14): a client that renames categories gains nothing.
 *
 * @throws AppError unavailable (503) when the trial template is not loaded
 */
export async function trialPart(db: Database, contract: ContractDocument): Promise<ContractDocument> {
  const template = await findTrialTemplate(db);
  if (!template) throw new AppError('unavailable', TRIAL_NOT_LOADED_MESSAGE);
  return {
    contractName: contract.contractName,
    ...(contract.playerNames ? { playerNames: contract.playerNames } : {}),
    categories: trialCategoryIndexes(template.content).flatMap((index) => {
      const sent = contract.categories[index];
      const stored = template.content[index]!;
      return sent
        ? [
            {
              ...sent,
              categoryName: stored.categoryName,
              order: stored.order,
              bold: stored.bold,
              italics: stored.italics,
              ...(stored.key ? { key: stored.key } : {}),
            },
          ]
        : [];
    }),
  };
}

/**
 * Makes a guest's official ACBL card (docs/official-cards.md §4): the two trial categories only
 * (`trialPart`), stored like a guest PDF for an hour.
 *
 * @param request the validated body: agreement document and which card
 * @returns where to fetch the file and what went to the card's supplement
 * @throws AppError unavailable (503) when the trial template is not loaded; whatever the renderer throws
 */
export async function makeGuestCard(
  db: Database,
  request: z.output<typeof MakeCardRequestSchema>,
  dependencies: { renderCard: RenderAcblCard; now: Date },
): Promise<PdfFileInfo & { fitReport: string[] }> {
  const agreement = await trialPart(db, request.contract);
  const { pdf, fitReport } = await dependencies.renderCard(agreement, { card: request.card });
  const name = `${agreement.contractName} ACBL ${request.card} card`;
  const info: PdfFileInfo = { fileName: safeFileName(name, 'pdf', 'convention-card'), pathName: makePathName() };
  await db.insert(pdfFiles).values({
    ...info,
    downloadName: downloadName(name, 'pdf', 'convention-card'),
    ownerUserId: null,
    isGuest: true,
    content: pdf,
    expiresAt: new Date(dependencies.now.getTime() + GUEST_PDF_LIFETIME_MS),
  });
  return { ...info, fitReport };
}

/**
 * Makes the PDF of a guest's agreement and stores it (docs/product.md §7 `POST /api/v1/contracts/pdf-guest`).
 * Only the two trial categories are rendered whatever the request holds (docs/product.md §D4): the
 * categories at the trial categories' positions in the stored trial template, under that
 * template's names (docs/product.md §14). The request's `isSubscriber` flag is ignored: a guest is a guest.
 *
 * @param request the validated body: agreement document, page size
 * @param dependencies the renderer and the current time (the file expires GUEST_PDF_LIFETIME_MS later)
 * @returns where to fetch the file: `{ fileName, pathName }`
 * @throws AppError unavailable (503) when the trial template is not loaded; whatever the renderer
 *   throws (answered as a 500)
 */
export async function makeGuestPdf(
  db: Database,
  request: z.output<typeof MakePdfRequestSchema>,
  dependencies: { renderPdf: RenderAgreementPdf; now: Date },
): Promise<PdfFileInfo> {
  const agreement = await trialPart(db, request.contract);
  const content = await dependencies.renderPdf(
    { contractName: agreement.contractName, categories: agreement.categories },
    // The agreement as the visitor has it (13 categories, validated), so that a subscriber can import the trial's PDF later.
    { pageSize: request.pageSize, print: request.print, attachment: request.contract },
  );
  const info: PdfFileInfo = { fileName: makePdfFileName(agreement.contractName), pathName: makePathName() };
  await db.insert(pdfFiles).values({
    pathName: info.pathName,
    fileName: info.fileName,
    downloadName: makePdfDownloadName(agreement.contractName),
    ownerUserId: null,
    isGuest: true,
    content,
    expiresAt: new Date(dependencies.now.getTime() + GUEST_PDF_LIFETIME_MS),
  });
  return info;
}
