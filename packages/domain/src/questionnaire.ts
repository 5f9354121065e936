/**
 * "Do we agree?": the blind questionnaire of an agreement (docs/questionnaire.md; ADR 200). One
 * subject is one question, its options the answers; every partner answers alone, the server keeps
 * each answer hidden until all have submitted or the deadline passed, and the reveal compares the
 * answers with each other and with the card.
 *
 * Routes (answers are `{ status, data }` envelopes; errors ErrorEnvelope; every one needs a session
 * and access to the agreement):
 *
 * - GET  /api/v1/contracts/{id}/questionnaires                     200 QuestionnaireListAnswer
 * - POST /api/v1/contracts/{id}/questionnaires  StartQuestionnaireRequest  200 QuestionnaireAnswer | 400 | 409
 * - GET  /api/v1/contracts/{id}/questionnaires/{questionnaireId}   200 QuestionnaireAnswer
 * - PUT  /api/v1/contracts/{id}/questionnaires/{questionnaireId}/answers  SaveAnswersRequest  200 QuestionnaireAnswer | 400 | 409
 * - POST /api/v1/contracts/{id}/questionnaires/{questionnaireId}/adopt  AdoptAnswerRequest  200 QuestionnaireAnswer | 403 | 409
 */
import { z } from 'zod';
import { successEnvelope } from './api';
import { type Category, type ContractDocument, type Subject, IdSchema, displayName, isPlaceholderName } from './contract';
import { isUserAdded } from './catalogue-keys';
import { stripMarkup } from './markup';
import { storableText } from './text';

/** The most questions one questionnaire asks: a whole agreement (about 290 subjects) fits. */
export const MAX_QUESTIONS = 400;
/** The most people a questionnaire asks: the owner and up to three partners (four answers side by side). */
export const MAX_QUESTIONNAIRE_PARTICIPANTS = 4;
/** The longest note beside one answer, in characters. */
export const MAX_ANSWER_NOTE_LENGTH = 300;
/** How many days partners have to answer, by default and at most. */
export const DEFAULT_DEADLINE_DAYS = 7;
export const MAX_DEADLINE_DAYS = 30;
/** The most questionnaires one agreement keeps: the oldest go first (their harmony scores with them). */
export const MAX_QUESTIONNAIRES_PER_AGREEMENT = 50;

/**
 * The core set: the agreements partners most often remember differently (docs/questionnaire.md §2
 * gives the reasons and sources). Catalogue keys (docs/catalogue-keys.md); a key the agreement
 * does not hold is skipped.
 */
export const CORE_QUESTION_KEYS: readonly string[] = [
  'ga.twoOverOne',
  'ga.majorStyle',
  'nt.range',
  'nt.fiveMajor',
  'nt.jacoby',
  'nt.texas',
  'nt.smolen',
  'nt.systemsOn',
  'nt.runouts',
  'mj.jacoby2nt',
  'mj.splinters',
  'mj.drury',
  'mj.after1nt',
  'mn.inverted',
  'tw.2cResp2d',
  'tw.weakTwos',
  'tw.2ntResp',
  'co.nmf',
  'co.fsf',
  'co.reverse',
  'co.wjs',
  'sl.rkcb',
  'sl.gerber',
  'ov.jump',
  'ov.michaels',
  'ov.unusual2nt',
  'db.negative',
  'db.responsive',
  'db.support',
  'df.vs1nt',
  'df.lebensohl',
  'ld.style',
  'sg.primaryLead',
  'sg.firstDiscard',
];

/**
 * Style and default rules (docs/questionnaire.md §2): how light, how sound, what an undiscussed call
 * means. The judgement calls no convention name settles, where partners assume their own habits.
 * Catalogue keys; a key the agreement does not hold is skipped.
 */
export const STYLE_QUESTION_KEYS: readonly string[] = [
  'ga.defaults',
  'ga.openingRange',
  'ga.minOpen',
  'ga.thirdSeat',
  'ga.fourthSeat',
  'ga.veryLight',
  'ga.responseMin',
  'ga.evaluation',
  'ga.law',
  'ga.vulStyle',
  'ga.psychics',
  'pr.style',
  'pr.thirdSeat',
  'pr.sideMajor',
  'pr.void',
  'ov.style',
  'ov.1level',
  'ov.balancing',
  'db.takeout',
  'db.minOffshape',
  'co.fastArrival',
  'co.freeBids',
  'sl.control',
  'ld.style',
  'sg.primaryLead',
];

