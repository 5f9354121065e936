import { AGREEMENT_LIMIT_MESSAGE } from '@bpa/domain/api-contracts';
import { BLANK_TEMPLATE_NAME, SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import type { Contract } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type ContractRow, contractRevisions, contracts } from '../../db/schema/contracts';
import { type TemplateRow, templates } from '../../db/schema/templates';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { toAgreement } from './owned-agreements';
import type { RevisionAuthor } from './replace-agreement-document';
import { findSubscriberTemplate } from '../templates/subscriber-templates';

/**
 * 503 text when an agreement must start from the Blank template and it is not loaded: adding a
 * subscriber (their five agreements) or a new agreement without a chosen template.
 */
export const BLANK_TEMPLATE_MISSING_MESSAGE = `The template "${BLANK_TEMPLATE_NAME}" is not loaded, so new agreements cannot be made. An administrator must load it first (templates/blank.csv, then restart the server).`;

/**
 * The Blank template, which new agreements start from unless another template is chosen.
 *
 * @throws AppError unavailable (503) BLANK_TEMPLATE_MISSING_MESSAGE when it is not loaded
 */
export async function findBlankTemplate(db: Database): Promise<TemplateRow> {
  const [blank] = await db.select().from(templates).where(eq(templates.templateName, BLANK_TEMPLATE_NAME)).limit(1);
  if (!blank) throw new AppError('unavailable', BLANK_TEMPLATE_MISSING_MESSAGE);
  return blank;
}

/**
 * Inserts agreements made from one template: the only place where agreements are created (a new
 * subscriber's five, and one more through the API). Runs in the caller's transaction; checks no
 * limit (the callers do).
 *
 * @param request the owner; the template (name and 13 categories); the agreements' names in
 *   dashboard order, stored at positions `firstPosition`, `firstPosition + 1`, …; and `now`
 * @returns the inserted rows, in the order of `contractNames`, at revision 0
 */
export async function insertAgreements(
  tx: Database,
  request: {
    ownerUserId: string;
    template: Pick<TemplateRow, 'templateName' | 'content'>;
    contractNames: readonly string[];
    firstPosition: number;
    author: RevisionAuthor | null;
    now: Date;
  },
): Promise<ContractRow[]> {
  const { template, now } = request;
  const rows = await tx
    .insert(contracts)
    .values(
      request.contractNames.map((contractName, index) => ({
        ownerUserId: request.ownerUserId,
        contractName,
        document: createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, contractName),
        revision: 0,
        templateName: template.templateName,
        position: request.firstPosition + index,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  // Revision 0 opens each agreement's history (docs/sharing.md §4).
  await tx.insert(contractRevisions).values(
    rows.map((row) => ({
      contractId: row.id,
      revision: 0,
      kind: 'create',
      authorUserId: request.author?.userId ?? null,
      authorLabel: request.author?.label ?? '',
      change: { template: template.templateName, counts: {}, categories: [], moreCategories: 0 },
      createdAt: now,
    })),
  );
  return rows;
}

/**
 * The name of a new agreement: the first of "Partner 1" … "Partner 5" not in use (docs/product.md §D4 names
 * the five this way), else "Partner N+1" for N agreements.
 */
export function nextPartnerName(usedNames: readonly string[]): string {
  for (let number = 1; number <= SUBSCRIBER_AGREEMENT_COUNT; number++) {
    const name = `Partner ${number}`;
    if (!usedNames.includes(name)) return name;
  }
  return `Partner ${usedNames.length + 1}`;
}

/**
 * Makes a new agreement for an account (docs/product.md §7 POST on the subscriber contracts base). An account
 * holds at most SUBSCRIBER_AGREEMENT_COUNT (5) agreements (docs/product.md §1, 9); subscribers get their five
 * when the account is made, so this mostly serves accounts that have fewer. The count is checked
 * with the account's row locked, so two requests at once cannot make a sixth.
 *
 * @param request the signed-in account; `contractName` (validated; default nextPartnerName),
 *   `templateId` (a visible template; default the Blank template) and `now`
 * @returns the new agreement at revision 0
 * @throws AppError conflict (409) AGREEMENT_LIMIT_MESSAGE with five agreements already; not_found
 *   when the template is unknown or hidden; unavailable (503) when no template is given and the
 *   Blank template is not loaded
 */
export async function createAgreement(
  db: Database,
  request: { ownerUserId: string; contractName?: string; templateId?: string; author: RevisionAuthor; now: Date },
): Promise<Contract> {
  const template = request.templateId === undefined ? await findBlankTemplate(db) : await findSubscriberTemplate(db, request.templateId);

  return db.transaction(async (tx) => {
    // Serialises creations for one account: the count below stays true until the insert commits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, request.ownerUserId)).for('update');
    const owned = await tx
      .select({ contractName: contracts.contractName, position: contracts.position })
      .from(contracts)
      .where(eq(contracts.ownerUserId, request.ownerUserId));
    if (owned.length >= SUBSCRIBER_AGREEMENT_COUNT) throw new AppError('conflict', AGREEMENT_LIMIT_MESSAGE);

    const contractName = request.contractName ?? nextPartnerName(owned.map((row) => row.contractName));
    const firstPosition = owned.reduce((last, row) => Math.max(last, row.position + 1), 0);
    const [row] = await insertAgreements(tx, {
      ownerUserId: request.ownerUserId,
      template,
      contractNames: [contractName],
      firstPosition,
      author: request.author,
      now: request.now,
    });
    return toAgreement(row!);
  });
}
