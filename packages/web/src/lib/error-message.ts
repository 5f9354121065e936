/**
 * The one place that turns a failure into words for a toast (docs/conventions.md: "The web has
 * one function that turns any failure into a message for a toast").
 *
 * The server answers errors as `{ status: 'fail' | 'error', message }` with the texts of spec
 * section 8 (docs/product.md §D7), so its message is shown as it is; failures that never reached our server
 * (network, timeout, unreadable answer) get plain sentences here.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';

export const NETWORK_FAILURE_MESSAGE = 'The server could not be reached. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const UNREADABLE_ANSWER_MESSAGE = 'The server sent an answer that could not be read. Please try again later.';
export const SERVER_FAILURE_MESSAGE = 'The server had a problem. Please try again later.';
export const UNKNOWN_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** Fallback sentences for HTTP codes whose answer carried no message of ours (docs/product.md §D7 codes). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted. Please check what you entered.',
  401: 'Please sign in to do this.',
  403: 'You are not allowed to do this.',
  404: 'What you asked for was not found.',
  409: 'This was changed elsewhere in the meantime. Please reload and try again.',
  413: 'What you sent is too large.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** RTK Query's error of a fetchBaseQuery call: `{ status: number | 'FETCH_ERROR' | ..., data? | error? }`. */
function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error && (typeof error.status === 'number' || (typeof error.status === 'string' && error.status.endsWith('_ERROR')));
}

/** Redux Toolkit's plain-object form of a thrown error (`createAsyncThunk`, `unwrap`). */
function isSerializedError(error: unknown): error is SerializedError {
  return isRecord(error) && !(error instanceof Error) && ('message' in error || 'name' in error || 'code' in error) && !('status' in error);
}

/** Browsers word a failed `fetch` differently; each of these means the network, not our server. */
function isNetworkFailureText(message: string): boolean {
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed|econnrefused/i.test(message);
}

function messageOfStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? (status >= 500 ? SERVER_FAILURE_MESSAGE : `The request failed (HTTP ${String(status)}).`);
}

function messageOfFetchError(error: FetchBaseQueryError): string {
  switch (error.status) {
    case 'FETCH_ERROR':
      return NETWORK_FAILURE_MESSAGE;
    case 'TIMEOUT_ERROR':
      return TIMEOUT_MESSAGE;
    case 'PARSING_ERROR':
      // A proxy's HTML error page (e.g. 502 while the API restarts) is an unreadable answer too.
      return error.originalStatus >= 500 ? SERVER_FAILURE_MESSAGE : UNREADABLE_ANSWER_MESSAGE;
    case 'CUSTOM_ERROR':
      return error.error || UNKNOWN_FAILURE_MESSAGE;
    default: {
      const envelope = ErrorEnvelopeSchema.safeParse(error.data);
      if (envelope.success && envelope.data.message.trim() !== '') return envelope.data.message;
      return messageOfStatus(error.status);
    }
  }
}

/**
 * Turns any failure into one sentence for a toast.
 *
 * Accepts an RTK Query `FetchBaseQueryError` (our `{ status, message }` body gives its message;
 * 'FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR' and bare HTTP codes get fixed sentences), a
 * `SerializedError`, an `Error` (a failed `fetch` reads as a network failure), a string, or
 * anything else (a generic sentence). Never throws and never returns an empty string.
 */
export function toErrorMessage(error: unknown): string {
  if (isFetchBaseQueryError(error)) return messageOfFetchError(error);
  if (error instanceof Error || isSerializedError(error)) {
    const message = (error.message ?? '').trim();
    if (message === '') return UNKNOWN_FAILURE_MESSAGE;
    return isNetworkFailureText(message) ? NETWORK_FAILURE_MESSAGE : message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isRecord(error) && typeof error.message === 'string' && error.message.trim() !== '') return error.message;
  return UNKNOWN_FAILURE_MESSAGE;
}

/**
 * True for an answer that ended the session: a 401 of our API (lib/api.ts raises
 * `sessionEndedByServer` for it, ADR 110). The app then goes to the sign-in page, which says why,
 * so such a failure is not told again in a toast.
 */
export function endedTheSession(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 401;
}
