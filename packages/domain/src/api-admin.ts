/**
 * Request and answer shapes of the Admin Panel routes and the contact form (docs/product.md §2 "Admin Panel",
 * docs/product.md §3, docs/product.md §7), written once: the server validates and serialises with them, the web app
 * parses answers with them. Answers use the envelopes of docs/product.md §D7.
 *
 * - GET    /api/v1/bookings                 200 BookingListAnswer (admin) | 401 | 403
 * - GET    /api/v1/messages/challenge       200 CaptchaChallenge (anyone; not enveloped: the ALTCHA widget reads it as is)
 * - POST   /api/v1/messages   ContactMessageRequest   201 ContactMessageAnswer (anyone) | 400 (validation, or
 *                                           CAPTCHA_FAILED_MESSAGE) | 429
 * - GET    /api/v1/messages                 200 MessageListAnswer (admin), newest first | 401 | 403
 * - DELETE /api/v1/messages/{id}            200 MessageListAnswer (admin): the list after the deletion | 401 | 403
 * - GET    /api/v1/masters                  200 MasterListAnswer (admin; the Free Trial Agreement is left out) | 401 | 403
 * - POST   /api/v1/masters    multipart, one CSV file in field MASTER_UPLOAD_FIELD
 *                                           201 MasterUploadAnswer (new template) | 200 (a template of that name replaced)
 *                                           | 400 (not one CSV file, or errors in it: `issues` lists line and column)
 *                                           | 413 invalidFileSizeMessage(fileName, MAX_UPLOAD_SIZE_LABEL) | 401 | 403
 * - GET    /api/v1/masters/{id}/csv         200 text/csv (admin; the master CSV of docs/product.md §D6, as a download) | 401 | 403 | 404
 *
 * Dates are ISO 8601 strings in UTC (e.g. "2025-03-01T14:05:00.000Z"); the web shows them as
 * month/day/year and message times in 12-hour form with AM/PM (docs/product.md §9).
 */
import { z } from 'zod';
import { storableText } from './text';
import { successEnvelope } from './api';
import { MessageAnswerSchema } from './api-users';
import { MAX_UPLOAD_BYTES } from './constants';
import { TemplateSummarySchema } from './contract';
import { ContactMessageSchema } from './validation';

/** A database id in a path (`/bookings/{id}/renew`, `/masters/{id}/csv`): a UUID. */
export const UuidParamSchema = z.lazy(() => z.object({ id: z.guid() }));

/**
 * The path of `DELETE /messages/{id}`: any storable text up to 100 characters, as for an agreement's
 * id; one that is not a message's UUID is answered 404 like an unknown one (docs/product.md §7).
 */
export const MessageIdParamsSchema = z.object({ id: storableText(z.string().max(100)) });

// ---------------------------------------------------------------------------------------------
// Subscriptions (bookings)

/**
 * A booking's state now: `active` (paid, not yet expired, not cancelled), `expired` (its year is
 * over) or `cancelled` (cancelled before its year was over). docs/product.md §D4.
 */
