/**
 * The Admin Panel's Subscriptions tab (docs/product.md §2, docs/product.md §7 `GET /api/v1/bookings`). Shapes: @bpa/domain/api-admin.
 */
import { BookingListAnswerSchema, UuidParamSchema } from '@bpa/domain/api-admin';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireAdmin } from '../sessions/session-plugin';
import { cancelBooking, renewBooking } from './change-booking';
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

  app.patch(
    '/api/v1/bookings/:id/renew',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings', 'admin'],
        summary: 'Renews a subscription for a year (from its expiry, or from now once ended; a cancelled one becomes active); answers the updated list',
        params: UuidParamSchema,
        response: { 200: BookingListAnswerSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      await renewBooking(db, request.params.id, now());
      return { status: 'success' as const, data: await listBookings(db, now()) };
    },
  );

  app.patch(
    '/api/v1/bookings/:id/cancel',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings', 'admin'],
        summary: 'Cancels a subscription now (the subscriber is signed out at the next request); answers the updated list',
        params: UuidParamSchema,
        response: { 200: BookingListAnswerSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      await cancelBooking(db, request.params.id, now());
      return { status: 'success' as const, data: await listBookings(db, now()) };
    },
  );
};
