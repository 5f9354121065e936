import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { byteaAsBase64 } from '../../db/bytea';
import { type PdfFileRow, pdfFiles } from '../../db/schema/pdf-files';
import { AppError } from '../../errors';

/**
 * Who asks for a file: the signed-in account from the session (features/sessions), or null for an
 * anonymous request, which may read guest files only.
 */
export type PdfViewer = { userId: string; role: string } | null;

/**
 * May this viewer read this file? (docs/product.md §D7) Guest files: anyone holding the unguessable path
 * name. A subscriber's files: the owner and administrators only.
 */
export function canReadPdfFile(file: Pick<PdfFileRow, 'isGuest' | 'ownerUserId'>, viewer: PdfViewer): boolean {
  if (file.isGuest) return true;
  if (!viewer) return false;
  return viewer.role === 'admin' || (file.ownerUserId !== null && file.ownerUserId === viewer.userId);
}

/**
 * A stored PDF (docs/product.md §7 `GET /api/v1/contracts/pdfviewer/{pathName}/{fileName}`).
 *
 * @param request path and file name from the URL, the viewer, and the current time: an expired
 *   file is never served, even before the cleanup has deleted it
 * @returns the file name and bytes
 * @throws AppError not_found when there is no such file, it has expired, or the viewer may not read
 *   it (a refused file is reported as missing so that its existence is not revealed)
 */
export async function getPdfFile(
  db: Database,
  request: { pathName: string; fileName: string; viewer: PdfViewer; now: Date },
): Promise<{ fileName: string; downloadName: string | null; content: Buffer }> {
  const [file] = await db
    .select({
      fileName: pdfFiles.fileName,
      downloadName: pdfFiles.downloadName,
      content: byteaAsBase64(pdfFiles.content),
      isGuest: pdfFiles.isGuest,
      ownerUserId: pdfFiles.ownerUserId,
    })
    .from(pdfFiles)
    .where(
      and(
        eq(pdfFiles.pathName, request.pathName),
        eq(pdfFiles.fileName, request.fileName),
        or(isNull(pdfFiles.expiresAt), gt(pdfFiles.expiresAt, request.now)),
      ),
    )
    .limit(1);
  if (!file || !canReadPdfFile(file, request.viewer)) {
    throw new AppError('not_found', 'This PDF file does not exist or has expired. Please make the PDF again.');
  }
  return { fileName: file.fileName, downloadName: file.downloadName, content: file.content };
}