/** Which subjects a questionnaire asks about, chosen by whoever starts it (docs/questionnaire.md §2). */
export const QuestionSetSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    /** CORE_QUESTION_KEYS. */
    z.object({ kind: z.literal('core') }),
    /** STYLE_QUESTION_KEYS: style and default rules. */
    z.object({ kind: z.literal('style') }),
    /** Every subject of one category. */
    z.object({ kind: z.literal('category'), categoryId: IdSchema }),
    /** The subjects with a "to discuss" mark by anyone, or an option marked so. */
    z.object({ kind: z.literal('toDiscuss') }),
    /** The subjects changed since the last questionnaire of this agreement was started (all subjects when there was none). */
    z.object({ kind: z.literal('changed') }),
    /** The subjects the starter's other agreements answer otherwise (docs/questionnaire.md §2: mixing partners up). */
    z.object({ kind: z.literal('elsewhere') }),
    /** Every subject of the agreement. */
    z.object({ kind: z.literal('all') }),
  ]),
);
export type QuestionSet = z.infer<typeof QuestionSetSchema>;

/** One question: a subject as it was when the questionnaire started, names in colour markup. */
export const QuestionSchema = z.lazy(() =>
  z.object({
    subjectId: IdSchema,
    key: z.string().optional(),
    categoryId: IdSchema,
    categoryName: z.string(),
    /** The subject's name as the card shows it. */
    subjectName: z.string(),
    options: z.array(z.object({ id: IdSchema, name: z.string() })),
  }),
);
export type Question = z.infer<typeof QuestionSchema>;

const AnswerNoteSchema = storableText(
  z.string().trim().max(MAX_ANSWER_NOTE_LENGTH, `A note beside an answer may be at most ${MAX_ANSWER_NOTE_LENGTH} characters long`),
);

/** The three kinds of answer, with the given note schema (a request's may be left out; an answer's is always there). */
function answerSchemaWith<N extends z.ZodType<string, unknown>>(note: N) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('choice'), ticked: z.boolean(), optionIds: z.array(IdSchema).max(100), note }),
    z.object({ kind: z.literal('notDiscussed'), note }),
    z.object({ kind: z.literal('notSure'), note }),
  ]);
}

/**
 * One partner's answer to one question, as sent: what they think the card should say (the subject
 * ticked or not, and which options), or that it was never discussed, or that they are not sure;
 * with a note ('' when left out).
 */
export const AnswerSchema = z.lazy(() => answerSchemaWith(AnswerNoteSchema.default('')));
export type AnswerInput = z.input<typeof AnswerSchema>;

/** An answer as the server gives it back (the note always there). */
export const StoredAnswerSchema = z.lazy(() => answerSchemaWith(z.string()));
export type Answer = z.infer<typeof StoredAnswerSchema>;

const answerCount = (answers: object) => Object.keys(answers).length <= MAX_QUESTIONS;

/** Answers by subject id, as sent. */
export const AnswersSchema = z.record(IdSchema, AnswerSchema).refine(answerCount, `At most ${MAX_QUESTIONS} answers`);
/** Answers by subject id, as stored and given back. */
export const StoredAnswersSchema = z.record(z.string(), StoredAnswerSchema);
export type Answers = z.infer<typeof StoredAnswersSchema>;

export const QuestionnaireParamsSchema = z.object({
  id: storableText(z.string().max(100)),
  questionnaireId: storableText(z.string().max(100)),
});

/** POST …/questionnaires. */
export const StartQuestionnaireRequestSchema = z.lazy(() =>
  z.object({
    set: QuestionSetSchema,
    deadlineDays: z.number().int().min(1).max(MAX_DEADLINE_DAYS).default(DEFAULT_DEADLINE_DAYS),
  }),
);
export type StartQuestionnaireRequest = z.input<typeof StartQuestionnaireRequestSchema>;

/** PUT …/answers: the caller's answers so far; `submit` hands them in (they can no longer change). */
export const SaveAnswersRequestSchema = z.lazy(() => z.object({ answers: AnswersSchema, submit: z.boolean() }));
export type SaveAnswersRequest = z.input<typeof SaveAnswersRequestSchema>;

/** POST …/adopt: writes one partner's revealed answer to a question into the card, as a save. */
export const AdoptAnswerRequestSchema = z.lazy(() => z.object({ subjectId: IdSchema, fromUserId: z.uuid() }));
export type AdoptAnswerRequest = z.infer<typeof AdoptAnswerRequestSchema>;

