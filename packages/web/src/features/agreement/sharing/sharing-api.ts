/**
 * Calls of shared agreements (docs/sharing.md; ADRs 170-172), injected into the one RTK Query `api`
 * (lib/api.ts): sharing with partners and the read-only link (owner), the agreements shared with
 * me, the history (list, one revision, restore) and the public page of a link. Every answer is
 * checked against its schema from the domain; a wrong shape becomes an ordinary failure.
 */
import { tokenPath } from '@bpa/domain/paths';
import type { z } from 'zod';
import {
  type NewLinkSharing,
  NewLinkAnswerSchema,
  type PartnerAccess,
  type SharedContract,
  SharedContractsAnswerSchema,
  type SharedLinkAnswer,
  SharedLinkAnswerSchema,
  type Sharing,
  SharingAnswerSchema,
} from '@bpa/domain/api-sharing';
import { api } from '../../../lib/api';

const MY = '/contracts/my';
const id = (value: string) => encodeURIComponent(value);

export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/contracts/shared/{id}/accept: the partner accepts an offered agreement (ADR 172, "Consent"). */
    acceptShare: build.mutation<SharedContract[], string, z.infer<typeof SharedContractsAnswerSchema>>({
      query: (contractId) => ({ url: `/contracts/shared/${id(contractId)}/accept`, method: 'POST' }),
      rawResponseSchema: SharedContractsAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: ['SharedContracts'],
    }),
    /** DELETE /api/v1/contracts/shared/{id}: the partner declines an offered agreement, or leaves one. */
    declineShare: build.mutation<SharedContract[], string, z.infer<typeof SharedContractsAnswerSchema>>({
      query: (contractId) => ({ url: `/contracts/shared/${id(contractId)}`, method: 'DELETE' }),
      rawResponseSchema: SharedContractsAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: ['SharedContracts'],
    }),
    /** GET base/{id}/shares: an agreement's partners and whether it has a read-only link (owner; never the link's token). */
    getSharing: build.query<Sharing, string, z.infer<typeof SharingAnswerSchema>>({
      query: (contractId) => ({ url: `${MY}/${id(contractId)}/shares` }),
      rawResponseSchema: SharingAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, contractId) => [{ type: 'Sharing', id: contractId }],
    }),
    /** POST base/{id}/shares: shares with a partner by email. */
    sharePartner: build.mutation<Sharing, { contractId: string; email: string; access: PartnerAccess }, z.infer<typeof SharingAnswerSchema>>({
      query: ({ contractId, email, access }) => ({ url: `${MY}/${id(contractId)}/shares`, method: 'POST', body: { email, access } }),
      rawResponseSchema: SharingAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Sharing', id: contractId }],
    }),
    /** PATCH / DELETE base/{id}/shares/{userId}: changes a partner's access, or ends it (`access` null). */
    changeShare: build.mutation<Sharing, { contractId: string; userId: string; access: PartnerAccess | null }, z.infer<typeof SharingAnswerSchema>>({
      query: ({ contractId, userId, access }) => ({
        url: `${MY}/${id(contractId)}/shares/${id(userId)}`,
        method: access === null ? 'DELETE' : 'PATCH',
        ...(access === null ? {} : { body: { access } }),
      }),
      rawResponseSchema: SharingAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Sharing', id: contractId }],
    }),
    /**
     * POST base/{id}/link: a new read-only link (the old one stops working). Its token is in this
     * answer only (ADR 172): the caller keeps it to show it, GET shares never returns it.
     */
    replaceLink: build.mutation<NewLinkSharing, { contractId: string }, z.infer<typeof NewLinkAnswerSchema>>({
      query: ({ contractId }) => ({ url: `${MY}/${id(contractId)}/link`, method: 'POST' }),
      rawResponseSchema: NewLinkAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Sharing', id: contractId }],
    }),
    /** DELETE base/{id}/link: revokes the read-only link. */
    revokeLink: build.mutation<Sharing, { contractId: string }, z.infer<typeof SharingAnswerSchema>>({
      query: ({ contractId }) => ({ url: `${MY}/${id(contractId)}/link`, method: 'DELETE' }),
      rawResponseSchema: SharingAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Sharing', id: contractId }],
    }),
    /**
     * GET /api/v1/shared-links/{token}: the agreement behind a read-only link (no session needed).
     * `same-origin`, as the page's head asks for it beside the scripts (server plugins/web-app.ts,
     * `sharedLinkPreloadLink`), so the browser hands that answer over instead of asking again; the
     * server does not read a session on this route (and the page's own look-up of who is signed in
     * sends the cookie anyway).
     */
    getSharedLink: build.query<SharedLinkAnswer['data'], string, SharedLinkAnswer>({
      query: (token) => ({ url: `/shared-links/${id(token)}`, credentials: 'same-origin' }),
      rawResponseSchema: SharedLinkAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
  }),
});

export const {
  useAcceptShareMutation,
  useDeclineShareMutation,
  useGetSharingQuery,
  useSharePartnerMutation,
  useChangeShareMutation,
  useReplaceLinkMutation,
  useRevokeLinkMutation,
  useGetSharedLinkQuery,
} = sharingApi;

/** The path of a read-only link's page. */
export function sharedLinkPath(token: string): string {
  return tokenPath('shared', token);
}
