/**
 * Runs a task now and then every `intervalMs`, never two at once (a tick that finds the last run
 * still going is skipped), on a timer that does not keep the process alive: the loop of the
 * server's scheduled jobs (schedule-cleanup.ts, schedule-notices.ts). The task handles its own
 * errors (it logs them); a rejection here would be unhandled.
 *
 * @param intervalMs milliseconds between runs
 * @returns a function that stops the timer (call it when the app closes)
 */
export function repeatEvery(intervalMs: number, task: () => Promise<void>): () => void {
  let isRunning = false;
  const run = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      await task();
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
