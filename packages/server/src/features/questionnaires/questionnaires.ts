/**
 * "Do we agree?" questionnaires of an agreement (docs/questionnaire.md; ADR 200): starting one,
 * answering it alone, and the reveal. The rule this file exists to keep: **before the reveal, no
 * one is handed anyone else's answers** (not a partner, not the owner, not an administrator acting
 * for someone); after it, every member who may open the agreement sees them all.
 *
 * The reveal comes when every person asked who can still open the agreement has submitted, or when
 * the deadline passes; it is recorded (revealedAt, the harmony score) the first time it is read
 * then, and each question the partners answered differently gets a "to discuss" mark by whoever
 * started the questionnaire, carrying every answer (docs/questionnaire.md §3).
 *
 * Access to the agreement is checked by the routes (questionnaire-routes.ts); these functions trust
 * the agreement id and the caller's id they are given.
 */
import { type ContractDocument } from '@bpa/domain/contract';
import { differencesElsewhere } from '@bpa/domain/elsewhere';
import { listItemChanges } from '@bpa/domain/history';
import { stripMarkup } from '@bpa/domain/markup';
import {
  ANSWERS_CLOSED_MESSAGE,
  type Answers,
  IMPERSONATOR_ANSWERS_MESSAGE,
  MAX_QUESTIONNAIRE_PARTICIPANTS,
  MAX_QUESTIONNAIRES_PER_AGREEMENT,
  NO_QUESTIONS_MESSAGE,
  NOTHING_TO_ADOPT_MESSAGE,
  type QuestionSet,
  type QuestionnaireDetail,
  type QuestionnaireSummary,
  QUESTIONNAIRE_NOT_FOUND_MESSAGE,
  applyAnswer,
  buildQuestions,
  checkAnswers,
  describeAnswer,
  describeQuestionSet,
  harmonyOf,
  revealQuestionnaire,
} from '@bpa/domain/questionnaire';
import { MAX_MARK_NOTE_LENGTH } from '@bpa/domain/history';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractMarks, contracts } from '../../db/schema/contracts';
import { questionnaireAnswers, questionnaires } from '../../db/schema/questionnaires';
import { users } from '../../db/schema/users';
import { isUuid } from '../../db/uuid';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { questionnaireEmail } from '../../mail/messages';
import { listMembers, memberName } from '../agreements/agreement-members';
import { readOtherAgreementsPlayed } from '../agreements/other-agreements';
import { agreementNotFound } from '../agreements/owned-agreements';
import { type RevisionAuthor, replaceAgreementDocument } from '../agreements/replace-agreement-document';
import { documentAtRevision } from '../agreements/revision-store';

/** Who is asking: the signed-in account, and whether an administrator is acting for it. */
export interface Caller {
  userId: string;
  isImpersonated: boolean;
}

type QuestionnaireRow = typeof questionnaires.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

async function readAgreement(db: Database, contractId: string): Promise<{ revision: number; document: ContractDocument }> {
  const [row] = await db.select({ revision: contracts.revision, document: contracts.document }).from(contracts).where(eq(contracts.id, contractId));
  if (!row) throw agreementNotFound();
  return row;
}

/** The subject ids changed since the agreement's last questionnaire started; null when there was none or its version is no longer kept. */
async function changedSinceLastQuestionnaire(db: Database, contractId: string, current: { revision: number; document: ContractDocument }) {
  const [last] = await db
    .select({ startRevision: questionnaires.startRevision })
    .from(questionnaires)
    .where(eq(questionnaires.contractId, contractId))
    .orderBy(desc(questionnaires.startedAt))
    .limit(1);
  if (!last) return null;
  const before = await documentAtRevision(db, contractId, last.startRevision, current);
  if (!before) return null;
  return new Set(listItemChanges(before, current.document).map((change) => change.subjectId));
}

/**
 * Starts a questionnaire on an agreement and emails everyone else asked (docs/questionnaire.md §4):
 * the owner and the partners who accepted it, at most MAX_QUESTIONNAIRE_PARTICIPANTS (the starter
 * always among them). The questions are the set's subjects as the agreement is now.
 *
 * @returns the new questionnaire as the starter sees it
 * @throws AppError bad_request NO_QUESTIONS_MESSAGE when the set holds no subject; not_found when
 *   the agreement is gone
 */
