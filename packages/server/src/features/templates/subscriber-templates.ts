/**
 * The templates a subscriber may start an agreement from (docs/product.md §1: six templates; docs/product.md §3: the Free
 * Trial Agreement is hidden). Templates uploaded by administrators are listed too.
 */
import { TEMPLATE_NOT_FOUND_MESSAGE } from '@bpa/domain/api-contracts';
import type { TemplateSummary } from '@bpa/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type TemplateRow, templates } from '../../db/schema/templates';
import { AppError } from '../../errors';
import { isUuid } from '../../db/uuid';

/**
 * The six shipped templates in the order the product lists them (docs/product.md §D6: "Blank, Basic
 * Precision, Modern Standard American, Basic 2 over 1 Game Forcing, Bridge World Standard, LC
 * Standard"); from the simplest start to the most specialised systems.
 */
export const SHIPPED_TEMPLATE_ORDER: readonly string[] = [
  'Blank',
  'Basic Precision',
  'Modern Standard American',
  'Basic 2 over 1 Game Forcing',
  'Bridge World Standard',
  'LC Standard',
];

/** Position of a template in the list: shipped ones by SHIPPED_TEMPLATE_ORDER, all others after them. */
function shippedRank(templateName: string): number {
  const index = SHIPPED_TEMPLATE_ORDER.indexOf(templateName);
  return index === -1 ? SHIPPED_TEMPLATE_ORDER.length : index;
}

/**
 * The template names of docs/product.md §7 `GET /api/v1/contracts/templates/`: visible templates only, the
 * shipped six first in SHIPPED_TEMPLATE_ORDER, then the others oldest first (then by name).
 *
 * @returns `[{ _id, templateName, createdAt }]`, `createdAt` as ISO 8601 (docs/product.md §3)
 */
export async function listTemplateNames(db: Database): Promise<TemplateSummary[]> {
  const rows = await db
    .select({ id: templates.id, templateName: templates.templateName, createdAt: templates.createdAt })
    .from(templates)
    .where(eq(templates.isHidden, false));
  rows.sort(
    (a, b) =>
      shippedRank(a.templateName) - shippedRank(b.templateName) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.templateName.localeCompare(b.templateName),
  );
  return rows.map((row) => ({ _id: row.id, templateName: row.templateName, createdAt: row.createdAt.toISOString() }));
}

/**
 * A template a subscriber may use, by id.
 *
 * @param id from the request (any text); hidden templates (the Free Trial Agreement) are not found
 * @throws AppError not_found TEMPLATE_NOT_FOUND_MESSAGE when there is no such visible template
 */
export async function findSubscriberTemplate(db: Database, id: string): Promise<TemplateRow> {
  if (!isUuid(id)) throw new AppError('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.isHidden, false)))
    .limit(1);
  if (!row) throw new AppError('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
  return row;
}
