import type { Category, Contract } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { TRIAL_CONTRACT_NAME, findTrialTemplate, trialCategoryIndexes } from './trial-template';

/**
 * The guest's trial agreement (docs/product.md §7 `GET /api/v1/contracts/guest/{id}`): a fresh agreement made
 * from the Free Trial Agreement template, all 13 categories, placeholders added (docs/product.md §D4), with
 * nothing ticked (docs/product.md §1: the trial starts blank; docs/product.md §14). Only what the trial shows is
 * sent (docs/product.md §14): the two trial categories in full, the other eleven by name only (the
 * editor lists them, locked). Nothing is stored: each call makes new subject and option ids.
 * Revision 0 (never saved).
 *
 * @param id the template id listed by `listGuestAgreementNames`
 * @throws AppError not_found when the id is not the trial template's id
 */
export async function getGuestContract(db: Database, id: string): Promise<Contract> {
  const template = await findTrialTemplate(db, id);
  if (!template) throw new AppError('not_found', 'This agreement does not exist.');
  const document = createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, TRIAL_CONTRACT_NAME);
  const trialIndexes = trialCategoryIndexes(template.content);
  const categories = document.categories.map((category, index) => (trialIndexes.includes(index) ? clearSelections(category) : { ...category, subjects: [] }));
  return { ...document, categories, _id: template.id, revision: 0, templateName: template.templateName };
}

/** A category with nothing ticked (docs/product.md §14: the trial starts blank). */
function clearSelections(category: Category): Category {
  return {
    ...category,
    subjects: category.subjects.map((subject) => ({
      ...subject,
      isSelected: false,
      options: subject.options.map((option) => ({ ...option, isSelected: false })),
    })),
  };
}