export async function startQuestionnaire(
  db: Database,
  request: { contractId: string; caller: Caller; set: QuestionSet; deadlineDays: number; now: Date; mail: { mailer: Mailer; publicUrl: string } },
): Promise<QuestionnaireDetail> {
  const current = await readAgreement(db, request.contractId);
  const context =
    request.set.kind === 'toDiscuss'
      ? {
          markedIds: new Set(
            (
              await db
                .select({ itemId: contractMarks.itemId })
                .from(contractMarks)
                .where(and(eq(contractMarks.contractId, request.contractId), eq(contractMarks.status, 'discuss')))
            ).map((row) => row.itemId),
          ),
        }
      : request.set.kind === 'changed'
        ? { changedSubjectIds: await changedSinceLastQuestionnaire(db, request.contractId, current) }
        : request.set.kind === 'elsewhere'
          ? {
              differingSubjectIds: new Set(
                differencesElsewhere(
                  current.document,
                  await readOtherAgreementsPlayed(db, { userId: request.caller.userId, exceptContractId: request.contractId }),
                ).keys(),
              ),
            }
          : {};
  const questions = buildQuestions(current.document, request.set, context);
  if (questions.length === 0) throw new AppError('bad_request', NO_QUESTIONS_MESSAGE);
  const members = (await listMembers(db, [request.contractId])).get(request.contractId) ?? [];
  const starter = members.find((member) => member.userId === request.caller.userId);
  const asked = [...(starter ? [starter] : []), ...members.filter((member) => member !== starter)].slice(0, MAX_QUESTIONNAIRE_PARTICIPANTS);
  const deadline = new Date(request.now.getTime() + request.deadlineDays * DAY_MS);
  const [row] = await db
    .insert(questionnaires)
    .values({
      contractId: request.contractId,
      startedBy: request.caller.userId,
      questionSet: request.set,
      questions,
      participantIds: asked.map((member) => member.userId),
      startRevision: current.revision,
      startedAt: request.now,
      deadline,
    })
    .returning();
  await pruneQuestionnaires(db, request.contractId);
  const startedBy = starter?.name ?? 'A partner';
  for (const member of asked) {
    if (member.userId === request.caller.userId) continue;
    await request.mail.mailer.send({
      to: member.email,
      ...questionnaireEmail({
        publicUrl: request.mail.publicUrl,
        startedBy,
        contractName: stripMarkup(current.document.contractName),
        contractId: request.contractId,
        questionnaireId: row!.id,
        questionCount: questions.length,
        deadline,
      }),
    });
  }
  return getQuestionnaire(db, { contractId: request.contractId, questionnaireId: row!.id, caller: request.caller, now: request.now });
}

/** Keeps the newest MAX_QUESTIONNAIRES_PER_AGREEMENT questionnaires of an agreement. */
async function pruneQuestionnaires(db: Database, contractId: string): Promise<void> {
  const kept = db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(eq(questionnaires.contractId, contractId))
    .orderBy(desc(questionnaires.startedAt))
    .limit(MAX_QUESTIONNAIRES_PER_AGREEMENT);
  await db.delete(questionnaires).where(and(eq(questionnaires.contractId, contractId), sql`${questionnaires.id} not in (${kept})`));
}

interface Loaded {
  row: QuestionnaireRow;
  names: Map<string, string>;
  answers: Map<string, { answers: Answers; submittedAt: Date | null }>;
  /** The people asked who can still open the agreement (a removed partner's answers stay, but they are no longer waited for). */
  stillMembers: Set<string>;
}

async function loadQuestionnaire(db: Database, request: { contractId: string; questionnaireId: string }): Promise<Loaded> {
  if (!isUuid(request.questionnaireId)) throw new AppError('not_found', QUESTIONNAIRE_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, request.questionnaireId), eq(questionnaires.contractId, request.contractId)));
  if (!row) throw new AppError('not_found', QUESTIONNAIRE_NOT_FOUND_MESSAGE);
  return loadDetails(db, [row]).then((loaded) => loaded[0]!);
}

async function loadDetails(db: Database, rows: QuestionnaireRow[]): Promise<Loaded[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => row.participantIds))];
  const people =
    userIds.length === 0 ? [] : await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds));
  const names = new Map(people.map((person) => [person.id, memberName(person)]));
  const answerRows = await db
    .select()
    .from(questionnaireAnswers)
    .where(
      inArray(
        questionnaireAnswers.questionnaireId,
        rows.map((row) => row.id),
      ),
    );
  const members = await listMembers(db, [rows[0]!.contractId]);
  const stillMembers = new Set((members.get(rows[0]!.contractId) ?? []).map((member) => member.userId));
  return rows.map((row) => ({
    row,
    names,
    answers: new Map(
      answerRows
        .filter((answer) => answer.questionnaireId === row.id)
        .map((answer) => [answer.userId, { answers: answer.answers, submittedAt: answer.submittedAt }]),
    ),
    stillMembers,
  }));
}

