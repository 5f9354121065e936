import { ContractAnswerSchema, ErrorEnvelopeSchema, PdfFileInfoAnswerSchema } from '@bpa/domain/api';
import type { Contract } from '@bpa/domain/contract';
import { renameSubject, toggleSubject } from '@bpa/domain/editing';
import {
  ChangesAnswerSchema,
  ChangesWaitingAnswerSchema,
  MARK_ITEM_NOT_FOUND_MESSAGE,
  MAX_CHANGES_VERSIONS,
  MAX_REPLIES_PER_ITEM,
  MarksAnswerSchema,
  RepliesAnswerSchema,
  THREAD_FULL_MESSAGE,
} from '@bpa/domain/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { readPdfText } from '../../test/read-pdf-text';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';
import { and, eq } from 'drizzle-orm';
import { contractRevisions } from '../../db/schema/contracts';
import { pruneAgreementHistory } from '../history/agreement-history';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  // Sharing sends an invitation: to a real SMTP server, not into the fixtures' outbox.
  smtp = await startTestSmtpServer();
  // The long-ago visit below takes more saves than a player makes in a minute.
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url, SAVES_PER_MINUTE: '1000' }) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** An owner and a partner (can edit) of one agreement, both signed in. */
async function partnership() {
  const owner = await createTestAccount(database.db);
  const partner: TestAccount = await createTestAccount(database.db, { role: 'partner' });
  const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Anna and Bob' });
  const ownerCookie = await signInAs(database.db, owner.id);
  const partnerCookie = await signInAs(database.db, partner.id);
  expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, ownerCookie, { email: partner.email, access: 'edit' })).statusCode).toBe(201);
  expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, partnerCookie)).statusCode).toBe(200);
  return { owner, partner, agreement, ownerCookie, partnerCookie };
}

/** The first subjects that can be changed (not locked, not placeholders), with their category. */
function editableSubjects(doc: Contract, count: number) {
  return doc.categories
    .flatMap((category) =>
      category.subjects.filter((s) => !s.isLocked && !s.subjectName.startsWith('button') && s.options.length >= 1).map((subject) => ({ category, subject })),
    )
    .slice(0, count);
}

