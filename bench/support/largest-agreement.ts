/**
 * The agreement the database benchmarks work on: the largest stored template (the whole catalogue)
 * made into an agreement with every subject and option ticked, the most a player's agreement
 * holds. Used by history-bench.ts and questionnaire-bench.ts.
 */
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import type { Database } from '@bpa/server/db/database';
import { templates } from '@bpa/server/db/schema/templates';

/**
 * The largest of the templates stored in `db` (by the size of its content), as an agreement named
 * `contractName` with everything ticked.
 *
 * @throws Error when no template is stored
 */
export async function largestAgreementEverythingTicked(db: Database, contractName: string): Promise<{ templateName: string; document: ContractDocument }> {
  const rows = await db.select().from(templates);
  const largest = rows.sort((a, b) => JSON.stringify(b.content).length - JSON.stringify(a.content).length)[0];
  if (!largest) throw new Error('No template is stored: load the templates first');
  const made = createAgreementFromTemplate({ templateName: largest.templateName, categories: largest.content }, contractName);
  return { templateName: largest.templateName, document: made.categories.reduce((doc, category) => selectAllInCategory(doc, category._id), made) };
}
