import { USER_EXISTS_MESSAGE, type UserListItem } from '@bpa/domain/api-users';
import { PRICE_CENTS, SUBSCRIBER_AGREEMENT_COUNT } from '@bpa/domain/constants';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema/bookings';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { type AccountMail, sendAccountEmail } from './account-mail';
import { findBlankTemplate, insertAgreements } from '../agreements/create-agreement';
import { normaliseEmail } from './normalise-email';
import { subscriptionExpiry } from '../bookings/subscriber-status';

/** The names of a new subscriber's agreements: "Partner 1" … "Partner 5" (docs/product.md §D4). */
export function partnerAgreementNames(): string[] {
  return Array.from({ length: SUBSCRIBER_AGREEMENT_COUNT }, (_, index) => `Partner ${index + 1}`);
}

/** What adding a user did. */
export interface AddSubscriberResult {
  user: UserListItem;
  /** Whether the invitation email went out; when false the account exists anyway (docs/product.md §D8). */
  isInvitationSent: boolean;
}

/**
 * Adds a subscriber (docs/product.md §7 `POST /api/v1/users/admin-signup`; docs/product.md §D8 "Adding a user"): in one
 * transaction the account (no password yet), a one-year booking at PRICE_CENTS, and the five
 * agreements "Partner 1" … "Partner 5" made from the Blank template; then the invitation email
 * with a set-password link (7 days). A failing email is reported, not undone. A partner account
 * (docs/sharing.md §1) with that email becomes a subscriber (what is shared with it stays); it gets the
 * invitation only while it has no password.
 *
 * @param request the new user's email (AddUserSchema) and the adding administrator's email (named in the invitation)
 * @throws AppError conflict (409) USER_EXISTS_MESSAGE when a subscriber or administrator has that email; unavailable (503)
 *   BLANK_TEMPLATE_MISSING_MESSAGE (contracts/create-agreement.ts) when the Blank template is not loaded
 */
export async function addSubscriber(
  db: Database,
  request: { email: string; invitedBy: string },
  dependencies: { now: Date; mail: AccountMail },
): Promise<AddSubscriberResult> {
  const email = normaliseEmail(request.email);
  const { now } = dependencies;
  const blank = await findBlankTemplate(db);

  const account = await db.transaction(async (tx) => {
    let [inserted] = await tx
      .insert(users)
      .values({ email, role: 'subscriber', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash });
    if (!inserted) {
      // A partner account (docs/sharing.md §1) becomes a subscriber, keeping what is shared with it.
      [inserted] = await tx
        .update(users)
        .set({ role: 'subscriber', updatedAt: now })
        .where(and(eq(users.email, email), eq(users.role, 'partner')))
        .returning({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash });
    }
    if (!inserted) throw new AppError('conflict', USER_EXISTS_MESSAGE);
    await tx.insert(bookings).values({ userId: inserted.id, createdAt: now, expiresAt: subscriptionExpiry(now), priceCents: PRICE_CENTS });
    await insertAgreements(tx, {
      ownerUserId: inserted.id,
      template: blank,
      contractNames: partnerAgreementNames(),
      firstPosition: 0,
      // The subscriber's history starts with their own agreements, not the administrator who invited them.
      author: { userId: inserted.id, label: inserted.email },
      now,
    });
    return inserted;
  });

  const isInvitationPending = account.passwordHash === null;
  const isInvitationSent = isInvitationPending && (await sendAccountEmail(db, dependencies.mail, 'invitation', account, { now, invitedBy: request.invitedBy }));
  return { user: { _id: account.id, email: account.email, role: account.role, isInvitationPending }, isInvitationSent };
}
