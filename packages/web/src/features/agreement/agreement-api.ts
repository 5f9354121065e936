/**
 * Agreement calls of the guest (trial) flow, injected into the one RTK Query `api` (lib/api.ts).
 *
 * Paths and payloads: spec section 7 and design section 7. Every answer is checked against its
 * schema from `@bpa/domain/api` before use; an answer of the wrong shape becomes an ordinary
 * failure (`CUSTOM_ERROR`) that `toErrorMessage` turns into a sentence, never a crash.
 * Guest calls go without credentials (spec 7: "All use credentials except guest calls").
 */
import type { z } from 'zod';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  ContractAnswerSchema,
  GuestContractNamesAnswerSchema,
  type MakePdfRequest,
  type PdfFileInfo,
  PdfFileInfoAnswerSchema,
} from '@bpa/domain/api';
import type { Contract, ContractName } from '@bpa/domain/contract';
import { api } from '../../lib/api';

/** Shown when an answer does not have the documented shape (e.g. a proxy page or an old server). */
export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer that could not be read. Please try again later.';

/** Turns a schema failure into a handled query error, so no unhandled-error log and a toastable message. */
function toAnswerShapeError(): FetchBaseQueryError {
  return { status: 'CUSTOM_ERROR', error: UNEXPECTED_ANSWER_MESSAGE };
}

export const agreementApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/contracts/guest: the trial agreement's names (spec 7). */
    getGuestContractNames: build.query<ContractName[], void, z.infer<typeof GuestContractNamesAnswerSchema>>({
      query: () => ({ url: '/contracts/guest', credentials: 'omit' }),
      rawResponseSchema: GuestContractNamesAnswerSchema,
      catchSchemaFailure: toAnswerShapeError,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/contracts/guest/{id}: one trial agreement, `data` is the contract (spec 7). */
    getGuestContract: build.query<Contract, string, z.infer<typeof ContractAnswerSchema>>({
      query: (id) => ({ url: `/contracts/guest/${encodeURIComponent(id)}`, credentials: 'omit' }),
      rawResponseSchema: ContractAnswerSchema,
      catchSchemaFailure: toAnswerShapeError,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/contracts/pdf-guest: makes the trial PDF (spec 7; body `MakePdfRequestSchema`).
     * The server keeps only the two trial categories whatever is sent (design 4).
     * @returns where to fetch the file: `{ fileName, pathName }`.
     */
    makeGuestPdf: build.mutation<PdfFileInfo, MakePdfRequest, z.infer<typeof PdfFileInfoAnswerSchema>>({
      query: (body) => ({ url: '/contracts/pdf-guest', method: 'POST', body, credentials: 'omit' }),
      rawResponseSchema: PdfFileInfoAnswerSchema,
      catchSchemaFailure: toAnswerShapeError,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/contracts/pdfCreator: makes a subscriber's PDF (design 7), same body and answer as
     * the guest call; sent with the session cookie. Used by /my/contract (subscriber issue).
     */
    makeSubscriberPdf: build.mutation<PdfFileInfo, MakePdfRequest, z.infer<typeof PdfFileInfoAnswerSchema>>({
      query: (body) => ({ url: '/contracts/pdfCreator', method: 'POST', body }),
      rawResponseSchema: PdfFileInfoAnswerSchema,
      catchSchemaFailure: toAnswerShapeError,
      transformResponse: (answer) => answer.data,
    }),
  }),
});

export const { useMakeGuestPdfMutation, useMakeSubscriberPdfMutation } = agreementApi;

/**
 * The body of a Make PDF call for the loaded agreement (spec 7: "contract and subscriber flag";
 * `MakePdfRequestSchema`): only the document (name and 13 categories) is sent, never the id or
 * revision, so nothing but the PDF is made from a guest's agreement (spec 1: nothing saved).
 */
export function toMakePdfRequest(contract: Contract, isSubscriber: boolean): MakePdfRequest {
  return { contract: { contractName: contract.contractName, categories: contract.categories }, isSubscriber };
}