export const BookingStatusSchema = z.enum(['active', 'expired', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** One row of the Subscriptions tab (docs/product.md §3 "Subscription (booking): user.email, createdAt, price"). */
export const BookingListItemSchema = z.lazy(() =>
  z.object({
    _id: z.string(),
    user: z.object({ _id: z.string(), email: z.string() }),
    /** When the subscription was booked (ISO 8601). */
    createdAt: z.string(),
    /** createdAt + 1 year (ISO 8601). */
    expiresAt: z.string(),
    /** When it was cancelled (ISO 8601), or null. */
    cancelledAt: z.string().nullable(),
    /** Price paid in CENTS (1500 is $15.00): show it with `formatPriceCents`. */
    priceCents: z.number().int().nonnegative(),
    status: BookingStatusSchema,
  }),
);
export type BookingListItem = z.infer<typeof BookingListItemSchema>;
/** GET /bookings: every booking, newest first. */
export const BookingListAnswerSchema = z.lazy(() => successEnvelope(z.array(BookingListItemSchema)));

/**
 * A price in cents as the spec shows it: a dollar amount with two decimals (docs/product.md §9: "$15.00").
 *
 * @param cents a whole number of cents, e.g. 1500
 * @returns e.g. "$15.00"; "$1,234.50" for 123450
 */
export function formatPriceCents(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${cents < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US')}.${String(rest).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Contact messages

/** The answer to a captcha that is missing, wrong, expired or already used (400). */
export const CAPTCHA_FAILED_MESSAGE = 'The captcha was not accepted. Please solve the captcha again.';

/** Longest captcha payload accepted, in characters (a real one is about 700). */
export const MAX_CAPTCHA_PAYLOAD_LENGTH = 4096;

/**
 * POST /messages: the contact form (docs/product.md §5: name optional, email valid, message at least 10
 * characters) plus `altcha`, the base64 payload the ALTCHA widget puts in its form field once the
 * captcha is solved (docs/product.md §D2). A solved captcha is good for one message.
 */
export const ContactMessageRequestSchema = z.lazy(() =>
  ContactMessageSchema.extend({
    altcha: storableText(z.string({ error: CAPTCHA_FAILED_MESSAGE }).min(1, CAPTCHA_FAILED_MESSAGE).max(MAX_CAPTCHA_PAYLOAD_LENGTH, CAPTCHA_FAILED_MESSAGE)),
  }),
);
export type ContactMessageRequest = z.input<typeof ContactMessageRequestSchema>;

/** POST /messages answer (201): `message` is the spec's "Your message was sent". */
export const ContactMessageAnswerSchema = MessageAnswerSchema;

/** One row of the Messages tab (docs/product.md §3 "Message: _id, mailName, mailEmail, mailMessage, sentAt"). */
export const ContactMessageItemSchema = z.lazy(() =>
  z.object({
    _id: z.string(),
    /** '' when the sender gave no name. */
    mailName: z.string(),
    mailEmail: z.string(),
    mailMessage: z.string(),
    /** ISO 8601. */
    sentAt: z.string(),
  }),
);
export type ContactMessageItem = z.infer<typeof ContactMessageItemSchema>;
/** GET /messages and DELETE /messages/{id}: every message, newest first. */
export const MessageListAnswerSchema = z.lazy(() => successEnvelope(z.array(ContactMessageItemSchema)));

/**
 * GET /messages/challenge: an ALTCHA challenge (altcha-lib 2, v2 format) exactly as the widget
 * fetches it from its `challengeurl`: `{ parameters, signature }`, no envelope. Parameters the
 * widget needs but the app does not read are kept as they are.
 */
export const CaptchaChallengeSchema = z.lazy(() =>
  z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string(),
  }),
);
export type CaptchaChallengeAnswer = z.infer<typeof CaptchaChallengeSchema>;

// ---------------------------------------------------------------------------------------------
// Templates (masters)

/** The multipart field that carries the CSV file (docs/product.md §7: "multipart, file field text"). */
export const MASTER_UPLOAD_FIELD = 'text';
/** The upload limit as the size error shows it (docs/product.md §5, 8, 9: 1,000,000 bytes). */
export const MAX_UPLOAD_SIZE_LABEL = `${MAX_UPLOAD_BYTES.toLocaleString('en-US')} bytes`;

/** GET /masters: the templates an administrator manages, without the hidden Free Trial Agreement (docs/product.md §3). */
export const MasterListAnswerSchema = z.lazy(() => successEnvelope(z.array(TemplateSummarySchema)));

/**
 * POST /masters answer: the stored template, whether it replaced one of the same name
 * (`isReplaced`; 200 instead of 201), whether it is hidden (only the Free Trial Agreement is), and
 * a sentence for the administrator's toast.
 */
export const MasterUploadAnswerSchema = z.lazy(() =>
  successEnvelope(
    TemplateSummarySchema.extend({
      isReplaced: z.boolean(),
      isHidden: z.boolean(),
      /**
       * How the file's items without a catalogue key fared (docs/catalogue-keys.md, "Keys by name"):
       * how many matched a catalogue item by name, how many did not, and the first that did not.
       * Absent when every item came with its key.
       */
      keying: z.object({ matched: z.number().int().min(0), unmatched: z.number().int().min(0), unmatchedExamples: z.array(z.string()) }).optional(),
    }),
  ).extend({
    message: z.string(),
  }),
);
export type MasterUploadAnswer = z.infer<typeof MasterUploadAnswerSchema>;
