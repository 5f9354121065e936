import { createHash } from 'node:crypto';
import { SaveContractAnswerSchema } from '@bpa/domain/api-contracts';
import { ContractAnswerSchema } from '@bpa/domain/api';
import {
  INVITATION_ALREADY_SENT_MESSAGE,
  LINK_NOT_VALID_MESSAGE,
  NewLinkAnswerSchema,
  PARTNER_LIMIT_MESSAGE,
  SHARE_WITH_SELF_MESSAGE,
  SharedContractsAnswerSchema,
  SharedLinkAnswerSchema,
  SharingAnswerSchema,
  invitationLimitMessage,
} from '@bpa/domain/api-sharing';
import type { Contract } from '@bpa/domain/contract';
import { renameSubject, toggleSubject } from '@bpa/domain/editing';
import { selectedCategories } from '@bpa/domain/outline';
import { RevisionAnswerSchema, RevisionListAnswerSchema, describeChange } from '@bpa/domain/history';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { bookings } from '../../db/schema/bookings';
import { contractLinks, contractRevisions, contracts } from '../../db/schema/contracts';
import { userTokens } from '../../db/schema/user-tokens';
import { users } from '../../db/schema/users';
import { readPdfText } from '../../test/read-pdf-text';
import { createTestAccount, insertBlankTemplate, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, linkToken, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { OWNER_ONLY_MESSAGE, VIEW_ONLY_MESSAGE, OWNER_INACTIVE_MESSAGE } from '../agreements/agreement-access';
import { pruneAgreementHistory } from '../history/agreement-history';
import { documentAtRevision } from '../agreements/revision-store';
import { insertTestAgreement } from '../agreements/test-agreements';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
/** The app's clock: the real time unless a test moves it. */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  await insertBlankTemplate(database.db);
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }), now });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