/** True once the answers may be shown: recorded so, the deadline passed, or everyone asked who is still a member submitted. */
function isRevealDue(loaded: Loaded, now: Date): boolean {
  if (loaded.row.revealedAt !== null || now >= loaded.row.deadline) return true;
  const waitedFor = loaded.row.participantIds.filter((userId) => loaded.stillMembers.has(userId));
  return waitedFor.length > 0 && waitedFor.every((userId) => loaded.answers.get(userId)?.submittedAt);
}

function participantsOf(loaded: Loaded, callerId: string) {
  return loaded.row.participantIds.map((userId) => ({
    userId,
    name: loaded.names.get(userId) ?? 'A former member',
    isMe: userId === callerId,
    submitted: Boolean(loaded.answers.get(userId)?.submittedAt),
  }));
}

function summaryOf(loaded: Loaded, document: ContractDocument, callerId: string, isRevealed: boolean): QuestionnaireSummary {
  const { row } = loaded;
  return {
    id: row.id,
    set: row.questionSet,
    title: describeQuestionSet(row.questionSet, document),
    startedBy: row.startedBy === null ? 'A former member' : (loaded.names.get(row.startedBy) ?? 'A former member'),
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline.toISOString(),
    questionCount: row.questions.length,
    participants: participantsOf(loaded, callerId),
    isRevealed,
    harmony: isRevealed ? row.harmony : null,
  };
}

function revealOf(loaded: Loaded, document: ContractDocument) {
  return revealQuestionnaire(
    loaded.row.questions,
    loaded.row.participantIds.map((userId) => {
      const answered = loaded.answers.get(userId);
      // Only handed-in answers are shown: a draft left at the deadline was never given.
      return { userId, name: loaded.names.get(userId) ?? 'A former member', answers: answered?.submittedAt ? answered.answers : null };
    }),
    document,
  );
}

/**
 * Records the reveal the first time it is due: its time and harmony score, and a "to discuss" mark
 * by the starter on each question answered differently (an item they had already marked keeps its
 * mark). Run once: the update only takes a row not yet revealed.
 */
async function recordReveal(db: Database, loaded: Loaded, document: ContractDocument, now: Date): Promise<void> {
  const revealed = revealOf(loaded, document);
  const harmony = harmonyOf(revealed);
  const taken = await db
    .update(questionnaires)
    .set({ revealedAt: now, harmony })
    .where(and(eq(questionnaires.id, loaded.row.id), isNull(questionnaires.revealedAt)))
    .returning({ id: questionnaires.id });
  loaded.row = { ...loaded.row, revealedAt: now, harmony };
  if (taken.length === 0 || loaded.row.startedBy === null) return;
  const marks = revealed
    .filter((entry) => entry.outcome === 'disagree' && entry.card !== null)
    .map((entry) => ({
      contractId: loaded.row.contractId,
      itemId: entry.question.subjectId,
      userId: loaded.row.startedBy!,
      status: 'discuss' as const,
      note: `Do we agree? ${entry.answers.map((answer) => `${answer.name}: ${describeAnswer(entry.question, answer.answer)}`).join('; ')}`.slice(
        0,
        MAX_MARK_NOTE_LENGTH,
      ),
      updatedAt: now,
    }));
  if (marks.length > 0) await db.insert(contractMarks).values(marks).onConflictDoNothing();
}

/**
 * One questionnaire as the caller may see it (QuestionnaireDetailSchema): the questions, their own
 * answers, who has submitted, and the reveal once it is due (recorded then, see above).
 *
 * @throws AppError not_found QUESTIONNAIRE_NOT_FOUND_MESSAGE when it is not this agreement's;
 *   forbidden IMPERSONATOR_ANSWERS_MESSAGE to an administrator acting for someone before the reveal
 */
export async function getQuestionnaire(
  db: Database,
  request: { contractId: string; questionnaireId: string; caller: Caller; now: Date },
): Promise<QuestionnaireDetail> {
  const loaded = await loadQuestionnaire(db, request);
  const { document } = await readAgreement(db, request.contractId);
  const isRevealed = isRevealDue(loaded, request.now);
  if (isRevealed && loaded.row.revealedAt === null) await recordReveal(db, loaded, document, request.now);
  if (!isRevealed && request.caller.isImpersonated) throw new AppError('forbidden', IMPERSONATOR_ANSWERS_MESSAGE);
  const mine = loaded.answers.get(request.caller.userId);
  return {
    ...summaryOf(loaded, document, request.caller.userId, isRevealed),
    questions: loaded.row.questions,
    myAnswers: mine?.answers ?? {},
    reveal: isRevealed ? revealOf(loaded, document) : null,
  };
}

