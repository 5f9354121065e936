/**
 * Practice through the API (docs/questionnaire.md §8): prompts from the agreement as it is, each
 * player's own FSRS schedule moved by their reviews, a prompt starting again when the card
 * changes, reviews of an answer the card no longer gives dropped, and one player's schedule never
 * another's.
 */
import { ContractAnswerSchema } from '@bpa/domain/api';
import type { Contract } from '@bpa/domain/contract';
import {
  BEFORE_THE_GAME_PROMPTS,
  PracticeOverviewAnswerSchema,
  PracticeReviewsAnswerSchema,
  type PracticeSession,
  PracticeSessionAnswerSchema,
  isRightAnswer,
} from '@bpa/domain/practice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { type TestAccount, createTestAccount, signInAs } from '../../test/test-accounts';
import { join } from 'node:path';
import { REPO_ROOT } from '../../config';
import { buildTestApp, makeTestConfig } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../../test/test-smtp-server';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';
import { readOtherAgreementsPlayed } from '../agreements/other-agreements';
import { contracts } from '../../db/schema/contracts';
import { eq } from 'drizzle-orm';
import { playedSubjectsOf } from '@bpa/domain/elsewhere';

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
const START = new Date();
let clock = START;

beforeAll(async () => {
  database = await openTestDatabase();
  // The shipped systems: their cards tick options to practise, and flag Alerts.
  await loadTemplates(database.db, join(REPO_ROOT, 'templates'));
  smtp = await startTestSmtpServer();
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url, SAVES_PER_MINUTE: '1000' }), now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

function sessionOf(answer: { statusCode: number; json(): unknown; body: string }): PracticeSession {
  expect(answer.statusCode, answer.body).toBe(200);
  return PracticeSessionAnswerSchema.parse(answer.json()).data;
}

function recordedOf(answer: { statusCode: number; json(): unknown; body: string }): number {
  expect(answer.statusCode, answer.body).toBe(200);
  return PracticeReviewsAnswerSchema.parse(answer.json()).data.recorded;
}

async function partnership() {
  const owner = await createTestAccount(database.db);
  const partner: TestAccount = await createTestAccount(database.db, { role: 'partner' });
  const agreement = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'Practice', templateName: 'LC Standard' });
  const ownerCookie = await signInAs(database.db, owner.id, { now: clock });
  const partnerCookie = await signInAs(database.db, partner.id, { now: clock });
  expect((await call('POST', `/api/v1/contracts/my/${agreement.id}/shares`, ownerCookie, { email: partner.email, access: 'view' })).statusCode).toBe(201);
  expect((await call('POST', `/api/v1/contracts/shared/${agreement.id}/accept`, partnerCookie)).statusCode).toBe(200);
  return { owner, partner, agreement, ownerCookie, partnerCookie, url: `/api/v1/contracts/${agreement.id}/practice` };
}

