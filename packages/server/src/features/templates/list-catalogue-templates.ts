import type { TemplateSummary } from '@bpa/domain/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { templates } from '../../db/schema/templates';

/**
 * The templates of the Admin Panel's Templates tab (docs/product.md §7 `GET /api/v1/masters`; docs/product.md §3
 * "Template: _id, templateName, createdAt. The template Free Trial Agreement is hidden from the
 * admin list"), in the order they were added, `createdAt` as ISO 8601.
 */
export async function listCatalogueTemplates(db: Database): Promise<TemplateSummary[]> {
  const rows = await db
    .select({ id: templates.id, templateName: templates.templateName, createdAt: templates.createdAt })
    .from(templates)
    .where(eq(templates.isHidden, false))
    .orderBy(asc(templates.createdAt), asc(templates.templateName));
  return rows.map((row) => ({ _id: row.id, templateName: row.templateName, createdAt: row.createdAt.toISOString() }));
}
