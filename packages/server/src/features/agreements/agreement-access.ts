/**
 * Who may do what with an agreement (docs/sharing.md §2; ADR 172). Checked on the server for every
 * agreement route, on every request (so a change of sharing takes effect at once):
 *
 * | access  | who                                  | load, PDF, history | save, restore | rename, reset, share |
 * |---------|--------------------------------------|--------------------|---------------|----------------------|
 * | owner   | the account that holds it            | yes                | yes           | yes                  |
 * | edit    | a partner it is shared with, can edit| yes                | yes           | no (403)             |
 * | view    | a partner with can view              | yes                | no (403)      | no (403)             |
 * | none    | everyone else, administrators too    | 404                | 404           | 404                  |
 *
 * A partner's `edit` counts as `view` while the owner's subscription is expired or cancelled:
 * partners keep reading what was shared, editing waits for the renewal. Administrators act on
 * other people's agreements only by impersonating them (docs/product.md §D8). The read-only link
 * (shared-links.ts) is a separate, token-based way in.
 */
import { CONTRACT_NOT_FOUND_MESSAGE } from '@bpa/domain/api-contracts';
import type { ContractAccessLevel } from '@bpa/domain/api-sharing';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractShares, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { getSubscriberStatus, isSubscriptionInactive } from '../bookings/subscriber-status';
import { isUuid } from '../../db/uuid';
import { type AgreementAnswerHead, ownerNameSql } from './owned-agreements';

/** 403 text when a partner who may only view tries to change an agreement. */
export const VIEW_ONLY_MESSAGE = 'You can view this agreement but not change it. Ask its owner for edit access.';
/** 403 text when a partner tries what only the owner may do (rename, reset, share). */
export const OWNER_ONLY_MESSAGE = "Only the agreement's owner can do this.";
/** 403 text when a partner's edit access is paused by the owner's lapsed subscription. */
export const OWNER_INACTIVE_MESSAGE = "The owner's subscription has ended, so this agreement can only be viewed until it is renewed.";

/** An agreement the caller may open, and how. */
export interface AgreementAccess {
  contractId: string;
  ownerUserId: string;
  access: ContractAccessLevel;
  /** True when a partner's `edit` was lowered to `view` because the owner's subscription lapsed. */
  isPausedByOwner: boolean;
  /** The agreement's revision, template and owner's name as this check read them (what a load answers besides the document). */
  head: AgreementAnswerHead;
}

/**
 * The caller's access to an agreement.
 *
 * @param request the agreement id from the URL (any text), the signed-in account's id, and `now`
 *   (for the owner's subscription status)
 * @throws AppError not_found (the same 404 as a missing agreement) when the caller has no access
 */
export async function findAgreementAccess(db: Database, request: { contractId: string; userId: string; now: Date }): Promise<AgreementAccess> {
  if (!isUuid(request.contractId)) throw new AppError('not_found', CONTRACT_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({
      ownerUserId: contracts.ownerUserId,
      shared: contractShares.access,
      ownerRole: users.role,
      // What a load answers besides the document, read by the same query (ADR 185: one query per load).
      revision: contracts.revision,
      templateName: contracts.templateName,
      ownerName: ownerNameSql,
    })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .leftJoin(
      contractShares,
      // A share opens the agreement once its partner accepted it (ADR 172, "Consent").
      and(eq(contractShares.contractId, contracts.id), eq(contractShares.userId, request.userId), isNotNull(contractShares.acceptedAt)),
    )
    .where(eq(contracts.id, request.contractId))
    .limit(1);
  if (!row) throw new AppError('not_found', CONTRACT_NOT_FOUND_MESSAGE);
  const base = {
    contractId: request.contractId,
    ownerUserId: row.ownerUserId,
    head: { id: request.contractId, revision: row.revision, templateName: row.templateName, ownerName: row.ownerName },
  };
  if (row.ownerUserId === request.userId) return { ...base, access: 'owner', isPausedByOwner: false };
  if (row.shared === null) throw new AppError('not_found', CONTRACT_NOT_FOUND_MESSAGE);
  if (row.shared === 'edit' && row.ownerRole === 'subscriber' && isSubscriptionInactive(await getSubscriberStatus(db, row.ownerUserId, request.now))) {
    return { ...base, access: 'view', isPausedByOwner: true };
  }
  return { ...base, access: row.shared, isPausedByOwner: false };
}

/**
 * The caller's access, required to be at least `needed`.
 *
 * @throws AppError not_found without access; forbidden (403) VIEW_ONLY_MESSAGE /
 *   OWNER_INACTIVE_MESSAGE / OWNER_ONLY_MESSAGE when the access is lower than needed
 */
export async function requireAgreementAccess(
  db: Database,
  request: { contractId: string; userId: string; now: Date },
  needed: ContractAccessLevel,
): Promise<AgreementAccess> {
  const found = await findAgreementAccess(db, request);
  if (needed === 'view' || found.access === 'owner') return found;
  if (needed === 'owner') throw new AppError('forbidden', OWNER_ONLY_MESSAGE);
  if (found.access === 'view') throw new AppError('forbidden', found.isPausedByOwner ? OWNER_INACTIVE_MESSAGE : VIEW_ONLY_MESSAGE);
  return found;
}
