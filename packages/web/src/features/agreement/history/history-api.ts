/**
 * Calls of an agreement's history (ADR 171), injected into the one RTK Query `api` (lib/api.ts):
 * the list of revisions and restoring one. One revision is read through core/open-agreements-api.ts.
 */
import { type SaveContractAnswer, SaveContractAnswerSchema } from '@bpa/domain/api-contracts';
import { type RevisionListAnswer, RevisionListAnswerSchema } from '@bpa/domain/history';
import { api } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/v1/contracts/{id}/revisions?page=N&before=R: the history, newest first; `before` is
     * the last revision of the page before (keyset paging, docs/sharing.md §4), absent on page 1.
     */
    getRevisions: build.query<RevisionListAnswer['data'], { contractId: string; page: number; before?: number | undefined }, RevisionListAnswer>({
      query: ({ contractId, page, before }) => ({ url: `/contracts/${id(contractId)}/revisions`, params: before === undefined ? { page } : { page, before } }),
      rawResponseSchema: RevisionListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, { contractId }) => [{ type: 'Revisions', id: contractId }],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/v1/contracts/{id}/revisions/{n}/restore: a new revision with the old content. */
    restoreRevision: build.mutation<SaveContractAnswer['data'], { contractId: string; revision: number }, SaveContractAnswer>({
      query: ({ contractId, revision }) => ({ url: `/contracts/${id(contractId)}/revisions/${revision}/restore`, method: 'POST' }),
      rawResponseSchema: SaveContractAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Revisions', id: contractId }],
    }),
  }),
});

export const { useGetRevisionsQuery, useRestoreRevisionMutation } = historyApi;
