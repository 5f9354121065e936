/**
 * Sending the email notices of agreements (docs/sharing.md §12; ADR 198), run by the scheduled
 * job (jobs/schedule-notices.ts), once across servers:
 *
 * - **Discussion notices**: a member gets, per agreement, one email listing the "to discuss" marks
 *   and replies partners made since their last notice (never their own), at most one per run.
 * - **The daily digest**: per person, one email about every agreement partners changed since the
 *   last digest, with the count per category, never more than one a day (DIGEST_INTERVAL_MS).
 *
 * Each honours the person's setting of that agreement (agreement-notices.ts). Sending never
 * throws (mail/mailer.ts); a notice that was not delivered is not retried, since the next one
 * repeats what matters.
 */
import { DIGEST_INTERVAL_MS } from '@bpa/domain/api-notices';
import { type ContractDocument, displayName } from '@bpa/domain/contract';
import { and, desc, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agreementNotices } from '../../db/schema/notices';
import { contractMarks, contractReplies, contractRevisions, contracts } from '../../db/schema/contracts';
import { users } from '../../db/schema/users';
import { type DigestAgreement, type DiscussionEvent, digestEmail, discussionEmail } from '../../mail/messages';
import type { AccountMail } from '../users/account-mail';
import { getChangesSince } from '../agreements/changes-since';
import { unsubscribeTokenOf } from './agreement-notices';
import { type AgreementMember, listMembers, memberName } from '../agreements/agreement-members';

/** How far back a first notice looks: marks, replies and changes older than this are never noticed. */
export const NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** How far back a digest looks when the last one is older (a server stopped for days): a week. */
export const DIGEST_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** The most versions a digest reads for one agreement: past it, the newest ones (a day of hundreds of saves is counted in part). */
export const DIGEST_MAX_VERSIONS = 300;

/**
 * The revision a digest counts from: the last one stored before `after`, and never more than
 * DIGEST_MAX_VERSIONS below the current one.
 */
async function lastVersionBefore(db: Database, contractId: string, after: Date): Promise<number> {
  // Read from the newest version down: only the versions of the last digest's day are passed.
  const [before] = await db
    .select({ revision: contractRevisions.revision })
    .from(contractRevisions)
    .where(and(eq(contractRevisions.contractId, contractId), lte(contractRevisions.createdAt, after)))
    .orderBy(desc(contractRevisions.revision))
    .limit(1);
  const [current] = await db.select({ revision: contracts.revision }).from(contracts).where(eq(contracts.id, contractId));
  return Math.max(before?.revision ?? 0, (current?.revision ?? 0) - DIGEST_MAX_VERSIONS);
}

/** What the notices' rows say for one person and agreement (absent: both on, nothing noticed). */
interface NoticeRow {
  digest: boolean;
  discussion: boolean;
  discussionNoticedAt: Date;
}

/** The rows of notices of some agreements, by `userId|contractId`. */
async function noticeRows(db: Database, contractIds: string[]): Promise<Map<string, NoticeRow>> {
  const rows = await db
    .select({
      userId: agreementNotices.userId,
      contractId: agreementNotices.contractId,
      digest: agreementNotices.digest,
      discussion: agreementNotices.discussion,
      discussionNoticedAt: agreementNotices.discussionNoticedAt,
    })
    .from(agreementNotices)
    .where(inArray(agreementNotices.contractId, contractIds));
  return new Map(rows.map((row) => [`${row.userId}|${row.contractId}`, row]));
}

/** The shown name of every subject and option of a document, by `_id`. */
function itemNames(document: ContractDocument): Map<string, string> {
  const names = new Map<string, string>();
  for (const category of document.categories) {
    for (const subject of category.subjects) {
      names.set(subject._id, displayName(subject));
      for (const option of subject.options) names.set(option._id, `${displayName(subject)}: ${displayName(option)}`);
    }
  }
  return names;
}

/**
 * Sends each member the "to discuss" marks and replies partners made since their last notice, one
 * email per member and agreement (docs/sharing.md §12).
 *
 * @param now the run's time: what happened up to it is noticed
 * @returns how many emails were sent
 */
