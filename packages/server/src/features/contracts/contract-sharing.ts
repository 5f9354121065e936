/**
 * Sharing an agreement with partners and by a read-only link (ADR 172). Only the
 * owner calls these (the routes check `requireContractAccess(…, 'owner')` first), except
 * listSharedWithMe and findLinkedContract.
 */
import {
  LINK_NOT_VALID_MESSAGE,
  MAX_PARTNERS_PER_AGREEMENT,
  PARTNER_LIMIT_MESSAGE,
  type PartnerAccess,
  SHARE_WITH_SELF_MESSAGE,
  type NewLinkSharing,
  type SharedContract,
  type Sharing,
} from '@bpa/domain/api-sharing';
import { stripMarkup } from '@bpa/domain/markup';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractLinks, contractShares, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { getSubscriberStatus, isSubscriptionInactive } from '../bookings/subscriber-status';
import { SECRET_PATTERN, hashSecret, makeSecret } from '../sessions/secrets';
import { type AccountMail, sendAccountEmail } from '../users/account-mail';
import { normaliseEmail } from '../users/normalise-email';
import { isUuid } from './owned-contracts';

/** 404 text when the owner changes or ends a share that does not exist. */
export const SHARE_NOT_FOUND_MESSAGE = 'This agreement is not shared with that person.';

const displayName = (user: { name: string; email: string }) => (user.name === '' ? user.email : user.name);

/**
 * The owner's view of an agreement's sharing: its partners (oldest share first) and whether it has
 * a read-only link (when it was made; never its token, which is stored only hashed: ADR 172).
 *
 * @param contractId an agreement id (ownership already checked)
 */
export async function getSharing(db: Database, contractId: string): Promise<Sharing> {
  const partners = await db
    .select({ userId: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash, access: contractShares.access })
    .from(contractShares)
    .innerJoin(users, eq(users.id, contractShares.userId))
    .where(eq(contractShares.contractId, contractId))
    .orderBy(asc(contractShares.createdAt), asc(users.email));
  const [link] = await db.select({ createdAt: contractLinks.createdAt }).from(contractLinks).where(eq(contractLinks.contractId, contractId));
  return {
    partners: partners.map((p) => ({
      userId: p.userId,
      email: p.email,
      userName: displayName(p),
      access: p.access,
      isInvitationPending: p.passwordHash === null,
    })),
    link: link ? { createdAt: link.createdAt.toISOString() } : null,
  };
}

/**
 * Shares an agreement with a partner by email (issue 11 §1). A person without an account gets a
 * free **partner** account and an invitation email to choose a password; one whose invitation is
 * still pending gets it again. Sharing again with a partner only changes their access.
 *
 * @param request the agreement, its owner (id, email, name shown), the partner's email and access
 * @returns the sharing after the change, and whether an invitation email went out
 * @throws AppError bad_request SHARE_WITH_SELF_MESSAGE for the owner's own address; conflict (409)
 *   PARTNER_LIMIT_MESSAGE when the agreement already has MAX_PARTNERS_PER_AGREEMENT partners
 */
export async function sharePartner(
  db: Database,
  request: { contractId: string; owner: { id: string; email: string; userName: string }; email: string; access: PartnerAccess },
  dependencies: { now: Date; mail: AccountMail },
): Promise<Sharing> {
  const email = normaliseEmail(request.email);
  const { now } = dependencies;
  if (email === request.owner.email) throw new AppError('bad_request', SHARE_WITH_SELF_MESSAGE);
  const { partner, contractName, mustInvite } = await db.transaction(async (tx) => {
    // Serialises shares of one agreement: the count below stays true until the insert commits.
    const [contract] = await tx.select({ contractName: contracts.contractName }).from(contracts).where(eq(contracts.id, request.contractId)).for('update');
    if (!contract) throw new AppError('not_found', SHARE_NOT_FOUND_MESSAGE);
    await tx.insert(users).values({ email, role: 'partner', createdAt: now, updatedAt: now }).onConflictDoNothing({ target: users.email });
    const [account] = await tx.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    const existing = await tx
      .select({ access: contractShares.access })
      .from(contractShares)
      .where(and(eq(contractShares.contractId, request.contractId), eq(contractShares.userId, account!.id)));
    if (existing.length === 0) {
      const [{ shares } = { shares: 0 }] = await tx.select({ shares: count() }).from(contractShares).where(eq(contractShares.contractId, request.contractId));
      if (shares >= MAX_PARTNERS_PER_AGREEMENT) throw new AppError('conflict', PARTNER_LIMIT_MESSAGE);
      await tx.insert(contractShares).values({ contractId: request.contractId, userId: account!.id, access: request.access, createdAt: now });
    } else {
      await tx
        .update(contractShares)
        .set({ access: request.access })
        .where(and(eq(contractShares.contractId, request.contractId), eq(contractShares.userId, account!.id)));
    }
    return { partner: account!, contractName: contract.contractName, mustInvite: existing.length === 0 && account!.passwordHash === null };
  });
  let isInvitationSent = false;
  if (mustInvite) {
    isInvitationSent = await sendAccountEmail(db, dependencies.mail, 'partner_invitation', partner, {
      now,
      shared: { ownerName: request.owner.userName, contractName: stripMarkup(contractName).trim(), access: request.access },
    });
  }
  return { ...(await getSharing(db, request.contractId)), isInvitationSent };
}

