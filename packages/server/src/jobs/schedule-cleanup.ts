import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { runScheduledJob } from '../db/scheduled-jobs';
import { repeatEvery } from './repeat-every';
import { vacuumWholeDatabase } from '../db/table-vacuum';
import { pruneAllHistories } from '../features/history/agreement-history';
import { deleteExpiredPdfFiles } from '../features/pdf-files/delete-expired-pdf-files';
import { pruneInvitationEmails } from '../features/sharing/invitation-limits';

/** How often the history retention rule runs (docs/sharing.md §4: it thins revisions older than 90 days; ADR 171). */
const HISTORY_PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often invitation records past the limits' 24 hours are deleted (invitation-limits.ts). */
const INVITATION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** How often the whole embedded database is vacuumed (ADR 192: PGlite has no autovacuum). */
const DATABASE_VACUUM_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Every `intervalMs` (and once at start), runs the maintenance jobs, each once across servers
 * (db/scheduled-jobs.ts): `deleteExpiredPdfFiles` (docs/product.md §D7: guest PDFs are deleted after one
 * hour) every tick, `pruneAllHistories` (the history retention rule, ADR 171) once a day, and
 * `pruneInvitationEmails` (the invitation limits' records past 24 hours, ADR 172) every hour, and on
 * the embedded database only (not `isShared`) `vacuumWholeDatabase` once a day (ADR 192: PGlite
 * runs no autovacuum; PostgreSQL's own does this). The timer does not keep the process alive;
 * failures are logged and retried at the next tick.
 *
 * @param options `intervalMs` between ticks; `isShared`: true on PostgreSQL (several servers)
 * @returns a function that stops the timer (call it when the app closes)
 */
export function schedulePdfFileCleanup(db: Database, options: { intervalMs: number; now: () => Date; log: FastifyBaseLogger; isShared: boolean }): () => void {
  return repeatEvery(options.intervalMs, async () => {
    try {
      await runScheduledJob(
        db,
        { name: 'delete-expired-pdf-files', everyMs: options.intervalMs / 2, now: options.now(), isShared: options.isShared },
        async () => {
          const count = await deleteExpiredPdfFiles(db, options.now());
          if (count > 0) options.log.info({ count }, 'deleted expired PDF files');
        },
      );
      await runScheduledJob(db, { name: 'prune-histories', everyMs: HISTORY_PRUNE_INTERVAL_MS, now: options.now(), isShared: options.isShared }, async () => {
        const pruned = await pruneAllHistories(db, options.now());
        if (pruned > 0) options.log.info({ count: pruned }, 'pruned agreement history (retention: 90 days, then one a day)');
      });
      await runScheduledJob(
        db,
        { name: 'prune-invitation-emails', everyMs: INVITATION_PRUNE_INTERVAL_MS, now: options.now(), isShared: options.isShared },
        async () => {
          const pruned = await pruneInvitationEmails(db, options.now());
          if (pruned > 0) options.log.info({ count: pruned }, 'pruned invitation records older than the 24-hour limits');
        },
      );
      if (!options.isShared) {
        await runScheduledJob(db, { name: 'vacuum-database', everyMs: DATABASE_VACUUM_INTERVAL_MS, now: options.now(), isShared: false }, async () => {
          const ms = await vacuumWholeDatabase(db);
          options.log.info({ ms: Math.round(ms) }, 'vacuumed the embedded database');
        });
      }
    } catch (error) {
      options.log.error({ err: error }, 'a maintenance job failed (expired PDFs, history or invitation pruning, vacuum); it runs again at the next tick');
    }
  });
}
