import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { byteaAsBase64 } from '../../db/bytea';
import { pdfFiles } from '../../db/schema/pdf-files';
import { AppError } from '../../errors';

/** 404 text of the file-name-only viewer route. */
export const LATEST_PDF_NOT_FOUND_MESSAGE = 'You have no PDF file of this name, or it has expired. Please make the PDF again.';

/**
 * The signed-in account's newest PDF of a given file name (docs/product.md §7: the viewer route's "variant
 * with file name only", `GET /api/v1/contracts/pdfviewer/{fileName}`). Only the account's own
 * files count, administrators included: nobody reaches another account's file by its name.
 *
 * @param request the file name from the URL, the signed-in account, and the current time (an
 *   expired file is never served)
 * @returns the file name and bytes
 * @throws AppError not_found LATEST_PDF_NOT_FOUND_MESSAGE when the account has no such unexpired file
 */
export async function getLatestPdfFile(
  db: Database,
  request: { fileName: string; ownerUserId: string; now: Date },
): Promise<{ fileName: string; downloadName: string | null; content: Buffer }> {
  const [file] = await db
    .select({ fileName: pdfFiles.fileName, downloadName: pdfFiles.downloadName, content: byteaAsBase64(pdfFiles.content) })
    .from(pdfFiles)
    .where(
      and(
        eq(pdfFiles.ownerUserId, request.ownerUserId),
        eq(pdfFiles.isGuest, false),
        eq(pdfFiles.fileName, request.fileName),
        or(isNull(pdfFiles.expiresAt), gt(pdfFiles.expiresAt, request.now)),
      ),
    )
    .orderBy(desc(pdfFiles.createdAt), desc(pdfFiles.id))
    .limit(1);
  if (!file) throw new AppError('not_found', LATEST_PDF_NOT_FOUND_MESSAGE);
  return file;
}
