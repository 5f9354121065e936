/**
 * The trial agreement's source (docs/product.md §3, docs/product.md §D4): the hidden template "Free Trial Agreement".
 * A guest has exactly one agreement (docs/product.md §1: trial 1), named TRIAL_CONTRACT_NAME, whose id is
 * the template's id: nothing about a guest is stored on the server.
 */
import { FREE_TRIAL_TEMPLATE_NAME, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import type { Category } from '@bpa/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type TemplateRow, templates } from '../../db/schema/templates';

/** Name of the guest's agreement as the dashboard shows it. */
export const TRIAL_CONTRACT_NAME = 'Trial Agreement';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Finds the Free Trial Agreement template, optionally only if it has the given id.
 *
 * @param id a template id from the client; anything that is not a UUID finds nothing (no query)
 * @returns the template row, or undefined when it is not loaded or the id is not its id
 */
export async function findTrialTemplate(db: Database, id?: string): Promise<TemplateRow | undefined> {
  if (id !== undefined && !UUID_PATTERN.test(id)) return undefined;
  const isTrial = eq(templates.templateName, FREE_TRIAL_TEMPLATE_NAME);
  const [row] = await db
    .select()
    .from(templates)
    .where(id === undefined ? isTrial : and(isTrial, eq(templates.id, id)))
    .limit(1);
  return row;
}

/**
 * Where the trial categories are in the trial template, by position (docs/product.md §14): the stored
 * template decides which categories a guest may use, never the names a client sends.
 *
 * @param content the stored trial template's 13 categories
 * @returns the indexes of its categories named as docs/product.md §1's trial categories, in order
 */
export function trialCategoryIndexes(content: readonly Pick<Category, 'categoryName'>[]): number[] {
  return content.flatMap((category, index) => ((TRIAL_CATEGORY_NAMES as readonly string[]).includes(category.categoryName) ? [index] : []));
}
