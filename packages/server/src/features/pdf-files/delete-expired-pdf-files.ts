import { lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pdfFiles } from '../../db/schema/pdf-files';

/**
 * Deletes the PDF files whose expiry has passed (docs/product.md §D7: guest PDFs are deleted after one hour).
 * Run periodically by `schedulePdfFileCleanup`; safe to run from several servers at once.
 *
 * @param now files with `expiresAt <= now` are deleted; files without an expiry are kept
 * @returns how many files were deleted
 */
export async function deleteExpiredPdfFiles(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(pdfFiles).where(lte(pdfFiles.expiresAt, now)).returning({ id: pdfFiles.id });
  return deleted.length;
}
