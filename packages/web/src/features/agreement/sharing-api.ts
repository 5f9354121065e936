/**
 * Calls of shared agreements (issue 11; ADRs 170-172), injected into the one RTK Query `api`
 * (lib/api.ts): sharing with partners and the read-only link (owner), the agreements shared with
 * me, the history (list, one revision, restore) and the public page of a link. Every answer is
 * checked against its schema from the domain; a wrong shape becomes an ordinary failure.
 */
import { tokenPath } from '@bpa/domain/paths';
import type { z } from 'zod';
import { ContractAnswerSchema } from '@bpa/domain/api';
import {
  type ComparePdfRequest,
  type SaveContractAnswer,
  SaveContractAnswerSchema,
  type SaveConflictAnswer,
  SaveConflictAnswerSchema,
} from '@bpa/domain/api-contracts';
import type { Contract } from '@bpa/domain/contract';
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
import {
  type ChangesAnswer,
  ChangesAnswerSchema,
  type ChangesWaitingAnswer,
  ChangesWaitingAnswerSchema,
  type Mark,
  type MarkStatus,
  type MarksAnswer,
  MarksAnswerSchema,
  type RevisionAnswer,
  RevisionAnswerSchema,
  type RevisionListAnswer,
  RevisionListAnswerSchema,
} from '@bpa/domain/history';
import { api } from '../../lib/api';
import { isStaleRevisionError } from './agreement-api';

const MY = '/contracts/my';
const id = (value: string) => encodeURIComponent(value);

export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/shared: what partners shared with me. */
    getSharedContracts: build.query<SharedContract[], void, z.infer<typeof SharedContractsAnswerSchema>>({
      query: () => ({ url: '/contracts/shared' }),
      rawResponseSchema: SharedContractsAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['SharedContracts'],
      keepUnusedDataFor: 0,
    }),
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
    /** GET /api/v1/contracts/{id}/revisions?page=N: the history, newest first. */
    getRevisions: build.query<RevisionListAnswer['data'], { contractId: string; page: number }, RevisionListAnswer>({
      query: ({ contractId, page }) => ({ url: `/contracts/${id(contractId)}/revisions`, params: { page } }),
      rawResponseSchema: RevisionListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, { contractId }) => [{ type: 'Revisions', id: contractId }],
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/contracts/{id}/revisions/{n}: one earlier version. */
    getRevision: build.query<RevisionAnswer['data'], { contractId: string; revision: number }, RevisionAnswer>({
      query: ({ contractId, revision }) => ({ url: `/contracts/${id(contractId)}/revisions/${revision}` }),
      rawResponseSchema: RevisionAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** POST /api/v1/contracts/{id}/revisions/{n}/restore: a new revision with the old content. */
    restoreRevision: build.mutation<SaveContractAnswer['data'], { contractId: string; revision: number }, SaveContractAnswer>({
      query: ({ contractId, revision }) => ({ url: `/contracts/${id(contractId)}/revisions/${revision}/restore`, method: 'POST' }),
      rawResponseSchema: SaveContractAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Revisions', id: contractId }],
    }),
    /** GET /api/v1/contracts/templates/{id}: a template as a fresh agreement, for Compare (issue 12 §3). */
    getTemplateAsAgreement: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (templateId) => ({ url: `/contracts/templates/${id(templateId)}` }),
      rawResponseSchema: ContractAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** POST /api/v1/contracts/compare/pdf: the "What's different" PDF of two documents (a Blob). */
    makeComparePdf: build.mutation<Blob, ComparePdfRequest>({
      query: (body) => ({ url: '/contracts/compare/pdf', method: 'POST', body, responseHandler: (response) => response.blob() }),
    }),
    /** GET /api/v1/contracts/{id}/changes: what others changed since my last visit (issue 12 §1). */
    getChanges: build.query<ChangesAnswer['data'], string, ChangesAnswer>({
      query: (contractId) => ({ url: `/contracts/${id(contractId)}/changes` }),
      rawResponseSchema: ChangesAnswerSchema,
      transformResponse: (answer) => answer.data,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/v1/contracts/{id}/seen: I have seen it up to `revision`. */
    markSeen: build.mutation<void, { contractId: string; revision: number }>({
      query: ({ contractId, revision }) => ({ url: `/contracts/${id(contractId)}/seen`, method: 'POST', body: { revision } }),
      invalidatesTags: ['Changes'],
    }),
    /** GET /api/v1/contracts/changes-waiting: the dashboard badges. */
    getChangesWaiting: build.query<ChangesWaitingAnswer['data'], void, ChangesWaitingAnswer>({
      query: () => ({ url: '/contracts/changes-waiting' }),
      rawResponseSchema: ChangesWaitingAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['Changes'],
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/contracts/{id}/marks: both partners' agreed / to discuss marks (issue 12 §2). */
    getMarks: build.query<Mark[], string, MarksAnswer>({
      query: (contractId) => ({ url: `/contracts/${id(contractId)}/marks` }),
      rawResponseSchema: MarksAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, contractId) => [{ type: 'Marks', id: contractId }],
    }),
    /** PUT / DELETE /api/v1/contracts/{id}/marks/{itemId}: my mark on an item, or none (`status` null). */
    setMark: build.mutation<Mark[], { contractId: string; itemId: string; status: MarkStatus | null; note: string }, MarksAnswer>({
      query: ({ contractId, itemId, status, note }) => ({
        url: `/contracts/${id(contractId)}/marks/${id(itemId)}`,
        method: status === null ? 'DELETE' : 'PUT',
        ...(status === null ? {} : { body: { status, note } }),
      }),
      rawResponseSchema: MarksAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Marks', id: contractId }],
    }),
    /** GET /api/v1/shared-links/{token}: the agreement behind a read-only link (no session). */
    getSharedLink: build.query<SharedLinkAnswer['data'], string, SharedLinkAnswer>({
      query: (token) => ({ url: `/shared-links/${id(token)}`, credentials: 'omit' }),
      rawResponseSchema: SharedLinkAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
  }),
});

export const {
  useGetSharedContractsQuery,
  useAcceptShareMutation,
  useDeclineShareMutation,
  useGetSharingQuery,
  useSharePartnerMutation,
  useChangeShareMutation,
  useReplaceLinkMutation,
  useRevokeLinkMutation,
  useGetRevisionsQuery,
  useGetRevisionQuery,
  useRestoreRevisionMutation,
  useGetSharedLinkQuery,
  useGetTemplateAsAgreementQuery,
  useMakeComparePdfMutation,
  useGetChangesQuery,
  useMarkSeenMutation,
  useGetChangesWaitingQuery,
  useGetMarksQuery,
  useSetMarkMutation,
} = sharingApi;

/**
 * The conflicts of a refused save (409 with SaveConflictAnswerSchema), or null for any other
 * failure (a 409 without them, e.g. from an older server, counts as incompatible).
 */
export function toSaveConflict(error: unknown): SaveConflictAnswer | null {
  if (!isStaleRevisionError(error)) return null;
  const data = (error as { data?: unknown }).data;
  const parsed = SaveConflictAnswerSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const message = typeof data === 'object' && data !== null && 'message' in data ? String(data.message) : '';
  return { status: 'fail', message, currentRevision: 0, conflicts: [], isIncompatible: true };
}

/** The path of a read-only link's page. */
export function sharedLinkPath(token: string): string {
  return tokenPath('shared', token);
}
