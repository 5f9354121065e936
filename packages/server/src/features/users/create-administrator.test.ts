import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { users } from '../../db/schema/users';
import { buildTestApp } from '../../test/test-app';
import { createTestAccount } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { createAdministrator, ensureFirstAdministrator } from './create-administrator';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const publicUrl = 'https://bridge.example.org';

describe('ensureFirstAdministrator (docs/product.md §D8: first administrator on start)', () => {
  it('creates the administrator once, with a set-password link that works once; then does nothing', async () => {
    const now = new Date();
    const created = await ensureFirstAdministrator(database.db, { email: ' Admin@Localhost ', publicUrl, now });
    expect(created).toMatchObject({ email: 'admin@localhost', isNewAccount: true });
    expect(created!.link).toMatch(/^https:\/\/bridge\.example\.org\/accept-invite\/[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, created!.userId));
    expect(row).toMatchObject({ role: 'admin', passwordHash: null });

    expect(await ensureFirstAdministrator(database.db, { email: 'someone.else@example.org', publicUrl, now })).toBeNull();

    const app = await buildTestApp(database.db);
    try {
      const token = created!.link.split('/').pop()!;
      const body = { password: 'Admin-pass-1', passwordConfirm: 'Admin-pass-1' };
      expect((await app.inject({ method: 'PATCH', url: `/api/v1/users/setPassword/${token}`, payload: body })).statusCode).toBe(200);
      expect((await app.inject({ method: 'PATCH', url: `/api/v1/users/setPassword/${token}`, payload: body })).statusCode).toBe(400);
      const login = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: 'admin@localhost', password: 'Admin-pass-1' } });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user).toMatchObject({ role: 'admin', subscriberStatus: 'none' });
    } finally {
      await app.close();
    }
  });
});

describe('createAdministrator (npm run cli -- create-admin)', () => {
  it('makes an existing subscriber an administrator, keeping the account and its bookings', async () => {
    const subscriber = await createTestAccount(database.db, { email: 'promoted@example.org' });
    const result = await createAdministrator(database.db, { email: 'PROMOTED@example.org', publicUrl, now: new Date() });
    expect(result).toMatchObject({ userId: subscriber.id, email: 'promoted@example.org', isNewAccount: false });
    const [row] = await database.db.select().from(users).where(eq(users.id, subscriber.id));
    expect(row!.role).toBe('admin');
    expect(row!.passwordHash).not.toBeNull();
    expect(await database.db.select().from(bookings).where(eq(bookings.userId, subscriber.id))).toHaveLength(1);
  });
});
