import { serialiseMasterCsv } from '@bpa/domain/master-csv';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { templates } from '../../db/schema/templates';
import { AppError } from '../../errors';
import { safeFileName } from '../../safe-file-name';

/** 404 message for a template id that is not stored. */
export const TEMPLATE_NOT_FOUND_MESSAGE = 'This template does not exist (it may have been replaced or removed). Reload the list.';

/**
 * A safe download name for a template's CSV: the template name without colour markup, accents
 * folded, every run of other characters turned into one '-', at most 100 characters, `.csv`
 * appended; 'template.csv' when nothing is left. Safe in a Content-Disposition header unquoted.
 *
 * @example makeCsvFileName('Basic 2/1 Game Forcing') === 'Basic-2-1-Game-Forcing.csv'
 */
export function makeCsvFileName(templateName: string): string {
  return safeFileName(templateName, 'csv', 'template');
}

/**
 * A template as a master CSV file (docs/product.md §D6: "the same serialiser exports any template back to
 * this format"), for `GET /api/v1/masters/{id}/csv`. Hidden templates (the Free Trial Agreement)
 * can be downloaded too, so that an administrator can correct and upload them again.
 *
 * @param id the template's UUID
 * @returns the download name and the CSV text (parses back with parseMasterCsv to the same template)
 * @throws AppError not_found (404) TEMPLATE_NOT_FOUND_MESSAGE
 */
export async function getTemplateCsv(db: Database, id: string): Promise<{ fileName: string; csv: string }> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  if (!row) throw new AppError('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
  return { fileName: makeCsvFileName(row.templateName), csv: serialiseMasterCsv({ templateName: row.templateName, categories: row.content }) };
}
