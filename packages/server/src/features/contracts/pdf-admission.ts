/**
 * Who may start a PDF now (issue 13 §1): at most MAX_PDFS_IN_FLIGHT_PER_CLIENT renders at a time
 * per client (the address for guests, the account for subscribers), and none while the worker
 * pool's queue is full. Refusals are the client's to act on: 429 for "you have enough running",
 * 503 with Retry-After for "the server is busy, come back shortly" (the web app retries that once).
 */
import { MAX_PDFS_IN_FLIGHT_PER_CLIENT } from '@bpa/domain/constants';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import { PdfQueueFullError } from '../../pdf/pdf-pool';

/** 429 text: the client already has its share of PDFs being made. */
export const TOO_MANY_PDFS_MESSAGE = `You already have ${MAX_PDFS_IN_FLIGHT_PER_CLIENT} PDFs being made. Please wait for them to finish, then try again.`;
/** 503 text: every PDF worker is busy and the queue is full. */
export const PDF_BUSY_MESSAGE = 'The server is busy making other PDFs. Please try again in a few seconds.';

/** Counts the PDFs each client has in flight (in this server process). */
export class PdfAdmission {
  private readonly inFlight = new Map<string, number>();
  constructor(private readonly perClient: number = MAX_PDFS_IN_FLIGHT_PER_CLIENT) {}

  /**
   * Runs `make` if the client has fewer than `perClient` PDFs in flight.
   *
   * @param clientKey e.g. `guest:203.0.113.7` or `user:<id>`
   * @param reply gets `Retry-After` when the pool's queue is full
   * @throws AppError 429 (rate_limited) when the client is at its limit; AppError 503 (unavailable)
   *   when `make` throws PdfQueueFullError; anything else `make` throws, unchanged
   */
  async run<T>(clientKey: string, reply: FastifyReply, make: () => Promise<T>): Promise<T> {
    const current = this.inFlight.get(clientKey) ?? 0;
    if (current >= this.perClient) throw new AppError('rate_limited', TOO_MANY_PDFS_MESSAGE);
    this.inFlight.set(clientKey, current + 1);
    try {
      return await make();
    } catch (error) {
      if (error instanceof PdfQueueFullError) {
        void reply.header('Retry-After', String(error.retryAfterSeconds));
        throw new AppError('unavailable', PDF_BUSY_MESSAGE, { cause: error });
      }
      throw error;
    } finally {
      const left = (this.inFlight.get(clientKey) ?? 1) - 1;
      if (left > 0) this.inFlight.set(clientKey, left);
      else this.inFlight.delete(clientKey);
    }
  }
}
