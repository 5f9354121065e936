import { type Mark, type Reply, withDiscussionSheet } from '@bpa/domain/history';
import type { MakePdfRequestSchema, PdfFileInfo } from '@bpa/domain/api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';
import { makePathName, makePdfDownloadName, makePdfFileName } from '../../pdf/pdf-file-names';
import type { RenderAgreementPdf } from '../../pdf/render-pdf';

/**
 * How long a subscriber's PDF can be fetched, in milliseconds: 30 days, long enough to print it
 * again from the link, short enough that stored files do not pile up (each save of the PDF makes
 * a new one).
 */
export const SUBSCRIBER_PDF_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Makes the PDF of a subscriber's agreement and stores it (docs/product.md §7 `POST /api/v1/contracts/pdfCreator`):
 * all 13 categories, as the request has them (unsaved edits included). The file belongs to the
 * signed-in account: only they and administrators may read it (docs/product.md §D7). The request's
 * `isSubscriber` flag is ignored: the session decides.
 *
 * @param request the validated body: agreement document, page size
 * @param dependencies the owner (the signed-in account, or the impersonated one), the renderer,
 *   the current time (the file expires SUBSCRIBER_PDF_LIFETIME_MS later), and the marks and replies
 *   for a discussion sheet when the request asked for one (`discussionOf`, access checked by the route)
 * @returns where to fetch the file: `{ fileName, pathName }`
 * @throws whatever the renderer throws (answered as a 500)
 */
export async function makeSubscriberPdf(
  db: Database,
  request: z.output<typeof MakePdfRequestSchema>,
  dependencies: { ownerUserId: string; renderPdf: RenderAgreementPdf; now: Date; discussionMarks?: readonly Mark[]; discussionReplies?: readonly Reply[] },
): Promise<PdfFileInfo> {
  const { contractName, categories, playerNames } = request.contract;
  // The discussion sheet only when asked for (docs/sharing.md §8): the normal PDF never shows marks or notes.
  const agreement = { contractName, categories, ...(playerNames ? { playerNames } : {}) };
  const printed = dependencies.discussionMarks ? withDiscussionSheet(agreement, dependencies.discussionMarks, dependencies.discussionReplies) : agreement;
  const content = await dependencies.renderPdf(printed, {
    pageSize: request.pageSize,
    print: request.print,
    revision: request.revision,
    attachment: agreement,
  });
  const info: PdfFileInfo = { fileName: makePdfFileName(contractName), pathName: makePathName() };
  await db.insert(pdfFiles).values({
    pathName: info.pathName,
    fileName: info.fileName,
    downloadName: makePdfDownloadName(contractName),
    ownerUserId: dependencies.ownerUserId,
    isGuest: false,
    content,
    expiresAt: new Date(dependencies.now.getTime() + SUBSCRIBER_PDF_LIFETIME_MS),
  });
  return info;
}
