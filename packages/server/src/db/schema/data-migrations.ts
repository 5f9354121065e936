/**
 * Data migrations applied (db/data-migrations.ts): changes to stored documents that need the
 * product's own code, run once after the SQL migrations, e.g. `catalogue-keys`
 * (docs/catalogue-keys.md, "The migration of stored data"). One row per migration applied.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const dataMigrations = pgTable('data_migrations', {
  /** The migration's name, e.g. 'catalogue-keys'. */
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  /** What it did, as its own report (for catalogue-keys: items keyed, not matched, examples). */
  report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
});
