import type { Contract } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { TRIAL_CONTRACT_NAME, findTrialTemplate } from './trial-template';

/**
 * The guest's trial agreement (spec 7 `GET /api/v1/contracts/guest/{id}`): a fresh agreement made
 * from the Free Trial Agreement template, all 13 categories, placeholders added (design 4).
 * Nothing is stored: each call makes new subject and option ids. Revision 0 (never saved).
 *
 * @param id the template id listed by `listGuestContractNames`
 * @throws AppError not_found when the id is not the trial template's id
 */
export async function getGuestContract(db: Database, id: string): Promise<Contract> {
  const template = await findTrialTemplate(db, id);
  if (!template) throw new AppError('not_found', 'This agreement does not exist.');
  const document = createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, TRIAL_CONTRACT_NAME);
  return { ...document, _id: template.id, revision: 0, templateName: template.templateName };
}
