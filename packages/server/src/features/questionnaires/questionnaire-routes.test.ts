/**
 * "Do we agree?" through the API (docs/questionnaire.md; ADR 200): answers stay hidden from
 * partners, the owner, administrators and administrators acting for someone until the reveal; the
 * reveal compares them; adopting an answer is a save in History; a removed partner's answers stay
 * but their access ends; the deadline reveals what was handed in.
 */
import { ContractAnswerSchema, ErrorEnvelopeSchema } from '@bpa/domain/api';
import type { Contract } from '@bpa/domain/contract';
import { MarksAnswerSchema, RevisionListAnswerSchema } from '@bpa/domain/history';
import {
  ANSWERS_CLOSED_MESSAGE,
  IMPERSONATOR_ANSWERS_MESSAGE,
  MAX_QUESTIONNAIRES_PER_AGREEMENT,
  type AnswerInput,
  NO_QUESTIONS_MESSAGE,
  type QuestionnaireDetail,
  QuestionnaireAnswerSchema,
  QuestionnaireListAnswerSchema,
  UNKNOWN_OPTION_MESSAGE,
} from '@bpa/domain/questionnaire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';
import { questionnaires } from '../../db/schema/questionnaires';
import { eq } from 'drizzle-orm';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
/** The app's clock: one test moves it past a deadline, then back. */
const START = new Date();
let clock = START;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url }), now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** An owner and two partners (one can edit, one can view) of one agreement, all signed in. */
async function partnership() {
  const owner = await createTestAccount(database.db);
  const editor: TestAccount = await createTestAccount(database.db, { role: 'partner' });
  const viewer: TestAccount = await createTestAccount(database.db, { role: 'partner' });
  const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Anna and Bob' });
  const cookies = {
    owner: await signInAs(database.db, owner.id, { now: clock }),
    editor: await signInAs(database.db, editor.id, { now: clock }),
    viewer: await signInAs(database.db, viewer.id, { now: clock }),
  };
  for (const [partner, access, cookie] of [
    [editor, 'edit', cookies.editor],
    [viewer, 'view', cookies.viewer],
  ] as const) {
    expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, cookies.owner, { email: partner.email, access })).statusCode).toBe(201);
    expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, cookie)).statusCode).toBe(200);
  }
  const url = `/api/v1/contracts/${agreement.id}/questionnaires`;
  return { owner, editor, viewer, agreement, cookies, url };
}