async function load(id: string, cookie: string): Promise<Contract> {
  return ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${id}`, cookie)).json()).data;
}

async function save(doc: Contract, cookie: string): Promise<Contract> {
  const answer = await call('PATCH', `/api/v1/contracts/my/${doc._id}`, cookie, {
    contractName: doc.contractName,
    categories: doc.categories,
    revision: doc.revision,
  });
  expect(answer.statusCode).toBe(200);
  return { ...doc, revision: (answer.json() as { data: { revision: number } }).data.revision };
}

describe('changes since the last visit (docs/sharing.md §6)', () => {
  it("lists exactly the items the partner changed, with author; never one's own; the badge counts them; seen clears them", async () => {
    const { owner, agreement, ownerCookie, partnerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    // First visit: nothing to show, the visit is recorded.
    expect(ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data).toEqual({
      sinceRevision: null,
      currentRevision: 0,
      changes: [],
    });
    await call('POST', `${url}/seen`, partnerCookie, { revision: 0 });

    let doc = await load(agreement.id, ownerCookie);
    const [first, second, third, fourth] = editableSubjects(doc, 4);
    const [s1, s2, s3] = [first!.subject, second!.subject, third!.subject];
    doc = toggleSubject(doc, first!.category._id, s1._id);
    doc = renameSubject(doc, second!.category._id, s2._id, 'Weak jump overcalls');
    doc = await save(doc, ownerCookie);
    doc = await save(toggleSubject(doc, third!.category._id, s3._id), ownerCookie);

    // The partner changes one more item: not highlighted for the partner.
    let mine = await load(agreement.id, partnerCookie);
    mine = await save(toggleSubject(mine, fourth!.category._id, fourth!.subject._id), partnerCookie);

    const changes = ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data;
    expect(changes.sinceRevision).toBe(0);
    expect(changes.changes.map((c) => [c.itemId, c.kind, c.author])).toEqual([
      [s1._id, s1.isSelected ? 'unticked' : 'ticked', owner.email],
      [s2._id, 'renamed', owner.email],
      [s3._id, s3.isSelected ? 'unticked' : 'ticked', owner.email],
    ]);
    const waiting = ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', partnerCookie)).json()).data;
    expect(waiting).toEqual([{ _id: agreement.id, count: 3 }]);
    // The owner has no visit recorded, so no badge; their own changes never count.
    expect(ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', ownerCookie)).json()).data).toEqual([]);

    await call('POST', `${url}/seen`, partnerCookie, { revision: mine.revision });
    expect(ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data.changes).toEqual([]);
    expect(ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', partnerCookie)).json()).data).toEqual([]);
  });
});

describe('agreed / to discuss (docs/sharing.md §7-8)', () => {
  it("keeps both partners' marks; a change by the other reopens an agreed item; the discussion sheet prints the notes, the normal PDF and the link do not", async () => {
    const { agreement, ownerCookie, partnerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    let doc = await load(agreement.id, ownerCookie);
    const [{ category: overcalls, subject }] = editableSubjects(doc, 1) as [
      { category: Contract['categories'][number]; subject: Contract['categories'][number]['subjects'][number] },
    ];
    const option = subject; // marks belong to subjects and options alike

    await call('PUT', `${url}/marks/${option._id}`, partnerCookie, { status: 'discuss', note: 'Which suits after 1!h?' });
    const marks = MarksAnswerSchema.parse((await call('PUT', `${url}/marks/${option._id}`, ownerCookie, { status: 'agreed', note: '' })).json()).data;
    expect(marks.map((m) => [m.status, m.note, m.isMine])).toEqual([
      ['discuss', 'Which suits after 1!h?', false],
      ['agreed', '', true],
    ]);
    expect((await call('PUT', `${url}/marks/${option._id}`, ownerCookie, { status: 'agreed', note: 'x'.repeat(1001) })).statusCode).toBe(400);

    // The partner changes the item: the owner's "agreed" must be looked at again.
    const partnerDoc = await load(agreement.id, partnerCookie);
    await save(toggleSubject(partnerDoc, overcalls._id, subject._id), partnerCookie);
    const after = MarksAnswerSchema.parse((await call('GET', `${url}/marks`, ownerCookie)).json()).data;
    expect(after.map((m) => m.status)).toEqual(['discuss', 'discuss']);

    doc = await load(agreement.id, ownerCookie);
    const withSheet = await call('POST', '/api/v1/contracts/pdfCreator', ownerCookie, { contract: doc, discussionOf: agreement.id });
    const plain = await call('POST', '/api/v1/contracts/pdfCreator', ownerCookie, { contract: doc });
    const text = async (answer: { json(): unknown }) => {
      const info = PdfFileInfoAnswerSchema.parse(answer.json()).data;
      const file = await call('GET', `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, ownerCookie);
      return (await readPdfText(file.rawPayload)).join('\n');
    };
    const sheet = await text(withSheet);
    expect(sheet).toContain('To discuss');
    expect(sheet).toContain('Which suits after 1♥?');
    expect(await text(plain)).not.toContain('Which suits');

    const link = await call('POST', `/api/v1/contracts/my/${agreement.id}/link`, ownerCookie);
    const token = (link.json() as { data: { linkToken: string } }).data.linkToken;
    expect((await app.inject({ method: 'GET', url: `/api/v1/shared-links/${token}` })).body).not.toContain('Which suits');
  });

  it("refuses a mark on an id that is no subject or option of the agreement's current document (404); options can be marked; removing a missing mark is idempotent", async () => {
    const { agreement, ownerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    const doc = await load(agreement.id, ownerCookie);
    const [{ category, subject }] = editableSubjects(doc, 1) as [
      { category: Contract['categories'][number]; subject: Contract['categories'][number]['subjects'][number] },
    ];
    const option = subject.options[0]!;
    const refused = async (itemId: string) => {
      const answer = await call('PUT', `${url}/marks/${encodeURIComponent(itemId)}`, ownerCookie, { status: 'discuss', note: 'orphan' });
      expect(answer.statusCode).toBe(404);
      expect(ErrorEnvelopeSchema.parse(answer.json()).message).toBe(MARK_ITEM_NOT_FOUND_MESSAGE);
    };
    await refused('no-such-item');
    await refused(category._id); // a category is no subject or option
    await refused(`${subject._id}x`);

    expect((await call('PUT', `${url}/marks/${option._id}`, ownerCookie, { status: 'agreed', note: '' })).statusCode).toBe(200);
    const marks = MarksAnswerSchema.parse((await call('GET', `${url}/marks`, ownerCookie)).json()).data;
    expect(marks.map((m) => m.itemId)).toEqual([option._id]);

    // Once the subject is gone from the document, its id can no longer be marked.
    const removed = {
      ...doc,
      categories: doc.categories.map((c) => (c._id === category._id ? { ...c, subjects: c.subjects.filter((s) => s._id !== subject._id) } : c)),
    };
    await save(removed, ownerCookie);
    await refused(subject._id);
    await refused(option._id);
    expect((await call('DELETE', `${url}/marks/no-such-item`, ownerCookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/marks/${option._id}`, ownerCookie)).statusCode).toBe(200);
    expect(MarksAnswerSchema.parse((await call('GET', `${url}/marks`, ownerCookie)).json()).data).toEqual([]);
  });
});

describe('replies under an item to discuss (docs/sharing.md §7)', () => {
  it('lets each partner reply, edit and remove only their own replies, and prints the thread on the discussion sheet', async () => {
    const { agreement, ownerCookie, partnerCookie, partner } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const { subject } = editableSubjects(doc, 1)[0]!;
    const base = `/api/v1/contracts/${agreement.id}`;
    expect((await call('PUT', `${base}/marks/${subject._id}`, partnerCookie, { status: 'discuss', note: 'which suits?' })).statusCode).toBe(200);

    const first = await call('POST', `${base}/marks/${subject._id}/replies`, partnerCookie, { text: '  Both majors, 5-5  ' });
    expect(first.statusCode, first.body).toBe(200);
    const answer = await call('POST', `${base}/marks/${subject._id}/replies`, ownerCookie, { text: 'Agreed if not vulnerable' });
    const thread = RepliesAnswerSchema.parse(answer.json()).data;
    expect(thread.map((reply) => [reply.text, reply.isMine])).toEqual([
      ['Both majors, 5-5', false],
      ['Agreed if not vulnerable', true],
    ]);
    expect(thread[0]!.author).toBe(partner.email);

    // Only the author changes or removes a reply.
    const partnersReply = thread[0]!.id;
    expect((await call('PATCH', `${base}/replies/${partnersReply}`, ownerCookie, { text: 'hijacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/replies/${partnersReply}`, ownerCookie)).statusCode).toBe(404);
    const edited = RepliesAnswerSchema.parse(
      (await call('PATCH', `${base}/replies/${partnersReply}`, partnerCookie, { text: 'Both majors, 5-4 or better' })).json(),
    ).data;
    expect(edited[0]).toMatchObject({ text: 'Both majors, 5-4 or better', isMine: true });
    expect(Date.parse(edited[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(edited[0]!.createdAt));

    // The discussion sheet prints the mark, then the replies.
    const pdf = await call('POST', '/api/v1/contracts/pdfCreator', ownerCookie, { contract: doc, discussionOf: agreement.id });
    const info = PdfFileInfoAnswerSchema.parse(pdf.json()).data;
    const file = await call('GET', `/api/v1/contracts/pdfviewer/${info.pathName}/${info.fileName}`, ownerCookie);
    const text = (await readPdfText(file.rawPayload)).join(' ');
    expect(text).toContain('replied: Both majors, 5-4 or better');
    expect(text).toContain('replied: Agreed if not vulnerable');

    expect((await call('DELETE', `${base}/replies/${partnersReply}`, partnerCookie)).statusCode).toBe(200);
    expect(RepliesAnswerSchema.parse((await call('GET', `${base}/replies`, partnerCookie)).json()).data.map((reply) => reply.text)).toEqual([
      'Agreed if not vulnerable',
    ]);
  });

  it('refuses an empty or too long reply, a reply on an item that is not in the agreement, and a stranger', async () => {
    const { agreement, ownerCookie } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const { subject } = editableSubjects(doc, 1)[0]!;
    const base = `/api/v1/contracts/${agreement.id}`;
    expect((await call('POST', `${base}/marks/${subject._id}/replies`, ownerCookie, { text: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `${base}/marks/${subject._id}/replies`, ownerCookie, { text: 'x'.repeat(1001) })).statusCode).toBe(400);
    const missing = await call('POST', `${base}/marks/no-such-item/replies`, ownerCookie, { text: 'hello' });
    expect(missing.statusCode).toBe(404);
    expect(ErrorEnvelopeSchema.parse(missing.json()).message).toBe(MARK_ITEM_NOT_FOUND_MESSAGE);
    const stranger = await signInAs(database.db, (await createTestAccount(database.db)).id);
    expect((await call('GET', `${base}/replies`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `${base}/marks/${subject._id}/replies`, stranger, { text: 'hello' })).statusCode).toBe(404);
  });

  it(`holds at most ${MAX_REPLIES_PER_ITEM} replies a thread`, async () => {
    const { agreement, ownerCookie } = await partnership();
    const doc = await load(agreement.id, ownerCookie);
    const { subject } = editableSubjects(doc, 1)[0]!;
    const url = `/api/v1/contracts/${agreement.id}/marks/${subject._id}/replies`;
    for (let index = 0; index < MAX_REPLIES_PER_ITEM; index++) expect((await call('POST', url, ownerCookie, { text: `reply ${index}` })).statusCode).toBe(200);
    const full = await call('POST', url, ownerCookie, { text: 'one more' });
    expect(full.statusCode).toBe(409);
    expect(ErrorEnvelopeSchema.parse(full.json()).message).toBe(THREAD_FULL_MESSAGE);
  });
});

describe('changes since a visit long ago (docs/sharing.md §6)', () => {
  /** A partner who saw revision 0, then one early change and `saves` changes of another item by the owner. */
  async function longAgo(saves: number) {
    const { agreement, ownerCookie, partnerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    await call('POST', `${url}/seen`, partnerCookie, { revision: 0 });
    let doc = await load(agreement.id, ownerCookie);
    const [early, late] = editableSubjects(doc, 2);
    doc = await save(toggleSubject(doc, early!.category._id, early!.subject._id), ownerCookie);
    for (let index = 0; index < saves; index++) doc = await save(toggleSubject(doc, late!.category._id, late!.subject._id), ownerCookie);
    const changes = async () => ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data;
    return { agreement, early: early!.subject, late: late!.subject, changes, partnerCookie };
  }

  it('reads every version however far behind, from the items each version recorded', async () => {
    const saves = MAX_CHANGES_VERSIONS + 20;
    const { agreement, early, late, changes, partnerCookie } = await longAgo(saves);
    const recorded = await database.db
      .select({ revision: contractRevisions.revision, items: contractRevisions.items })
      .from(contractRevisions)
      .where(eq(contractRevisions.contractId, agreement.id));
    // Each save's single statement recorded the one item it changed.
    for (const row of recorded.filter((r) => r.revision > 0)) expect(row.items?.map((item) => item.itemId)).toHaveLength(1);
    const answer = await changes();
    expect(answer.sinceRevision).toBe(0);
    expect(answer.currentRevision).toBe(saves + 1);
    expect(answer.olderVersions).toBeUndefined();
    expect(answer.changes.map((change) => change.itemId)).toEqual([early._id, late._id]);
    expect(ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', partnerCookie)).json()).data).toEqual([
      { _id: agreement.id, count: 2 },
    ]);
  });

  it(`replays versions stored before versions recorded their items, only the newest ${MAX_CHANGES_VERSIONS} of them, and says how many older ones History holds`, async () => {
    const saves = MAX_CHANGES_VERSIONS + 20;
    const { agreement, late, changes, partnerCookie } = await longAgo(saves);
    // As stored before migration 0019: no recorded items.
    await database.db.update(contractRevisions).set({ items: null }).where(eq(contractRevisions.contractId, agreement.id));
    const answer = await changes();
    expect(answer.sinceRevision).toBe(0);
    expect(answer.currentRevision).toBe(saves + 1);
    expect(answer.olderVersions).toBe(saves + 1 - MAX_CHANGES_VERSIONS);
    expect(answer.changes.map((change) => change.itemId)).toEqual([late._id]);
    expect(ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', partnerCookie)).json()).data).toEqual([
      { _id: agreement.id, count: 1 },
    ]);
  });

  it("joins replayed older versions with recorded newer ones: the newest change of an item wins, and one's own newest change hides it", async () => {
    const { agreement, ownerCookie, partnerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    await call('POST', `${url}/seen`, partnerCookie, { revision: 0 });
    let doc = await load(agreement.id, ownerCookie);
    const [a, b, c] = editableSubjects(doc, 3);
    doc = toggleSubject(doc, a!.category._id, a!.subject._id);
    doc = await save(toggleSubject(doc, b!.category._id, b!.subject._id), ownerCookie);
    // Revision 1 as stored before migration 0019.
    await database.db
      .update(contractRevisions)
      .set({ items: null })
      .where(and(eq(contractRevisions.contractId, agreement.id), eq(contractRevisions.revision, 1)));
    // Then the partner changes a back, and the owner renames b and ticks c.
    const mine = await load(agreement.id, partnerCookie);
    await save(toggleSubject(mine, a!.category._id, a!.subject._id), partnerCookie);
    doc = await load(agreement.id, ownerCookie);
    doc = renameSubject(doc, b!.category._id, b!.subject._id, 'Weak jump overcalls');
    await save(toggleSubject(doc, c!.category._id, c!.subject._id), ownerCookie);
    const answer = ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data;
    expect(answer.changes.map((change) => [change.itemId, change.kind])).toEqual([
      [b!.subject._id, 'renamed'],
      [c!.subject._id, c!.subject.isSelected ? 'unticked' : 'ticked'],
    ]);
    expect(ChangesWaitingAnswerSchema.parse((await call('GET', '/api/v1/contracts/changes-waiting', partnerCookie)).json()).data).toEqual([
      { _id: agreement.id, count: 2 },
    ]);
  });

  it('still shows what a pruned version changed, under the next kept version', async () => {
    const { agreement, ownerCookie, partnerCookie } = await partnership();
    const url = `/api/v1/contracts/${agreement.id}`;
    await call('POST', `${url}/seen`, partnerCookie, { revision: 0 });
    let doc = await load(agreement.id, ownerCookie);
    const subjects = editableSubjects(doc, 3);
    for (const { category, subject } of subjects) doc = await save(toggleSubject(doc, category._id, subject._id), ownerCookie);
    // Revision 0 alone on an old day; 1-3 on another: 1 and 2 are pruned, 3 is kept.
    const old = (days: number, minutes: number) => new Date(Date.now() - days * 86_400_000 + minutes * 60_000);
    for (const [revision, createdAt] of [old(200, 0), old(150, 0), old(150, 1), old(150, 2)].entries()) {
      await database.db
        .update(contractRevisions)
        .set({ createdAt })
        .where(and(eq(contractRevisions.contractId, agreement.id), eq(contractRevisions.revision, revision)));
    }
    expect(await pruneAgreementHistory(database.db, agreement.id, new Date())).toBe(2);
    const answer = ChangesAnswerSchema.parse((await call('GET', `${url}/changes`, partnerCookie)).json()).data;
    expect(answer.changes.map((change) => change.itemId).sort()).toEqual(subjects.map(({ subject }) => subject._id).sort());
  });
});
