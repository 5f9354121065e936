import type { UserListItem } from '@bpa/domain/api-users';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/users';

/**
 * Every account for the admin panel's Users tab (docs/product.md §7 `GET /api/v1/users`; docs/product.md §3 "Admin-list
 * user: _id, email, role"), ordered by email, with whether the invitation is still pending (no
 * password set yet; docs/product.md §17).
 */
export async function listUsers(db: Database): Promise<UserListItem[]> {
  const rows = await db
    .select({ _id: users.id, email: users.email, role: users.role, isInvitationPending: sql<boolean>`${users.passwordHash} is null` })
    .from(users)
    .orderBy(asc(users.email));
  return rows;
}