/** Where the answers to one question leave the partnership (docs/questionnaire.md §3). */
export const OutcomeSchema = z.enum(['disagree', 'cardDiffers', 'notDiscussed', 'agree']);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** What the card says of a subject: ticked or not, and which options; null when the subject is gone. */
export const CardAnswerSchema = z.lazy(() => z.object({ ticked: z.boolean(), optionIds: z.array(IdSchema) }).nullable());
export type CardAnswer = z.infer<typeof CardAnswerSchema>;

/** Share of questions answered alike (0 to 1), overall and per category name; null with no question. */
export const HarmonySchema = z.lazy(() =>
  z.object({
    overall: z.number().min(0).max(1).nullable(),
    byCategory: z.array(z.object({ categoryName: z.string(), score: z.number().min(0).max(1), questions: z.number().int() })),
  }),
);
export type Harmony = z.infer<typeof HarmonySchema>;

/** One person asked. */
export const ParticipantSchema = z.lazy(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    isMe: z.boolean(),
    submitted: z.boolean(),
  }),
);
export type Participant = z.infer<typeof ParticipantSchema>;

export const RevealedQuestionSchema = z.lazy(() =>
  z.object({
    question: QuestionSchema,
    /** Each participant's answer, in participants' order; null for a question they left blank or never submitted. */
    answers: z.array(z.object({ userId: z.string(), name: z.string(), answer: StoredAnswerSchema.nullable() })),
    card: CardAnswerSchema,
    outcome: OutcomeSchema,
  }),
);
export type RevealedQuestion = z.infer<typeof RevealedQuestionSchema>;

export const QuestionnaireSummarySchema = z.object({
  id: z.string(),
  set: QuestionSetSchema,
  /** What the set is, in words ("Core set", "Category: Notrump Openings"). */
  title: z.string(),
  startedBy: z.string(),
  startedAt: z.iso.datetime(),
  deadline: z.iso.datetime(),
  questionCount: z.number().int(),
  participants: z.array(ParticipantSchema),
  isRevealed: z.boolean(),
  /** Kept from the reveal, so the trend shows; null until then. */
  harmony: HarmonySchema.nullable(),
});
export type QuestionnaireSummary = z.infer<typeof QuestionnaireSummarySchema>;

export const QuestionnaireListAnswerSchema = z.lazy(() => successEnvelope(z.array(QuestionnaireSummarySchema)));

/**
 * One questionnaire as the caller may see it: the questions, their own answers, and the reveal
 * only once it is revealed. Before that, nothing of anyone else's answers but whether they
 * submitted.
 */
export const QuestionnaireDetailSchema = z.lazy(() =>
  QuestionnaireSummarySchema.extend({
    questions: z.array(QuestionSchema),
    myAnswers: StoredAnswersSchema,
    reveal: z.array(RevealedQuestionSchema).nullable(),
  }),
);
export type QuestionnaireDetail = z.infer<typeof QuestionnaireDetailSchema>;
export const QuestionnaireAnswerSchema = z.lazy(() => successEnvelope(QuestionnaireDetailSchema));

/** 404 text of a questionnaire that is not this agreement's (or was removed with its oldest). */
export const QUESTIONNAIRE_NOT_FOUND_MESSAGE = 'This questionnaire no longer exists.';
/** 409 text when answers are sent after submitting or after the reveal. */
export const ANSWERS_CLOSED_MESSAGE = 'Your answers were handed in and can no longer change.';
/** 409 text when an adopt is asked before the reveal, or for an answer that is not a choice. */
export const NOTHING_TO_ADOPT_MESSAGE = 'There is no revealed answer of that partner to write into the card for this question.';
/** 400 text when the chosen set holds no question. */
export const NO_QUESTIONS_MESSAGE = 'This set holds no question in this agreement: choose another.';
/** 403 text when an administrator acting for a user reads or gives answers before the reveal. */
export const IMPERSONATOR_ANSWERS_MESSAGE =
  'Answers are private to each partner until the reveal: an administrator acting for a user can neither read nor give them.';
/** 409 text when answers name an option the question does not have. */
export const UNKNOWN_OPTION_MESSAGE = 'An answer names an option that is not one of its question’s.';

/** True for a subject a questionnaire can ask about: not a placeholder row, not locked. */
function isAskable(subject: Subject): boolean {
  return !isPlaceholderName(subject.subjectName) && !subject.isLocked;
}

function questionOf(category: Category, subject: Subject): Question {
  return {
    subjectId: subject._id,
    ...(subject.key === undefined ? {} : { key: subject.key }),
    categoryId: category._id,
    categoryName: category.categoryName,
    subjectName: displayName(subject),
    options: subject.options.filter((option) => !isPlaceholderName(option.optionName)).map((option) => ({ id: option._id, name: displayName(option) })),
  };
}

