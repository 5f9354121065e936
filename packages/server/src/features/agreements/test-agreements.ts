/**
 * Agreements for API tests, made directly in the database (fast, no route involved), so that any
 * test can call the agreement routes on an agreement of a known owner:
 *
 * ```ts
 * const agreement = await insertTestAgreement(db, { ownerUserId: anna.id, contractName: 'Partner 1' });
 * await app.inject({ method: 'GET', url: `/api/v1/contracts/my/${agreement.id}`, headers: { cookie } });
 * ```
 */
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractRevisions, contracts } from '../../db/schema/contracts';
import { templates } from '../../db/schema/templates';

/** A stored agreement as the tests know it. */
export interface TestAgreement {
  id: string;
  document: ContractDocument;
  templateName: string;
  /** The id of the template it was made from (a visible template unless told otherwise). */
  templateId: string;
}

/**
 * Stores an agreement at revision 0, made from a stored template.
 *
 * @param options the owner, the name (default 'Partner 1') and the template's name (default the
 *   fixture 'Basic Precision')
 * @throws when that template is not stored (call loadTemplates first)
 */
export async function insertTestAgreement(
  db: Database,
  options: { ownerUserId: string; contractName?: string; templateName?: string },
): Promise<TestAgreement> {
  const templateName = options.templateName ?? 'Basic Precision';
  const [template] = await db.select().from(templates).where(eq(templates.templateName, templateName)).limit(1);
  if (!template) throw new Error(`The template "${templateName}" is not stored`);
  const document = createAgreementFromTemplate({ templateName, categories: template.content }, options.contractName ?? 'Partner 1');
  const [row] = await db
    .insert(contracts)
    .values({ ownerUserId: options.ownerUserId, contractName: document.contractName, document, revision: 0, templateName })
    .returning({ id: contracts.id });
  await db
    .insert(contractRevisions)
    .values({ contractId: row!.id, revision: 0, kind: 'create', change: { template: templateName, counts: {}, categories: [], moreCategories: 0 } });
  return { id: row!.id, document, templateName, templateId: template.id };
}