let addressCount = 0;
function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { cookie?: string; payload?: unknown } = {}) {
  addressCount += 1;
  return app.inject({
    method,
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: `10.9.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

async function owner() {
  const account = await createTestAccount(database.db);
  const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'With Anna' });
  return { account, agreement, cookie: await signInAs(database.db, account.id) };
}

async function load(id: string, cookie: string): Promise<Contract> {
  const response = await call('GET', `/api/v1/contracts/my/${id}`, { cookie });
  expect(response.statusCode).toBe(200);
  return ContractAnswerSchema.parse(response.json()).data;
}

const body = (doc: Contract) => ({ contractName: doc.contractName, categories: doc.categories, revision: doc.revision });

/** The partner accepts what was shared with them (ADR 172, "Consent"). */
async function accept(id: string, partnerCookie: string): Promise<void> {
  expect((await call('POST', `/api/v1/contracts/shared/${id}/accept`, { cookie: partnerCookie })).statusCode).toBe(200);
}

describe('sharing with partners', () => {
  it('makes a free partner account for a new address, invites it, and lets it open and edit the agreement', async () => {
    const { account, agreement, cookie } = await owner();
    const email = `partner-${Date.now()}@example.org`;
    const since = smtp.received.length;
    const shared = await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, {
      cookie,
      payload: { email: `  ${email.toUpperCase()} `, access: 'edit' },
    });
    expect(shared.statusCode).toBe(201);
    const sharing = SharingAnswerSchema.parse(shared.json()).data;
    expect(sharing).toMatchObject({ partners: [{ email, userName: email, access: 'edit', status: 'invited' }], link: null, isInvitationSent: true });

    const invitation = await smtp.waitForEmail(email, since);
    expect(invitation.subject).toBe(`${account.email} shared a partnership agreement with you`);
    expect(invitation.text).toContain('A partner account is free.');
    expect(invitation.text).toContain('"With Anna"');
    expect(linkToken(invitation, 'accept-invite')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [partnerRow] = await database.db.select().from(users).where(eq(users.email, email));
    expect(partnerRow).toMatchObject({ role: 'partner', passwordHash: null });

    const partnerCookie = await signInAs(database.db, partnerRow!.id);
    const list = SharedContractsAnswerSchema.parse((await call('GET', '/api/v1/contracts/shared', { cookie: partnerCookie })).json()).data;
    expect(list).toEqual([{ _id: agreement.id, contractName: 'With Anna', ownerName: account.email, access: 'edit', isPausedByOwner: false, isPending: true }]);
    // Offered, not accepted: it opens nothing yet.
    expect((await call('GET', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie })).statusCode).toBe(404);
    const accepted = await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, { cookie: partnerCookie });
    expect(SharedContractsAnswerSchema.parse(accepted.json()).data).toEqual([{ ...list[0], isPending: false }]);
    // A partner account holds no agreements of its own.
    expect((await call('GET', '/api/v1/contracts/my', { cookie: partnerCookie })).json()).toMatchObject({ count: 0 });
    expect((await call('POST', '/api/v1/contracts/my', { cookie: partnerCookie, payload: {} })).statusCode).toBe(403);

    const loaded = await load(agreement.id, partnerCookie);
    expect(loaded).toMatchObject({ access: 'edit', ownerName: account.email });
    const category = loaded.categories[8]!;
    const saved = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, {
      cookie: partnerCookie,
      payload: body(renameSubject(loaded, category._id, category.subjects[0]!._id, 'Michaels')),
    });
    expect(saved.statusCode).toBe(200);
    // Only the owner renames, resets and shares.
    const rename = await call('PATCH', `/api/v1/contracts/my/${agreement.id}/name`, { cookie: partnerCookie, payload: { contractName: 'Mine now' } });
    expect(rename.json()).toEqual({ status: 'fail', code: expect.any(String), message: OWNER_ONLY_MESSAGE });
    expect((await call('GET', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie: partnerCookie })).statusCode).toBe(403);
    // Nor does a save rename it (docs/sharing.md §2): whole or changes only, the partner's edits are kept and the name is the owner's.
    const before = await load(agreement.id, partnerCookie);
    const renamedSave = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, {
      cookie: partnerCookie,
      payload: body({ ...renameSubject(before, category._id, category.subjects[1]!._id, 'Cappelletti'), contractName: 'Mine now' }),
    });
    expect(renamedSave.statusCode).toBe(200);
    const afterSave = await load(agreement.id, partnerCookie);
    expect(afterSave.contractName).toBe('With Anna');
    expect(afterSave.categories[8]!.subjects[1]!.editedName).toBe('Cappelletti');
    const changesSave = await call('PATCH', `/api/v1/contracts/my/${agreement.id}/changes`, {
      cookie: partnerCookie,
      payload: { revision: afterSave.revision, changes: [{ op: 'replace', path: '/contractName', value: 'Mine now' }] },
    });
    expect(changesSave.statusCode).toBe(200);
    expect((await load(agreement.id, cookie)).contractName).toBe('With Anna');
  });

  it('lets a viewer read but not save; changing access and stopping sharing take effect at once', async () => {
    const { agreement, cookie } = await owner();
    const partner = await createTestAccount(database.db);
    const partnerCookie = await signInAs(database.db, partner.id);
    const sharing = SharingAnswerSchema.parse(
      (await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: partner.email, access: 'view' } })).json(),
    ).data;
    expect(sharing).toMatchObject({ partners: [{ userId: partner.id, access: 'view', status: 'invited' }], isInvitationSent: true });
    await accept(agreement.id, partnerCookie);

    const loaded = await load(agreement.id, partnerCookie);
    expect(loaded.access).toBe('view');
    const refused = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie, payload: body(loaded) });
    expect(refused.json()).toEqual({ status: 'fail', code: expect.any(String), message: VIEW_ONLY_MESSAGE });

    await call('PATCH', `/api/v1/contracts/my/${agreement.id}/shares/${partner.id}`, { cookie, payload: { access: 'edit' } });
    expect((await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie, payload: body(loaded) })).statusCode).toBe(200);

    const ended = await call('DELETE', `/api/v1/contracts/my/${agreement.id}/shares/${partner.id}`, { cookie });
    expect(SharingAnswerSchema.parse(ended.json()).data.partners).toEqual([]);
    expect((await call('GET', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie })).statusCode).toBe(404);
    expect(SharedContractsAnswerSchema.parse((await call('GET', '/api/v1/contracts/shared', { cookie: partnerCookie })).json()).data).toEqual([]);
    // The partner's own agreements are untouched and the agreement does not count against theirs.
    expect((await call('DELETE', `/api/v1/contracts/my/${agreement.id}/shares/${partner.id}`, { cookie })).statusCode).toBe(404);
  });

  it('allows at most four partners and never the owner', async () => {
    const { account, agreement, cookie } = await owner();
    for (let index = 0; index < 4; index++) {
      expect(
        (
          await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, {
            cookie,
            payload: { email: `four-${Date.now()}-${index}@example.org`, access: 'view' },
          })
        ).statusCode,
      ).toBe(201);
    }
    const fifth = await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, {
      cookie,
      payload: { email: `five-${Date.now()}@example.org`, access: 'view' },
    });
    expect(fifth.json()).toEqual({ status: 'fail', code: expect.any(String), message: PARTNER_LIMIT_MESSAGE });
    const self = await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: account.email, access: 'edit' } });
    expect(self.json()).toEqual({ status: 'fail', code: expect.any(String), message: SHARE_WITH_SELF_MESSAGE });
    expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: 'not an email', access: 'edit' } })).statusCode).toBe(
      400,
    );
  });

  it("keeps a partner's read access when the owner's subscription lapses, and pauses editing", async () => {
    const { account, agreement, cookie } = await owner();
    const partner = await createTestAccount(database.db, { role: 'partner' });
    const partnerCookie = await signInAs(database.db, partner.id);
    await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: partner.email, access: 'edit' } });
    await accept(agreement.id, partnerCookie);
    await database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.userId, account.id));

    const loaded = await load(agreement.id, partnerCookie);
    expect(loaded).toMatchObject({ access: 'view', isPausedByOwner: true });
    expect((await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie, payload: body(loaded) })).json()).toEqual({
      status: 'fail',
      code: 'forbidden',
      message: OWNER_INACTIVE_MESSAGE,
    });
    const pdf = await call('POST', '/api/v1/contracts/pdfCreator', { cookie: partnerCookie, payload: { contract: loaded } });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('consent', () => {
  it('offers a share until the partner accepts it: it opens nothing, does not count in the badge, and may be declined', async () => {
    const { agreement, cookie } = await owner();
    const partner = await createTestAccount(database.db);
    const partnerCookie = await signInAs(database.db, partner.id);
    await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: partner.email, access: 'edit' } });
    for (const [method, url] of [
      ['GET', `/api/v1/contracts/my/${agreement.id}`],
      ['GET', `/api/v1/contracts/${agreement.id}/revisions`],
      ['GET', `/api/v1/contracts/${agreement.id}/export?format=json`],
      ['POST', `/api/v1/contracts/${agreement.id}/seen`],
    ] as const) {
      expect((await call(method, url, { cookie: partnerCookie, ...(method === 'POST' ? { payload: { revision: 0 } } : {}) })).statusCode, url).toBe(404);
    }
    // Declined: the share ends, and the owner sees no partner.
    const declined = await call('DELETE', `/api/v1/contracts/shared/${agreement.id}`, { cookie: partnerCookie });
    expect(SharedContractsAnswerSchema.parse(declined.json()).data).toEqual([]);
    expect(SharingAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie })).json()).data.partners).toEqual([]);
    expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, { cookie: partnerCookie })).statusCode).toBe(404);
    // Another account cannot accept a share that names someone else.
    await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: partner.email, access: 'edit' } });
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, { cookie: stranger })).statusCode).toBe(404);
    // A partner may leave an agreement they accepted.
    await accept(agreement.id, partnerCookie);
    expect((await call('DELETE', `/api/v1/contracts/shared/${agreement.id}`, { cookie: partnerCookie })).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/contracts/my/${agreement.id}`, { cookie: partnerCookie })).statusCode).toBe(404);
  });
});

