/**
 * Practice ("Know our card", docs/questionnaire.md §8): per player, agreement and prompt, its
 * spaced-repetition card (FSRS state, as ts-fsrs keeps it) and what the agreement said when it was
 * last practised (the prompt's signature), so a change of the agreement starts the prompt again.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { users } from './users';

/** The FSRS card of ts-fsrs, dates as ISO 8601 strings (how it goes through JSON). */
export interface StoredFsrsCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  last_review?: string;
}

export const practiceCards = pgTable(
  'practice_cards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The prompt's id (PracticePromptSchema.id): a subject id, or an option's Alert drill. */
    promptId: text('prompt_id').notNull(),
    signature: text('signature').notNull(),
    card: jsonb('card').$type<StoredFsrsCard>().notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contractId, table.promptId] }),
    // A deleted agreement's cards go by cascade without reading the whole table.
    index('practice_cards_contract_id_idx').on(table.contractId),
  ],
);
