import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { pdfFiles } from '../../db/schema/pdf-files';
import { sessions } from '../../db/schema/sessions';
import { buildTestApp } from '../../test/test-app';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { makePathName } from '../../pdf/pdf-file-names';

let database: TestDatabase;
let app: App;
let owner: TestAccount;
let pdf: { pathName: string; fileName: string };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database.db);
  await app.ready();
  owner = await createTestAccount(database.db);
  pdf = { pathName: makePathName(), fileName: 'Partner-2.pdf' };
  await database.db.insert(pdfFiles).values({ ...pdf, ownerUserId: owner.id, isGuest: false, content: Buffer.from('%PDF-1.7\n%%EOF\n') });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

function fetchPdf(cookie?: string) {
  return app.inject({ method: 'GET', url: `/api/v1/contracts/pdfviewer/${pdf.pathName}/${pdf.fileName}`, headers: cookie ? { cookie } : {} });
}

describe("a subscriber's PDF (docs/product.md §D7: owner and administrators only)", () => {
  it('is served to its owner, to an administrator and to an administrator impersonating the owner', async () => {
    const admin = await createTestAccount(database.db, { role: 'admin' });
    for (const cookie of [
      await signInAs(database.db, owner.id),
      await signInAs(database.db, admin.id),
      await signInAs(database.db, owner.id, { impersonatorUserId: admin.id }),
    ]) {
      const response = await fetchPdf(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('is reported missing to anyone else: anonymous, another subscriber, the owner after the subscription expired', async () => {
    const other = await createTestAccount(database.db);
    const expiredOwner = await createTestAccount(database.db, { subscription: 'expired' });
    await database.db.update(pdfFiles).set({ ownerUserId: expiredOwner.id }).where(eq(pdfFiles.pathName, pdf.pathName));
    try {
      for (const cookie of [undefined, await signInAs(database.db, other.id), await signInAs(database.db, expiredOwner.id)]) {
        expect((await fetchPdf(cookie)).statusCode).toBe(404);
      }
    } finally {
      await database.db.update(pdfFiles).set({ ownerUserId: owner.id }).where(eq(pdfFiles.pathName, pdf.pathName));
    }
  });
});

describe('the session hook', () => {
  it('looks at API requests only: a page request with a session cookie costs no query and sets no cookie', async () => {
    const cookie = await signInAs(database.db, owner.id, { now: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) });
    const page = await app.inject({ method: 'GET', url: '/', headers: { cookie, accept: 'text/html' } });
    expect(page.headers['set-cookie']).toBeUndefined();
    // The same (2-day-old) session on an API request is extended.
    const api = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(api.statusCode).toBe(200);
    expect(String(api.headers['set-cookie'])).toContain('Max-Age=2592000');
  });

  it('deletes expired sessions when a new one is made', async () => {
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await signInAs(database.db, owner.id, { now: longAgo });
    await signInAs(database.db, owner.id);
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(rows.every((row) => row.expiresAt > new Date())).toBe(true);
  });
});
