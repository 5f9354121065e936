/**
 * Practice ("Know our card", docs/questionnaire.md §8): a player's sessions on an agreement and
 * their schedule. Prompts come from the agreement as it is now (domain/practice.ts); each has, per
 * player, a spaced-repetition card scheduled by FSRS through the ts-fsrs library (default
 * parameters: 90 % retention, learning steps of 1 and 10 minutes, fuzz on). A prompt whose answer
 * on the card changed since it was last practised starts again as new, flagged "your agreement
 * changed". Access to the agreement is checked by the routes; these functions trust its id.
 */
import { type ContractDocument } from '@bpa/domain/contract';
import {
  type PracticeOverview,
  type PracticePrompt,
  type PracticeRating,
  type PracticeSession,
  type PracticeSessionKind,
  type PracticeStage,
  type PromptDraft,
  buildPracticePrompts,
  isCorePrompt,
  orderSession,
  progressOf,
} from '@bpa/domain/practice';
import { differencesElsewhere } from '@bpa/domain/elsewhere';
import { stripMarkup } from '@bpa/domain/markup';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Card, Rating, State, createEmptyCard, fsrs } from 'ts-fsrs';
import type { Database } from '../../db/database';
import { contractMarks, contracts } from '../../db/schema/contracts';
import { type StoredFsrsCard, practiceCards } from '../../db/schema/practice';
import { listMembers } from '../agreements/agreement-members';
import { readOpenableAgreements, readOtherAgreementsPlayed } from '../agreements/other-agreements';
import { agreementNotFound } from '../agreements/owned-agreements';

const scheduler = fsrs();

/** How far back a review sent late may be dated (a session answered offline): 30 days. */
const MAX_REVIEW_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const GRADES: Record<PracticeRating, Rating.Again | Rating.Hard | Rating.Good | Rating.Easy> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

function toStored(card: Card): StoredFsrsCard {
  const { last_review: lastReview, ...rest } = card;
  return { ...rest, due: card.due.toISOString(), ...(lastReview ? { last_review: lastReview.toISOString() } : {}) };
}

function fromStored(card: StoredFsrsCard): Card {
  return { ...card, due: new Date(card.due), ...(card.last_review ? { last_review: new Date(card.last_review) } : {}) } as Card;
}

function stageOf(card: StoredFsrsCard | undefined): PracticeStage {
  if (!card || card.state === State.New) return 'new';
  return card.state === State.Review ? 'learned' : 'learning';
}

/** The agreement, its prompts for this player ("With <partner>: …") and the subject keys by id. */
async function promptsOf(db: Database, request: { contractId: string; userId: string }) {
  const [row] = await db.select({ document: contracts.document }).from(contracts).where(eq(contracts.id, request.contractId));
  if (!row) throw agreementNotFound();
  const members = (await listMembers(db, [request.contractId])).get(request.contractId) ?? [];
  const partners = members.filter((member) => member.userId !== request.userId).map((member) => member.name);
  const partnerName = partners.length === 1 ? partners[0]! : partners.length > 1 ? 'partners' : '';
  const document: ContractDocument = row.document;
  const keysById = new Map(document.categories.flatMap((category) => category.subjects.map((subject) => [subject._id, subject.key] as const)));
  return { drafts: buildPracticePrompts(document, stripMarkup(partnerName)), keysById, document };
}

/**
 * A practice session: its prompts in order (domain orderSession) with this player's schedule of
 * each, the progress per category and how many prompts are due now.
 *
 * @throws AppError not_found when the agreement is gone
 */
export async function getPracticeSession(
  db: Database,
  request: { contractId: string; userId: string; session: PracticeSessionKind; now: Date },
): Promise<PracticeSession> {
  const { drafts, keysById, document } = await promptsOf(db, request);
  const stored = await db
    .select({ promptId: practiceCards.promptId, signature: practiceCards.signature, card: practiceCards.card })
    .from(practiceCards)
    .where(and(eq(practiceCards.userId, request.userId), eq(practiceCards.contractId, request.contractId)));
  const byPrompt = new Map(stored.map((row) => [row.promptId, row]));
  const marked = new Set(
    (
      await db
        .select({ itemId: contractMarks.itemId })
        .from(contractMarks)
        .where(and(eq(contractMarks.contractId, request.contractId), eq(contractMarks.status, 'discuss')))
    ).map((row) => row.itemId),
  );
  const elsewhere = differencesElsewhere(document, await readOtherAgreementsPlayed(db, { userId: request.userId, exceptContractId: request.contractId }));
  const prompts: PracticePrompt[] = drafts.map((draft: PromptDraft) => {
    const row = byPrompt.get(draft.id);
    const isChanged = row !== undefined && row.signature !== draft.signature;
    const card = row && !isChanged ? row.card : undefined;
    return {
      ...draft,
      stage: stageOf(card),
      isChanged,
      isToDiscuss: marked.has(draft.subjectId) || draft.choices.some((choice) => marked.has(choice.id)),
      due: card && card.state !== State.New ? card.due : null,
      elsewhere: draft.kind === 'meaning' ? (elsewhere.get(draft.subjectId) ?? []) : [],
    };
  });
  const dueCount = prompts.filter((prompt) => prompt.isChanged || (prompt.due !== null && new Date(prompt.due) <= request.now)).length;
  return {
    session: request.session,
    prompts: orderSession(prompts, request.session, request.now, (prompt) => isCorePrompt(prompt, keysById)),
    progress: progressOf(prompts),
    dueCount,
  };
}