export async function sendDiscussionNotices(db: Database, mail: AccountMail, now: Date): Promise<number> {
  const since = new Date(now.getTime() - NOTICE_LOOKBACK_MS);
  const marks = await db
    .select({
      contractId: contractMarks.contractId,
      itemId: contractMarks.itemId,
      userId: contractMarks.userId,
      text: contractMarks.note,
      at: contractMarks.updatedAt,
    })
    .from(contractMarks)
    .where(and(eq(contractMarks.status, 'discuss'), gt(contractMarks.updatedAt, since), lte(contractMarks.updatedAt, now)));
  const replies = await db
    .select({
      contractId: contractReplies.contractId,
      itemId: contractReplies.itemId,
      userId: contractReplies.userId,
      text: contractReplies.text,
      at: contractReplies.createdAt,
    })
    .from(contractReplies)
    .where(and(gt(contractReplies.createdAt, since), lte(contractReplies.createdAt, now)));
  const happenings = [...marks.map((m) => ({ ...m, kind: 'mark' as const })), ...replies.map((r) => ({ ...r, kind: 'reply' as const }))].sort(
    (a, b) => a.at.getTime() - b.at.getTime(),
  );
  if (happenings.length === 0) return 0;
  const contractIds = [...new Set(happenings.map((h) => h.contractId))];
  const members = await listMembers(db, contractIds);
  const rows = await noticeRows(db, contractIds);
  const documents = await db
    .select({ id: contracts.id, name: contracts.contractName, document: contracts.document })
    .from(contracts)
    .where(inArray(contracts.id, contractIds));
  const authorIds = [...new Set(happenings.map((h) => h.userId))];
  const authors = new Map(
    (await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, authorIds))).map((u) => [u.id, memberName(u)]),
  );
  let sent = 0;
  for (const contract of documents) {
    const names = itemNames(contract.document);
    for (const member of members.get(contract.id) ?? []) {
      const row = rows.get(`${member.userId}|${contract.id}`);
      if (row && !row.discussion) continue;
      const after = row && row.discussionNoticedAt > since ? row.discussionNoticedAt : since;
      const events: DiscussionEvent[] = happenings
        .filter((h) => h.contractId === contract.id && h.userId !== member.userId && h.at > after)
        .map((h) => ({ kind: h.kind, author: authors.get(h.userId) ?? 'A partner', itemName: names.get(h.itemId) ?? 'an item', text: h.text }));
      if (events.length === 0) continue;
      const unsubscribeToken = await unsubscribeTokenOf(db, { userId: member.userId, contractId: contract.id });
      const email = discussionEmail({ publicUrl: mail.publicUrl, contractName: contract.name, events, unsubscribeToken });
      await db
        .update(agreementNotices)
        .set({ discussionNoticedAt: now })
        .where(and(eq(agreementNotices.userId, member.userId), eq(agreementNotices.contractId, contract.id)));
      if ((await mail.mailer.send({ to: member.email, ...email })).delivered) sent += 1;
    }
  }
  return sent;
}

/**
 * Sends each member whose last digest is a day old or more one digest of the agreements partners
 * changed since (docs/sharing.md §12): per agreement, the items changed since their last visit and
 * after their last digest, counted per category. Nothing changed, nothing sent (and the day's
 * digest still to come).
 *
 * @param now the run's time
 * @returns how many digests were sent
 */
export async function sendDigests(db: Database, mail: AccountMail, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() - DIGEST_LOOKBACK_MS);
  const changed = await db
    .selectDistinct({ contractId: contractRevisions.contractId })
    .from(contractRevisions)
    .where(and(gt(contractRevisions.createdAt, horizon), isNotNull(contractRevisions.authorUserId)));
  if (changed.length === 0) return 0;
  const contractIds = changed.map((c) => c.contractId);
  const members = await listMembers(db, contractIds);
  const rows = await noticeRows(db, contractIds);
  const names = new Map(
    (await db.select({ id: contracts.id, name: contracts.contractName }).from(contracts).where(inArray(contracts.id, contractIds))).map((c) => [c.id, c.name]),
  );
  const byPerson = new Map<string, { member: AgreementMember; contractIds: string[] }>();
  for (const [contractId, list] of members) {
    for (const member of list) {
      if (rows.get(`${member.userId}|${contractId}`)?.digest === false) continue;
      const entry = byPerson.get(member.userId) ?? { member, contractIds: [] };
      entry.contractIds.push(contractId);
      byPerson.set(member.userId, entry);
    }
  }
  if (byPerson.size === 0) return 0;
  const lastDigests = new Map(
    (
      await db
        .select({ id: users.id, digestSentAt: users.digestSentAt })
        .from(users)
        .where(inArray(users.id, [...byPerson.keys()]))
    ).map((u) => [u.id, u.digestSentAt]),
  );
  let sent = 0;
  for (const { member, contractIds: theirs } of byPerson.values()) {
    const last = lastDigests.get(member.userId) ?? null;
    if (last && now.getTime() - last.getTime() < DIGEST_INTERVAL_MS) continue;
    const after = last && last > horizon ? last : horizon;
    const agreements: DigestAgreement[] = [];
    for (const contractId of theirs) {
      // Only the versions stored since the last digest are replayed (at most DIGEST_MAX_VERSIONS),
      // however long ago the member's last visit was.
      const notBefore = await lastVersionBefore(db, contractId, after);
      const { changes } = await getChangesSince(db, { contractId, userId: member.userId, notBefore });
      const fresh = changes.filter((change) => new Date(change.changedAt) > after);
      if (fresh.length === 0) continue;
      const categories = new Map<string, number>();
      for (const change of fresh) categories.set(change.categoryName, (categories.get(change.categoryName) ?? 0) + 1);
      agreements.push({
        contractName: names.get(contractId) ?? '',
        authors: [...new Set(fresh.map((change) => change.author))],
        categories: [...categories].map(([categoryName, count]) => ({ categoryName, count })),
        unsubscribeToken: await unsubscribeTokenOf(db, { userId: member.userId, contractId }),
      });
    }
    if (agreements.length === 0) continue;
    await db.update(users).set({ digestSentAt: now }).where(eq(users.id, member.userId));
    if ((await mail.mailer.send({ to: member.email, ...digestEmail({ publicUrl: mail.publicUrl, agreements }) })).delivered) sent += 1;
  }
  return sent;
}
