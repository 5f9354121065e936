/**
 * Email notice calls (docs/sharing.md §12; shapes: `@bpa/domain/api-notices`), injected into the
 * one RTK Query `api` (lib/api.ts). The settings go with the session cookie; the unsubscribe call
 * needs none (the token in the link is the key). Every answer is checked against its schema.
 */
import type { z } from 'zod';
import {
  type NoticeSettings,
  NoticeSettingsAnswerSchema,
  type UnsubscribeAnswer,
  UnsubscribeAnswerSchema,
  type UnsubscribeRequest,
} from '@bpa/domain/api-notices';
import { api } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export const noticesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/{id}/notices: which notices of this agreement the caller gets. */
    getNoticeSettings: build.query<NoticeSettings, string, z.infer<typeof NoticeSettingsAnswerSchema>>({
      query: (contractId) => ({ url: `/contracts/${id(contractId)}/notices` }),
      rawResponseSchema: NoticeSettingsAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, contractId) => [{ type: 'Notices', id: contractId }],
    }),
    /** PUT /api/v1/contracts/{id}/notices: the caller chooses their notices of this agreement. */
    setNoticeSettings: build.mutation<NoticeSettings, { contractId: string; settings: NoticeSettings }, z.infer<typeof NoticeSettingsAnswerSchema>>({
      query: ({ contractId, settings }) => ({ url: `/contracts/${id(contractId)}/notices`, method: 'PUT', body: settings }),
      rawResponseSchema: NoticeSettingsAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Notices', id: contractId }],
    }),
    /** POST /api/v1/notices/unsubscribe: a notice's link turns that kind of notice off (no session). */
    unsubscribe: build.mutation<UnsubscribeAnswer['data'], UnsubscribeRequest, UnsubscribeAnswer>({
      query: (body) => ({ url: '/notices/unsubscribe', method: 'POST', body }),
      rawResponseSchema: UnsubscribeAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: ['Notices'],
    }),
  }),
});

export const { useGetNoticeSettingsQuery, useSetNoticeSettingsMutation, useUnsubscribeMutation } = noticesApi;