/**
 * The agreement's questionnaires, newest first, each with who has submitted and, once revealed,
 * its harmony score. Nobody's answers.
 */
export async function listQuestionnaires(db: Database, request: { contractId: string; callerId: string; now: Date }): Promise<QuestionnaireSummary[]> {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.contractId, request.contractId))
    .orderBy(desc(questionnaires.startedAt), asc(questionnaires.id));
  if (rows.length === 0) return [];
  const { document } = await readAgreement(db, request.contractId);
  const summaries: QuestionnaireSummary[] = [];
  for (const loaded of await loadDetails(db, rows)) {
    const isRevealed = isRevealDue(loaded, request.now);
    if (isRevealed && loaded.row.revealedAt === null) await recordReveal(db, loaded, document, request.now);
    summaries.push(summaryOf(loaded, document, request.callerId, isRevealed));
  }
  return summaries;
}

/**
 * Saves the caller's answers so far, or hands them in (`submit`). Only a person asked may answer,
 * until they submit or the reveal comes.
 *
 * @returns the questionnaire as the caller now sees it (revealed when their answers were the last awaited)
 * @throws AppError forbidden when the caller was not asked, or is an administrator acting for
 *   someone (IMPERSONATOR_ANSWERS_MESSAGE); conflict ANSWERS_CLOSED_MESSAGE after submitting or
 *   the reveal; bad_request when an answer is to no question or names another subject's option
 */
export async function saveAnswers(
  db: Database,
  request: { contractId: string; questionnaireId: string; caller: Caller; answers: Answers; submit: boolean; now: Date },
): Promise<QuestionnaireDetail> {
  if (request.caller.isImpersonated) throw new AppError('forbidden', IMPERSONATOR_ANSWERS_MESSAGE);
  const loaded = await loadQuestionnaire(db, request);
  if (!loaded.row.participantIds.includes(request.caller.userId)) {
    throw new AppError('forbidden', 'You were not asked in this questionnaire: it began before the agreement was shared with you.');
  }
  if (isRevealDue(loaded, request.now) || loaded.answers.get(request.caller.userId)?.submittedAt) throw new AppError('conflict', ANSWERS_CLOSED_MESSAGE);
  const checked = checkAnswers(loaded.row.questions, request.answers);
  if (!checked.ok) throw new AppError('bad_request', checked.message);
  const values = { answers: request.answers, updatedAt: request.now, submittedAt: request.submit ? request.now : null };
  // The row is written only while it is not submitted, so two tabs cannot both hand answers in.
  const written = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId: loaded.row.id, userId: request.caller.userId, ...values })
    .onConflictDoUpdate({
      target: [questionnaireAnswers.questionnaireId, questionnaireAnswers.userId],
      set: values,
      setWhere: isNull(questionnaireAnswers.submittedAt),
    })
    .returning({ userId: questionnaireAnswers.userId });
  if (written.length === 0) throw new AppError('conflict', ANSWERS_CLOSED_MESSAGE);
  return getQuestionnaire(db, request);
}

/**
 * Writes one partner's revealed answer to a question into the card (docs/questionnaire.md §3,
 * "adopt"): a save of the agreement as it is now with that subject's ticks as the answer, recorded
 * in History under the caller "reconciling with" that partner. The caller's edit access is the
 * route's check.
 *
 * @throws AppError conflict NOTHING_TO_ADOPT_MESSAGE before the reveal, for a question not asked,
 *   a partner who gave no choice, or a subject no longer in the agreement; conflict (409) with the
 *   conflicts when a save changed the same subject meanwhile
 */
export async function adoptAnswer(
  db: Database,
  request: { contractId: string; questionnaireId: string; caller: Caller; author: RevisionAuthor; subjectId: string; fromUserId: string; now: Date },
): Promise<QuestionnaireDetail> {
  const detail = await getQuestionnaire(db, request);
  const entry = detail.reveal?.find((revealed) => revealed.question.subjectId === request.subjectId);
  const answer = entry?.answers.find((given) => given.userId === request.fromUserId);
  if (!entry || entry.card === null || answer?.answer?.kind !== 'choice') throw new AppError('conflict', NOTHING_TO_ADOPT_MESSAGE);
  const current = await readAgreement(db, request.contractId);
  const reconciledWith = answer.userId === request.caller.userId ? 'partners' : answer.name;
  await replaceAgreementDocument(db, {
    id: request.contractId,
    change: { kind: 'save', document: applyAnswer(current.document, request.subjectId, answer.answer), expectedRevision: current.revision, keepsName: true },
    author: { ...request.author, label: `${request.author.label}, reconciled with ${reconciledWith}` },
    now: request.now,
  });
  return getQuestionnaire(db, request);
}
