/**
 * Request and answer shapes of sharing an agreement with partners and by a read-only link
 * (issue 11 §1; ADR 172). Routes (all answers are `{ status, ... }` envelopes; errors ErrorEnvelope):
 *
 * - GET    /api/v1/contracts/shared                          200 SharedContractsAnswer (agreements shared with me)
 * - GET    /api/v1/contracts/my/{id}/shares                  200 SharingAnswer | 403 not owner | 404
 * - POST   /api/v1/contracts/my/{id}/shares    SharePartnerRequest  201 SharingAnswer | 400 | 403 | 404 | 409 four already
 * - PATCH  /api/v1/contracts/my/{id}/shares/{userId} ChangeShareRequest 200 SharingAnswer | 403 | 404
 * - DELETE /api/v1/contracts/my/{id}/shares/{userId}         200 SharingAnswer | 403 | 404
 * - POST   /api/v1/contracts/my/{id}/link                    200 NewLinkAnswer (a new link, its token shown this once; the old one stops working)
 * - DELETE /api/v1/contracts/my/{id}/link                    200 SharingAnswer
 * - GET    /api/v1/shared-links/{token}                      200 SharedLinkAnswer | 404 LINK_NOT_VALID_MESSAGE (no session needed)
 * - GET    /api/v1/shared-links/{token}/pdf?pageSize=        200 application/pdf | 404 | 429
 */
import { z } from 'zod';
import { successEnvelope } from './api';
import { CategorySchema, ContractAccessLevelSchema, IdSchema, NameSchema } from './contract';
import { CATEGORY_COUNT } from './constants';

export { type ContractAccessLevel, ContractAccessLevelSchema } from './contract';

/** What an owner grants a partner. */
export const PartnerAccessSchema = z.enum(['edit', 'view']);
export type PartnerAccess = z.infer<typeof PartnerAccessSchema>;

/** The most partners one agreement is shared with (issue 11 §1). */
export const MAX_PARTNERS_PER_AGREEMENT = 4;

/** 409 text when an agreement already has its four partners. */
export const PARTNER_LIMIT_MESSAGE = `This agreement is already shared with ${MAX_PARTNERS_PER_AGREEMENT} partners, the most it can have. Stop sharing with one first.`;
/** 400 text when an owner shares with their own address. */
export const SHARE_WITH_SELF_MESSAGE = 'This is your own address: the agreement is already yours.';
/** 404 text of a read-only link that was revoked or replaced, or never existed. */
export const LINK_NOT_VALID_MESSAGE = 'This link is no longer valid. Ask the agreement\u2019s owner for a new one.';

/** Path of a share. */
export const ShareParamsSchema = z.object({ id: z.string(), userId: z.string() });
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
export const ChangeShareRequestSchema = z.object({ access: PartnerAccessSchema });
export type ChangeShareRequest = z.input<typeof ChangeShareRequestSchema>;

/** One partner of an agreement, as its owner sees them. */
export const PartnerShareSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  /** Their name, or their email when they have none. */
  userName: z.string(),
  access: PartnerAccessSchema,
  /** True while the partner has not yet chosen a password from the invitation. */
  isInvitationPending: z.boolean(),
});
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
  /** Whether the invitation email to a new partner went out (POST shares only). */
  isInvitationSent: z.boolean().optional(),
});
export type Sharing = z.infer<typeof SharingSchema>;
export const SharingAnswerSchema = successEnvelope(SharingSchema);
export type SharingAnswer = z.infer<typeof SharingAnswerSchema>;

/** POST link's answer: the sharing with the new link's token, shown this once (the page is `/shared/{token}`). */
export const NewLinkSharingSchema = SharingSchema.extend({ linkToken: z.string() });
export type NewLinkSharing = z.infer<typeof NewLinkSharingSchema>;
export const NewLinkAnswerSchema = successEnvelope(NewLinkSharingSchema);
export type NewLinkAnswer = z.infer<typeof NewLinkAnswerSchema>;

/** One agreement shared with the caller, for the dashboard's "Shared with me". */
export const SharedContractSchema = z.object({
  _id: IdSchema,
  contractName: NameSchema,
  /** The owner's name, or email when they have none. */
  ownerName: z.string(),
  access: ContractAccessLevelSchema,
  /** True when edit access is paused because the owner's subscription lapsed. */
  isPausedByOwner: z.boolean(),
});
export type SharedContract = z.infer<typeof SharedContractSchema>;
export const SharedContractsAnswerSchema = successEnvelope(z.array(SharedContractSchema));
export type SharedContractsAnswer = z.infer<typeof SharedContractsAnswerSchema>;

/** The read-only page of a link: the latest saved agreement, with no email address or id. */
export const SharedLinkAnswerSchema = successEnvelope(
  z.object({
    contractName: NameSchema,
    categories: z.array(CategorySchema).length(CATEGORY_COUNT),
    revision: z.number().int().min(0),
    /** When it was last saved, ISO 8601. */
    updatedAt: z.string(),
  }),
);
export type SharedLinkAnswer = z.infer<typeof SharedLinkAnswerSchema>;
