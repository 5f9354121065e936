/**
 * Who gets which email notices of an agreement (docs/sharing.md §12; ADR 198): the members of an
 * agreement (its owner and the partners who accepted it), each with a setting per agreement, and
 * the unsubscribe token their notices carry (the members themselves: agreements/agreement-members.ts). Access to an agreement is checked by the routes
 * (notice-routes.ts); the unsubscribe token is its own key, like a read-only link's.
 */
import { randomBytes } from 'node:crypto';
import type { NoticeSettings, UnsubscribeKind } from '@bpa/domain/api-notices';
import { UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE } from '@bpa/domain/api-notices';
import { stripMarkup } from '@bpa/domain/markup';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agreementNotices } from '../../db/schema/notices';
import { contracts } from '../../db/schema/contracts';
import { AppError } from '../../errors';

/** A new row's `discussionNoticedAt`: nothing noticed yet (the senders look back NOTICE_LOOKBACK_MS at most). */
const NOTHING_NOTICED = new Date(0);

/** Both notices on: what a person gets until they change it. */
const DEFAULT_SETTINGS: NoticeSettings = { digest: true, discussion: true };

/** A person's notice settings of one agreement (both on when never changed). */
export async function getNoticeSettings(db: Database, request: { userId: string; contractId: string }): Promise<NoticeSettings> {
  const [row] = await db
    .select({ digest: agreementNotices.digest, discussion: agreementNotices.discussion })
    .from(agreementNotices)
    .where(and(eq(agreementNotices.userId, request.userId), eq(agreementNotices.contractId, request.contractId)));
  return row ?? DEFAULT_SETTINGS;
}

/** Changes a person's notice settings of one agreement (the caller has checked their access). */
export async function setNoticeSettings(db: Database, request: { userId: string; contractId: string; settings: NoticeSettings }): Promise<NoticeSettings> {
  await db
    .insert(agreementNotices)
    .values({ userId: request.userId, contractId: request.contractId, ...request.settings, unsubscribeToken: newToken(), discussionNoticedAt: NOTHING_NOTICED })
    .onConflictDoUpdate({ target: [agreementNotices.userId, agreementNotices.contractId], set: request.settings });
  return request.settings;
}

/**
 * The unsubscribe token of a person's notices of one agreement, made with its row on the first
 * notice. Its row starts with both notices on and nothing noticed.
 */
export async function unsubscribeTokenOf(db: Database, request: { userId: string; contractId: string }): Promise<string> {
  await db
    .insert(agreementNotices)
    .values({ userId: request.userId, contractId: request.contractId, unsubscribeToken: newToken(), discussionNoticedAt: NOTHING_NOTICED })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: agreementNotices.unsubscribeToken })
    .from(agreementNotices)
    .where(and(eq(agreementNotices.userId, request.userId), eq(agreementNotices.contractId, request.contractId)));
  if (!row) throw new Error('the notices row was not made');
  return row.token;
}

/**
 * Turns notices off by an unsubscribe link's token, without a session (ADR 198).
 *
 * @param kind `digest` or `discussion` (the email's own kind), or `all`
 * @returns the agreement's name (plain text) and the settings now
 * @throws AppError not_found UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE when no row has the token (its
 *   agreement was deleted, or the partnership ended and the row with it)
 */
export async function unsubscribe(
  db: Database,
  request: { token: string; kind: UnsubscribeKind },
): Promise<{ contractName: string; settings: NoticeSettings }> {
  const off = request.kind === 'all' ? { digest: false, discussion: false } : { [request.kind]: false };
  const [row] = await db
    .update(agreementNotices)
    .set(off)
    .where(eq(agreementNotices.unsubscribeToken, request.token))
    .returning({ contractId: agreementNotices.contractId, digest: agreementNotices.digest, discussion: agreementNotices.discussion });
  if (!row) throw new AppError('not_found', UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE);
  const [contract] = await db.select({ name: contracts.contractName }).from(contracts).where(eq(contracts.id, row.contractId));
  return { contractName: stripMarkup(contract?.name ?? ''), settings: { digest: row.digest, discussion: row.discussion } };
}

/** 32 random bytes, base64url: the unsubscribe token (UnsubscribeTokenSchema). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}
