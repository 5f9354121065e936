/**
 * Making PDFs of an agreement (docs/product.md §7): the guest's and the subscriber's agreement PDF
 * and the official ACBL cards, injected into the one RTK Query `api` (lib/api.ts). Guest calls go
 * without credentials.
 */
import type { z } from 'zod';
import { type MakePdfRequest, type PdfFileInfo, PdfFileInfoAnswerSchema, type SubscriberPdfRequest } from '@bpa/domain/api';
import { type AcblCardAnswer, AcblCardAnswerSchema, type MakeCardRequest, type SubscriberCardRequest } from '@bpa/domain/api-contracts';
import { api } from '../../../lib/api';
import { type GzippedJson, jsonBody } from '../../../lib/gzip-json';

export const printingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/v1/contracts/pdf-guest: makes the trial PDF (docs/product.md §7; body `MakePdfRequestSchema`,
     * gzip-compressed when the browser can: `gzipJson`, docs/pdf.md §8).
     * The server keeps only the two trial categories whatever is sent (docs/product.md §D4).
     * @returns where to fetch the file: `{ fileName, pathName }`.
     */
    makeGuestPdf: build.mutation<PdfFileInfo, MakePdfRequest | GzippedJson, z.infer<typeof PdfFileInfoAnswerSchema>>({
      query: (body) => ({ url: '/contracts/pdf-guest', method: 'POST', ...jsonBody(body), credentials: 'omit' }),
      rawResponseSchema: PdfFileInfoAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/contracts/pdfCreator: makes a subscriber's PDF (docs/product.md §D7), same body and answer as
     * the guest call; sent with the session cookie, compressed when it carries the agreement (unsaved
     * edits: docs/pdf.md §8). Used by /my/contract (docs/product.md §4).
     */
    makeSubscriberPdf: build.mutation<PdfFileInfo, SubscriberPdfRequest | GzippedJson, z.infer<typeof PdfFileInfoAnswerSchema>>({
      query: (body) => ({ url: '/contracts/pdfCreator', method: 'POST', ...jsonBody(body) }),
      rawResponseSchema: PdfFileInfoAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/contracts/acbl-card (docs/official-cards.md §4): makes an official ACBL card of the
     * agreement sent (Make PDF's body and `card`: 'classic' or '2022').
     * @returns where to fetch it and what went to its supplementary sheet ("Label: text → S3")
     */
    makeAcblCard: build.mutation<AcblCardAnswer['data'], SubscriberCardRequest | GzippedJson, AcblCardAnswer>({
      query: (body) => ({ url: '/contracts/acbl-card', method: 'POST', ...jsonBody(body) }),
      rawResponseSchema: AcblCardAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/contracts/acbl-card-guest (docs/official-cards.md §4): a trial visitor's card, of the
     * two trial categories only; without credentials and compressed, like the guest PDF.
     */
    makeGuestAcblCard: build.mutation<AcblCardAnswer['data'], MakeCardRequest | GzippedJson, AcblCardAnswer>({
      query: (body) => ({ url: '/contracts/acbl-card-guest', method: 'POST', ...jsonBody(body), credentials: 'omit' }),
      rawResponseSchema: AcblCardAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
  }),
});

export const { useMakeGuestPdfMutation, useMakeSubscriberPdfMutation, useMakeAcblCardMutation, useMakeGuestAcblCardMutation } = printingApi;
