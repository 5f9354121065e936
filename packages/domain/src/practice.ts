/**
 * Practice ("Know our card", docs/questionnaire.md §8): prompts drawn from a partnership's own
 * agreement, for one player to recall, scheduled by spaced repetition on the server (FSRS, through
 * the ts-fsrs library). This file makes the prompts and the order of a session; the scheduling is
 * the server's (features/practice/).
 *
 * Routes (answers are `{ status, data }` envelopes; any access to the agreement):
 *
 * - GET  /api/v1/contracts/{id}/practice?session=before|full|crash   200 PracticeSessionAnswer
 * - POST /api/v1/contracts/{id}/practice/reviews  PracticeReviewsRequest  200 PracticeReviewsAnswer | 400
 * - GET  /api/v1/contracts/practice-progress   200 PracticeOverviewAnswer (every agreement the player can open)
 */
import { z } from 'zod';
import { tableWordsOf } from './alert-procedures';
import { successEnvelope } from './api';
import { type Category, type ContractDocument, type Subject, IdSchema, displayName, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';
import { CORE_QUESTION_KEYS } from './questionnaire';
import { storableText } from './text';

/** Prompts in a "10 before the game" session. */
export const BEFORE_THE_GAME_PROMPTS = 10;
/** The most prompts of a full review or a crash course. */
export const MAX_SESSION_PROMPTS = 100;
/** The most reviews one request carries (a session's, answered offline, fits). */
export const MAX_REVIEWS_PER_REQUEST = 200;

/** Which session: ten before the game, a full review, a new partner's crash course on the core set. */
export const PracticeSessionKindSchema = z.enum(['before', 'full', 'crash']);
export type PracticeSessionKind = z.infer<typeof PracticeSessionKindSchema>;

/** How well a prompt was recalled: FSRS's four grades. */
export const PracticeRatingSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type PracticeRating = z.infer<typeof PracticeRatingSchema>;

/** Where a prompt stands for this player: never practised, being learned, learned (FSRS review state). */
export const PracticeStageSchema = z.enum(['new', 'learning', 'learned']);
export type PracticeStage = z.infer<typeof PracticeStageSchema>;

/** One prompt: a question, its choices and the answer the card gives. */
export const PracticePromptSchema = z.lazy(() =>
  z.object({
    /** The subject's id; `<subject id>/reverse` for the reverse question; `<subject id>/alert/<option id>` for the Alert drill of one option. */
    id: z.string().max(200),
    kind: z.enum(['meaning', 'reverse', 'alert']),
    subjectId: IdSchema,
    categoryName: z.string(),
    /** The question, plain text ("With Anna: 1NT opening range (HCP)?"). */
    question: z.string(),
    choices: z.array(z.object({ id: z.string(), name: z.string() })),
    /** True when more than one choice may be right (the card ticks several options). */
    isMultiple: z.boolean(),
    /** The ids of the right choices. */
    answer: z.array(z.string()),
    /** What the card says, as a fingerprint: a review given for another one is dropped (the card changed meanwhile). */
    signature: z.string(),
    stage: PracticeStageSchema,
    /** True when the card changed since this player last practised the prompt: its schedule started again. */
    isChanged: z.boolean(),
    /** True when someone marked the subject (or one of its options) "to discuss". */
    isToDiscuss: z.boolean(),
    /** When it is due next (ISO 8601); null for a new prompt. */
    due: z.iso.datetime().nullable(),
    /** What this player's other agreements say instead (elsewhere.ts): shown with the answer, so partners are not mixed up. */
    elsewhere: z.array(z.object({ label: z.string(), answer: z.string() })),
  }),
);
export type PracticePrompt = z.infer<typeof PracticePromptSchema>;

/** Per category, how many of the agreement's prompts this player has learned, is learning, has never practised. */
export const PracticeProgressSchema = z.lazy(() =>
  z.array(z.object({ categoryName: z.string(), learned: z.number().int(), learning: z.number().int(), new: z.number().int() })),
);
export type PracticeProgress = z.infer<typeof PracticeProgressSchema>;

export const PracticeSessionSchema = z.lazy(() =>
  z.object({
    session: PracticeSessionKindSchema,
    prompts: z.array(PracticePromptSchema),
    progress: PracticeProgressSchema,
    /** Prompts due now, all sessions counted. */
    dueCount: z.number().int(),
  }),
);
export type PracticeSession = z.infer<typeof PracticeSessionSchema>;
export const PracticeSessionAnswerSchema = z.lazy(() => successEnvelope(PracticeSessionSchema));

/** GET /api/v1/contracts/practice-progress: per agreement the player can open, their progress and what is due (the dashboard). */
export const PracticeOverviewSchema = z.lazy(() =>
  z.array(
    z.object({
      contractId: z.string(),
      /** The agreement's name, plain text in quotes. */
      label: z.string(),
      learned: z.number().int(),
      learning: z.number().int(),
      new: z.number().int(),
      /** Prompts due now, those whose card changed included. */
      due: z.number().int(),
    }),
  ),
);
export type PracticeOverview = z.infer<typeof PracticeOverviewSchema>;
export const PracticeOverviewAnswerSchema = z.lazy(() => successEnvelope(PracticeOverviewSchema));

export const PracticeSessionQuerySchema = z.object({ session: PracticeSessionKindSchema.default('before') });

/** POST …/practice/reviews: the prompts answered, in the order they were, with when (a session answered offline is sent later). */
export const PracticeReviewsRequestSchema = z.lazy(() =>
  z.object({
    reviews: z
      .array(
        z.object({
          promptId: storableText(z.string().max(200)),
          signature: storableText(z.string().max(4000)),
          rating: PracticeRatingSchema,
          reviewedAt: z.iso.datetime(),
        }),
      )
      .min(1)
      .max(MAX_REVIEWS_PER_REQUEST),
  }),
);
export type PracticeReviewsRequest = z.infer<typeof PracticeReviewsRequestSchema>;

/** What POST …/practice/reviews did: how many of the grades sent were recorded (a grade of an answer the card no longer gives is dropped). */
export const PracticeReviewsAnswerSchema = z.lazy(() => successEnvelope(z.object({ recorded: z.number().int().min(0) })));
export type PracticeReviewsAnswer = z.infer<typeof PracticeReviewsAnswerSchema>;

/** A prompt before the player's schedule is known: what the agreement alone says. */
export type PromptDraft = Omit<PracticePrompt, 'stage' | 'isChanged' | 'isToDiscuss' | 'due' | 'elsewhere'>;

function playedOptions(subject: Subject) {
  return subject.options.filter((option) => option.isSelected && !isPlaceholderName(option.optionName));
}

function meaningPrompt(category: Category, subject: Subject, partnerName: string): PromptDraft | null {
  const options = subject.options.filter((option) => !isPlaceholderName(option.optionName));
  const played = playedOptions(subject);
  if (options.length < 2 || played.length === 0) return null;
  const subjectName = stripMarkup(displayName(subject));
  return {
    id: subject._id,
    kind: 'meaning',
    subjectId: subject._id,
    categoryName: stripMarkup(category.categoryName),
    question: partnerName === '' ? `${subjectName}?` : `With ${partnerName}: ${subjectName}?`,
    choices: options.map((option) => ({ id: option._id, name: displayName(option) })),
    isMultiple: played.length > 1,
    answer: played.map((option) => option._id),
    signature: `m:${played.map((option) => `${option._id}=${displayName(option)}`).join('|')}`,
  };
}

/** How many subjects a reverse prompt offers (the right one among its category's others). */
const REVERSE_CHOICES = 4;

/**
 * The reverse of "what does the card say?": the card's answer given, which subject is it? Choices:
 * the subject and the next played subjects of its category (card order, wrapping round). Left out
 * when the category plays fewer than two such subjects, or another of them has the same answer.
 */
function reversePrompts(category: Category, meanings: readonly PromptDraft[], subjectNames: ReadonlyMap<string, string>): PromptDraft[] {
  if (meanings.length < 2) return [];
  const answerOf = (prompt: PromptDraft) =>
    prompt.choices
      .filter((choice) => prompt.answer.includes(choice.id))
      .map((choice) => stripMarkup(choice.name))
      .join(', ');
  return meanings.flatMap((prompt, index) => {
    const answer = answerOf(prompt);
    if (meanings.some((other) => other !== prompt && answerOf(other).toLowerCase() === answer.toLowerCase())) return [];
    const others = Array.from({ length: Math.min(REVERSE_CHOICES, meanings.length) - 1 }, (_, step) => meanings[(index + step + 1) % meanings.length]!);
    const candidates = [prompt, ...others].sort((a, b) => meanings.indexOf(a) - meanings.indexOf(b));
    return [
      {
        id: `${prompt.subjectId}/reverse`,
        kind: 'reverse' as const,
        subjectId: prompt.subjectId,
        categoryName: stripMarkup(category.categoryName),
        question: `In ${stripMarkup(category.categoryName)}, your card says “${answer}”. For which?`,
        choices: candidates.map((candidate) => ({ id: candidate.subjectId, name: subjectNames.get(candidate.subjectId) ?? '' })),
        isMultiple: false,
        answer: [prompt.subjectId],
        signature: `r:${prompt.signature}`,
      },
    ];
  });
}

const ALERT_CHOICES = { nothing: 'Nothing: no Alert', alert: 'Alert' } as const;

/** The Alert drill of each played option the Alert procedure flags (docs/bridge.md §1c): what do you say when partner makes this call? */
function alertPrompts(category: Category, subject: Subject): PromptDraft[] {
  if (!subject.key) return [];
  const subjectName = stripMarkup(displayName(subject));
  return playedOptions(subject).flatMap((option) => {
    if (!option.key) return [];
    const words = tableWordsOf(subject.key!, option.key, displayName(option));
    if (!words) return [];
    const choices = [
      { id: 'nothing', name: ALERT_CHOICES.nothing },
      { id: 'alert', name: ALERT_CHOICES.alert },
      ...(words === 'Alert' ? [] : [{ id: 'announce', name: words }]),
    ];
    return [
      {
        id: `${subject._id}/alert/${option._id}`,
        kind: 'alert' as const,
        subjectId: subject._id,
        categoryName: stripMarkup(category.categoryName),
        question: `Partner’s call is ${subjectName}: ${stripMarkup(displayName(option))}. What do you say?`,
        choices,
        isMultiple: false,
        answer: [words === 'Alert' ? 'alert' : 'announce'],
        signature: `a:${option._id}=${words}`,
      },
    ];
  });
}

/**
 * Every prompt an agreement gives, category by category: for each played subject with at least two
 * options and one ticked, recall what the card says (its ticked options among all its options);
 * for each played option the Alert procedure flags, what partner says at the table; then, per
 * category, the reverse: given what the card says, which subject (reversePrompts).
 *
 * @param partnerName the partner's name for the questions ("With Anna: …"), '' to leave it out
 */
export function buildPracticePrompts(document: Pick<ContractDocument, 'categories'>, partnerName: string): PromptDraft[] {
  const prompts: PromptDraft[] = [];
  const subjectNames = new Map<string, string>();
  for (const category of document.categories) {
    const meanings: PromptDraft[] = [];
    for (const subject of category.subjects) {
      if (!subject.isSelected || subject.isLocked || isPlaceholderName(subject.subjectName)) continue;
      const meaning = meaningPrompt(category, subject, partnerName);
      if (meaning) {
        prompts.push(meaning);
        meanings.push(meaning);
        subjectNames.set(subject._id, displayName(subject));
      }
      prompts.push(...alertPrompts(category, subject));
    }
    prompts.push(...reversePrompts(category, meanings, subjectNames));
  }
  return prompts;
}

/** True when a subject's key is in the core set ("Do we agree?", docs/questionnaire.md §2): a crash course starts there. */
export function isCorePrompt(prompt: Pick<PracticePrompt, 'subjectId'>, keysById: ReadonlyMap<string, string | undefined>): boolean {
  const key = keysById.get(prompt.subjectId);
  return key !== undefined && CORE_QUESTION_KEYS.includes(key);
}

/**
 * The prompts of a session, in order (docs/questionnaire.md §8):
 * - `before` ("10 before the game"): due prompts (the longest overdue first), then those whose card
 *   changed, then those marked to discuss, then those another partnership of the player answers
 *   otherwise, then new ones from the core set, then other new ones; ten at most;
 * - `full`: every due and changed prompt, then new ones, up to MAX_SESSION_PROMPTS;
 * - `crash` (a new partner): the core set's prompts, new or not, then the rest, up to MAX_SESSION_PROMPTS.
 *
 * @param isCore whether a prompt belongs to the core set
 */
export function orderSession(
  prompts: readonly PracticePrompt[],
  session: PracticeSessionKind,
  now: Date,
  isCore: (prompt: PracticePrompt) => boolean,
): PracticePrompt[] {
  const due = prompts.filter((p) => p.due !== null && new Date(p.due) <= now && !p.isChanged).sort((a, b) => a.due!.localeCompare(b.due!));
  const changed = prompts.filter((p) => p.isChanged);
  const newOnes = prompts.filter((p) => p.stage === 'new' && !p.isChanged);
  if (session === 'crash') {
    const core = prompts.filter(isCore);
    return [...core, ...prompts.filter((p) => !isCore(p))].slice(0, MAX_SESSION_PROMPTS);
  }
  if (session === 'full') return unique([...due, ...changed, ...newOnes]).slice(0, MAX_SESSION_PROMPTS);
  const toDiscuss = prompts.filter((p) => p.isToDiscuss);
  const differentElsewhere = prompts.filter((p) => p.elsewhere.length > 0);
  return unique([...due, ...changed, ...toDiscuss, ...differentElsewhere, ...newOnes.filter(isCore), ...newOnes]).slice(0, BEFORE_THE_GAME_PROMPTS);
}

function unique(prompts: PracticePrompt[]): PracticePrompt[] {
  const seen = new Set<string>();
  return prompts.filter((prompt) => {
    if (seen.has(prompt.id)) return false;
    seen.add(prompt.id);
    return true;
  });
}

/** Whether the choices picked are exactly the right ones (order aside). */
export function isRightAnswer(prompt: Pick<PracticePrompt, 'answer'>, picked: readonly string[]): boolean {
  const right = new Set(prompt.answer);
  const chosen = new Set(picked);
  return right.size === chosen.size && [...right].every((id) => chosen.has(id));
}

/** Progress per category, in card order of first appearance. */
export function progressOf(prompts: readonly Pick<PracticePrompt, 'categoryName' | 'stage'>[]): PracticeProgress {
  const byCategory = new Map<string, { learned: number; learning: number; new: number }>();
  for (const prompt of prompts) {
    const counts = byCategory.get(prompt.categoryName) ?? { learned: 0, learning: 0, new: 0 };
    counts[prompt.stage] += 1;
    byCategory.set(prompt.categoryName, counts);
  }
  return [...byCategory.entries()].map(([categoryName, counts]) => ({ categoryName, ...counts }));
}
