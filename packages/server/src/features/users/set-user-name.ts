/**
 * Setting the name an account shows its partners (docs/sharing.md §11). History, marks, conflicts
 * and "shared by" read `users.name`, falling back to the email address while it is ''; a version
 * keeps the name its author had when it was written.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/users';

/**
 * Stores the signed-in account's name.
 *
 * @param request `userId` (the account, never another's: the route takes it from the session) and
 *   `userName` (checked by SetUserNameRequestSchema: trimmed, at most 60 characters; '' for none)
 * @returns the name partners now see: the name, or the email address when it is ''
 */
export async function setUserName(db: Database, request: { userId: string; email: string; userName: string; now: Date }): Promise<string> {
  await db.update(users).set({ name: request.userName, updatedAt: request.now }).where(eq(users.id, request.userId));
  return request.userName === '' ? request.email : request.userName;
}
