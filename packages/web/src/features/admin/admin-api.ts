/**
 * Admin Panel calls (docs/product.md §7; shapes: `@bpa/domain/api-admin` and `@bpa/domain/api-users`),
 * injected into the one RTK Query `api` (lib/api.ts); all go with the session cookie.
 *
 * Every answer is checked against its domain schema; an answer of the wrong shape becomes an
 * ordinary `CUSTOM_ERROR` failure, never a crash. Reloads follow docs/product.md §4: adding a user reloads the
 * user and subscription lists (tags Users, Bookings), a master upload reloads the template list
 * (Masters, and the subscribers' template names, Templates). Deleting a message answers the
 * updated list (docs/product.md §7), which replaces the cached list without another request; a
 * message already gone (404) reloads the list.
 */
import type { z } from 'zod';
import {
  type BookingListItem,
  BookingListAnswerSchema,
  type ContactMessageItem,
  MASTER_UPLOAD_FIELD,
  MasterListAnswerSchema,
  type MasterUploadAnswer,
  MasterUploadAnswerSchema,
  MessageListAnswerSchema,
} from '@bpa/domain/api-admin';
import { type UserListItem, UserAnswerSchema, UserListAnswerSchema } from '@bpa/domain/api-users';
import type { TemplateSummary } from '@bpa/domain/contract';
import { FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import { api } from '../../lib/api';
import { toErrorMessage } from '../../lib/error-message';

type UserAnswer = z.infer<typeof UserAnswerSchema>;

/** What adding a user gives the panel: the new user and the sentence for the toast. */
export interface AddedUser {
  user: UserAnswer['data'];
  /** The server's sentence (e.g. "The invitation was sent to …"), or a default one. */
  message: string;
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/bookings: every subscription, newest first (Subscriptions tab). */
    getBookings: build.query<BookingListItem[], void, z.infer<typeof BookingListAnswerSchema>>({
      query: () => ({ url: '/bookings' }),
      rawResponseSchema: BookingListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['Bookings'],
    }),
    /**
     * PATCH /api/v1/bookings/{id}/renew or /cancel (docs/product.md §17): renews a subscription for a
     * year or cancels it now; the answer is the updated list, which replaces the cached one.
     */
    changeBooking: build.mutation<BookingListItem[], { id: string; action: 'renew' | 'cancel' }, z.infer<typeof BookingListAnswerSchema>>({
      query: ({ id, action }) => ({ url: `/bookings/${encodeURIComponent(id)}/${action}`, method: 'PATCH' }),
      rawResponseSchema: BookingListAnswerSchema,
      transformResponse: (answer) => answer.data,
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data: bookings } = await queryFulfilled;
          dispatch(adminApi.util.updateQueryData('getBookings', undefined, () => bookings));
        } catch {
          // The tab shows the error; the cached list stays as it was.
        }
      },
    }),
    /** GET /api/v1/messages: every contact message, newest first (Messages tab). */
    getMessages: build.query<ContactMessageItem[], void, z.infer<typeof MessageListAnswerSchema>>({
      query: () => ({ url: '/messages' }),
      rawResponseSchema: MessageListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['Messages'],
    }),
    /**
     * DELETE /api/v1/messages/{id}: answers the list after the deletion, which becomes the cached list
     * (docs/product.md §7). A 404 says the message is gone already (another administrator deleted
     * it): the caller shows the server's sentence and the list is reloaded, so the row leaves.
     */
    deleteMessage: build.mutation<ContactMessageItem[], string, z.infer<typeof MessageListAnswerSchema>>({
      query: (id) => ({ url: `/messages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      rawResponseSchema: MessageListAnswerSchema,
      transformResponse: (answer) => answer.data,
      invalidatesTags: (_result, error) => (error?.status === 404 ? ['Messages'] : []),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data: messages } = await queryFulfilled;
          // updateQueryData, not upsertQueryData: an upsert runs the list's answer schema on the bare
          // list, fails it and is silently dropped. The list is cached whenever its tab shows it.
          dispatch(adminApi.util.updateQueryData('getMessages', undefined, () => messages));
        } catch {
          // The caller shows the failure; the list stays as it was.
        }
      },
    }),
    /** GET /api/v1/users: every account, `{ _id, email, role }` (Users tab). */
    getUsers: build.query<UserListItem[], void, z.infer<typeof UserListAnswerSchema>>({
      query: () => ({ url: '/users' }),
      rawResponseSchema: UserListAnswerSchema,
      transformResponse: (answer) => answer.data,
      providesTags: ['Users'],
    }),
    /**
     * POST /api/v1/users/admin-signup with `{ email }` (AddUserSchema): a subscriber with a one-year
     * subscription and an invitation email (docs/product.md §D8). Reloads the users and subscriptions (docs/product.md §4).
     */
    addUser: build.mutation<AddedUser, { email: string }, UserAnswer>({
      query: (body) => ({ url: '/users/admin-signup', method: 'POST', body }),
      rawResponseSchema: UserAnswerSchema,
      transformResponse: (answer) => ({ user: answer.data, message: answer.message ?? `${answer.data.email} was added.` }),
      invalidatesTags: (result) => (result ? ['Users', 'Bookings'] : []),
    }),
    /** GET /api/v1/masters: the templates (the hidden Free Trial Agreement left out, docs/product.md §3). */
    getMasters: build.query<TemplateSummary[], void, z.infer<typeof MasterListAnswerSchema>>({
      query: () => ({ url: '/masters' }),
      rawResponseSchema: MasterListAnswerSchema,
      // The server leaves it out already; kept out here too, since the spec says it is hidden.
      transformResponse: (answer) => answer.data.filter((template) => template.templateName !== FREE_TRIAL_TEMPLATE_NAME),
      providesTags: ['Masters'],
    }),
    /**
     * POST /api/v1/masters, multipart with the CSV file in field `text` (docs/product.md §7). Fails with 400 and
     * `issues` (line and column) for a file with errors, 413 for a file above the limit. Reloads
     * the template lists on success (docs/product.md §4).
     */
    uploadMaster: build.mutation<MasterUploadAnswer, File, MasterUploadAnswer>({
      query: (file) => {
        const form = new FormData();
        form.append(MASTER_UPLOAD_FIELD, file, file.name);
        return { url: '/masters', method: 'POST', body: form };
      },
      rawResponseSchema: MasterUploadAnswerSchema,
      invalidatesTags: (result) => (result ? ['Masters', 'Templates'] : []),
    }),
  }),
});

export const {
  useGetBookingsQuery,
  useChangeBookingMutation,
  useGetMessagesQuery,
  useDeleteMessageMutation,
  useGetUsersQuery,
  useAddUserMutation,
  useGetMastersQuery,
  useUploadMasterMutation,
} = adminApi;

/**
 * Fetches a template as its master CSV (GET /api/v1/masters/{id}/csv, docs/product.md §D6). A plain fetch,
 * not RTK Query: a file does not belong in the store.
 *
 * @param id the template's id
 * @returns the file's content
 * @throws Error with a sentence for a toast (the server's message when it sent one)
 */
export async function fetchMasterCsv(id: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/masters/${encodeURIComponent(id)}/csv`, { credentials: 'include' });
  } catch (error) {
    throw new Error(toErrorMessage(error));
  }
  if (!response.ok) {
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    throw new Error(toErrorMessage({ status: response.status, data }));
  }
  return response.blob();
}
