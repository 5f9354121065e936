/**
 * Sending the account emails (docs/product.md §D8) with a fresh token each: confirmation, password reset and
 * invitation. Sending never throws (mail/mailer.ts): the result says whether it went out, and the
 * mailer has already logged why not.
 */
import type { Database } from '../../db/database';
import type { TokenPurpose } from '../../db/schema/user-tokens';
import type { Mailer } from '../../mail/mailer';
import { type BuiltEmail, confirmationEmail, invitationEmail, partnerInvitationEmail, passwordResetEmail } from '../../mail/messages';
import { issueToken } from './one-time-tokens';

/** What the account operations need to send mail. */
export interface AccountMail {
  mailer: Mailer;
  /** Config PUBLIC_URL: the links' base. */
  publicUrl: string;
}

/** Which email, and its token's purpose. */
export type AccountEmailKind = 'confirmation' | 'password_reset' | 'invitation' | 'partner_invitation';

const PURPOSES: Record<AccountEmailKind, TokenPurpose> = {
  confirmation: 'email_confirmation',
  password_reset: 'password_reset',
  invitation: 'invitation',
  partner_invitation: 'invitation',
};

/**
 * Issues a token and emails its link to the account. A partner invitation to an account that
 * already has a password issues no token: its link is the Sign In page (ADR 172, "Amended").
 *
 * @param to the account: its id, (normalised) email and whether it has a password
 * @param options `invitedBy` for invitations: who added the account; `shared` for partner
 *   invitations: the owner's name and the agreement's name (both quoted at most 40 characters by
 *   the template, mail/messages.ts quoteSenderText) and the access given
 * @returns whether the message was delivered (SMTP accepted it, or it was written to the outbox)
 */
export async function sendAccountEmail(
  db: Database,
  mail: AccountMail,
  kind: AccountEmailKind,
  to: { id: string; email: string; passwordHash?: string | null },
  options: { now: Date; invitedBy?: string; shared?: { ownerName: string; contractName: string; access: 'edit' | 'view' } },
): Promise<boolean> {
  const hasPassword = to.passwordHash !== undefined && to.passwordHash !== null;
  const token = kind === 'partner_invitation' && hasPassword ? null : await issueToken(db, { userId: to.id, purpose: PURPOSES[kind], now: options.now });
  let email: BuiltEmail;
  if (kind === 'partner_invitation' && options.shared) email = partnerInvitationEmail({ publicUrl: mail.publicUrl, token, ...options.shared });
  else if (token === null) throw new TypeError(`a ${kind} email needs a token`);
  else if (kind === 'confirmation') email = confirmationEmail({ publicUrl: mail.publicUrl, token });
  else if (kind === 'password_reset') email = passwordResetEmail({ publicUrl: mail.publicUrl, token });
  else email = invitationEmail({ publicUrl: mail.publicUrl, token, invitedBy: options.invitedBy });
  const result = await mail.mailer.send({ to: to.email, ...email });
  return result.delivered;
}
