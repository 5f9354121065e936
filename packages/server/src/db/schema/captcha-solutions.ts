/**
 * Captcha solutions already accepted (src/captcha/used-solution-store.ts): a solved challenge is
 * good for one message only. A key is kept until its challenge expires, then deleted.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_solutions_expires_at_idx').on(table.expiresAt)],
);