/**
 * The questions of a set in an agreement, in card order.
 *
 * @param context for `toDiscuss`, the ids of the items marked to discuss (subjects or options);
 *   for `changed`, the subject ids changed since the last questionnaire (null: there was none, so
 *   every subject); for `elsewhere`, the subject ids the starter's other agreements answer otherwise
 * @returns at most MAX_QUESTIONS questions (a user-added subject is asked like any other; the core
 *   and style sets hold catalogue subjects only)
 */
export function buildQuestions(
  document: Pick<ContractDocument, 'categories'>,
  set: QuestionSet,
  context: { markedIds?: ReadonlySet<string>; changedSubjectIds?: ReadonlySet<string> | null; differingSubjectIds?: ReadonlySet<string> } = {},
): Question[] {
  const listed = set.kind === 'core' ? new Set(CORE_QUESTION_KEYS) : set.kind === 'style' ? new Set(STYLE_QUESTION_KEYS) : null;
  const questions: Question[] = [];
  for (const category of document.categories) {
    if (set.kind === 'category' && category._id !== set.categoryId) continue;
    for (const subject of category.subjects) {
      if (!isAskable(subject)) continue;
      const asked =
        listed !== null
          ? subject.key !== undefined && !isUserAdded(subject) && listed.has(subject.key)
          : set.kind === 'toDiscuss'
            ? (context.markedIds?.has(subject._id) ?? false) || subject.options.some((option) => context.markedIds?.has(option._id) ?? false)
            : set.kind === 'changed'
              ? (context.changedSubjectIds?.has(subject._id) ?? true)
              : set.kind === 'elsewhere'
                ? (context.differingSubjectIds?.has(subject._id) ?? false)
                : true;
      if (asked) questions.push(questionOf(category, subject));
      if (questions.length === MAX_QUESTIONS) return questions;
    }
  }
  return questions;
}

/** The set in words, for lists and emails. */
export function describeQuestionSet(set: QuestionSet, document: Pick<ContractDocument, 'categories'>): string {
  switch (set.kind) {
    case 'core':
      return 'Core set: the agreements most often misremembered';
    case 'style':
      return 'Style and default rules';
    case 'category': {
      const category = document.categories.find((c) => c._id === set.categoryId);
      return `Category: ${category ? stripMarkup(category.categoryName) : 'a removed category'}`;
    }
    case 'toDiscuss':
      return 'The items marked to discuss';
    case 'changed':
      return 'What changed since our last questionnaire';
    case 'elsewhere':
      return 'Where this agreement differs from other agreements';
    case 'all':
      return 'The whole agreement';
  }
}

/** What the card says of a subject now (null when the subject is no longer in the agreement). */
export function cardAnswerOf(document: Pick<ContractDocument, 'categories'>, subjectId: string): CardAnswer {
  for (const category of document.categories) {
    const subject = category.subjects.find((s) => s._id === subjectId);
    if (subject) return { ticked: subject.isSelected, optionIds: subject.options.filter((o) => o.isSelected).map((o) => o._id) };
  }
  return null;
}

/** The ticks an answer stands for: an option ticked means its subject is too (docs/product.md §4). */
function ticksOf(answer: { ticked: boolean; optionIds: readonly string[] }): string {
  const options = [...new Set(answer.optionIds)].sort();
  return `${answer.ticked || options.length > 0 ? 1 : 0}:${options.join(',')}`;
}

/**
 * Where the answers to one question leave the partnership (docs/questionnaire.md §3):
 * - `notDiscussed`: someone said so or left it blank, and no two choices differ;
 * - `disagree`: two choices differ, or someone is not sure;
 * - `agree` / `cardDiffers`: every answer is the same choice, which the card does or does not say.
 */
export function outcomeOf(answers: readonly (Answer | null)[], card: CardAnswer): Outcome {
  const choices = answers.filter((answer): answer is Extract<Answer, { kind: 'choice' }> => answer?.kind === 'choice');
  const distinct = new Set(choices.map(ticksOf));
  if (distinct.size > 1 || answers.some((answer) => answer?.kind === 'notSure')) return 'disagree';
  if (choices.length < answers.length || choices.length === 0) return 'notDiscussed';
  return card !== null && distinct.has(ticksOf(card)) ? 'agree' : 'cardDiffers';
}

const OUTCOME_ORDER: Record<Outcome, number> = { disagree: 0, cardDiffers: 1, notDiscussed: 2, agree: 3 };

