/**
 * Master templates (docs/product.md §D6): the six shipped systems, the hidden Free Trial Agreement and the
 * ones administrators upload. `content` holds the template's 13 categories as JSONB, without
 * placeholder rows (they are added when an agreement is made from the template; docs/product.md §D4).
 */
import type { Category } from '@bpa/domain/contract';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateName: text('template_name').notNull(),
    /** Hidden templates (the Free Trial Agreement) are not listed to administrators or subscribers (docs/product.md §3). */
    isHidden: boolean('is_hidden').notNull().default(false),
    content: jsonb('content').$type<Category[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Unique so that loading the shipped templates is idempotent even when two servers start at once.
  (table) => [uniqueIndex('templates_template_name_key').on(table.templateName)],
);

export type TemplateRow = typeof templates.$inferSelect;
