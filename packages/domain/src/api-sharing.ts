/**
 * Request and answer shapes of sharing an agreement with partners and by a read-only link
 * (docs/sharing.md §1-3; ADR 172). Routes (all answers are `{ status, ... }` envelopes; errors ErrorEnvelope):
 *
 * - GET    /api/v1/contracts/shared                          200 SharedContractsAnswer (agreements shared with me, offered ones `isPending`)
 * - POST   /api/v1/contracts/shared/{id}/accept              200 SharedContractsAnswer | 404 (the partner accepts an offered agreement)
 * - DELETE /api/v1/contracts/shared/{id}                     200 SharedContractsAnswer | 404 (the partner declines or leaves it)
 * - GET    /api/v1/contracts/my/{id}/shares                  200 SharingAnswer | 403 not owner | 404
 * - POST   /api/v1/contracts/my/{id}/shares    SharePartnerRequest  201 SharingAnswer | 400 | 403 | 404 | 409 four already
 *                                                                   | 429 ten new addresses in 24 hours
 * - PATCH  /api/v1/contracts/my/{id}/shares/{userId} ChangeShareRequest 200 SharingAnswer | 403 | 404
 * - DELETE /api/v1/contracts/my/{id}/shares/{userId}         200 SharingAnswer | 403 | 404
 * - POST   /api/v1/contracts/my/{id}/link                    200 NewLinkAnswer (a new link, its token shown this once; the old one stops working)
 * - DELETE /api/v1/contracts/my/{id}/link                    200 SharingAnswer
 * - GET    /api/v1/shared-links/{token}                      200 SharedLinkAnswer | 404 LINK_NOT_VALID_MESSAGE (no session needed)
 * - GET    /api/v1/shared-links/{token}/pdf?pageSize=        200 application/pdf | 404 | 429
 */
import { z } from 'zod';
import { storableText } from './text';
import { successEnvelope } from './api';
import { CategorySchema, ContractAccessLevelSchema, IdSchema, NameSchema } from './contract';
import { CATEGORY_COUNT } from './constants';

export { type ContractAccessLevel, ContractAccessLevelSchema } from './contract';

/** What an owner grants a partner. */
export const PartnerAccessSchema = z.enum(['edit', 'view']);
export type PartnerAccess = z.infer<typeof PartnerAccessSchema>;

/** The most partners one agreement is shared with (docs/sharing.md §1). */
export const MAX_PARTNERS_PER_AGREEMENT = 4;

/** 409 text when an agreement already has its four partners. */
export const PARTNER_LIMIT_MESSAGE = `This agreement is already shared with ${MAX_PARTNERS_PER_AGREEMENT} partners, the most it can have. Stop sharing with one first.`;
/** The most new addresses one account shares with in a day (ADR 172, "Amended"). */
export const MAX_NEW_INVITATIONS_PER_DAY = 10;

/**
 * 429 text when an account has shared with MAX_NEW_INVITATIONS_PER_DAY new addresses in the last
 * 24 hours.
 *
 * @param waitMs how long until the oldest of them leaves the 24 hours (milliseconds, > 0)
 */
