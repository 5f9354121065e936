/**
 * Request and answer shapes of the email notices of an agreement (docs/sharing.md §12; ADR 198).
 * Routes (answers are `{ status, ... }` envelopes; errors ErrorEnvelope):
 *
 * - GET  /api/v1/contracts/{id}/notices        200 NoticeSettingsAnswer | 401 | 404 (any access)
 * - PUT  /api/v1/contracts/{id}/notices  NoticeSettings  200 NoticeSettingsAnswer | 400 | 401 | 404
 * - POST /api/v1/notices/unsubscribe     UnsubscribeRequest  200 UnsubscribeAnswer | 400 | 404 (no session: the token is the key)
 * - POST /api/v1/notices/unsubscribe/{token}   200 UnsubscribeAnswer | 404 (RFC 8058 one-click, from the mail client: both notices off)
 */
import { z } from 'zod';
import { successEnvelope } from './api';
import { storableText } from './text';

/** Which notices of one agreement a person gets by email (both on until they turn one off). */
export const NoticeSettingsSchema = z.lazy(() =>
  z.object({
    /** The daily digest of partners' changes. */
    digest: z.boolean(),
    /** A notice of each new "to discuss" mark or reply by a partner. */
    discussion: z.boolean(),
  }),
);
export type NoticeSettings = z.infer<typeof NoticeSettingsSchema>;

export const NoticeSettingsAnswerSchema = z.lazy(() => successEnvelope(NoticeSettingsSchema));
export type NoticeSettingsAnswer = z.infer<typeof NoticeSettingsAnswerSchema>;

/** A notice's unsubscribe token: 32 random bytes, base64url (43 characters). */
export const UnsubscribeTokenSchema = storableText(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not an unsubscribe link'));

/** Which notices an unsubscribe link turns off: the kind of the email it came in, or both. */
export const UnsubscribeKindSchema = z.enum(['digest', 'discussion', 'all']);
export type UnsubscribeKind = z.infer<typeof UnsubscribeKindSchema>;

export const UnsubscribeRequestSchema = z.lazy(() => z.object({ token: UnsubscribeTokenSchema, kind: UnsubscribeKindSchema }));
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;

export const UnsubscribeParamsSchema = z.object({ token: UnsubscribeTokenSchema });

/** What an unsubscribe did: the agreement's name (plain text) and the settings now. */
export const UnsubscribeAnswerSchema = z.lazy(() => successEnvelope(z.object({ contractName: z.string(), settings: NoticeSettingsSchema })));
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswerSchema>;

/** 404 text for an unsubscribe link that matches no notices (the agreement or the partnership ended). */
export const UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE =
  'This unsubscribe link no longer matches any notices: the agreement was deleted or is no longer shared with you, so no more notices of it are sent.';

/** How often a person gets the digest of partners' changes at most (docs/sharing.md §12). */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
