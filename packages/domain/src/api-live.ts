/**
 * The live events of an open agreement (docs/sharing.md §13; ADR 199), sent by
 * `GET /api/v1/contracts/{id}/live` as server-sent events (`text/event-stream`, any access; 401,
 * 404 as the agreement's other routes; 429 past LIVE_STREAMS_PER_USER open streams):
 *
 * - `presence`: LivePresence, at once and whenever someone opens or leaves the agreement;
 * - `saved`: LiveSaved, when a member stores a new version (save, merge, rename, restore, import,
 *   template), from whichever server stored it.
 */
import { z } from 'zod';

/** Who else has the agreement open now (the names partners see; never the caller). */
export const LivePresenceSchema = z.lazy(() => z.object({ others: z.array(z.object({ userId: z.string(), name: z.string() })) }));
export type LivePresence = z.infer<typeof LivePresenceSchema>;

/** A new version was stored: its revision and who stored it (`isYours`: the stream's own account, from another tab or a save in flight). */
export const LiveSavedSchema = z.lazy(() =>
  z.object({
    revision: z.number().int().min(0),
    authorUserId: z.string().nullable(),
    author: z.string(),
    isYours: z.boolean().optional(),
  }),
);
export type LiveSaved = z.infer<typeof LiveSavedSchema>;

/** The most live streams one account may hold open at once (tabs and devices); past it the answer is 429. */
export const LIVE_STREAMS_PER_USER = 8;

/** 429 text past LIVE_STREAMS_PER_USER. */
export const TOO_MANY_LIVE_STREAMS_MESSAGE = `You have this product open in more than ${LIVE_STREAMS_PER_USER} tabs: close some to see partners' changes live here.`;
