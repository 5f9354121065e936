import type { ContractName } from '@bpa/domain/contract';
import type { Database } from '../../db/database';
import { TRIAL_CONTRACT_NAME, findTrialTemplate } from './trial-template';

/**
 * The guest's agreement names (docs/product.md §7 `GET /api/v1/contracts/guest`): one trial agreement whose
 * `_id` is the Free Trial Agreement template's id (docs/product.md §1: trial 1 agreement).
 *
 * @returns `[{ _id, contractName: 'Trial Agreement' }]`, or `[]` when the trial template is not loaded
 */
export async function listGuestAgreementNames(db: Database): Promise<ContractName[]> {
  const template = await findTrialTemplate(db);
  return template ? [{ _id: template.id, contractName: TRIAL_CONTRACT_NAME }] : [];
}
