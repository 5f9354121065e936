/**
 * When each scheduled job last ran (ADR 160): with several servers on one database, a job runs
 * on the one server that takes its advisory lock and finds it due (db/scheduled-jobs.ts).
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
