/**
 * Sharing an agreement with partners and by a read-only link (ADR 172). Only the
 * owner calls these (the routes check `requireAgreementAccess(…, 'owner')` first), except
 * listSharedWithMe and findLinkedAgreement.
 */
import {
  INVITATION_ALREADY_SENT_MESSAGE,
  INVITATION_NOT_DELIVERED_MESSAGE,
  LINK_NOT_VALID_MESSAGE,
  MAX_PARTNERS_PER_AGREEMENT,
  PARTNER_LIMIT_MESSAGE,
  type PartnerAccess,
  SHARE_WITH_SELF_MESSAGE,
  type NewLinkSharing,
  type SharedContract,
  type Sharing,
} from '@bpa/domain/api-sharing';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractLinks, contractShares, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { getSubscriberStatus, isSubscriptionInactive } from '../bookings/subscriber-status';
import { SECRET_PATTERN, hashSecret, makeSecret } from '../sessions/secrets';
import { type AccountMail, sendAccountEmail } from '../users/account-mail';
import { normaliseEmail } from '../users/normalise-email';
import { markInvitationNotDelivered, recordInvitation } from './invitation-limits';
import { isUuid } from '../../db/uuid';

/** 404 text when the owner changes or ends a share that does not exist. */
export const SHARE_NOT_FOUND_MESSAGE = 'This agreement is not shared with that person.';

const displayName = (user: { name: string; email: string }) => (user.name === '' ? user.email : user.name);

/**
 * The owner's view of an agreement's sharing: its partners (oldest share first) and whether it has
 * a read-only link (when it was made; never its token, which is stored only hashed: ADR 172). A
 * partner shows as the address the owner typed, `invited`, until they first list or open the
 * agreement after the share; then by their name, `active`. Nothing in it depends on whether the
 * address had an account before the share (ADR 172, "Amended").
 *
 * @param contractId an agreement id (ownership already checked)
 */
export async function getSharing(db: Database, contractId: string): Promise<Sharing> {
  const partners = await db
    .select({
      userId: users.id,
      invitedEmail: contractShares.invitedEmail,
      email: users.email,
      name: users.name,
      access: contractShares.access,
      acceptedAt: contractShares.acceptedAt,
    })
    .from(contractShares)
    .innerJoin(users, eq(users.id, contractShares.userId))
    .where(eq(contractShares.contractId, contractId))
    .orderBy(asc(contractShares.createdAt), asc(contractShares.invitedEmail));
  const [link] = await db.select({ createdAt: contractLinks.createdAt }).from(contractLinks).where(eq(contractLinks.contractId, contractId));
  return {
    partners: partners.map((p) => ({
      userId: p.userId,
      email: p.invitedEmail,
      userName: p.acceptedAt === null ? p.invitedEmail : displayName(p),
      access: p.access,
      status: p.acceptedAt === null ? ('invited' as const) : ('active' as const),
    })),
    link: link ? { createdAt: link.createdAt.toISOString() } : null,
  };
}

/**
 * Shares an agreement with a partner by email (docs/sharing.md §1; ADR 172 and its "Amended" section).
 * An address without an account gets a free **partner** account. A new share sends the same
 * invitation email whether or not the address had an account (a set-password link for an account
 * without a password, a sign-in link otherwise), within the limits of invitation-limits.ts; the
 * answer looks the same either way. Sharing again with a partner only changes their access.
 *
 * @param request the agreement, its owner (id, email, name shown), the partner's email and access
 * @returns the sharing after the change; `isInvitationSent`, and `invitationMessage` saying why a
 *   new share went without its email
 * @throws AppError bad_request SHARE_WITH_SELF_MESSAGE for the owner's own address; conflict (409)
 *   PARTNER_LIMIT_MESSAGE when the agreement already has MAX_PARTNERS_PER_AGREEMENT partners;
 *   rate_limited (429) invitationLimitMessage after 10 new addresses in 24 hours (recordInvitation)
 */
