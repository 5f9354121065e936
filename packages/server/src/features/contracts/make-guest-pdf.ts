import type { MakePdfRequestSchema, PdfFileInfo } from '@bpa/domain/api';
import { restrictToTrialCategories } from '@bpa/domain/editing';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';
import type { RenderAgreementPdf } from './render-pdf';
import { makePathName, makePdfDownloadName, makePdfFileName } from './pdf-file-names';

/** How long a guest PDF can be fetched, in milliseconds (design 7: deleted after one hour). */
export const GUEST_PDF_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Makes the PDF of a guest's agreement and stores it (spec 7 `POST /api/v1/contracts/pdf-guest`).
 * Only the two trial categories are rendered whatever the request holds (design 4), and the
 * request's `isSubscriber` flag is ignored: a guest is a guest.
 *
 * @param request the validated body: agreement document, page size
 * @param dependencies the renderer and the current time (the file expires GUEST_PDF_LIFETIME_MS later)
 * @returns where to fetch the file: `{ fileName, pathName }`
 * @throws whatever the renderer throws (answered as a 500)
 */
export async function makeGuestPdf(
  db: Database,
  request: z.output<typeof MakePdfRequestSchema>,
  dependencies: { renderPdf: RenderAgreementPdf; now: Date },
): Promise<PdfFileInfo> {
  const agreement = restrictToTrialCategories(request.contract);
  const content = await dependencies.renderPdf({ contractName: agreement.contractName, categories: agreement.categories }, { pageSize: request.pageSize });
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
