/**
 * The one RTK Query API of the web app. Features add their endpoints with `api.injectEndpoints`
 * in their own `*-api.ts` file (docs/conventions.md: features, not layers).
 * Every call goes to `/api/v1` with the session cookie (spec 7: "All use credentials"); a 503 with
 * Retry-After (the server's PDF queue is full) is tried once more (lib/retry-when-busy.ts).
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { retryOnceWhenBusy } from './retry-when-busy';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: retryOnceWhenBusy(fetchBaseQuery({ baseUrl: '/api/v1', credentials: 'include' })),
  tagTypes: ['Contract', 'ContractNames', 'Templates', 'User', 'Users', 'Bookings', 'Messages', 'Masters'],
  endpoints: () => ({}),
});
