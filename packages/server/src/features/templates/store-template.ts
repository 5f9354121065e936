import { FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import type { MasterTemplate, TemplateSummary } from '@bpa/domain/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { templates } from '../../db/schema/templates';

/** What storing an uploaded template did. */
export interface StoreTemplateResult {
  template: TemplateSummary;
  /** True when a template of that name existed and its content was replaced. */
  isReplaced: boolean;
  /** True for the Free Trial Agreement, which no list shows (docs/product.md §3). */
  isHidden: boolean;
}

/**
 * Stores an uploaded master template (docs/product.md §7 `POST /api/v1/masters`, docs/product.md §D6), in one transaction.
 *
 * A new name adds a template. A name that exists replaces that template's content: that is how an
 * administrator corrects a template, and names are unique. The replaced template keeps its id,
 * its `createdAt` (when it was first added) and its hidden flag, so a new Free Trial Agreement
 * stays hidden and becomes the trial agreement at once. Agreements already made from the template
 * are copies and are not touched (docs/product.md §D4).
 *
 * @param template a parsed template (parseMasterCsv: 13 categories, names checked)
 * @param now the moment a new template is added
 */
export async function storeTemplate(db: Database, template: MasterTemplate, now: Date): Promise<StoreTemplateResult> {
  return db.transaction(async (tx) => {
    // Locks an existing row so that two uploads of one name replace it one after the other.
    const [existing] = await tx.select({ id: templates.id }).from(templates).where(eq(templates.templateName, template.templateName)).for('update');
    const [row] = await tx
      .insert(templates)
      .values({
        templateName: template.templateName,
        isHidden: template.templateName === FREE_TRIAL_TEMPLATE_NAME,
        content: template.categories,
        createdAt: now,
      })
      // A name added meanwhile by another upload is replaced too: the later upload wins, as it would have anyway.
      .onConflictDoUpdate({ target: templates.templateName, set: { content: template.categories } })
      .returning({ id: templates.id, templateName: templates.templateName, createdAt: templates.createdAt, isHidden: templates.isHidden });
    return {
      template: { _id: row!.id, templateName: row!.templateName, createdAt: row!.createdAt.toISOString() },
      isReplaced: existing !== undefined,
      isHidden: row!.isHidden,
    };
  });
}
