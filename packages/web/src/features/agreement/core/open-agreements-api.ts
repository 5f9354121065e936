/**
 * The agreements a subscriber can open besides their own (ADRs 171, 172), injected into the one RTK
 * Query `api` (lib/api.ts): those partners shared with them, one earlier revision of an agreement,
 * and a template as a fresh agreement. Every answer is checked against its schema from the domain.
 * Also the conflicts of a refused save (`toSaveConflict`).
 */
import type { z } from 'zod';
import { ContractAnswerSchema } from '@bpa/domain/api';
import { type SaveConflictAnswer, SaveConflictAnswerSchema } from '@bpa/domain/api-contracts';
import type { Contract } from '@bpa/domain/contract';
import { type SharedContract, SharedContractsAnswerSchema } from '@bpa/domain/api-sharing';
import { type RevisionAnswer, RevisionAnswerSchema } from '@bpa/domain/history';
import { api } from '../../../lib/api';
import { isStaleRevisionError } from './agreement-api';

const id = (value: string) => encodeURIComponent(value);

export const openAgreementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/shared: what partners shared with me. */
    getSharedContracts: build.query<SharedContract[], void, z.infer<typeof SharedContractsAnswerSchema>>({
      query: () => ({ url: '/contracts/shared' }),
      rawResponseSchema: SharedContractsAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['SharedContracts'],
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/contracts/{id}/revisions/{n}: one earlier version. */
    getRevision: build.query<RevisionAnswer['data'], { contractId: string; revision: number }, RevisionAnswer>({
      query: ({ contractId, revision }) => ({ url: `/contracts/${id(contractId)}/revisions/${revision}` }),
      rawResponseSchema: RevisionAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/templates/{id}: a template as a fresh agreement, for Compare (docs/sharing.md §9). */
    getTemplateAsAgreement: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (templateId) => ({ url: `/contracts/templates/${id(templateId)}` }),
      rawResponseSchema: ContractAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
  }),
});

export const { useGetSharedContractsQuery, useGetRevisionQuery, useGetTemplateAsAgreementQuery } = openAgreementsApi;

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
  return { status: 'fail', code: 'save_conflict', message, currentRevision: 0, conflicts: [], isIncompatible: true };
}