export function invitationLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait = minutes < 60 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hour${Math.ceil(minutes / 60) === 1 ? '' : 's'}`;
  return `You have shared with ${MAX_NEW_INVITATIONS_PER_DAY} new addresses in the last 24 hours, the most for one day. You can share with a new address again in ${wait}; sharing with an address you shared with today still works.`;
}

/** Why a share went without its email: the address had an invitation in the last 24 hours (one a day at most, whoever shares). */
export const INVITATION_ALREADY_SENT_MESSAGE =
  'No email was sent this time: this address already received an invitation in the last 24 hours, and gets at most one a day. The agreement is shared all the same.';
/** Why a share went without its email: the mail server did not take it. */
export const INVITATION_NOT_DELIVERED_MESSAGE =
  'The agreement is shared, but the invitation email could not be sent. Tell your partner yourself, or stop sharing and share again later.';

/** 400 text when an owner shares with their own address. */
export const SHARE_WITH_SELF_MESSAGE = 'This is your own address: the agreement is already yours.';
/** 404 text of a read-only link that was revoked or replaced, or never existed. */
export const LINK_NOT_VALID_MESSAGE = 'This link is no longer valid. Ask the agreement\u2019s owner for a new one.';

/** Path of a share. */
export const ShareParamsSchema = z.object({ id: storableText(z.string().max(100)), userId: storableText(z.string().max(100)) });
/** Path of a read-only link. */
export const SharedLinkParamsSchema = z.object({ token: z.string().max(100) });

/** Body of POST shares: the partner's email and what they may do. */
export const SharePartnerRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.', pattern: z.regexes.html5Email })),
  access: PartnerAccessSchema,
});
export type SharePartnerRequest = z.input<typeof SharePartnerRequestSchema>;

/** Body of PATCH shares/{userId}. */
export const ChangeShareRequestSchema = z.lazy(() => z.object({ access: PartnerAccessSchema }));
export type ChangeShareRequest = z.input<typeof ChangeShareRequestSchema>;

/**
 * Where a share stands, as its owner sees it: `invited` until the partner first lists or opens
 * the agreement after the share (signing in lands on that list), then `active`. It never depends
 * on whether the address had an account before (ADR 172, "Amended").
 */
export const PartnerStatusSchema = z.enum(['invited', 'active']);
export type PartnerStatus = z.infer<typeof PartnerStatusSchema>;

/** One partner of an agreement, as its owner sees them. */
export const PartnerShareSchema = z.lazy(() =>
  z.object({
    /** The share's key in PATCH and DELETE shares/{userId}. */
    userId: IdSchema,
    /** The address the owner typed (trimmed, lower case). */
    email: z.string(),
    /** The typed address while `invited`; then the partner's name, or their email when they have none. */
    userName: z.string(),
    access: PartnerAccessSchema,
    status: PartnerStatusSchema,
  }),
);
export type PartnerShare = z.infer<typeof PartnerShareSchema>;

/**
 * The owner's view of an agreement's sharing: partners and whether there is a read-only link. The
 * link's token is stored only hashed, so it is never part of this view: the owner sees it once, in
 * NewLinkSharing (ADR 172).
 */
export const SharingSchema = z.object({
  partners: z.array(PartnerShareSchema),
  /** The read-only link, or null when there is none: when it was made (ISO 8601). */
  link: z.object({ createdAt: z.string() }).nullable(),
  /** Whether an invitation email went out with this share (POST shares only; false when the share already existed). */
  isInvitationSent: z.boolean().optional(),
  /**
   * Why a new share went without its email (POST shares only): INVITATION_ALREADY_SENT_MESSAGE or
   * INVITATION_NOT_DELIVERED_MESSAGE. The same for an address with an account and one without.
   */
  invitationMessage: z.string().optional(),
});
export type Sharing = z.infer<typeof SharingSchema>;
export const SharingAnswerSchema = z.lazy(() => successEnvelope(SharingSchema));
export type SharingAnswer = z.infer<typeof SharingAnswerSchema>;

/** POST link's answer: the sharing with the new link's token, shown this once (the page is `/shared/{token}`). */
export const NewLinkSharingSchema = z.lazy(() => SharingSchema.extend({ linkToken: z.string() }));
export type NewLinkSharing = z.infer<typeof NewLinkSharingSchema>;
export const NewLinkAnswerSchema = z.lazy(() => successEnvelope(NewLinkSharingSchema));
export type NewLinkAnswer = z.infer<typeof NewLinkAnswerSchema>;

/** One agreement shared with the caller, for the dashboard's "Shared with me". */
export const SharedContractSchema = z.lazy(() =>
  z.object({
    _id: IdSchema,
    contractName: NameSchema,
    /** The owner's name, or email when they have none. */
    ownerName: z.string(),
    access: ContractAccessLevelSchema,
    /** True when edit access is paused because the owner's subscription lapsed. */
    isPausedByOwner: z.boolean(),
    /**
     * True while the share is only offered: the partner has not accepted it yet, and it opens nothing
     * until they do (POST /api/v1/contracts/shared/{id}/accept; DELETE declines it).
     */
    isPending: z.boolean(),
  }),
);
export type SharedContract = z.infer<typeof SharedContractSchema>;
export const SharedContractsAnswerSchema = z.lazy(() => successEnvelope(z.array(SharedContractSchema)));
export type SharedContractsAnswer = z.infer<typeof SharedContractsAnswerSchema>;

/** The read-only page of a link: the latest saved agreement, with no email address or id. */
export const SharedLinkAnswerSchema = z.lazy(() =>
  successEnvelope(
    z.object({
      contractName: NameSchema,
      categories: z.array(CategorySchema).length(CATEGORY_COUNT),
      revision: z.number().int().min(0),
      /** When it was last saved, ISO 8601. */
      updatedAt: z.string(),
    }),
  ),
);
export type SharedLinkAnswer = z.infer<typeof SharedLinkAnswerSchema>;
