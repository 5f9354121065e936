/**
 * Calls of "Do we agree?" (docs/questionnaire.md; shapes and routes: domain/questionnaire.ts),
 * injected into the one RTK Query `api` (lib/api.ts): the questionnaires of an agreement, starting
 * one, one questionnaire as the server lets me see it, saving or handing in my answers, and writing
 * a partner's revealed answer into the card. Marking a revealed question agreed or to discuss uses
 * the review's marks route.
 */
import { MarksAnswerSchema, type MarkStatus } from '@bpa/domain/history';
import {
  type AdoptAnswerRequest,
  type QuestionnaireDetail,
  QuestionnaireAnswerSchema,
  QuestionnaireListAnswerSchema,
  type QuestionnaireSummary,
  type SaveAnswersRequest,
  type StartQuestionnaireRequest,
} from '@bpa/domain/questionnaire';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);
type DetailAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/{id}/questionnaires: newest first, with who has answered and each revealed one's harmony. */
    getQuestionnaires: build.query<QuestionnaireSummary[], string, z.infer<typeof QuestionnaireListAnswerSchema>>({
      query: (contractId) => ({ url: `/contracts/${id(contractId)}/questionnaires` }),
      rawResponseSchema: QuestionnaireListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, contractId) => [{ type: 'Questionnaires', id: contractId }],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/v1/contracts/{id}/questionnaires: starts one and emails the partners asked. */
    startQuestionnaire: build.mutation<QuestionnaireDetail, { contractId: string; request: StartQuestionnaireRequest }, DetailAnswer>({
      query: ({ contractId, request }) => ({ url: `/contracts/${id(contractId)}/questionnaires`, method: 'POST', body: request }),
      rawResponseSchema: QuestionnaireAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Questionnaires', id: contractId }],
    }),
    /** GET …/questionnaires/{questionnaireId}: the questions, my answers, and everyone's once revealed. */
    getQuestionnaire: build.query<QuestionnaireDetail, { contractId: string; questionnaireId: string }, DetailAnswer>({
      query: ({ contractId, questionnaireId }) => ({ url: `/contracts/${id(contractId)}/questionnaires/${id(questionnaireId)}` }),
      rawResponseSchema: QuestionnaireAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: (_result, _error, { questionnaireId }) => [{ type: 'Questionnaires', id: questionnaireId }],
      keepUnusedDataFor: 0,
    }),
    /** PUT …/answers: my answers so far, or handed in (`submit`). */
    saveAnswers: build.mutation<QuestionnaireDetail, { contractId: string; questionnaireId: string; request: SaveAnswersRequest }, DetailAnswer>({
      query: ({ contractId, questionnaireId, request }) => ({
        url: `/contracts/${id(contractId)}/questionnaires/${id(questionnaireId)}/answers`,
        method: 'PUT',
        body: request,
      }),
      rawResponseSchema: QuestionnaireAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId, questionnaireId }) => [
        { type: 'Questionnaires', id: contractId },
        { type: 'Questionnaires', id: questionnaireId },
      ],
    }),
    /** POST …/adopt: a partner's revealed answer written into the card, as a save. */
    adoptAnswer: build.mutation<QuestionnaireDetail, { contractId: string; questionnaireId: string; request: AdoptAnswerRequest }, DetailAnswer>({
      query: ({ contractId, questionnaireId, request }) => ({
        url: `/contracts/${id(contractId)}/questionnaires/${id(questionnaireId)}/adopt`,
        method: 'POST',
        body: request,
      }),
      rawResponseSchema: QuestionnaireAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, _error, { contractId, questionnaireId }) => [
        { type: 'Contract', id: contractId },
        'Revisions',
        { type: 'Questionnaires', id: contractId },
        { type: 'Questionnaires', id: questionnaireId },
      ],
    }),
    /** PUT /api/v1/contracts/{id}/marks/{itemId}: my "agreed" or "to discuss" mark on a revealed question, with a note (docs/sharing.md §7). */
    markQuestion: build.mutation<void, { contractId: string; itemId: string; status: MarkStatus; note: string }, z.infer<typeof MarksAnswerSchema>>({
      query: ({ contractId, itemId, status, note }) => ({ url: `/contracts/${id(contractId)}/marks/${id(itemId)}`, method: 'PUT', body: { status, note } }),
      rawResponseSchema: MarksAnswerSchema,
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { contractId }) => [{ type: 'Marks', id: contractId }],
    }),
  }),
});

export const {
  useGetQuestionnairesQuery,
  useStartQuestionnaireMutation,
  useGetQuestionnaireQuery,
  useSaveAnswersMutation,
  useAdoptAnswerMutation,
  useMarkQuestionMutation,
} = questionnaireApi;
