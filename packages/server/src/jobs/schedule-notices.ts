import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { runScheduledJob } from '../db/scheduled-jobs';
import { repeatEvery } from './repeat-every';
import { sendDigests, sendDiscussionNotices } from '../features/notices/send-notices';
import type { AccountMail } from '../features/users/account-mail';

/** How often the digest job looks for people due a digest (each gets at most one a day). */
const DIGEST_RUN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Every `intervalMs` (and once at start), sends the email notices of agreements (ADR 198), each
 * job once across servers (db/scheduled-jobs.ts): the discussion notices every tick, then the
 * digests every hour. The timer does not keep the process alive; a failure is logged and the job
 * runs again at the next tick.
 *
 * @param options `intervalMs` between ticks (config NOTICE_INTERVAL_SECONDS, default 5 minutes); `isShared`: true
 *   on PostgreSQL (several servers)
 * @returns a function that stops the timer (call it when the app closes)
 */
export function scheduleNotices(
  db: Database,
  mail: AccountMail,
  options: { intervalMs: number; now: () => Date; log: FastifyBaseLogger; isShared: boolean },
): () => void {
  return repeatEvery(options.intervalMs, async () => {
    try {
      await runScheduledJob(
        db,
        { name: 'send-discussion-notices', everyMs: options.intervalMs / 2, now: options.now(), isShared: options.isShared },
        async () => {
          const sent = await sendDiscussionNotices(db, mail, options.now());
          if (sent > 0) options.log.info({ count: sent }, 'sent notices of marks and replies to discuss');
        },
      );
      await runScheduledJob(db, { name: 'send-digests', everyMs: DIGEST_RUN_INTERVAL_MS, now: options.now(), isShared: options.isShared }, async () => {
        const sent = await sendDigests(db, mail, options.now());
        if (sent > 0) options.log.info({ count: sent }, 'sent digests of partners’ changes');
      });
    } catch (error) {
      options.log.error({ err: error }, 'sending email notices failed; it runs again at the next tick');
    }
  });
}
