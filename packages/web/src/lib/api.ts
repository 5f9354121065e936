/**
 * The one RTK Query API of the web app. Features add their endpoints with `api.injectEndpoints`
 * in their own `*-api.ts` file (docs/conventions.md: features, not layers).
 * Every call goes to `/api/v1` with the session cookie (spec 7: "All use credentials").
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api/v1', credentials: 'include' }),
  tagTypes: ['Contract', 'ContractNames', 'Templates', 'User', 'Users', 'Bookings', 'Messages', 'Masters'],
  endpoints: () => ({}),
});
