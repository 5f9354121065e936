import type { MakePdfRequestSchema, PdfFileInfo } from '@bpa/domain/api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';
import { AppError } from '../../errors';
import type { RenderAgreementPdf } from '../../pdf/render-pdf';
import { findTrialTemplate, trialCategoryIndexes } from './trial-template';
import { makePathName, makePdfDownloadName, makePdfFileName } from '../../pdf/pdf-file-names';

/** How long a guest PDF can be fetched, in milliseconds (docs/product.md §D7: deleted after one hour). */
export const GUEST_PDF_LIFETIME_MS = 60 * 60 * 1000;

/** 503 when the Free Trial Agreement template is not loaded (the server loads it at start). */
export const TRIAL_NOT_LOADED_MESSAGE = 'The free trial is not available right now. Please try again later.';

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
  const template = await findTrialTemplate(db);
  if (!template) throw new AppError('unavailable', TRIAL_NOT_LOADED_MESSAGE);
  // The trial categories are those of the stored trial template, by position, under the
  // template's own names (docs/product.md §14): a client that renames categories gains nothing.
  const agreement = {
    contractName: request.contract.contractName,
    playerNames: request.contract.playerNames,
    categories: trialCategoryIndexes(template.content).flatMap((index) => {
      const sent = request.contract.categories[index];
      const stored = template.content[index]!;
      return sent ? [{ ...sent, categoryName: stored.categoryName, order: stored.order, bold: stored.bold, italics: stored.italics }] : [];
    }),
  };
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
