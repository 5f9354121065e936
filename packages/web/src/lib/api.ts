/**
 * The one RTK Query API of the web app. Features add their endpoints with `api.injectEndpoints`
 * in their own `*-api.ts` file (docs/conventions.md: features, not layers).
 * Every call goes to `/api/v1` with the session cookie (docs/product.md §7: "All use credentials"); a 503 with
 * Retry-After (the server's PDF queue is full) is tried once more (lib/retry-when-busy.ts).
 */
import { type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { retryOnceWhenBusy } from './retry-when-busy';
import { accessRefusedByServer, sessionEndedByServer } from './session-events';

/**
 * Calls whose 401 is an answer about the credentials they carry, not the end of a session: a wrong
 * password, or the start-up look-up of who is signed in.
 */
const CREDENTIAL_CALLS = new Set(['logIn', 'getSession', 'getCurrentUser', 'impersonate']);

const fetchFromApi = retryOnceWhenBusy(fetchBaseQuery({ baseUrl: '/api/v1', credentials: 'include' }));

/**
 * The base query of every call: fetch with the session cookie; a 401 from any other call means the
 * server ended the session (e.g. the subscription expired meanwhile), which `sessionEndedByServer`
 * tells the app once, with the server's sentence (ADR 110); a 403 means the session is not
 * what this tab believes (`accessRefusedByServer`: the app looks it up again).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await fetchFromApi(args, queryApi, extraOptions);
  if (result.error?.status === 401 && !CREDENTIAL_CALLS.has(queryApi.endpoint)) {
    const data = result.error.data as { message?: unknown } | undefined;
    queryApi.dispatch(sessionEndedByServer({ message: typeof data?.message === 'string' ? data.message : SESSION_ENDED_MESSAGE }));
  }
  if (result.error?.status === 403) queryApi.dispatch(accessRefusedByServer());
  return result;
};

/** Shown when an answer does not have the documented shape (e.g. a proxy's page or an old server). */
export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer that could not be read. Please try again later.';

/** Shown on the sign-in page when the server ended a session without saying why. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * The one API. Every endpoint checks its answer against the schema from `@bpa/domain/api*` it
 * names as `rawResponseSchema`; an answer of the wrong shape becomes an ordinary failure
 * (`CUSTOM_ERROR` with `UNEXPECTED_ANSWER_MESSAGE`) that `toErrorMessage` turns into a sentence,
 * never a crash or an unhandled-error log. Set here once for every endpoint.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  catchSchemaFailure: (): FetchBaseQueryError => ({ status: 'CUSTOM_ERROR', error: UNEXPECTED_ANSWER_MESSAGE }),
  tagTypes: [
    'Contract',
    'ContractNames',
    'Templates',
    'User',
    'Users',
    'Bookings',
    'Messages',
    'Masters',
    'Sharing',
    'SharedContracts',
    'Replies',
    'Revisions',
    'Marks',
    'Changes',
    'Notices',
    'Questionnaires',
    'Practice',
  ],
  endpoints: () => ({}),
});
