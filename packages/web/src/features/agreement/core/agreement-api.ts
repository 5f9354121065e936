/**
 * Agreement calls of the guest (trial) flow and of the subscriber workspace, injected into the one
 * RTK Query `api` (lib/api.ts).
 *
 * Paths and payloads: docs/product.md §7 and docs/product.md §D7. Every answer is checked against its
 * schema from `@bpa/domain/api` before use; an answer of the wrong shape becomes an ordinary
 * failure (`CUSTOM_ERROR`, set once in lib/api.ts) that `toErrorMessage` turns into a sentence.
 * Guest calls go without credentials (docs/product.md §7: "All use credentials except guest calls").
 */
import type { z } from 'zod';
import { ContractAnswerSchema, type ErrorCodeName, ErrorCodeSchema, GuestContractNamesAnswerSchema, type MakePdfRequest } from '@bpa/domain/api';
import {
  ContractNamesAnswerSchema,
  type SaveContractAnswer,
  SaveContractAnswerSchema,
  type SaveContractChangesRequest,
  type SaveContractRequest,
  TemplateNamesAnswerSchema,
} from '@bpa/domain/api-contracts';
import { type ImportAgreementRequest, type ImportReport, ImportPreviewAnswerSchema } from '@bpa/domain/api-contracts';
import type { Contract, ContractName, TemplateSummary } from '@bpa/domain/contract';
import { emptyNonTrialCategories } from '@bpa/domain/editing';
import { api } from '../../../lib/api';

/**
 * Where an agreement's export downloads from (docs/product.md §12; bbo: a BBO convention card, swan:
 * a Bridge Winners card, docs/agreement-format.md): a plain link, the session cookie goes along.
 */
export function agreementExportUrl(id: string, format: 'json' | 'csv' | 'bbo' | 'swan'): string {
  return `/api/v1/contracts/${encodeURIComponent(id)}/export?format=${format}`;
}

/** The subscriber agreements base of docs/product.md §D7, under the api's `/api/v1`. */
const MY_CONTRACTS = '/contracts/my';

/**
 * A subscriber's agreement names with the count the server gives (docs/product.md §3/4 call the
 * count `revision`: "Loading names sets contractNames and revision from the payload count"; not an
 * agreement's revision, which is `Contract.revision`).
 */
export interface SubscriberAgreementNames {
  contractNames: ContractName[];
  count: number;
}

function toSubscriberContractNames(answer: z.infer<typeof ContractNamesAnswerSchema>): SubscriberAgreementNames {
  return { contractNames: answer.data, count: answer.count };
}

/**
 * A rename or a template load answers the subscriber's names (docs/product.md §7): they replace the
 * cached list, with no second request. A failed call changes nothing.
 */
async function storeAnsweredNames(
  _argument: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: SubscriberAgreementNames }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    // Only a list on show is updated; another is asked for afresh when a page shows it.
    dispatch(agreementApi.util.updateQueryData('getSubscriberContractNames', undefined, () => data));
  } catch {
    // The mutation's own caller shows the failure.
  }
}