describe('invitation limits', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const share = (id: string, cookie: string, email: string) =>
    call('POST', `/api/v1/contracts/my/${id}/shares`, { cookie, payload: { email, access: 'view' } });
  const stop = (id: string, cookie: string, userId: string) => call('DELETE', `/api/v1/contracts/my/${id}/shares/${userId}`, { cookie });
  const emailsTo = (address: string) => smtp.received.filter((email) => email.rcptTo.includes(address)).length;

  it('refuses an eleventh new address within 24 hours with 429 saying when; addresses shared with today still work, and a day later new ones do', async () => {
    clockOffsetMs = 0;
    try {
      const { agreement, cookie } = await owner();
      const addresses = Array.from({ length: 11 }, (_, index) => `ten-${Date.now()}-${index}@example.org`);
      for (const address of addresses.slice(0, 10)) {
        const shared = await share(agreement.id, cookie, address);
        expect(shared.statusCode).toBe(201);
        // Stopping at once frees the agreement's four places; it does not give the invitation back.
        const partner = SharingAnswerSchema.parse(shared.json()).data.partners.find((p) => p.email === address)!;
        expect((await stop(agreement.id, cookie, partner.userId)).statusCode).toBe(200);
      }
      const eleventh = await share(agreement.id, cookie, addresses[10]!);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ status: 'fail', code: expect.any(String), message: invitationLimitMessage(DAY_MS) });
      expect(eleventh.json().message).toMatch(/again in 24 hours/);
      expect(await database.db.select().from(users).where(eq(users.email, addresses[10]!))).toEqual([]);

      // An address shared with in the last 24 hours is not new.
      expect((await share(agreement.id, cookie, addresses[3]!)).statusCode).toBe(201);
      clockOffsetMs = 23 * 60 * 60 * 1000;
      expect((await share(agreement.id, cookie, addresses[10]!)).json().message).toMatch(/again in 1 hour\b/);
      clockOffsetMs = DAY_MS + 1000;
      expect((await share(agreement.id, cookie, addresses[10]!)).statusCode).toBe(201);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('emails an address at most once in 24 hours whoever shares; the later share succeeds and says why no email went', async () => {
    clockOffsetMs = 0;
    try {
      const first = await owner();
      const second = await owner();
      const third = await owner();
      const address = `victim-${Date.now()}@example.org`;
      const since = smtp.received.length;
      expect(SharingAnswerSchema.parse((await share(first.agreement.id, first.cookie, address)).json()).data).toMatchObject({ isInvitationSent: true });
      await smtp.waitForEmail(address, since);

      const again = await share(second.agreement.id, second.cookie, address);
      expect(again.statusCode).toBe(201);
      const answer = SharingAnswerSchema.parse(again.json()).data;
      expect(answer).toMatchObject({
        partners: [{ email: address, status: 'invited' }],
        isInvitationSent: false,
        invitationMessage: INVITATION_ALREADY_SENT_MESSAGE,
      });
      expect(emailsTo(address)).toBe(1);

      clockOffsetMs = DAY_MS + 1000;
      expect(SharingAnswerSchema.parse((await share(third.agreement.id, third.cookie, address)).json()).data.isInvitationSent).toBe(true);
      expect(emailsTo(address)).toBe(2);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('sends no second email when the same owner stops and shares again with the same address within a day', async () => {
    const { agreement, cookie } = await owner();
    const address = `again-${Date.now()}@example.org`;
    for (let round = 0; round < 5; round++) {
      const shared = SharingAnswerSchema.parse((await share(agreement.id, cookie, address)).json()).data;
      expect(shared.isInvitationSent).toBe(round === 0);
      await stop(agreement.id, cookie, shared.partners[0]!.userId);
    }
    expect(emailsTo(address)).toBe(1);
  });
});

describe('partner accounts without a password', () => {
  const tokensOf = (userId: string) => database.db.select().from(userTokens).where(eq(userTokens.userId, userId));
  async function invite(id: string, cookie: string) {
    const address = `unused-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const shared = await call('POST', `/api/v1/contracts/my/${id}/shares`, { cookie, payload: { email: address, access: 'view' } });
    const [row] = await database.db.select().from(users).where(eq(users.email, address));
    expect(await tokensOf(row!.id)).toHaveLength(1);
    expect(SharingAnswerSchema.parse(shared.json()).data.partners.map((p) => p.userId)).toContain(row!.id);
    return row!;
  }
  const exists = async (userId: string) => (await database.db.select().from(users).where(eq(users.id, userId))).length === 1;

  it('are deleted with their tokens when the owner stops sharing the last agreement shared with them', async () => {
    const { account, agreement, cookie } = await owner();
    const other = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'With Ben' });
    const partner = await invite(agreement.id, cookie);
    await call('POST', `/api/v1/contracts/my/${other.id}/shares`, { cookie, payload: { email: partner.email, access: 'edit' } });

    await call('DELETE', `/api/v1/contracts/my/${other.id}/shares/${partner.id}`, { cookie });
    expect(await exists(partner.id)).toBe(true);
    await call('DELETE', `/api/v1/contracts/my/${agreement.id}/shares/${partner.id}`, { cookie });
    expect(await exists(partner.id)).toBe(false);
    expect(await tokensOf(partner.id)).toEqual([]);

    // A partner who chose a password keeps their account.
    const kept = await createTestAccount(database.db, { role: 'partner' });
    await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie, payload: { email: kept.email, access: 'view' } });
    await call('DELETE', `/api/v1/contracts/my/${agreement.id}/shares/${kept.id}`, { cookie });
    expect(await exists(kept.id)).toBe(true);
  });

  it('are deleted when the agreement shared with them is deleted', async () => {
    const { agreement, cookie } = await owner();
    const partner = await invite(agreement.id, cookie);
    await database.db.delete(contracts).where(eq(contracts.id, agreement.id));
    expect(await exists(partner.id)).toBe(false);
    expect(await tokensOf(partner.id)).toEqual([]);
  });

  it("are deleted when the owner's account is deleted", async () => {
    const { account, agreement, cookie } = await owner();
    const partner = await invite(agreement.id, cookie);
    await database.db.delete(users).where(eq(users.id, account.id));
    expect(await exists(partner.id)).toBe(false);
    expect(await tokensOf(partner.id)).toEqual([]);
  });
});

describe('what the owner sees of a partner', () => {
  it('answers a share with an existing account (the administrator) exactly as one with a new address', async () => {
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const { account, agreement, cookie } = await owner();
    const other = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'With Anna' });
    const fresh = `fresh-${Date.now()}@example.org`;
    const since = smtp.received.length;
    const toExisting = await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, {
      cookie,
      payload: { email: admin.email.toUpperCase(), access: 'edit' },
    });
    const toNew = await call('POST', `/api/v1/contracts/my/${other.id}/shares`, { cookie, payload: { email: fresh.toUpperCase(), access: 'edit' } });
    expect(toExisting.statusCode).toBe(toNew.statusCode);
    // The same answer, once each address and id is replaced by a placeholder.
    const masked = (text: string, address: string, userId: string) => text.replaceAll(address, '<address>').replaceAll(userId, '<id>');
    const existing = SharingAnswerSchema.parse(toExisting.json()).data;
    const created = SharingAnswerSchema.parse(toNew.json()).data;
    expect(masked(toExisting.body, admin.email, existing.partners[0]!.userId)).toBe(masked(toNew.body, fresh, created.partners[0]!.userId));
    expect(existing.partners[0]).toMatchObject({ email: admin.email, userName: admin.email, status: 'invited' });
    const listed = (id: string) => call('GET', `/api/v1/contracts/my/${id}/shares`, { cookie });
    expect(masked((await listed(agreement.id)).body, admin.email, existing.partners[0]!.userId)).toBe(
      masked((await listed(other.id)).body, fresh, created.partners[0]!.userId),
    );

    // Both get the same invitation: a set-password link for the new address, a sign-in link for the account.
    const toAdmin = await smtp.waitForEmail(admin.email, since);
    const toFresh = await smtp.waitForEmail(fresh, since);
    expect(toAdmin.subject).toBe(toFresh.subject);
    expect(toAdmin.text).toMatch(/\/login\b/);
    expect(toFresh.text).toMatch(/\/accept-invite\//);

    // Once the partner has accepted what is shared with them, the owner sees their name.
    await database.db.update(users).set({ name: 'The Admin' }).where(eq(users.id, admin.id));
    // Listing it is not accepting it (ADR 172, "Consent"): the owner still sees the address typed.
    const adminCookie = await signInAs(database.db, admin.id);
    await call('GET', '/api/v1/contracts/shared', { cookie: adminCookie });
    expect(SharingAnswerSchema.parse((await listed(agreement.id)).json()).data.partners[0]).toMatchObject({ status: 'invited' });
    await accept(agreement.id, adminCookie);
    const after = SharingAnswerSchema.parse((await listed(agreement.id)).json()).data;
    expect(after.partners).toEqual([{ userId: admin.id, email: admin.email, userName: 'The Admin', access: 'edit', status: 'active' }]);
  });
});

describe('the read-only link', () => {
  it('shows the latest saved agreement to anyone, without emails, marked noindex; replaced or revoked, it is no longer valid', async () => {
    const { account, agreement, cookie } = await owner();
    const first = NewLinkAnswerSchema.parse((await call('POST', `/api/v1/contracts/my/${agreement.id}/link`, { cookie })).json()).data.linkToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const loaded = await load(agreement.id, cookie);
    const edited = {
      ...toggleSubject(loaded, loaded.categories[3]!._id, loaded.categories[3]!.subjects[0]!._id),
      playerNames: ['Anna Gray', 'Bob White'] as [string, string],
    };
    await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie, payload: { ...body(edited), playerNames: edited.playerNames } });

    const page = await call('GET', `/api/v1/shared-links/${first}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).not.toContain(account.email);
    expect(page.body).not.toContain(agreement.id);
    const shown = SharedLinkAnswerSchema.parse(page.json()).data;
    // The selected items only, what the page shows (docs/sharing.md §3).
    expect(shown).toMatchObject({ contractName: 'With Anna', revision: 1, categories: selectedCategories(edited.categories) });
    const shownSubjects = shown.categories.flatMap((category) => category.subjects);
    expect(shownSubjects.length).toBeGreaterThan(0);
    expect(shownSubjects.length).toBeLessThan(edited.categories.flatMap((category) => category.subjects).length);
    expect(shownSubjects.every((subject) => subject.isSelected)).toBe(true);

    const pdf = await call('GET', `/api/v1/shared-links/${first}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; filename="?With-Anna.pdf"?;/);
    expect((await readPdfText(pdf.rawPayload)).join('\n')).toContain('With Anna');

    // Both official ACBL cards, like the PDF without the player names (docs/official-cards.md §4).
    expect((await load(agreement.id, cookie)).playerNames).toEqual(['Anna Gray', 'Bob White']);
    for (const card of ['classic', '2022']) {
      const file = await call('GET', `/api/v1/shared-links/${first}/card?card=${card}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(String(file.headers['content-disposition'])).toContain(`ACBL-${card}-card.pdf`);
      const text = (await readPdfText(file.rawPayload)).join('\n');
      expect(text).toContain('Version 1');
      expect(text).not.toContain('Anna Gray');
    }
    expect((await call('GET', `/api/v1/shared-links/${first}/card?card=1990`)).statusCode).toBe(400);

    const second = NewLinkAnswerSchema.parse((await call('POST', `/api/v1/contracts/my/${agreement.id}/link`, { cookie })).json()).data.linkToken;
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/v1/shared-links/${first}`)).json()).toEqual({ status: 'fail', code: expect.any(String), message: LINK_NOT_VALID_MESSAGE });
    await call('DELETE', `/api/v1/contracts/my/${agreement.id}/link`, { cookie });
    for (const token of [second, 'x', '../etc']) expect((await call('GET', `/api/v1/shared-links/${encodeURIComponent(token)}`)).statusCode).toBe(404);
  });

  it('shows the token once, when the link is made or replaced: stored only as its SHA-256, the sharing afterwards says only that a link exists (ADR 172)', async () => {
    const { agreement, cookie } = await owner();
    const made = await call('POST', `/api/v1/contracts/my/${agreement.id}/link`, { cookie });
    expect(made.headers['cache-control']).toBe('no-store');
    const { linkToken: token, link } = NewLinkAnswerSchema.parse(made.json()).data;
    expect(link).not.toBeNull();
    const [row] = await database.db.select().from(contractLinks).where(eq(contractLinks.contractId, agreement.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const later = await call('GET', `/api/v1/contracts/my/${agreement.id}/shares`, { cookie });
    expect(later.body).not.toContain(token);
    expect(SharingAnswerSchema.parse(later.json()).data).toEqual({ partners: [], link: { createdAt: row!.createdAt.toISOString() } });
    expect(later.json().data).not.toHaveProperty('linkToken');
    expect((await call('GET', `/api/v1/shared-links/${token}`)).statusCode).toBe(200);

    // Revoked: the sharing says there is no link.
    const revoked = SharingAnswerSchema.parse((await call('DELETE', `/api/v1/contracts/my/${agreement.id}/link`, { cookie })).json()).data;
    expect(revoked.link).toBeNull();
    expect((await call('GET', `/api/v1/shared-links/${token}`)).statusCode).toBe(404);
  });
});

describe('history and restore', () => {
  it('lists revisions newest first with author, kind and summary; opens one; restores it as a new revision', async () => {
    const { account, agreement, cookie } = await owner();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const asAdmin = await signInAs(database.db, account.id, { impersonatorUserId: admin.id });
    let doc = await load(agreement.id, cookie);
    const overcalls = doc.categories[8]!;
    doc = renameSubject(doc, overcalls._id, overcalls.subjects[0]!._id, 'Michaels');
    await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie, payload: body(doc) });
    await call('PATCH', `/api/v1/contracts/my/${agreement.id}/name`, { cookie: asAdmin, payload: { contractName: 'Anna' } });

    const list = RevisionListAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions`, { cookie })).json()).data;
    expect(list.total).toBe(3);
    expect(list.revisions.map((r) => [r.revision, r.kind, r.author, describeChange(r.kind, r.change), r.isCurrent])).toEqual([
      [2, 'rename', `${admin.email} (administrator, for ${account.email})`, 'renamed the agreement to "Anna"', true],
      [1, 'save', account.email, expect.stringMatching(/renamed 1 in Overcalls$/), false],
      [0, 'create', 'unknown', 'made from the template "Basic Precision"', false],
    ]);

    const old = RevisionAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions/0`, { cookie })).json()).data;
    expect(old.document).toMatchObject({ contractName: 'With Anna', categories: agreement.document.categories, revision: 0 });
    expect((await call('GET', `/api/v1/contracts/${agreement.id}/revisions/7`, { cookie })).statusCode).toBe(404);

    const restored = SaveContractAnswerSchema.parse((await call('POST', `/api/v1/contracts/${agreement.id}/revisions/0/restore`, { cookie })).json()).data;
    expect(restored).toMatchObject({ revision: 3, contractName: 'With Anna' });
    expect((await load(agreement.id, cookie)).categories).toEqual(agreement.document.categories);
    const after = RevisionListAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions`, { cookie })).json()).data;
    expect(after.revisions[0]).toMatchObject({
      revision: 3,
      kind: 'restore',
      change: { restoredRevision: 0, renamedTo: 'With Anna', counts: { renamed: 1 }, categories: ['Overcalls'] },
    });
    expect(describeChange('restore', after.revisions[0]!.change)).toBe('restored revision 0: renamed the agreement to "With Anna"; renamed 1 in Overcalls');
    // Nothing was deleted: revision 1 still reads back as it was.
    expect(
      RevisionAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions/1`, { cookie })).json()).data.document.categories,
    ).toEqual(doc.categories);
  });

  it('pages the history by the last revision shown (keyset), as the page number would, to the last page', async () => {
    const { agreement, cookie } = await owner();
    // 45 more versions, written as the history stores them (their documents are not read here).
    await database.db.execute(sql`
      insert into contract_revisions (contract_id, revision, kind, author_label)
      select ${agreement.id}::uuid, g, 'save', 'anna@example.org' from generate_series(1, 45) g`);
    await database.db.update(contracts).set({ revision: 45, keptRevisions: 46 }).where(eq(contracts.id, agreement.id));
    const list = async (query: string) =>
      RevisionListAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions?${query}`, { cookie })).json()).data;
    const first = await list('page=1');
    expect(first.total).toBe(46);
    expect(first.revisions.map((r) => r.revision)).toEqual(Array.from({ length: 20 }, (_, index) => 45 - index));
    const second = await list(`page=2&before=${first.revisions.at(-1)!.revision}`);
    expect(second.revisions.map((r) => r.revision)).toEqual((await list('page=2')).revisions.map((r) => r.revision));
    const last = await list(`page=3&before=${second.revisions.at(-1)!.revision}`);
    expect(last).toMatchObject({ page: 3, total: 46 });
    expect(last.revisions.map((r) => r.revision)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await call('GET', `/api/v1/contracts/${agreement.id}/revisions?before=0`, { cookie })).statusCode).toBe(400);
  });

  it('keeps a small edit as a small patch, not a copy of the document', async () => {
    const { agreement, cookie } = await owner();
    let doc = await load(agreement.id, cookie);
    for (let index = 0; index < 5; index++) {
      doc = toggleSubject(doc, doc.categories[index]!._id, doc.categories[index]!.subjects[0]!._id);
      const saved = SaveContractAnswerSchema.parse((await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie, payload: body(doc) })).json()).data;
      doc = { ...doc, revision: saved.revision };
    }
    const rows = await database.db.select().from(contractRevisions).where(eq(contractRevisions.contractId, agreement.id));
    const stored = rows.filter((row) => row.revision > 0 && row.revision < 5);
    expect(stored).toHaveLength(4);
    for (const row of stored) {
      expect(row.document).toBeNull();
      expect(JSON.stringify(row.patch).length).toBeLessThan(300);
    }
  });

  it('prunes revisions older than 90 days to one a day, and every kept one still reads back as it was', async () => {
    const { agreement, cookie } = await owner();
    let doc = await load(agreement.id, cookie);
    const documents: Contract[] = [doc];
    for (let index = 0; index < 6; index++) {
      doc = toggleSubject(doc, doc.categories[index]!._id, doc.categories[index]!.subjects[0]!._id);
      const saved = SaveContractAnswerSchema.parse((await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, { cookie, payload: body(doc) })).json()).data;
      doc = { ...doc, revision: saved.revision };
      documents.push(doc);
    }
    // Revisions 0-3 on one day 200 days ago, 4 on another old day; 5 and 6 recent.
    const old = (days: number, minutes: number) => new Date(Date.now() - days * 86_400_000 + minutes * 60_000);
    const dates = [old(200, 0), old(200, 1), old(200, 2), old(200, 3), old(150, 0), old(10, 0), old(0, 0)];
    for (const [revision, createdAt] of dates.entries()) {
      await database.db
        .update(contractRevisions)
        .set({ createdAt })
        .where(and(eq(contractRevisions.contractId, agreement.id), eq(contractRevisions.revision, revision)));
    }
    expect(await pruneAgreementHistory(database.db, agreement.id, new Date())).toBe(3);
    const kept = (
      await database.db.select({ revision: contractRevisions.revision }).from(contractRevisions).where(eq(contractRevisions.contractId, agreement.id))
    )
      .map((r) => r.revision)
      .sort();
    expect(kept).toEqual([3, 4, 5, 6]);
    // History's page count follows what is kept (contracts.kept_revisions), with no count of the rows.
    expect(RevisionListAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions`, { cookie })).json()).data.total).toBe(4);
    const [current] = await database.db
      .select({ revision: contracts.revision, document: contracts.document })
      .from(contracts)
      .where(eq(contracts.id, agreement.id));
    for (const revision of kept) {
      expect((await documentAtRevision(database.db, agreement.id, revision, current!))?.categories).toEqual(documents[revision]!.categories);
    }
  });
});
