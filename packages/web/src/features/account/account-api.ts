/**
 * Account calls (docs/product.md §7; request and answer shapes: `@bpa/domain/api-users`), injected into
 * the one RTK Query `api` (lib/api.ts). All of them go with the session cookie (docs/product.md §7: "All use
 * credentials except guest calls").
 *
 * Every answer is checked against its domain schema; an answer of the wrong shape becomes an
 * ordinary `CUSTOM_ERROR` failure that `toErrorMessage` turns into a sentence, never a crash.
 * The session slice does not read these endpoints' cache: the thunks of session-thunks.ts call them
 * and record the outcome in the slice (docs/product.md §3 "User session").
 */
import type { z } from 'zod';
import { type CurrentUser, LoginAnswerSchema, MeAnswerSchema, MessageAnswerSchema, SessionAnswerSchema } from '@bpa/domain/api-users';
import { SupportAnswerSchema } from '@bpa/domain/api';
import type { LoginInput } from '@bpa/domain/validation';
import { api } from '../../lib/api';

/** What a successful login (or impersonation switch) answers: the user and the spec's bypass flag (docs/product.md §4). */
export interface LoginResult {
  user: CurrentUser;
  /** docs/product.md §4: "A login response carrying a bypass flag means no-email". */
  bypass?: boolean | undefined;
}

/** Which password screen is sending: reset (forgot-password link) or set (invitation link), docs/product.md §2. */
export type PasswordChangeKind = 'reset' | 'set';

/** Body of PATCH resetPassword / setPassword (PasswordChangeSchema) plus the token from the link. */
export interface PasswordChangeRequest {
  kind: PasswordChangeKind;
  token: string;
  password: string;
  passwordConfirm: string;
}

type LoginAnswer = z.infer<typeof LoginAnswerSchema>;
type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/users/me: the signed-in user, read at `data.data` (docs/product.md §7: `data.data.data`); 401 when signed out. */
    getCurrentUser: build.query<CurrentUser, void, z.infer<typeof MeAnswerSchema>>({
      query: () => ({ url: '/users/me' }),
      rawResponseSchema: MeAnswerSchema,
      transformResponse: (answer) => answer.data.data,
    }),
    /**
     * GET /api/v1/users/session: who is signed in, 200 with `user` null for nobody (docs/product.md §17: no
     * failed request on a visitor's page); `refusal` is the reason a live session was not accepted.
     */
    getSession: build.query<z.infer<typeof SessionAnswerSchema>['data'], void, z.infer<typeof SessionAnswerSchema>>({
      query: () => ({ url: '/users/session' }),
      rawResponseSchema: SessionAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/support: the address visitors may write to (SUPPORT_EMAIL), shown on the registration pages. */
    getSupportEmail: build.query<string, void, z.infer<typeof SupportAnswerSchema>>({
      query: () => ({ url: '/support' }),
      rawResponseSchema: SupportAnswerSchema,
      transformResponse: (answer) => answer.data.email,
    }),
    /**
     * PATCH /api/v1/users/me/name (docs/sharing.md §11): the name partners see; '' shows the email again.
     * @returns the signed-in user as it now is (the session slice takes its `userName`)
     */
    setUserName: build.mutation<CurrentUser, string, z.infer<typeof MeAnswerSchema>>({
      query: (userName) => ({ url: '/users/me/name', method: 'PATCH', body: { userName } }),
      rawResponseSchema: MeAnswerSchema,
      transformResponse: (answer) => answer.data.data,
    }),
    /** POST /api/v1/users/login with `{ email, password }` (LoginSchema). Errors carry the docs/product.md §8 texts. */
    logIn: build.mutation<LoginResult, LoginInput, LoginAnswer>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
      rawResponseSchema: LoginAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /**
     * POST /api/v1/users/logout: ends the session; the answer is not used (docs/product.md §7 names a GET, which
     * the server refuses unless same-origin; POST is origin-checked like every change, ADR 131).
     * `keepalive`: the request completes even when the page is left or closed right after the click.
     */
    logOut: build.mutation<void, void>({
      query: () => ({ url: '/users/logout', method: 'POST', keepalive: true }),
      transformResponse: () => undefined,
    }),
    /**
     * POST /api/v1/users/im/login with `{ email }` (ImpersonateSchema, admin only): the session
     * becomes the chosen user's (docs/product.md §4: "Impersonation logs in as the chosen user").
     */
    impersonate: build.mutation<LoginResult, { email: string }, LoginAnswer>({
      query: (body) => ({ url: '/users/im/login', method: 'POST', body }),
      rawResponseSchema: LoginAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** POST /api/v1/users/im/logout: back to the administrator's own session (docs/product.md §D8). */
    endImpersonation: build.mutation<LoginResult, void, LoginAnswer>({
      query: () => ({ url: '/users/im/logout', method: 'POST' }),
      rawResponseSchema: LoginAnswerSchema,
      transformResponse: (answer) => answer.data,
    }),
    /** GET /api/v1/users/signup-complete/{token}: confirms an email address; success or failure only (docs/product.md §7). */
    confirmEmail: build.mutation<string, string, MessageAnswer>({
      query: (token) => ({ url: `/users/signup-complete/${encodeURIComponent(token)}`, method: 'GET' }),
      rawResponseSchema: MessageAnswerSchema,
      transformResponse: (answer) => answer.message,
    }),
    /**
     * POST /api/v1/users/forgotPassword with `{ email }`. Answers the server's message, which starts
     * with "Email" when the address is not confirmed yet (docs/product.md §7).
     */
    forgotPassword: build.mutation<string, { email: string }, MessageAnswer>({
      query: (body) => ({ url: '/users/forgotPassword', method: 'POST', body }),
      rawResponseSchema: MessageAnswerSchema,
      transformResponse: (answer) => answer.message,
    }),
    /** PATCH /api/v1/users/resetPassword/{token} or /users/setPassword/{token} with `{ password, passwordConfirm }`. */
    changePassword: build.mutation<string, PasswordChangeRequest, MessageAnswer>({
      query: ({ kind, token, password, passwordConfirm }) => ({
        url: `/users/${kind === 'reset' ? 'resetPassword' : 'setPassword'}/${encodeURIComponent(token)}`,
        method: 'PATCH',
        body: { password, passwordConfirm },
      }),
      rawResponseSchema: MessageAnswerSchema,
      transformResponse: (answer) => answer.message,
    }),
  }),
});

/** The support address for the registration pages (undefined while loading or when it cannot be read). */
export const { useGetSupportEmailQuery, useSetUserNameMutation } = accountApi;