describe('practice', () => {
  it("draws prompts from the card, asks the partner's name, and moves only this player's schedule", async () => {
    const { owner, agreement, ownerCookie, partnerCookie, url } = await partnership();
    const first = sessionOf(await call('GET', `${url}?session=before`, partnerCookie));
    expect(first.prompts).toHaveLength(BEFORE_THE_GAME_PROMPTS);
    expect(first.prompts.every((prompt) => prompt.stage === 'new' && prompt.due === null)).toBe(true);
    const meaning = first.prompts.find((prompt) => prompt.kind === 'meaning')!;
    expect(meaning.question).toMatch(new RegExp(`^With ${owner.email.replace(/[.+]/g, '\\$&')}: `));
    // The answer is what the card ticks.
    const contract: Contract = ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${agreement.id}`, ownerCookie)).json()).data;
    const subject = contract.categories.flatMap((c) => c.subjects).find((s) => s._id === meaning.subjectId)!;
    expect(
      isRightAnswer(
        meaning,
        subject.options.filter((o) => o.isSelected).map((o) => o._id),
      ),
    ).toBe(true);

    // Ten answered: nine easy, one again.
    const reviewed = first.prompts.map((prompt, index) => ({
      promptId: prompt.id,
      signature: prompt.signature,
      rating: index === 0 ? ('again' as const) : ('easy' as const),
      reviewedAt: clock.toISOString(),
    }));
    expect(recordedOf(await call('POST', `${url}/reviews`, partnerCookie, { reviews: reviewed }))).toBe(BEFORE_THE_GAME_PROMPTS);
    const next = sessionOf(await call('GET', `${url}?session=before`, partnerCookie));
    const full = sessionOf(await call('GET', `${url}?session=full`, partnerCookie));
    const progress = full.progress.reduce((sum, category) => sum + category.learning + category.learned, 0);
    expect(progress).toBe(BEFORE_THE_GAME_PROMPTS);
    // The dashboard's overview says the same, for this agreement only.
    const overview = PracticeOverviewAnswerSchema.parse((await call('GET', '/api/v1/contracts/practice-progress', partnerCookie)).json()).data;
    expect(overview).toEqual([
      {
        contractId: agreement.id,
        label: '“Practice”',
        learned: expect.any(Number),
        learning: expect.any(Number),
        new: full.progress.reduce((sum, category) => sum + category.new, 0),
        due: 0,
      },
    ]);
    expect(overview[0]!.learned + overview[0]!.learning).toBe(BEFORE_THE_GAME_PROMPTS);
    // "Again" is due within minutes, "easy" in days: an hour on, only the one answered "again" is due.
    clock = new Date(START.getTime() + 60 * 60 * 1000);
    try {
      const hourLater = sessionOf(await call('GET', `${url}?session=before`, partnerCookie));
      expect(hourLater.dueCount).toBe(1);
      expect(hourLater.prompts[0]!.id).toBe(first.prompts[0]!.id);
      expect(hourLater.prompts.slice(1).some((prompt) => first.prompts.some((p) => p.id === prompt.id))).toBe(false);
    } finally {
      clock = START;
    }
    expect(next.prompts.map((p) => p.id)).not.toEqual(first.prompts.map((p) => p.id));
    // The owner's schedule did not move.
    const owners = sessionOf(await call('GET', `${url}?session=full`, ownerCookie));
    expect(owners.progress.every((category) => category.learned + category.learning === 0)).toBe(true);
  });

  it('starts a prompt again when the card changes, and drops a review of what the card no longer says', async () => {
    const { agreement, ownerCookie, partnerCookie, url } = await partnership();
    const [prompt] = sessionOf(await call('GET', `${url}?session=before`, partnerCookie)).prompts.filter((p) => p.kind === 'meaning');
    const review = { promptId: prompt!.id, signature: prompt!.signature, rating: 'good', reviewedAt: clock.toISOString() };
    expect(recordedOf(await call('POST', `${url}/reviews`, partnerCookie, { reviews: [review] }))).toBe(1);
    // The owner ticks another option of that subject.
    const contract: Contract = ContractAnswerSchema.parse((await call('GET', `/api/v1/contracts/my/${agreement.id}`, ownerCookie)).json()).data;
    const subject = contract.categories.flatMap((c) => c.subjects).find((s) => s._id === prompt!.subjectId)!;
    const other = subject.options.find((o) => !o.isSelected && !o.optionName.startsWith('button'))!;
    other.isSelected = true;
    const saved = await call('PATCH', `/api/v1/contracts/my/${agreement.id}`, ownerCookie, {
      contractName: contract.contractName,
      categories: contract.categories,
      revision: contract.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = sessionOf(await call('GET', `${url}?session=before`, partnerCookie));
    const changed = after.prompts.find((p) => p.id === prompt!.id)!;
    expect(changed).toMatchObject({ isChanged: true, stage: 'new', due: null });
    expect(changed.answer).toContain(other._id);
    expect(after.prompts[0]!.id).toBe(prompt!.id);
    // The old answer's review (sent late, from an offline session) is dropped; the new one counts.
    expect(recordedOf(await call('POST', `${url}/reviews`, partnerCookie, { reviews: [review] }))).toBe(0);
    expect(sessionOf(await call('GET', `${url}?session=before`, partnerCookie)).prompts.find((p) => p.id === prompt!.id)!.isChanged).toBe(true);
    expect(recordedOf(await call('POST', `${url}/reviews`, partnerCookie, { reviews: [{ ...review, signature: changed.signature }] }))).toBe(1);
    expect(sessionOf(await call('GET', `${url}?session=full`, partnerCookie)).prompts.find((p) => p.id === prompt!.id)).toBeUndefined();
  });

  it("tells where the player's other agreements answer otherwise, in practice and as a questionnaire's set", async () => {
    const { owner, ownerCookie, url, agreement } = await partnership();
    // The owner's other partnership plays Basic Precision: 1NT 13-15 where LC Standard opens 15-17.
    const bob = await insertTestAgreement(database.db, { ownerUserId: owner.id, contractName: 'With Bob', templateName: 'Basic Precision' });
    // The database extracts what the other agreement plays as the domain would from the document,
    // an option renamed by the player (its shown name) included.
    const [stored] = await database.db.select({ document: contracts.document }).from(contracts).where(eq(contracts.id, bob.id));
    const renamed = structuredClone(stored!.document);
    const ticked = renamed.categories
      .flatMap((c) => c.subjects)
      .find((s) => s.key === 'nt.range')!
      .options.find((o) => o.isSelected)!;
    Object.assign(ticked, { isEdited: true, editedName: '13-15 (our way)' });
    await database.db.update(contracts).set({ document: renamed }).where(eq(contracts.id, bob.id));
    const played = await readOtherAgreementsPlayed(database.db, { userId: owner.id, exceptContractId: agreement.id });
    expect(played).toEqual([{ label: '“With Bob”', subjects: playedSubjectsOf(renamed) }]);
    const full = sessionOf(await call('GET', `${url}?session=full`, ownerCookie));
    const range = full.prompts.find((p) => p.kind === 'meaning' && /1NT opening range/.test(p.question))!;
    expect(range.elsewhere).toEqual([{ label: '“With Bob”', answer: '13-15 (our way)' }]);
    const before = sessionOf(await call('GET', `${url}?session=before`, ownerCookie));
    expect(before.prompts.some((p) => p.elsewhere.length > 0)).toBe(true);
    const started = await call('POST', `/api/v1/contracts/${agreement.id}/questionnaires`, ownerCookie, { set: { kind: 'elsewhere' } });
    expect(started.statusCode, started.body).toBe(200);
    const questions = (started.json() as { data: { questions: { subjectId: string; key?: string }[]; title: string } }).data;
    expect(questions.title).toBe('Where this agreement differs from other agreements');
    expect(questions.questions.map((q) => q.key)).toContain('nt.range');
    expect(questions.questions.map((q) => q.subjectId)).toContain(range.subjectId);
  });

  it('asks the Alert drill from the Alert procedure, and refuses malformed reviews', async () => {
    const { partnerCookie, url } = await partnership();
    const crash = sessionOf(await call('GET', `${url}?session=crash`, partnerCookie));
    // LC Standard plays Jacoby transfers: 2♦ is announced "Hearts".
    const full = sessionOf(await call('GET', `${url}?session=full`, partnerCookie));
    const transfer = [...crash.prompts, ...full.prompts].find((p) => p.kind === 'alert' && p.choices.some((c) => c.name === 'Announce: Hearts'))!;
    expect(transfer.choices.map((c) => c.id)).toEqual(['nothing', 'alert', 'announce']);
    expect(transfer.answer).toEqual(['announce']);
    expect((await call('POST', `${url}/reviews`, partnerCookie, { reviews: [] })).statusCode).toBe(400);
    expect(
      (
        await call('POST', `${url}/reviews`, partnerCookie, {
          reviews: [{ promptId: 'x', signature: 'y', rating: 'perfect', reviewedAt: clock.toISOString() }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('GET', `${url}?session=weekly`, partnerCookie)).statusCode).toBe(400);
  });
});
