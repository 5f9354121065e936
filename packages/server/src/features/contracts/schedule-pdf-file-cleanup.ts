import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { pruneAllHistories } from './contract-history';
import { deleteExpiredPdfFiles } from './delete-expired-pdf-files';

/** How often the history retention rule runs (issue 11 §2: it thins revisions older than 90 days). */
const HISTORY_PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `deleteExpiredPdfFiles` now and then every `intervalMs` (design 7: guest PDFs are deleted
 * after one hour), and once a day `pruneAllHistories` (the history retention rule, ADR 171). The timer does not keep the process alive; failures are logged and retried at
 * the next tick.
 *
 * @param intervalMs milliseconds between runs
 * @returns a function that stops the timer (call it when the app closes)
 */
export function schedulePdfFileCleanup(db: Database, options: { intervalMs: number; now: () => Date; log: FastifyBaseLogger }): () => void {
  let isRunning = false;
  let lastPrunedAt = -Infinity;
  const run = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const count = await deleteExpiredPdfFiles(db, options.now());
      if (count > 0) options.log.info({ count }, 'deleted expired PDF files');
      const now = options.now();
      if (now.getTime() - lastPrunedAt >= HISTORY_PRUNE_INTERVAL_MS) {
        lastPrunedAt = now.getTime();
        const pruned = await pruneAllHistories(db, now);
        if (pruned > 0) options.log.info({ count: pruned }, 'pruned agreement history (retention: 90 days, then one a day)');
      }
    } catch (error) {
      options.log.error({ err: error }, 'could not delete expired PDF files');
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