export async function sharePartner(
  db: Database,
  request: { contractId: string; owner: { id: string; email: string; userName: string }; email: string; access: PartnerAccess },
  dependencies: { now: Date; mail: AccountMail },
): Promise<Sharing> {
  const email = normaliseEmail(request.email);
  const { now } = dependencies;
  if (email === request.owner.email) throw new AppError('bad_request', SHARE_WITH_SELF_MESSAGE);
  const shared = await db.transaction(async (tx) => {
    // Serialises shares of one agreement: the count below stays true until the insert commits.
    const [contract] = await tx.select({ contractName: contracts.contractName }).from(contracts).where(eq(contracts.id, request.contractId)).for('update');
    if (!contract) throw new AppError('not_found', SHARE_NOT_FOUND_MESSAGE);
    await tx.insert(users).values({ email, role: 'partner', createdAt: now, updatedAt: now }).onConflictDoNothing({ target: users.email });
    // Both accounts' rows, locked in id order: serialises the invitation limits of the sharer and
    // of the address, and keeps the partner account from being deleted (its last share ending
    // elsewhere) before this share is in.
    const locked = await tx
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(or(eq(users.id, request.owner.id), eq(users.email, email)))
      .orderBy(asc(users.id))
      .for('update');
    const account = locked.find((row) => row.email === email)!;
    const where = and(eq(contractShares.contractId, request.contractId), eq(contractShares.userId, account.id));
    const existing = await tx.select({ access: contractShares.access }).from(contractShares).where(where);
    if (existing.length > 0) {
      await tx.update(contractShares).set({ access: request.access }).where(where);
      return null;
    }
    const [{ shares } = { shares: 0 }] = await tx.select({ shares: count() }).from(contractShares).where(eq(contractShares.contractId, request.contractId));
    if (shares >= MAX_PARTNERS_PER_AGREEMENT) throw new AppError('conflict', PARTNER_LIMIT_MESSAGE);
    const invitation = await recordInvitation(tx, { senderUserId: request.owner.id, recipientEmail: email, contractId: request.contractId, now });
    await tx.insert(contractShares).values({ contractId: request.contractId, userId: account.id, invitedEmail: email, access: request.access, createdAt: now });
    return { partner: account, contractName: contract.contractName, invitation };
  });
  const sharing = await getSharing(db, request.contractId);
  if (shared === null) return { ...sharing, isInvitationSent: false };
  if (!shared.invitation.mayEmail) return { ...sharing, isInvitationSent: false, invitationMessage: INVITATION_ALREADY_SENT_MESSAGE };
  const isInvitationSent = await sendAccountEmail(db, dependencies.mail, 'partner_invitation', shared.partner, {
    now,
    shared: { ownerName: request.owner.userName, contractName: shared.contractName, access: request.access },
  });
  if (isInvitationSent) return { ...sharing, isInvitationSent };
  await markInvitationNotDelivered(db, shared.invitation.id);
  return { ...sharing, isInvitationSent, invitationMessage: INVITATION_NOT_DELIVERED_MESSAGE };
}

/**
 * Changes a partner's access, or ends it (`access` null). Access is read on every request, so
 * the change takes effect at once, for open sessions too. Ending the last share of a partner
 * account that never chose a password deletes the account and its tokens (the database's trigger,
 * migration 0008_invitation_limits; ADR 172, "Amended").
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
export async function findLinkedAgreement(db: Database, token: string) {
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
 * The agreements shared with an account, for its dashboard ("Shared with me"), by name: those it
 * accepted, and those only offered (`isPending`), which it may accept or decline (ADR 172, "Consent").
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
      acceptedAt: contractShares.acceptedAt,
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
      isPending: row.acceptedAt === null,
    };
  });
}

/** 404 text when a partner accepts or declines a share that is not (or no longer) there. */
export const SHARE_OFFER_NOT_FOUND_MESSAGE = 'This agreement is no longer shared with you.';

/**
 * A partner accepts an agreement shared with them (ADR 172, "Consent"): until then it is only
 * offered under Shared with me, and opens nothing. Accepting again changes nothing.
 *
 * @param request the partner's account, the agreement, and `now` (when it was accepted)
 * @throws AppError not_found SHARE_OFFER_NOT_FOUND_MESSAGE when no share of that agreement names the account
 */
export async function acceptShare(db: Database, request: { userId: string; contractId: string; now: Date }): Promise<void> {
  if (!isUuid(request.contractId)) throw new AppError('not_found', SHARE_OFFER_NOT_FOUND_MESSAGE);
  const where = and(eq(contractShares.userId, request.userId), eq(contractShares.contractId, request.contractId));
  const [share] = await db
    .update(contractShares)
    .set({ acceptedAt: sql`coalesce(${contractShares.acceptedAt}, ${request.now.toISOString()}::timestamptz)` })
    .where(where)
    .returning({ contractId: contractShares.contractId });
  if (!share) throw new AppError('not_found', SHARE_OFFER_NOT_FOUND_MESSAGE);
}

/**
 * A partner declines an offered agreement, or leaves one they accepted: the share ends, as when the
 * owner ends it (a partner account without a password goes with its last share: ADR 172).
 *
 * @throws AppError not_found SHARE_OFFER_NOT_FOUND_MESSAGE when no share of that agreement names the account
 */
export async function declineShare(db: Database, request: { userId: string; contractId: string }): Promise<void> {
  if (!isUuid(request.contractId)) throw new AppError('not_found', SHARE_OFFER_NOT_FOUND_MESSAGE);
  const ended = await db
    .delete(contractShares)
    .where(and(eq(contractShares.userId, request.userId), eq(contractShares.contractId, request.contractId)))
    .returning({ contractId: contractShares.contractId });
  if (ended.length === 0) throw new AppError('not_found', SHARE_OFFER_NOT_FOUND_MESSAGE);
}
