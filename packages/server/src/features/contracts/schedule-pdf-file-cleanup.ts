import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { deleteExpiredPdfFiles } from './delete-expired-pdf-files';

/**
 * Runs `deleteExpiredPdfFiles` now and then every `intervalMs` (design 7: guest PDFs are deleted
 * after one hour). The timer does not keep the process alive; failures are logged and retried at
 * the next tick.
 *
 * @param intervalMs milliseconds between runs
 * @returns a function that stops the timer (call it when the app closes)
 */
export function schedulePdfFileCleanup(db: Database, options: { intervalMs: number; now: () => Date; log: FastifyBaseLogger }): () => void {
  let isRunning = false;
  const run = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const count = await deleteExpiredPdfFiles(db, options.now());
      if (count > 0) options.log.info({ count }, 'deleted expired PDF files');
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
