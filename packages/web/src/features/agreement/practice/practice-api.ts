/**
 * Calls of practice ("Know our card", docs/questionnaire.md §8; shapes and routes:
 * domain/practice.ts), injected into the one RTK Query `api` (lib/api.ts): a session's prompts,
 * the reviews of a session sent (again, later, when they could not be sent at once), and the
 * dashboard's progress per agreement.
 */
import {
  type PracticeOverview,
  PracticeOverviewAnswerSchema,
  type PracticeReviewsAnswer,
  PracticeReviewsAnswerSchema,
  type PracticeReviewsRequest,
  type PracticeSession,
  PracticeSessionAnswerSchema,
  type PracticeSessionKind,
} from '@bpa/domain/practice';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);
type SessionAnswer = z.infer<typeof PracticeSessionAnswerSchema>;

export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/{id}/practice?session=…: the prompts in order, progress per category, the count due. */
    getPracticeSession: build.query<PracticeSession, { contractId: string; session: PracticeSessionKind }, SessionAnswer>({
      query: ({ contractId, session }) => ({ url: `/contracts/${id(contractId)}/practice?session=${session}` }),
      rawResponseSchema: PracticeSessionAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, { contractId }) => [{ type: 'Practice', id: contractId }],
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/contracts/practice-progress: the dashboard's line per agreement. */
    getPracticeProgress: build.query<PracticeOverview, void, z.infer<typeof PracticeOverviewAnswerSchema>>({
      query: () => ({ url: '/contracts/practice-progress' }),
      rawResponseSchema: PracticeOverviewAnswerSchema,
      transformResponse: (answer) => answer.data,
      keepUnusedDataFor: 0,
    }),
    /** POST …/practice/reviews: how well each prompt was recalled, in order. */
    recordReviews: build.mutation<number, { contractId: string; request: PracticeReviewsRequest }, PracticeReviewsAnswer>({
      query: ({ contractId, request }) => ({ url: `/contracts/${id(contractId)}/practice/reviews`, method: 'POST', body: request }),
      rawResponseSchema: PracticeReviewsAnswerSchema,
      transformResponse: (answer) => answer.data.recorded,
    }),
  }),
});

export const { useGetPracticeSessionQuery, useLazyGetPracticeSessionQuery, useGetPracticeProgressQuery, useRecordReviewsMutation } = practiceApi;
