/**
 * The Admin Panel's Subscriptions tab (spec 2, spec 7 `GET /api/v1/bookings`). Shapes: @bpa/domain/api-admin.
 */
import { BookingListAnswerSchema } from '@bpa/domain/api-admin';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireAdmin } from '../sessions/session-plugin';
import { listBookings } from './list-bookings';

export interface BookingRoutesOptions {
  db: Database;
  now: () => Date;
}

/** Registers GET /api/v1/bookings (administrators). */
export const bookingRoutes: FastifyPluginAsyncZod<BookingRoutesOptions> = async (app, { db, now }) => {
  app.get(
    '/api/v1/bookings',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings', 'admin'],
        summary: "Every subscription, newest first: the subscriber's email, dates, price in cents and status",
        response: { 200: BookingListAnswerSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async () => ({ status: 'success' as const, data: await listBookings(db, now()) }),
  );
};