/**
 * Records a player's reviews, in the order given, each moving its prompt's FSRS card (a card whose
 * prompt's answer changed since starts again from new). A review of a prompt the agreement no
 * longer has, or given for another answer than the card's now (its `signature`), is dropped: it
 * was about something the card no longer says. Review times are clamped to the last 30 days and
 * never later than now.
 *
 * @returns how many reviews were recorded
 * @throws AppError not_found when the agreement is gone
 */
export async function recordReviews(
  db: Database,
  request: {
    contractId: string;
    userId: string;
    reviews: readonly { promptId: string; signature: string; rating: PracticeRating; reviewedAt: string }[];
    now: Date;
  },
): Promise<number> {
  const { drafts } = await promptsOf(db, request);
  const signatures = new Map(drafts.map((draft) => [draft.id, draft.signature]));
  const wanted = [...new Set(request.reviews.map((review) => review.promptId))].filter((id) => signatures.has(id));
  if (wanted.length === 0) return 0;
  const stored = await db
    .select({ promptId: practiceCards.promptId, signature: practiceCards.signature, card: practiceCards.card })
    .from(practiceCards)
    .where(and(eq(practiceCards.userId, request.userId), eq(practiceCards.contractId, request.contractId), inArray(practiceCards.promptId, wanted)));
  const cards = new Map<string, Card>();
  for (const row of stored) if (row.signature === signatures.get(row.promptId)) cards.set(row.promptId, fromStored(row.card));
  const earliest = request.now.getTime() - MAX_REVIEW_AGE_MS;
  let recorded = 0;
  const touched = new Set<string>();
  for (const review of request.reviews) {
    const signature = signatures.get(review.promptId);
    if (signature === undefined || signature !== review.signature) continue;
    const previous = cards.get(review.promptId);
    // Never before the card's last review: two devices' sessions may arrive in either order.
    const floor = Math.max(earliest, previous?.last_review?.getTime() ?? earliest);
    const at = new Date(Math.min(request.now.getTime(), Math.max(floor, Date.parse(review.reviewedAt))));
    const card: Card = previous ?? createEmptyCard<Card>(at);
    cards.set(review.promptId, scheduler.next(card, at, GRADES[review.rating]).card);
    touched.add(review.promptId);
    recorded += 1;
  }
  if (touched.size === 0) return 0;
  const rows = [...touched].map((promptId) => {
    const card = cards.get(promptId)!;
    return {
      userId: request.userId,
      contractId: request.contractId,
      promptId,
      signature: signatures.get(promptId)!,
      card: toStored(card),
      due: card.due,
      updatedAt: request.now,
    };
  });
  await db
    .insert(practiceCards)
    .values(rows)
    .onConflictDoUpdate({
      target: [practiceCards.userId, practiceCards.contractId, practiceCards.promptId],
      set: { signature: sql`excluded.signature`, card: sql`excluded.card`, due: sql`excluded.due`, updatedAt: sql`excluded.updated_at` },
    });
  return recorded;
}

/**
 * The player's practice on every agreement they can open (the dashboard, docs/questionnaire.md §8):
 * per agreement, how many prompts are learned, being learned and new, and how many are due now (a
 * prompt whose card changed counts as new and due). Newest agreements first, at most
 * MAX_OTHER_AGREEMENTS.
 */
export async function listPracticeProgress(db: Database, request: { userId: string; now: Date }): Promise<PracticeOverview> {
  const agreements = await readOpenableAgreements(db, { userId: request.userId });
  if (agreements.length === 0) return [];
  const stored = await db
    .select({ contractId: practiceCards.contractId, promptId: practiceCards.promptId, signature: practiceCards.signature, card: practiceCards.card })
    .from(practiceCards)
    .where(
      and(
        eq(practiceCards.userId, request.userId),
        inArray(
          practiceCards.contractId,
          agreements.map((agreement) => agreement.contractId),
        ),
      ),
    );
  const byPrompt = new Map(stored.map((row) => [`${row.contractId}|${row.promptId}`, row]));
  return agreements.map((agreement) => {
    const counts = { learned: 0, learning: 0, new: 0, due: 0 };
    for (const draft of buildPracticePrompts(agreement.document, '')) {
      const row = byPrompt.get(`${agreement.contractId}|${draft.id}`);
      const isChanged = row !== undefined && row.signature !== draft.signature;
      const card = row && !isChanged ? row.card : undefined;
      counts[stageOf(card)] += 1;
      if (isChanged || (card && card.state !== State.New && new Date(card.due) <= request.now)) counts.due += 1;
    }
    return { contractId: agreement.contractId, label: agreement.label, ...counts };
  });
}