async function load(id: string, cookie: string): Promise<Contract> {
  return ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${id}`, cookie)).json()).data;
}

function detailOf(answer: { statusCode: number; json(): unknown; body: string }): QuestionnaireDetail {
  expect(answer.statusCode, answer.body).toBe(200);
  return QuestionnaireAnswerSchema.parse(answer.json()).data;
}

/** A choice naming the first `count` options of a question. */
function choose(detail: QuestionnaireDetail, index: number, count: number, note = ''): AnswerInput {
  return { kind: 'choice', ticked: true, optionIds: detail.questions[index]!.options.slice(0, count).map((o) => o.id), note };
}

describe('a blind questionnaire', () => {
  it('asks every member by email, keeps each answer from everyone else until all have submitted, then reveals and compares them', async () => {
    const { owner, editor, viewer, agreement, cookies, url } = await partnership();
    const admin = await createTestAccount(database.db, { role: 'admin' });
    const adminCookie = await signInAs(database.db, admin.id, { now: clock });
    const before = smtp.received.length;

    const started = detailOf(await call('POST', url, cookies.owner, { set: { kind: 'all' }, deadlineDays: 3 }));
    expect(started.participants.map((p) => [p.userId, p.submitted])).toEqual([
      [owner.id, false],
      [editor.id, false],
      [viewer.id, false],
    ]);
    expect(started.reveal).toBeNull();
    expect(started.questions.length).toBeGreaterThan(3);
    expect(started.deadline).toBe(new Date(clock.getTime() + 3 * 86_400_000).toISOString());
    // Both partners are asked by email, with the link to the answering page; the owner who started is not.
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.rcptTo[0]).sort()).toEqual([editor.email, viewer.email].sort());
    expect(mails[0]!.text).toContain(`/my/agree?id=${agreement.id}&questionnaire=${started.id}`);

    const one = `${url}/${started.id}`;
    const secret = 'OWNER-SECRET-NOTE';
    const ownerAnswers = { [started.questions[0]!.subjectId]: choose(started, 0, 1, secret), [started.questions[1]!.subjectId]: choose(started, 1, 1) };
    detailOf(await call('PUT', `${one}/answers`, cookies.owner, { answers: ownerAnswers, submit: true }));

    // Before the reveal nobody reads anyone else's answers: not a partner, not the owner's own view
    // of others, not an administrator (no access at all), not an administrator acting for a partner.
    const editorView = await call('GET', one, cookies.editor);
    expect(detailOf(editorView).reveal).toBeNull();
    expect(editorView.body).not.toContain(secret);
    expect(detailOf(editorView).myAnswers).toEqual({});
    expect(detailOf(editorView).participants.find((p) => p.userId === owner.id)?.submitted).toBe(true);
    expect((await call('GET', url, cookies.viewer)).body).not.toContain(secret);
    expect((await call('GET', one, adminCookie)).statusCode).toBe(404);
    const actingForEditor = await signInAs(database.db, editor.id, { now: clock, impersonatorUserId: admin.id });
    const impersonated = await call('GET', one, actingForEditor);
    expect(impersonated.statusCode).toBe(403);
    expect(ErrorEnvelopeSchema.parse(impersonated.json()).message).toBe(IMPERSONATOR_ANSWERS_MESSAGE);
    expect((await call('PUT', `${one}/answers`, actingForEditor, { answers: {}, submit: true })).statusCode).toBe(403);
    // Handed in: no change after.
    const again = await call('PUT', `${one}/answers`, cookies.owner, { answers: {}, submit: true });
    expect(again.statusCode).toBe(409);
    expect(ErrorEnvelopeSchema.parse(again.json()).message).toBe(ANSWERS_CLOSED_MESSAGE);

    // The editor agrees on the first question and chooses otherwise on the second; a draft first.
    const editorAnswers = { [started.questions[0]!.subjectId]: choose(started, 0, 1), [started.questions[1]!.subjectId]: choose(started, 1, 2) };
    expect(detailOf(await call('PUT', `${one}/answers`, cookies.editor, { answers: editorAnswers, submit: false })).myAnswers).toEqual(
      expect.objectContaining({ [started.questions[0]!.subjectId]: expect.objectContaining({ kind: 'choice' }) }),
    );
    expect(detailOf(await call('GET', one, cookies.owner)).reveal).toBeNull();
    detailOf(await call('PUT', `${one}/answers`, cookies.editor, { answers: editorAnswers, submit: true }));
    expect(detailOf(await call('GET', one, cookies.owner)).reveal).toBeNull();
    // The viewer is not sure of the second question: the last one awaited, so the answers are revealed to all.
    const revealed = detailOf(
      await call('PUT', `${one}/answers`, cookies.viewer, {
        answers: { [started.questions[0]!.subjectId]: choose(started, 0, 1), [started.questions[1]!.subjectId]: { kind: 'notSure', note: '' } },
        submit: true,
      }),
    );
    expect(revealed.isRevealed).toBe(true);
    const reveal = revealed.reveal!;
    expect(reveal).toHaveLength(started.questions.length);
    // Disagreements first; the first question agreed by all three.
    expect(reveal[0]!.question.subjectId).toBe(started.questions[1]!.subjectId);
    expect(reveal[0]!.outcome).toBe('disagree');
    const first = reveal.find((entry) => entry.question.subjectId === started.questions[0]!.subjectId)!;
    expect(first.outcome === 'agree' || first.outcome === 'cardDiffers').toBe(true);
    expect(first.answers.map((a) => a.answer?.kind)).toEqual(['choice', 'choice', 'choice']);
    expect(first.answers[0]!.answer!.note).toBe(secret);
    // Questions nobody answered were not discussed.
    const asked = new Set([started.questions[0]!.subjectId, started.questions[1]!.subjectId]);
    expect(reveal.filter((entry) => !asked.has(entry.question.subjectId)).every((entry) => entry.outcome === 'notDiscussed')).toBe(true);
    // Harmony: 1 question answered alike out of all, kept in the list for the trend.
    expect(revealed.harmony!.overall).toBeCloseTo(1 / started.questions.length);
    const listed = QuestionnaireListAnswerSchema.parse((await call('GET', url, cookies.editor)).json()).data;
    expect(listed[0]!.harmony).toEqual(revealed.harmony);
    // The disagreement became a "to discuss" mark by the starter, carrying every answer.
    const marks = MarksAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/marks`, cookies.viewer)).json()).data;
    const mark = marks.find((m) => m.itemId === started.questions[1]!.subjectId)!;
    expect(mark).toMatchObject({ userId: owner.id, status: 'discuss' });
    expect(mark.note).toContain('Not sure');
    // After the reveal an administrator acting for the editor may read it, as the editor can.
    expect(detailOf(await call('GET', one, actingForEditor)).reveal).toHaveLength(started.questions.length);
  });

  it("adopting a partner's answer is a save in History; a viewer may not; the card then agrees", async () => {
    const { editor, agreement, cookies, url } = await partnership();
    const started = detailOf(await call('POST', url, cookies.editor, { set: { kind: 'all' } }));
    const subjectId = started.questions[0]!.subjectId;
    const pick = choose(started, 0, 2);
    const one = `${url}/${started.id}`;
    for (const cookie of [cookies.editor, cookies.owner, cookies.viewer]) {
      detailOf(
        await call('PUT', `${one}/answers`, cookie, { answers: { [subjectId]: cookie === cookies.editor ? pick : choose(started, 0, 1) }, submit: true }),
      );
    }
    const revision = (await load(agreement.id, cookies.owner)).revision;
    expect((await call('POST', `${one}/adopt`, cookies.viewer, { subjectId, fromUserId: editor.id })).statusCode).toBe(403);
    const adopted = detailOf(await call('POST', `${one}/adopt`, cookies.owner, { subjectId, fromUserId: editor.id }));
    const after = await load(agreement.id, cookies.owner);
    expect(after.revision).toBe(revision + 1);
    const subject = after.categories.flatMap((c) => c.subjects).find((s) => s._id === subjectId)!;
    expect(subject.options.filter((o) => o.isSelected).map((o) => o._id)).toEqual((pick as { optionIds: string[] }).optionIds);
    // The card now says what the editor answered.
    expect(adopted.reveal!.find((entry) => entry.question.subjectId === subjectId)!.card!.optionIds.sort()).toEqual(
      [...(pick as { optionIds: string[] }).optionIds].sort(),
    );
    const history = RevisionListAnswerSchema.parse((await call('GET', `/api/v1/contracts/${agreement.id}/revisions`, cookies.owner)).json()).data;
    expect(history.revisions[0]!.author).toMatch(/reconciled with /);
  });

  it('checks answers against the questions, and refuses a set without questions', async () => {
    const { cookies, url } = await partnership();
    const started = detailOf(await call('POST', url, cookies.owner, { set: { kind: 'all' } }));
    const one = `${url}/${started.id}`;
    const subjectId = started.questions[0]!.subjectId;
    const badOption = await call('PUT', `${one}/answers`, cookies.owner, {
      answers: { [subjectId]: { kind: 'choice', ticked: true, optionIds: ['not-an-option'] } },
      submit: false,
    });
    expect(badOption.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(badOption.json()).message).toBe(UNKNOWN_OPTION_MESSAGE);
    expect((await call('PUT', `${one}/answers`, cookies.owner, { answers: { 'no-such-subject': { kind: 'notSure' } }, submit: false })).statusCode).toBe(400);
    const none = await call('POST', url, cookies.owner, { set: { kind: 'toDiscuss' } });
    expect(none.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(none.json()).message).toBe(NO_QUESTIONS_MESSAGE);
    expect((await call('GET', `${url}/not-a-uuid`, cookies.owner)).statusCode).toBe(404);
  });

  it('keeps the newest questionnaires of an agreement, the oldest going first', async () => {
    const { owner, agreement, cookies, url } = await partnership();
    const started = detailOf(await call('POST', url, cookies.owner, { set: { kind: 'all' } }));
    const [row] = await database.db.select().from(questionnaires).where(eq(questionnaires.id, started.id));
    const older = Array.from({ length: MAX_QUESTIONNAIRES_PER_AGREEMENT }, (_, index) => ({
      ...row!,
      id: undefined,
      startedBy: owner.id,
      startedAt: new Date(clock.getTime() - (index + 1) * 60_000),
    }));
    await database.db.insert(questionnaires).values(older.map(({ id: _id, ...values }) => values));
    const newest = detailOf(await call('POST', url, cookies.owner, { set: { kind: 'all' } }));
    const kept = await database.db
      .select({ id: questionnaires.id, startedAt: questionnaires.startedAt })
      .from(questionnaires)
      .where(eq(questionnaires.contractId, agreement.id));
    expect(kept).toHaveLength(MAX_QUESTIONNAIRES_PER_AGREEMENT);
    expect(kept.map((q) => q.id)).toEqual(expect.arrayContaining([newest.id, started.id]));
    // The two oldest went.
    const oldestKept = Math.min(...kept.map((q) => q.startedAt.getTime()));
    expect(oldestKept).toBe(clock.getTime() - (MAX_QUESTIONNAIRES_PER_AGREEMENT - 2) * 60_000);
  });

  it("keeps a removed partner's answers but ends their access; the deadline reveals what was handed in", async () => {
    const { owner, viewer, agreement, cookies, url } = await partnership();
    const started = detailOf(await call('POST', url, cookies.owner, { set: { kind: 'all' }, deadlineDays: 1 }));
    const one = `${url}/${started.id}`;
    const subjectId = started.questions[0]!.subjectId;
    detailOf(await call('PUT', `${one}/answers`, cookies.viewer, { answers: { [subjectId]: choose(started, 0, 1, 'viewer was here') }, submit: true }));
    expect((await call('DELETE', `/api/v1/contracts/my/${agreement.id}/shares/${viewer.id}`, cookies.owner)).statusCode).toBe(200);
    expect((await call('GET', one, cookies.viewer)).statusCode).toBe(404);
    detailOf(await call('PUT', `${one}/answers`, cookies.owner, { answers: { [subjectId]: choose(started, 0, 1) }, submit: true }));
    // The editor has not answered: nothing shows until the deadline.
    expect(detailOf(await call('GET', one, cookies.owner)).reveal).toBeNull();
    clock = new Date(clock.getTime() + 86_400_000 + 1000);
    try {
      const revealed = detailOf(await call('GET', one, cookies.owner));
      const entry = revealed.reveal!.find((e) => e.question.subjectId === subjectId)!;
      expect(entry.answers.find((a) => a.userId === viewer.id)!.answer!.note).toBe('viewer was here');
      expect(entry.answers.find((a) => a.userId === owner.id)!.answer!.kind).toBe('choice');
      // The editor never handed answers in: counted as not discussed, so the question is not agreed.
      expect(entry.outcome).toBe('notDiscussed');
      expect((await call('PUT', `${one}/answers`, cookies.editor, { answers: {}, submit: true })).statusCode).toBe(409);
    } finally {
      clock = START;
    }
  });
});
