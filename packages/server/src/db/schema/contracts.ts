/**
 * A subscriber's agreements (docs/product.md §D4 and 7): the document (name and 13 categories) as JSONB with
 * a `revision` integer; a save sends the revision it was loaded at and a stale one is refused.
 * Every save keeps the previous document in `contract_revisions`. A subscriber gets five
 * agreements, "Partner 1" to "Partner 5", when the account is created (features/users).
 */
import type { ContractDocument } from '@bpa/domain/contract';
import type { ChangeSummary, ItemChange } from '@bpa/domain/history';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
     * How many rows of its history (`contract_revisions`) are kept: History's page count, read with
     * the agreement instead of counting its versions (bench/scale-bench.ts). 1 at creation (revision
     * 0), raised by each change's statement (replace-agreement-document.ts) and lowered by pruning
     * (features/history/agreement-history.ts), in the same statement or transaction as the rows.
     */
    keptRevisions: integer('kept_revisions').notNull().default(1),
    /**
     * The agreement's place on its owner's dashboard, 0 first (docs/product.md §D4: "Partner 1" … "Partner 5"
     * in that order). Set at creation and never changed by a rename or a save.
     */
    position: integer('position').notNull().default(0),
    /** The template the agreement was made from or last reset to (docs/product.md §3: templateNames). */
    templateName: text('template_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contracts_owner_user_id_idx').on(table.ownerUserId)],
);

export type ContractRow = typeof contracts.$inferSelect;

/**
 * An agreement's history (docs/sharing.md §4; ADR 171): one row per revision, the current one included,
 * saying who made it, when, how and what changed, and holding the document as it was, compactly:
 *
 * - the current revision's row holds no document (it is `contracts.document`);
 * - an earlier row holds `patch`, the RFC 6902 JSON Patch that turns the NEXT kept revision's
 *   document into this one (a few hundred bytes for a few ticks), or, every
 *   REVISION_SNAPSHOT_INTERVAL revisions and for rows written before history existed, the whole
 *   `document`, so that rebuilding an old revision applies a bounded number of patches.
 *
 * Rows may be missing after pruning (keep everything of the last 90 days, then one a day); the
 * patch of a kept row is then against the next kept one.
 */
export const contractRevisions = pgTable(
  'contract_revisions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** The whole document at this revision, or null (see `patch`, and the current revision). */
    document: jsonb('document').$type<ContractDocument>(),
    /** JSON Patch from the next kept revision's document to this one, or null. */
    patch: jsonb('patch').$type<unknown[]>(),
    /** What made it: create, save, merge, rename, template, restore (RevisionKindSchema). */
    kind: text('kind').notNull().default('save'),
    /** Who made it (the administrator under impersonation); null when unknown or deleted. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as shown when the revision was made ('' when unknown). */
    authorLabel: text('author_label').notNull().default(''),
    /**
     * What changed, as counts and names (domain history.ts ChangeSummarySchema); the sentence is
     * written when shown (describeChange). Migration 0011 turned the stored sentences into these.
     */
    change: jsonb('change').$type<ChangeSummary>().notNull().default({ counts: {}, categories: [], moreCategories: 0 }),
    /**
     * The items this revision changed from the one before it (domain history.ts `listItemChanges`),
     * written by the save's single statement, so that "changes since your last visit" and the
     * dashboard's badge read them instead of replaying documents (docs/sharing.md §6). Null on
     * revision 0 and on revisions stored before migration 0019 (those are replayed).
     */
    items: jsonb('items').$type<ItemChange[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.revision] }),
    // The digest of partners' changes looks for the agreements changed lately (features/notices).
    index('contract_revisions_created_at_idx').on(table.createdAt),
  ],
);

export type ContractRevisionRow = typeof contractRevisions.$inferSelect;

/**
 * Who else may open an agreement (docs/sharing.md §2; ADR 172): a partner with `edit` or `view` access.
 * At most MAX_PARTNERS_PER_AGREEMENT rows per agreement. Access is read on every request, so a
 * deleted row ends access at once, open sessions included. When the last row of a partner account
 * that never chose a password goes, however it goes (stop sharing, the agreement or its owner
 * deleted), a trigger deletes the account, and its tokens with it (migration 0008; ADR 172, "Amended").
 */
export const contractShares = pgTable(
  'contract_shares',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access: text('access').$type<'edit' | 'view'>().notNull(),
    /** The address the owner typed (normalised): what the owner sees, whether or not an account had it before (ADR 172, "Amended"). */
    invitedEmail: text('invited_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the partner first listed or opened it after the share; until then the owner sees "invited" and the typed address. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.userId] }),
    index('contract_shares_user_id_idx').on(table.userId),
    check('contract_shares_access_check', sql`${table.access} in ('edit', 'view')`),
  ],
);

/**
 * The read-only link of an agreement (ADR 172): at most one per agreement. Its token is 256
 * random bits (base64url), the link's only secret, stored only as its SHA-256 hash: the owner sees
 * the token once, in the answer that makes it. Replacing the link writes a new hash; revoking
 * deletes the row.
 */
export const contractLinks = pgTable(
  'contract_links',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, 64 lower-case hex characters (hashSecret in sessions/secrets.ts). */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('contract_links_token_hash_key').on(table.tokenHash)],
);

/**
 * The revision each user last saw of an agreement (docs/sharing.md §6): opening it in the editor records
 * it; "Changes since your last visit" lists what others changed after it.
 */
export const contractViews = pgTable(
  'contract_views',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The dashboard's badge reads one person's visits (listChangesWaiting); a deleted account's go by cascade.
  (table) => [primaryKey({ columns: [table.contractId, table.userId] }), index('contract_views_user_id_idx').on(table.userId)],
);

/**
 * Review marks (docs/sharing.md §7): a partner's "agreed" or "to discuss" on one subject or option of an
 * agreement, with an optional note (plain text, at most 1,000 characters). A change of the item by
 * someone else sets the other partners' marks on it back to "to discuss".
 */
export const contractMarks = pgTable(
  'contract_marks',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The subject's or option's `_id` in the document. */
    itemId: text('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'agreed' | 'discuss'>().notNull(),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.itemId, table.userId] }),
    check('contract_marks_status_check', sql`${table.status} in ('agreed', 'discuss')`),
    // The notices of marks to discuss look for the recent ones (features/notices).
    index('contract_marks_updated_at_idx').on(table.updatedAt),
  ],
);

/**
 * Replies under an item marked "to discuss" (docs/sharing.md §7): a short thread per subject or
 * option, each reply with its author and times, editable and removable by its author only.
 */
export const contractReplies = pgTable(
  'contract_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The subject's or option's `_id` in the document. */
    itemId: text('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contract_replies_thread_idx').on(table.contractId, table.itemId, table.createdAt),
    // The notices of replies look for the recent ones (features/notices).
    index('contract_replies_created_at_idx').on(table.createdAt),
  ],
);
