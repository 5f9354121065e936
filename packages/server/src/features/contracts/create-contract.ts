import { AGREEMENT_LIMIT_MESSAGE } from '@bpa/domain/api-contracts';
import { BLANK_TEMPLATE_NAME, SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import type { Contract } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { templates } from '../../db/schema/templates';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { toContract } from './owned-contracts';
import { findSubscriberTemplate } from './subscriber-templates';

/** 503 text when no template is named and the Blank template is not loaded. */
export const BLANK_TEMPLATE_MISSING_MESSAGE = `The template "${BLANK_TEMPLATE_NAME}" is not loaded, so a new agreement cannot be made. Please tell an administrator.`;

/**
 * The name of a new agreement: the first of "Partner 1" … "Partner 5" not in use (design 4 names
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
 * Makes a new agreement for an account (spec 7 POST on the subscriber contracts base). An account
 * holds at most SUBSCRIBER_AGREEMENT_COUNT (5) agreements (spec 1, 9); subscribers get their five
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
export async function createContract(
  db: Database,
  request: { ownerUserId: string; contractName?: string; templateId?: string; now: Date },
): Promise<Contract> {
  const template =
    request.templateId === undefined
      ? (await db.select().from(templates).where(eq(templates.templateName, BLANK_TEMPLATE_NAME)).limit(1))[0]
      : await findSubscriberTemplate(db, request.templateId);
  if (!template) throw new AppError('unavailable', BLANK_TEMPLATE_MISSING_MESSAGE);

  return db.transaction(async (tx) => {
    // Serialises creations for one account: the count below stays true until the insert commits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, request.ownerUserId)).for('update');
    const owned = await tx.select({ contractName: contracts.contractName }).from(contracts).where(eq(contracts.ownerUserId, request.ownerUserId));
    if (owned.length >= SUBSCRIBER_AGREEMENT_COUNT) throw new AppError('conflict', AGREEMENT_LIMIT_MESSAGE);

    const contractName = request.contractName ?? nextPartnerName(owned.map((row) => row.contractName));
    const document = createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, contractName);
    const [row] = await tx
      .insert(contracts)
      .values({
        ownerUserId: request.ownerUserId,
        contractName,
        document,
        revision: 0,
        templateName: template.templateName,
        createdAt: request.now,
        updatedAt: request.now,
      })
      .returning();
    return toContract(row!);
  });
}
