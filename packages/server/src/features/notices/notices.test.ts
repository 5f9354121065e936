/**
 * Email notices of an agreement (docs/sharing.md §12; ADR 198), through a real SMTP server: the
 * notice of marks and replies to discuss, the daily digest (at most one a day), the per-agreement
 * setting, and the unsubscribe links, from the page and by one click (RFC 8058).
 */
import { NoticeSettingsAnswerSchema, UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE, UnsubscribeAnswerSchema } from '@bpa/domain/api-notices';
import { ContractAnswerSchema } from '@bpa/domain/api';
import type { Contract } from '@bpa/domain/contract';
import { toggleSubject } from '@bpa/domain/editing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type ReceivedEmail, type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';
import type { AccountMail } from '../users/account-mail';
import { createMailer } from '../../mail/mailer';
import { sendDigests, sendDiscussionNotices } from './send-notices';

const PUBLIC_URL = 'https://bridge.example.org';
const HOUR_MS = 60 * 60 * 1000;

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
let mail: AccountMail;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }) });
  await app.ready();
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  mail = { mailer: createMailer({ smtpUrl: smtp.url, from: 'BPA <no-reply@bridge.example.org>', outboxDir: '/nonexistent', logger }), publicUrl: PUBLIC_URL };
});
afterAll(async () => {
  await mail?.mailer.close();
  await app?.close();
  await smtp?.close();
  await database?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string | undefined, payload?: object) {
  return app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

/** An owner and a partner (can edit) of one agreement, both signed in, with names partners see. */
async function partnership() {
  const owner = await createTestAccount(database.db);
  const partner: TestAccount = await createTestAccount(database.db, { role: 'partner' });
  const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Anna and Bob' });
  const ownerCookie = await signInAs(database.db, owner.id);
  const partnerCookie = await signInAs(database.db, partner.id);
  expect((await call('PATCH', '/api/v1/users/me/name', ownerCookie, { userName: 'Anna' })).statusCode).toBe(200);
  expect((await call('PATCH', '/api/v1/users/me/name', partnerCookie, { userName: 'Bob' })).statusCode).toBe(200);
  expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, ownerCookie, { email: partner.email, access: 'edit' })).statusCode).toBe(201);
  expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, partnerCookie)).statusCode).toBe(200);
  return { owner, partner, agreement, ownerCookie, partnerCookie };
}

/** The messages to `to` received after `since`. */
const mailTo = (to: string, since: number): ReceivedEmail[] => smtp.received.slice(since).filter((m) => m.rcptTo.includes(to));

/** The unsubscribe page's token and kind in a notice's text. */
function unsubscribeLink(email: ReceivedEmail): { token: string; kind: string } {
  const match = /\/unsubscribe\/([A-Za-z0-9_-]{43})\?kind=(digest|discussion)/.exec(email.text ?? '');
  if (!match) throw new Error(`no unsubscribe link in ${email.text}`);
  return { token: match[1]!, kind: match[2]! };
}

