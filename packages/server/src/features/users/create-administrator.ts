import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/users';
import { invitationEmail } from '../../mail/messages';
import { issueToken } from './one-time-tokens';
import { normaliseEmail } from './normalise-email';

/** What createAdministrator did. */
export interface CreatedAdministrator {
  userId: string;
  email: string;
  /** True when a new account was made; false when an existing one was made an administrator. */
  isNewAccount: boolean;
  /** One-time set-password link `${PUBLIC_URL}/accept-invite/{token}` (7 days, once). */
  link: string;
}

/**
 * Makes `email` an administrator and issues a set-password link for it (docs/product.md §D8: first
 * administrator; `npm run cli -- create-admin EMAIL`). An existing account keeps its data and
 * gets the administrator role; a new account has no password until the link is used. The link is
 * for the operator to print, never emailed: the first administrator may have no working mail yet.
 *
 * @param request the email (any case), PUBLIC_URL and the current time
 */
export async function createAdministrator(db: Database, request: { email: string; publicUrl: string; now: Date }): Promise<CreatedAdministrator> {
  const email = normaliseEmail(request.email);
  const { now } = request;
  const { userId, isNewAccount } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({ email, role: 'admin', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted) return { userId: inserted.id, isNewAccount: true };
    const [updated] = await tx.update(users).set({ role: 'admin', updatedAt: now }).where(eq(users.email, email)).returning({ id: users.id });
    if (!updated) throw new Error(`The account ${email} could neither be created nor found`);
    return { userId: updated.id, isNewAccount: false };
  });
  const token = await issueToken(db, { userId, purpose: 'invitation', now });
  return { userId, email, isNewAccount, link: invitationEmail({ publicUrl: request.publicUrl, token }).link };
}

/**
 * On start (docs/product.md §D8): when no administrator exists, creates one for ADMIN_EMAIL and returns its
 * set-password link for the server to print. Does nothing when an administrator exists.
 *
 * @returns the created administrator, or null when there already was one
 */
export async function ensureFirstAdministrator(db: Database, request: { email: string; publicUrl: string; now: Date }): Promise<CreatedAdministrator | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return null;
  return createAdministrator(db, request);
}
