/**
 * "Do we agree?" questionnaires (docs/questionnaire.md; ADR 200): one row per questionnaire of an
 * agreement, with its questions as they were when it started and the people asked, and one row per
 * person asked with their answers. Answers are read only by the questionnaire routes, which hand a
 * person nothing of anyone else's answers before the reveal.
 */
import type { Answers, Harmony, Question, QuestionSet } from '@bpa/domain/questionnaire';
import { index, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { users } from './users';

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** Who started it; null once that account is deleted. */
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    questionSet: jsonb('question_set').$type<QuestionSet>().notNull(),
    /** The questions as the agreement was when it started (QuestionSchema[]), so later saves do not move them. */
    questions: jsonb('questions').$type<Question[]>().notNull(),
    /** The people asked: the owner and the partners who had accepted the agreement then (user ids, in the order shown). */
    participantIds: jsonb('participant_ids').$type<string[]>().notNull(),
    /** The agreement's revision when it started: the next "what changed since" set counts from it. */
    startRevision: integer('start_revision').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** When the answers were first shown (every participant submitted, or the deadline passed); null before. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /** The harmony score computed at the reveal and kept for the trend (HarmonySchema). */
    harmony: jsonb('harmony').$type<Harmony>(),
  },
  (table) => [
    index('questionnaires_contract_started_idx').on(table.contractId, table.startedAt),
    // A deleted account's questionnaires lose their starter without reading the whole table.
    index('questionnaires_started_by_idx').on(table.startedBy),
  ],
);

export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Answers by subject id (AnswersSchema), saved as the person goes. */
    answers: jsonb('answers').$type<Answers>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When they handed their answers in; null while they can still change them. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.questionnaireId, table.userId] }),
    // A deleted account's answers go by cascade without reading the whole table.
    index('questionnaire_answers_user_id_idx').on(table.userId),
  ],
);