async function load(id: string, cookie: string): Promise<Contract> {
  return ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${id}`, cookie)).json()).data;
}

/** Loads the agreement, ticks or unticks one subject, and saves it. */
async function saveToggled(id: string, cookie: string, item: { category: { _id: string }; subject: { _id: string } }): Promise<void> {
  const changed = toggleSubject(await load(id, cookie), item.category._id, item.subject._id);
  const saved = await call('PATCH', `/api/v1/contracts/my/${id}`, cookie, {
    contractName: changed.contractName,
    categories: changed.categories,
    revision: changed.revision,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('notices of marks and replies to discuss', () => {
  it('tells the other member, not the author, once, with the item, the note and an unsubscribe link that works', async () => {
    const { owner, partner, agreement, ownerCookie, partnerCookie } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const subject = doc.categories.flatMap((c) => c.subjects).find((s) => !s.isLocked && !s.subjectName.startsWith('button') && s.options.length > 0)!;
    expect(
      (await call('PUT', `/api/v1/contracts/${agreement.id}/marks/${subject._id}`, partnerCookie, { status: 'discuss', note: 'Is it 15-17 <b>here</b>?' }))
        .statusCode,
    ).toBe(200);
    const since = smtp.received.length;
    expect(await sendDiscussionNotices(database.db, mail, new Date())).toBe(1);
    const [notice] = mailTo(owner.email, since);
    expect(mailTo(partner.email, since)).toEqual([]);
    expect(notice!.subject).toBe('To discuss in "Anna and Bob"');
    expect(notice!.text).toContain(`Bob marked "${subject.subjectName}" to discuss: "Is it 15-17 <b>here</b>?"`);
    expect(notice!.html).toContain('Is it 15-17 &lt;b&gt;here&lt;/b&gt;?');
    expect(notice!.headers['list-unsubscribe']).toMatch(/^<https:\/\/bridge\.example\.org\/api\/v1\/notices\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(notice!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Nothing new: nothing sent. A reply by the owner goes to the partner only.
    expect(await sendDiscussionNotices(database.db, mail, new Date())).toBe(0);
    expect((await call('POST', `/api/v1/contracts/${agreement.id}/marks/${subject._id}/replies`, ownerCookie, { text: 'Yes, 15-17.' })).statusCode).toBe(200);
    const beforeReply = smtp.received.length;
    expect(await sendDiscussionNotices(database.db, mail, new Date())).toBe(1);
    expect(mailTo(partner.email, beforeReply)[0]!.text).toContain(`Anna replied on "${subject.subjectName}": "Yes, 15-17."`);

    // The page's link turns the owner's discussion notices off, and only those.
    const { token, kind } = unsubscribeLink(notice!);
    expect(kind).toBe('discussion');
    const off = await call('POST', '/api/v1/notices/unsubscribe', undefined, { token, kind });
    expect(off.statusCode, off.body).toBe(200);
    expect(UnsubscribeAnswerSchema.parse(off.json()).data).toEqual({ contractName: 'Anna and Bob', settings: { digest: true, discussion: false } });
    expect(NoticeSettingsAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/notices`, ownerCookie)).json()).data).toEqual({
      digest: true,
      discussion: false,
    });
    expect((await call('PUT', `/api/v1/contracts/${agreement.id}/marks/${subject._id}`, partnerCookie, { status: 'discuss', note: 'Still?' })).statusCode).toBe(
      200,
    );
    const afterOff = smtp.received.length;
    await sendDiscussionNotices(database.db, mail, new Date());
    expect(mailTo(owner.email, afterOff)).toEqual([]);
  });

  it('the one-click POST of a mail client turns both notices off; a made-up token is 404; a token is refused when malformed', async () => {
    const { owner, agreement, ownerCookie, partnerCookie } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const subject = doc.categories.flatMap((c) => c.subjects).find((s) => !s.isLocked && !s.subjectName.startsWith('button') && s.options.length > 0)!;
    await call('PUT', `/api/v1/contracts/${agreement.id}/marks/${subject._id}`, partnerCookie, { status: 'discuss' });
    const since = smtp.received.length;
    await sendDiscussionNotices(database.db, mail, new Date());
    const header = mailTo(owner.email, since)[0]!.headers['list-unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    const oneClick = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(UnsubscribeAnswerSchema.parse(oneClick.json()).data.settings).toEqual({ digest: false, discussion: false });
    const madeUp = await call('POST', '/api/v1/notices/unsubscribe', undefined, { token: 'A'.repeat(43), kind: 'all' });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE });
    expect((await call('POST', '/api/v1/notices/unsubscribe', undefined, { token: '../etc', kind: 'all' })).statusCode).toBe(400);
  });

  it('ends with the partnership: a removed partner gets no notice and their link no longer matches', async () => {
    const { partner, agreement, ownerCookie } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const subject = doc.categories.flatMap((c) => c.subjects).find((s) => !s.isLocked && !s.subjectName.startsWith('button') && s.options.length > 0)!;
    await call('PUT', `/api/v1/contracts/${agreement.id}/marks/${subject._id}`, ownerCookie, { status: 'discuss' });
    const since = smtp.received.length;
    await sendDiscussionNotices(database.db, mail, new Date());
    const { token } = unsubscribeLink(mailTo(partner.email, since)[0]!);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/contracts/my/${agreement.id}/shares/${partner.id}`, headers: { cookie: ownerCookie } })).statusCode,
    ).toBe(200);
    await call('PUT', `/api/v1/contracts/${agreement.id}/marks/${subject._id}`, ownerCookie, { status: 'discuss', note: 'again' });
    const afterRemoval = smtp.received.length;
    await sendDiscussionNotices(database.db, mail, new Date());
    expect(mailTo(partner.email, afterRemoval)).toEqual([]);
    expect((await call('POST', '/api/v1/notices/unsubscribe', undefined, { token, kind: 'all' })).statusCode).toBe(404);
  });
});

describe('the daily digest', () => {
  it("counts a partner's changes per category, never one's own, at most once a day, and not when turned off", async () => {
    const { owner, partner, agreement, ownerCookie, partnerCookie } = await partnership();
    // The partner's last visit is revision 0: what the owner saves after it is theirs to see.
    await call('POST', `/api/v1/contracts/${agreement.id}/seen`, partnerCookie, { revision: 0 });
    await call('POST', `/api/v1/contracts/${agreement.id}/seen`, ownerCookie, { revision: 0 });
    let doc = await load(agreement.id, ownerCookie);
    const editable = doc.categories.flatMap((category) =>
      category.subjects.filter((s) => !s.isLocked && !s.subjectName.startsWith('button') && s.options.length > 0).map((subject) => ({ category, subject })),
    );
    const [a, b] = [editable[0]!, editable[1]!];
    doc = toggleSubject(toggleSubject(doc, a.category._id, a.subject._id), b.category._id, b.subject._id);
    const saved = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, ownerCookie, {
      contractName: doc.contractName,
      categories: doc.categories,
      revision: doc.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const now = new Date();
    const since = smtp.received.length;
    await sendDigests(database.db, mail, now);
    const digests = mailTo(partner.email, since);
    expect(digests).toHaveLength(1);
    expect(mailTo(owner.email, since)).toEqual([]);
    const categoryCounts = new Map<string, number>();
    for (const { category } of [a, b]) categoryCounts.set(category.categoryName, (categoryCounts.get(category.categoryName) ?? 0) + 1);
    const expected = [...categoryCounts].map(([name, n]) => `${name} ${n}`).join(', ');
    expect(digests[0]!.subject).toBe('2 changes by partners to "Anna and Bob"');
    expect(digests[0]!.text).toContain(`"Anna and Bob", by Anna: ${expected}.`);
    expect(digests[0]!.text).toContain(`${PUBLIC_URL}/my/home`);
    expect(unsubscribeLink(digests[0]!).kind).toBe('digest');

    // More changes within the day: no second digest until a day has passed.
    await saveToggled(agreement.id, ownerCookie, editable[2]!);
    const withinDay = smtp.received.length;
    await sendDigests(database.db, mail, new Date(now.getTime() + 23 * HOUR_MS));
    expect(mailTo(partner.email, withinDay)).toEqual([]);
    // The next day's digest has only what came after the first.
    await sendDigests(database.db, mail, new Date(now.getTime() + 25 * HOUR_MS));
    const second = mailTo(partner.email, withinDay);
    expect(second).toHaveLength(1);
    expect(second[0]!.subject).toBe('1 change by partners to "Anna and Bob"');

    // Turned off in the agreement's setting: no digest.
    expect((await call('PUT', `/api/v1/contracts/${agreement.id}/notices`, partnerCookie, { digest: false, discussion: true })).statusCode).toBe(200);
    await saveToggled(agreement.id, ownerCookie, editable[3]!);
    const whenOff = smtp.received.length;
    await sendDigests(database.db, mail, new Date(now.getTime() + 50 * HOUR_MS));
    expect(mailTo(partner.email, whenOff)).toEqual([]);
  });

  it('the settings routes need a session and access to the agreement', async () => {
    const { agreement } = await partnership();
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    expect((await call('GET', `/api/v1/contracts/${agreement.id}/notices`, undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/contracts/${agreement.id}/notices`, stranger)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/contracts/${agreement.id}/notices`, stranger, { digest: false, discussion: false })).statusCode).toBe(404);
  });
});
