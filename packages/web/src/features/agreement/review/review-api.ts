/**
 * Calls of reviewing an agreement with partners (docs/product.md, review), injected into the one RTK
 * Query `api` (lib/api.ts): what changed since I last looked, marking it seen, the counts waiting on
 * the dashboard, the "agreed" / "to discuss" marks and the replies under them.
 */
import {
  type ChangesAnswer,
  ChangesAnswerSchema,
  type ChangesWaitingAnswer,
  ChangesWaitingAnswerSchema,
  type Mark,
  type MarkStatus,
  type MarksAnswer,
  MarksAnswerSchema,
  type Reply,
  RepliesAnswerSchema,
} from '@bpa/domain/history';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/{id}/changes: what others changed since my last visit (docs/sharing.md §6). */
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
    /** GET /api/v1/contracts/{id}/marks: both partners' agreed / to discuss marks (docs/sharing.md §7). */
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
    /** GET /api/v1/contracts/{id}/replies: the replies under the items partners discuss, oldest first (docs/sharing.md §7). */
    getReplies: build.query<Reply[], string, z.infer<typeof RepliesAnswerSchema>>({
      query: (contractId) => ({ url: `/contracts/${id(contractId)}/replies` }),
      rawResponseSchema: RepliesAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, contractId) => [{ type: 'Replies', id: contractId }],
    }),
    /** POST /api/v1/contracts/{id}/marks/{itemId}/replies: my reply under an item. */
    addReply: build.mutation<Reply[], { contractId: string; itemId: string; text: string }, z.infer<typeof RepliesAnswerSchema>>({
      query: ({ contractId, itemId, text }) => ({ url: `/contracts/${id(contractId)}/marks/${id(itemId)}/replies`, method: 'POST', body: { text } }),
      rawResponseSchema: RepliesAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Replies', id: contractId }],
    }),
    /** PATCH / DELETE /api/v1/contracts/{id}/replies/{replyId}: my reply's new text, or none (`text` null). */
    changeReply: build.mutation<Reply[], { contractId: string; replyId: string; text: string | null }, z.infer<typeof RepliesAnswerSchema>>({
      query: ({ contractId, replyId, text }) => ({
        url: `/contracts/${id(contractId)}/replies/${id(replyId)}`,
        method: text === null ? 'DELETE' : 'PATCH',
        ...(text === null ? {} : { body: { text } }),
      }),
      rawResponseSchema: RepliesAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Replies', id: contractId }],
    }),
  }),
});

export const {
  useGetChangesQuery,
  useMarkSeenMutation,
  useGetChangesWaitingQuery,
  useGetMarksQuery,
  useSetMarkMutation,
  useGetRepliesQuery,
  useAddReplyMutation,
  useChangeReplyMutation,
} = reviewApi;