/**
 * Changes a partner's access, or ends it (`access` null). Access is read on every request, so
 * the change takes effect at once, for open sessions too.
 *
 * @throws AppError not_found SHARE_NOT_FOUND_MESSAGE when the agreement is not shared with that account
 */
export async function changeShare(db: Database, request: { contractId: string; userId: string; access: PartnerAccess | null }): Promise<Sharing> {
  if (!isUuid(request.userId)) throw new AppError('not_found', SHARE_NOT_FOUND_MESSAGE);
  const where = and(eq(contractShares.contractId, request.contractId), eq(contractShares.userId, request.userId));
  const changed =
    request.access === null
      ? await db.delete(contractShares).where(where).returning({ userId: contractShares.userId })
      : await db.update(contractShares).set({ access: request.access }).where(where).returning({ userId: contractShares.userId });
  if (changed.length === 0) throw new AppError('not_found', SHARE_NOT_FOUND_MESSAGE);
  return getSharing(db, request.contractId);
}

/**
 * Makes a new read-only link for an agreement (256 random bits), replacing the old one, which
 * stops working at once. Only the token's SHA-256 is stored: this answer is the one time the
 * token is shown (ADR 172).
 *
 * @param request the agreement (ownership already checked) and `now`, the link's creation time
 * @returns the sharing after the change, with `linkToken`, the new token (43 base64url characters)
 */
export async function replaceLink(db: Database, request: { contractId: string; now: Date }): Promise<NewLinkSharing> {
  const token = makeSecret();
  const tokenHash = hashSecret(token);
  await db
    .insert(contractLinks)
    .values({ contractId: request.contractId, tokenHash, createdAt: request.now })
    .onConflictDoUpdate({ target: contractLinks.contractId, set: { tokenHash, createdAt: request.now } });
  return { ...(await getSharing(db, request.contractId)), linkToken: token };
}

/** Revokes an agreement's read-only link (nothing happens when it has none). */
export async function revokeLink(db: Database, contractId: string): Promise<Sharing> {
  await db.delete(contractLinks).where(eq(contractLinks.contractId, contractId));
  return getSharing(db, contractId);
}

/**
 * The agreement behind a read-only link: its latest saved revision, found by the token's SHA-256.
 *
 * @param token the link's token as it appears in the link (43 base64url characters)
 * @throws AppError not_found LINK_NOT_VALID_MESSAGE for a token that is malformed, revoked or replaced
 */
export async function findLinkedContract(db: Database, token: string) {
  if (!SECRET_PATTERN.test(token)) throw new AppError('not_found', LINK_NOT_VALID_MESSAGE);
  const [row] = await db
    .select({ id: contracts.id, document: contracts.document, revision: contracts.revision, updatedAt: contracts.updatedAt })
    .from(contractLinks)
    .innerJoin(contracts, eq(contracts.id, contractLinks.contractId))
    .where(eq(contractLinks.tokenHash, hashSecret(token)));
  if (!row) throw new AppError('not_found', LINK_NOT_VALID_MESSAGE);
  return row;
}

/**
 * The agreements shared with an account, for its dashboard ("Shared with me"), by name.
 *
 * @param request the account and `now` (a lapsed owner's edit access shows as view)
 */
export async function listSharedWithMe(db: Database, request: { userId: string; now: Date }): Promise<SharedContract[]> {
  const rows = await db
    .select({
      _id: contracts.id,
      contractName: contracts.contractName,
      ownerUserId: contracts.ownerUserId,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerRole: users.role,
      access: contractShares.access,
    })
    .from(contractShares)
    .innerJoin(contracts, eq(contracts.id, contractShares.contractId))
    .innerJoin(users, eq(users.id, contracts.ownerUserId))
    .where(eq(contractShares.userId, request.userId))
    .orderBy(asc(contracts.contractName), asc(contracts.id));
  const inactiveOwners = new Set<string>();
  for (const ownerUserId of new Set(rows.filter((r) => r.ownerRole === 'subscriber').map((r) => r.ownerUserId))) {
    if (isSubscriptionInactive(await getSubscriberStatus(db, ownerUserId, request.now))) inactiveOwners.add(ownerUserId);
  }
  return rows.map((row) => {
    const isPausedByOwner = row.access === 'edit' && inactiveOwners.has(row.ownerUserId);
    return {
      _id: row._id,
      contractName: row.contractName,
      ownerName: displayName({ name: row.ownerName, email: row.ownerEmail }),
      access: isPausedByOwner ? 'view' : row.access,
      isPausedByOwner,
    };
  });
}
