/**
 * One admission control for every expensive route (docs/decisions/191-admission-by-cost.md): PDFs,
 * convention cards, the compare PDF, version PDFs, imports and exports. It counts work, not
 * requests: each client has at most a few jobs at a time and a budget of worker time that refills
 * at a steady rate, so a client that asks for heavy work as fast as it can is refused (429 with
 * Retry-After) long before it can slow anyone else down.
 *
 * A job is charged to three kinds of key at once, each with its own limits (ADMISSION_LIMITS):
 * - `account:<id>` for a signed-in request, `guest:<address>` for an anonymous one (the client);
 * - `address:<address>` for every request from that address, more generous, as a club's members
 *   share one address, but a bound on one address with several accounts.
 *
 * The counts are this server's: each server protects its own cores, which is what keeps its
 * answers fast (several servers: docs/deploy.md). Work is what the worker pools record for the
 * job (work-meter.ts) plus a fixed charge for the request thread's share (reading and checking the
 * body, the answer).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { WorkQueueFullError, meterWork } from './work-meter';

/** The limits of one kind of key. */
export interface KeyLimits {
  /** Jobs running at once. */
  jobs: number;
  /** Most worker time saved up, in milliseconds: a burst of this much work passes at once. */
  budgetMs: number;
  /** Worker time given back each second, in milliseconds: the sustained share of one core (250 = a quarter). */
  refillMsPerSecond: number;
}

/** Limits by kind of key, and the fixed charge per job for the request thread's share, in milliseconds. */
export interface AdmissionLimits {
  client: KeyLimits;
  address: KeyLimits;
  requestThreadMs: number;
}

/**
 * The limits (docs/decisions/191-admission-by-cost.md, measured by bench/availability-bench.ts): a
 * PDF of the largest agreement or an import costs a small part of a client's budget (the ADR has
 * the figures), so no player comes near them; a client driving every expensive route as fast as it can gets a
 * quarter of a core.
 */
export const ADMISSION_LIMITS: AdmissionLimits = {
  client: { jobs: 2, budgetMs: 4_000, refillMsPerSecond: 250 },
  address: { jobs: 6, budgetMs: 10_000, refillMsPerSecond: 750 },
  requestThreadMs: 20,
};

/** 429 text: the client already has its share of jobs running. */
export function tooManyJobsMessage(jobs: number): string {
  return `You already have ${jobs} PDFs or files being made or read. Please wait for them to finish, then try again.`;
}

/** 429 text: the address (a club's network, say) has its share of jobs running, though this client may have none. */
export function addressBusyMessage(seconds: number): string {
  return `Many PDFs and files are being made or read for your network right now. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** 429 text: the client used its share of the server's time. */
export function overBudgetMessage(seconds: number): string {
  return `You have asked for many PDFs or files in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

interface KeyState {
  running: number;
  /** Worker time left at `at`, in milliseconds; may be negative after a costly job. */
  balanceMs: number;
  at: number;
}

/** The admission of one server process: see the module comment. */
export class Admission {
  private readonly keys = new Map<string, KeyState>();
  private sweptAt = 0;

  /**
   * @param limits default ADMISSION_LIMITS
   * @param clock milliseconds, monotonic (default `performance.now`), for tests
   */
  constructor(
    private readonly limits: AdmissionLimits = ADMISSION_LIMITS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * An `onRequest` hook for a route with a large body: refuses before the body is read, so a
   * refused request costs almost nothing. Place it after `requireUser` where the route has one.
   *
   * @throws AppError rate_limited (429, with Retry-After) as `run` would
   */
  refuseEarly = async (request: FastifyRequest): Promise<void> => {
    this.check(this.keysOf(request));
  };

  /**
   * Runs one expensive job if the client and its address are within their limits, and charges
   * them its work.
   *
   * @param request whose account (or address, for an anonymous request) and address are charged
   * @returns what `job` returns
   * @throws AppError rate_limited (429) when a key has its jobs running or its budget spent;
   *   unavailable (503, Retry-After) when `job` throws WorkQueueFullError; anything else `job`
   *   throws, unchanged (its work is charged all the same)
   */
  async run<T>(request: FastifyRequest, job: () => Promise<T>): Promise<T> {
    const keys = this.keysOf(request);
    this.check(keys);
    const states = keys.map(([key]) => this.state(key));
    for (const state of states) state.running += 1;
    const meter = { workMs: 0 };
    try {
      return await meterWork(meter, job);
    } catch (error) {
      if (error instanceof WorkQueueFullError) {
        throw new AppError('unavailable', error.userMessage, { cause: error, retryAfterSeconds: error.retryAfterSeconds });
      }
      throw error;
    } finally {
      const cost = this.limits.requestThreadMs + meter.workMs;
      for (const [index, [key]] of keys.entries()) {
        const state = states[index]!;
        state.running -= 1;
        state.balanceMs -= cost;
        this.forgetIfIdle(key, state, keys[index]![1]);
      }
    }
  }

  private keysOf(request: FastifyRequest): [string, KeyLimits][] {
    const client = request.currentUser ? `account:${request.currentUser.id}` : `guest:${request.ip}`;
    return [
      [client, this.limits.client],
      [`address:${request.ip}`, this.limits.address],
    ];
  }

  /** The key's state with its balance refilled up to now. */
  private state(key: string): KeyState {
    const now = this.clock();
    let state = this.keys.get(key);
    const limits = key.startsWith('address:') ? this.limits.address : this.limits.client;
    if (!state) {
      state = { running: 0, balanceMs: limits.budgetMs, at: now };
      this.keys.set(key, state);
    } else {
      state.balanceMs = Math.min(limits.budgetMs, state.balanceMs + ((now - state.at) / 1000) * limits.refillMsPerSecond);
      state.at = now;
    }
    return state;
  }

  private check(keys: [string, KeyLimits][]): void {
    this.sweepSometimes();
    for (const [key, limits] of keys) {
      const state = this.state(key);
      const isAddress = key.startsWith('address:');
      if (state.running >= limits.jobs) {
        this.forgetIfIdle(key, state, limits);
        throw new AppError('rate_limited', isAddress ? addressBusyMessage(1) : tooManyJobsMessage(limits.jobs), { retryAfterSeconds: 1 });
      }
      if (state.balanceMs <= 0) {
        const seconds = Math.max(1, Math.ceil((1 - state.balanceMs) / limits.refillMsPerSecond));
        throw new AppError('rate_limited', isAddress ? addressBusyMessage(seconds) : overBudgetMessage(seconds), { retryAfterSeconds: seconds });
      }
    }
  }

  /** Once a minute, drops the keys of clients that went away with their budget spent (refilled since). */
  private sweepSometimes(): void {
    const now = this.clock();
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const key of [...this.keys.keys()]) {
      const limits = key.startsWith('address:') ? this.limits.address : this.limits.client;
      this.forgetIfIdle(key, this.state(key), limits);
    }
  }

  /** A key with nothing running and a full budget is the same as no key: dropped, so the map stays small. */
  private forgetIfIdle(key: string, state: KeyState, limits: KeyLimits): void {
    if (state.running === 0 && state.balanceMs >= limits.budgetMs) this.keys.delete(key);
  }
}
