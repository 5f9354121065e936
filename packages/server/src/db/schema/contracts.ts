/**
 * A subscriber's agreements (design 4 and 7): the document (name and 13 categories) as JSONB with
 * a `revision` integer; a save sends the revision it was loaded at and a stale one is refused.
 * Every save keeps the previous document in `contract_revisions`. A subscriber gets five
 * agreements, "Partner 1" to "Partner 5", when the account is created (features/users).
 */
import type { ContractDocument } from '@bpa/domain/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Same as `document.contractName`; a column so that name lists need not read the documents. */
    contractName: text('contract_name').notNull(),
    document: jsonb('document').$type<ContractDocument>().notNull(),
    revision: integer('revision').notNull().default(0),
    /**
     * The agreement's place on its owner's dashboard, 0 first (design 4: "Partner 1" … "Partner 5"
     * in that order). Set at creation and never changed by a rename or a save.
     */
    position: integer('position').notNull().default(0),
    /** The template the agreement was made from or last reset to (spec 3: templateNames). */
    templateName: text('template_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contracts_owner_user_id_idx').on(table.ownerUserId)],
);

export type ContractRow = typeof contracts.$inferSelect;

/** Earlier documents of an agreement: the row for `revision` n is the document as it was at revision n. */
export const contractRevisions = pgTable(
  'contract_revisions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    document: jsonb('document').$type<ContractDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.revision] })],
);

export type ContractRevisionRow = typeof contractRevisions.$inferSelect;
