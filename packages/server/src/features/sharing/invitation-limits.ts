/**
 * The limits on invitations sent with shares (ADR 172, "Amended"), counted in `invitation_emails`
 * so they hold across servers and restarts:
 *
 * - an account shares with at most MAX_NEW_INVITATIONS_PER_DAY new addresses in 24 hours (an
 *   address it shared with in the last 24 hours is not new: stopping and sharing again is free);
 * - an address gets at most one invitation email in 24 hours, whoever shares: later shares still
 *   succeed, without an email (so an owner sharing again with the same address sends none).
 *
 * The caller holds the row locks of both accounts (sharer and recipient) in its transaction, so
 * two shares at once cannot both pass a limit.
 */
import { MAX_NEW_INVITATIONS_PER_DAY, invitationLimitMessage } from '@bpa/domain/api-sharing';
import { and, count, eq, gt, lte, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { invitationEmails } from '../../db/schema/invitation-emails';
import { AppError } from '../../errors';

/** The window of both limits: 24 hours. */
export const INVITATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Checks the limits for a new share and records it.
 *
 * @param request the sharing account, the (normalised) address, the agreement and `now`
 * @returns `id` of the recorded row and `mayEmail`: false when the address already had an
 *   invitation email in the last 24 hours
 * @throws AppError rate_limited (429) invitationLimitMessage when the account has shared with
 *   MAX_NEW_INVITATIONS_PER_DAY other addresses in the last 24 hours
 */
export async function recordInvitation(
  tx: Database,
  request: { senderUserId: string; recipientEmail: string; contractId: string; now: Date },
): Promise<{ id: string; mayEmail: boolean }> {
  const since = new Date(request.now.getTime() - INVITATION_WINDOW_MS);
  const recent = await tx
    .select({ recipientEmail: invitationEmails.recipientEmail, lastAt: max(invitationEmails.sentAt) })
    .from(invitationEmails)
    .where(and(eq(invitationEmails.senderUserId, request.senderUserId), gt(invitationEmails.sentAt, since)))
    .groupBy(invitationEmails.recipientEmail);
  const isNewAddress = !recent.some((row) => row.recipientEmail === request.recipientEmail);
  if (isNewAddress && recent.length >= MAX_NEW_INVITATIONS_PER_DAY) {
    // The count falls below the limit when the address shared with longest ago leaves the window.
    const oldest = Math.min(...recent.map((row) => row.lastAt!.getTime()));
    throw new AppError('rate_limited', invitationLimitMessage(oldest + INVITATION_WINDOW_MS - request.now.getTime()), {
      logDetail: `invitation limit: account ${request.senderUserId} shared with ${recent.length} new addresses in 24 hours`,
    });
  }
  const [{ emails } = { emails: 0 }] = await tx
    .select({ emails: count() })
    .from(invitationEmails)
    .where(and(eq(invitationEmails.recipientEmail, request.recipientEmail), eq(invitationEmails.isEmailSent, true), gt(invitationEmails.sentAt, since)));
  const mayEmail = emails === 0;
  const [row] = await tx
    .insert(invitationEmails)
    .values({
      recipientEmail: request.recipientEmail,
      senderUserId: request.senderUserId,
      contractId: request.contractId,
      sentAt: request.now,
      isEmailSent: mayEmail,
    })
    .returning({ id: invitationEmails.id });
  return { id: row!.id, mayEmail };
}

/** Marks a recorded invitation's email as not delivered, so it does not hold back the next one to that address. */
export async function markInvitationNotDelivered(db: Database, id: string): Promise<void> {
  await db.update(invitationEmails).set({ isEmailSent: false }).where(eq(invitationEmails.id, id));
}

/**
 * Deletes the invitations older than the limits' window (a maintenance job,
 * jobs/schedule-cleanup.ts).
 *
 * @returns how many rows were deleted
 */
export async function pruneInvitationEmails(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(invitationEmails)
    .where(lte(invitationEmails.sentAt, new Date(now.getTime() - INVITATION_WINDOW_MS)))
    .returning({ id: invitationEmails.id });
  return deleted.length;
}
