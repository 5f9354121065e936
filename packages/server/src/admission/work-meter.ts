/**
 * What a request's expensive work cost, counted where it is done (docs/decisions/191-admission-by-cost.md).
 * The worker pools (PDF drawing, file reading) report the milliseconds their worker spent on a
 * task with `recordWork`; the admission (admission.ts) runs each expensive job inside `meterWork`
 * and charges the client what was recorded. Kept in an AsyncLocalStorage so the renderers'
 * signatures stay about agreements, not accounting.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The work recorded for one job so far, in milliseconds of worker time. */
export interface WorkMeter {
  workMs: number;
}

const meters = new AsyncLocalStorage<WorkMeter>();

/**
 * Runs `job` with a fresh meter.
 *
 * @returns what `job` returns, and the meter (read it after the job ended, or failed)
 */
export function meterWork<T>(meter: WorkMeter, job: () => Promise<T>): Promise<T> {
  return meters.run(meter, job);
}

/**
 * Adds a task's worker time to the job running now; nothing happens outside `meterWork` (tests,
 * the benchmarks, the warm-up).
 *
 * @param workMs milliseconds the worker spent, measured in the worker
 */
export function recordWork(workMs: number): void {
  const meter = meters.getStore();
  if (meter && Number.isFinite(workMs) && workMs > 0) meter.workMs += workMs;
}

/** Thrown by a worker pool whose queue is full: answered 503 with Retry-After by the admission. */
export class WorkQueueFullError extends Error {
  readonly retryAfterSeconds: number;
  /** The text the user reads: which kind of work is busy. */
  readonly userMessage: string;
  constructor(userMessage: string, retryAfterSeconds: number) {
    super(userMessage);
    this.name = 'WorkQueueFullError';
    this.userMessage = userMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
