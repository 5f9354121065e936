/**
 * The members of an agreement (docs/sharing.md §2): its owner and the partners who accepted it. Read
 * by the email notices (who gets them) and the questionnaires (who is asked). Access is checked by
 * the routes; these functions trust the agreement ids.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractShares, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';

/** A member of an agreement: its owner or a partner who accepted it. */
export interface AgreementMember {
  userId: string;
  email: string;
  /** The name partners see (the email when none is set: docs/sharing.md §11). */
  name: string;
}

/** The name partners see: the account's name, or its email when it has none (docs/sharing.md §11). */
export function memberName(user: { name: string; email: string }): string {
  return user.name === '' ? user.email : user.name;
}

/**
 * The members of agreements: each agreement's owner and the partners who accepted it (an offered,
 * unaccepted share is no member yet).
 *
 * @returns per agreement id, its members (agreements not found are left out)
 */
export async function listMembers(db: Database, contractIds: readonly string[]): Promise<Map<string, AgreementMember[]>> {
  const members = new Map<string, AgreementMember[]>();
  if (contractIds.length === 0) return members;
  const ids = [...new Set(contractIds)];
  const owners = await db
    .select({ contractId: contracts.id, userId: users.id, email: users.email, name: users.name })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .where(inArray(contracts.id, ids));
  const partners = await db
    .select({ contractId: contractShares.contractId, userId: users.id, email: users.email, name: users.name })
    .from(contractShares)
    .innerJoin(users, eq(users.id, contractShares.userId))
    .where(and(inArray(contractShares.contractId, ids), isNotNull(contractShares.acceptedAt)));
  for (const row of [...owners, ...partners]) {
    const list = members.get(row.contractId) ?? [];
    list.push({ userId: row.userId, email: row.email, name: memberName(row) });
    members.set(row.contractId, list);
  }
  return members;
}