export const agreementApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/guest: the trial agreement's names (docs/product.md §7). */
    getGuestContractNames: build.query<ContractName[], void, z.infer<typeof GuestContractNamesAnswerSchema>>({
      query: () => ({ url: '/contracts/guest', credentials: 'omit' }),
      rawResponseSchema: GuestContractNamesAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/guest/{id}: one trial agreement, `data` is the contract (docs/product.md §7). */
    getGuestContract: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (id) => ({ url: `/contracts/guest/${encodeURIComponent(id)}`, credentials: 'omit' }),
      rawResponseSchema: ContractAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/my: the signed-in subscriber's agreement names and their count (docs/product.md §7). */
    getSubscriberContractNames: build.query<SubscriberAgreementNames, void, z.infer<typeof ContractNamesAnswerSchema>>({
      query: () => ({ url: MY_CONTRACTS }),
      rawResponseSchema: ContractNamesAnswerSchema,
      transformResponse: toSubscriberContractNames,
      providesTags: ['ContractNames'],
    }),
    /** GET /api/v1/contracts/my/{id}: one agreement with the revision a save sends back (docs/product.md §7, docs/product.md §D7). */
    getSubscriberContract: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (id) => ({ url: `${MY_CONTRACTS}/${encodeURIComponent(id)}` }),
      rawResponseSchema: ContractAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/{id}/latest: the agreement as stored now, after a stale save (docs/product.md §7). */
    getLatestContract: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (id) => ({ url: `/contracts/${encodeURIComponent(id)}/latest` }),
      rawResponseSchema: ContractAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/templates/: the templates an agreement can be reset to (docs/product.md §3, 7). */
    getTemplateNames: build.query<TemplateSummary[], void, z.infer<typeof TemplateNamesAnswerSchema>>({
      query: () => ({ url: '/contracts/templates/' }),
      rawResponseSchema: TemplateNamesAnswerSchema,
      transformResponse: (answer) => answer.data,
      // An administrator's upload invalidates 'Templates' (admin-api.ts).
      providesTags: ['Templates'],
    }),
    /**
     * PATCH /api/v1/contracts/my/{id}: saves the agreement (docs/product.md §7 "contract without _id"; docs/product.md §D7:
     * with the revision it was loaded at). A stale revision answers 409 (see `isStaleRevisionError`).
     * @returns the stored name and the new revision, to send with the next save.
     */
    saveSubscriberContract: build.mutation<SaveContractAnswer['data'], { id: string; body: SaveContractRequest }, SaveContractAnswer>({
      query: ({ id, body }) => ({ url: `${MY_CONTRACTS}/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      rawResponseSchema: SaveContractAnswerSchema,
      transformResponse: (answer) => answer.data,
      // The saved name shows on the dashboard.
      invalidatesTags: (result) => (result ? ['ContractNames'] : []),
    }),
    /**
     * PATCH /api/v1/contracts/my/{id}/changes (ADR 181: small saves): only what changed since the
     * revision the editor holds as saved (document-changes.ts); answered like a whole save. A 409
     * with CHANGES_DO_NOT_APPLY_MESSAGE means: send the whole agreement instead.
     */
    saveSubscriberContractChanges: build.mutation<SaveContractAnswer['data'], { id: string; body: SaveContractChangesRequest }, SaveContractAnswer>({
      query: ({ id, body }) => ({ url: `${MY_CONTRACTS}/${encodeURIComponent(id)}/changes`, method: 'PATCH', body }),
      rawResponseSchema: SaveContractAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (result) => (result ? ['ContractNames'] : []),
    }),
    /**
     * POST /api/v1/contracts/{id}/import (docs/product.md §12): replaces the agreement with the one in a file
     * (the product's PDF, its JSON export or a master-template CSV), sent in base64.
     * @returns the new name and revision; a 400 carries the file's problems (`issues`)
     */
    importAgreement: build.mutation<SaveContractAnswer['data'], { id: string } & ImportAgreementRequest, SaveContractAnswer>({
      query: ({ id, ...body }) => ({ url: `/contracts/${encodeURIComponent(id)}/import`, method: 'POST', body }),
      rawResponseSchema: SaveContractAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (result) => (result ? ['ContractNames', 'Changes'] : []),
    }),
    /**
     * POST /api/v1/contracts/{id}/import-preview (docs/agreement-format.md, "Other tools' cards"): what
     * importing the file would do (the import report), before the erase confirmation; nothing changes.
     */
    previewImport: build.mutation<ImportReport, { id: string } & ImportAgreementRequest, z.infer<typeof ImportPreviewAnswerSchema>>({
      query: ({ id, ...body }) => ({ url: `/contracts/${encodeURIComponent(id)}/import-preview`, method: 'POST', body }),
      rawResponseSchema: ImportPreviewAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** PATCH /api/v1/contracts/my/{id}/name: renames an agreement; answers the names (docs/product.md §7). */
    renameSubscriberContract: build.mutation<SubscriberAgreementNames, { id: string; contractName: string }, z.infer<typeof ContractNamesAnswerSchema>>({
      query: ({ id, contractName }) => ({ url: `${MY_CONTRACTS}/${encodeURIComponent(id)}/name`, method: 'PATCH', body: { contractName } }),
      rawResponseSchema: ContractNamesAnswerSchema,
      transformResponse: toSubscriberContractNames,
      onQueryStarted: storeAnsweredNames,
    }),
    /** PATCH /api/v1/contracts/my/{id}/template: replaces an agreement with a fresh one from a template; answers the names (docs/product.md §7). */
    resetSubscriberContract: build.mutation<SubscriberAgreementNames, { id: string; templateId: string }, z.infer<typeof ContractNamesAnswerSchema>>({
      query: ({ id, templateId }) => ({ url: `${MY_CONTRACTS}/${encodeURIComponent(id)}/template`, method: 'PATCH', body: { templateId } }),
      rawResponseSchema: ContractNamesAnswerSchema,
      transformResponse: toSubscriberContractNames,
      onQueryStarted: storeAnsweredNames,
    }),
  }),
});

export const {
  useImportAgreementMutation,
  usePreviewImportMutation,
  useGetSubscriberContractQuery,
  useGetSubscriberContractNamesQuery,
  useGetTemplateNamesQuery,
  useSaveSubscriberContractMutation,
  useSaveSubscriberContractChangesMutation,
  useRenameSubscriberContractMutation,
  useResetSubscriberContractMutation,
} = agreementApi;

/**
 * The body of a save (docs/product.md §7 "contract without _id"; `SaveContractRequestSchema`): the document
 * (name and 13 categories) and the revision it was loaded at. The id, the template name and any
 * other field of the loaded agreement are left out.
 */
export function toSaveContractRequest(contract: Contract): SaveContractRequest {
  return {
    contractName: contract.contractName,
    categories: contract.categories,
    ...(contract.playerNames ? { playerNames: contract.playerNames } : {}),
    revision: contract.revision,
  };
}

/** The envelope's `code` of a failed call (ERROR_CODES of @bpa/domain/api), or undefined for a failure without one. */
export function errorCodeOf(error: unknown): ErrorCodeName | undefined {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const parsed = ErrorCodeSchema.safeParse(typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined);
  return parsed.success ? parsed.data : undefined;
}

/**
 * True when a failed save was refused as stale (docs/product.md §D7: code `save_conflict`, the
 * agreement was saved, renamed or reset elsewhere since it was loaded; or `changes_do_not_apply`),
 * as opposed to any other failure. An `agreement_busy` refusal (others were changing the agreement
 * under every attempt) is not stale: the same save may be sent again, and the editor says so like
 * any other failure.
 */
export function isStaleRevisionError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'save_conflict' || code === 'changes_do_not_apply';
}

/** True when a changes-only save was refused because its changes do not fit the stored version (send the whole agreement). */
export function isChangesRefusedError(error: unknown): boolean {
  return errorCodeOf(error) === 'changes_do_not_apply';
}

/**
 * The body of a Make PDF call for the loaded agreement (docs/product.md §7: "contract and subscriber flag";
 * `MakePdfRequestSchema`): only the document (name and 13 categories) is sent, never the id or
 * revision, so nothing but the PDF is made from a guest's agreement (docs/product.md §1: nothing saved).
 */
export function toMakePdfRequest(contract: Contract, isSubscriber: boolean): MakePdfRequest {
  // A guest's PDF prints only the trial categories: the others go empty, so the request stays
  // within the guest body limit (GUEST_PDF_BODY_LIMIT_BYTES, ADR 130).
  const categories = isSubscriber ? contract.categories : emptyNonTrialCategories(contract).categories;
  return {
    contract: { contractName: contract.contractName, categories, ...(contract.playerNames ? { playerNames: contract.playerNames } : {}) },
    isSubscriber,
  };
}
