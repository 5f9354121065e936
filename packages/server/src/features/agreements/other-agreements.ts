/**
 * The agreements a player can open (docs/questionnaire.md §2, §8): their own and those shared with
 * them and accepted, newest first: for finding where one agreement says otherwise than the rest
 * (domain elsewhere.ts), and for the practice progress of each on the dashboard. Read for the player themselves only: the caller checks that `userId`
 * is the signed-in account.
 */
import { MAX_OTHER_AGREEMENTS, type OtherAgreement } from '@bpa/domain/elsewhere';
import { stripMarkup } from '@bpa/domain/markup';
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractShares, contracts } from '../../db/schema/contracts';

/** An agreement a player can open, with its id. */
export interface OpenableAgreement extends OtherAgreement {
  contractId: string;
}

/**
 * Up to MAX_OTHER_AGREEMENTS agreements of `userId` (but `exceptContractId`, when given), newest
 * first, each labelled by its name in quotes.
 */
export async function readOtherAgreements(db: Database, request: { userId: string; exceptContractId?: string }): Promise<OpenableAgreement[]> {
  const except = request.exceptContractId;
  const owned = await db
    .select({ id: contracts.id, name: contracts.contractName, document: contracts.document, updatedAt: contracts.updatedAt })
    .from(contracts)
    .where(and(eq(contracts.ownerUserId, request.userId), except === undefined ? undefined : ne(contracts.id, except)))
    .orderBy(desc(contracts.updatedAt))
    .limit(MAX_OTHER_AGREEMENTS);
  const shared = await db
    .select({ id: contracts.id, name: contracts.contractName, document: contracts.document, updatedAt: contracts.updatedAt })
    .from(contractShares)
    .innerJoin(contracts, eq(contracts.id, contractShares.contractId))
    .where(and(eq(contractShares.userId, request.userId), isNotNull(contractShares.acceptedAt), except === undefined ? undefined : ne(contracts.id, except)))
    .orderBy(desc(contracts.updatedAt))
    .limit(MAX_OTHER_AGREEMENTS);
  return [...owned, ...shared]
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
    .slice(0, MAX_OTHER_AGREEMENTS)
    .map((row) => ({ contractId: row.id, label: `“${stripMarkup(row.name)}”`, document: row.document }));
}
