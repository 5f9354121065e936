/**
 * The PDF of a comparison of two agreements (docs/product.md, compare), injected into the one RTK
 * Query `api` (lib/api.ts). What is compared is loaded through core/.
 */
import { type ComparePdfRequest } from '@bpa/domain/api-contracts';
import { api } from '../../../lib/api';

export const compareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/contracts/compare/pdf: the "What's different" PDF of two documents (a Blob). */
    makeComparePdf: build.mutation<Blob, ComparePdfRequest>({
      query: (body) => ({ url: '/contracts/compare/pdf', method: 'POST', body, responseHandler: (response) => response.blob() }),
    }),
  }),
});

export const { useMakeComparePdfMutation } = compareApi;