/**
 * The reveal (docs/questionnaire.md §3): each question with every participant's answer and what the
 * card says now, disagreements first, then card out of date, not discussed, agreed; card order within each.
 *
 * @param answersByUser each participant (in the order shown) with their answers by subject id; a
 *   participant who never submitted counts as not having discussed anything
 * Linear in questions × participants.
 */
export function revealQuestionnaire(
  questions: readonly Question[],
  participants: readonly { userId: string; name: string; answers: Answers | null }[],
  document: Pick<ContractDocument, 'categories'>,
): RevealedQuestion[] {
  const revealed = questions.map((question, index) => {
    const answers = participants.map((p) => ({ userId: p.userId, name: p.name, answer: p.answers?.[question.subjectId] ?? null }));
    const card = cardAnswerOf(document, question.subjectId);
    return {
      index,
      item: {
        question,
        answers,
        card,
        outcome: outcomeOf(
          answers.map((a) => a.answer),
          card,
        ),
      },
    };
  });
  revealed.sort((a, b) => OUTCOME_ORDER[a.item.outcome] - OUTCOME_ORDER[b.item.outcome] || a.index - b.index);
  return revealed.map((entry) => entry.item);
}

/** The harmony score of a reveal: the share of questions every partner answered alike (agree or card out of date), overall and per category in card order. */
export function harmonyOf(revealed: readonly RevealedQuestion[]): Harmony {
  const byCategory = new Map<string, { alike: number; questions: number; order: number }>();
  let alike = 0;
  for (const entry of revealed) {
    const isAlike = entry.outcome === 'agree' || entry.outcome === 'cardDiffers';
    if (isAlike) alike += 1;
    const name = stripMarkup(entry.question.categoryName);
    const counts = byCategory.get(name) ?? { alike: 0, questions: 0, order: byCategory.size };
    counts.questions += 1;
    if (isAlike) counts.alike += 1;
    byCategory.set(name, counts);
  }
  return {
    overall: revealed.length === 0 ? null : alike / revealed.length,
    byCategory: [...byCategory.entries()]
      .sort((a, b) => a[1].order - b[1].order)
      .map(([categoryName, counts]) => ({ categoryName, score: counts.alike / counts.questions, questions: counts.questions })),
  };
}

/**
 * Answers checked against their questions: every answered subject is a question, every option one of its own.
 *
 * @returns the answers as they are, or the message of the first that is not
 */
export function checkAnswers(questions: readonly Question[], answers: Answers): { ok: true } | { ok: false; message: string } {
  const bySubject = new Map(questions.map((q) => [q.subjectId, new Set(q.options.map((o) => o.id))]));
  for (const [subjectId, answer] of Object.entries(answers)) {
    const options = bySubject.get(subjectId);
    if (!options) return { ok: false, message: 'An answer is to a question this questionnaire does not ask.' };
    if (answer.kind === 'choice' && answer.optionIds.some((id) => !options.has(id))) return { ok: false, message: UNKNOWN_OPTION_MESSAGE };
  }
  return { ok: true };
}

/**
 * The card with one subject set as an answer says (docs/product.md §4: an option ticked ticks its
 * subject). Options the answer does not name are unticked.
 *
 * @returns the same document when the subject is not in it
 */
export function applyAnswer<D extends Pick<ContractDocument, 'categories'>>(
  document: D,
  subjectId: string,
  answer: { ticked: boolean; optionIds: readonly string[] },
): D {
  const chosen = new Set(answer.optionIds);
  return {
    ...document,
    categories: document.categories.map((category) =>
      category.subjects.some((s) => s._id === subjectId)
        ? {
            ...category,
            subjects: category.subjects.map((subject) =>
              subject._id === subjectId
                ? {
                    ...subject,
                    isSelected: answer.ticked || chosen.size > 0,
                    options: subject.options.map((option) => ({ ...option, isSelected: chosen.has(option._id) })),
                  }
                : subject,
            ),
          }
        : category,
    ),
  };
}

/** An answer in words (plain text): the options chosen, "Not played", "Not discussed", "Not sure"; with the note. */
export function describeAnswer(question: Question, answer: Answer | null): string {
  if (answer === null) return 'No answer';
  const note = answer.note === '' ? '' : ` (“${answer.note}”)`;
  if (answer.kind === 'notDiscussed') return `Not discussed${note}`;
  if (answer.kind === 'notSure') return `Not sure${note}`;
  const names = question.options.filter((o) => answer.optionIds.includes(o.id)).map((o) => stripMarkup(o.name));
  const words = names.length > 0 ? names.join(', ') : answer.ticked ? 'Played' : 'Not played';
  return `${words}${note}`;
}
