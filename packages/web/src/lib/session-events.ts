/**
 * What the server says about the session in answers to any call, as an action every feature may
 * handle (ADR 110). Declared here, below the features, because the one base query of
 * lib/api.ts raises it and lib may not import a feature.
 *
 * `sessionEndedByServer`: a call answered 401, so the server no longer accepts the session (the
 * subscription expired or was cancelled, the session expired or was ended elsewhere). The session
 * slice signs the browser out and keeps the server's sentence for the sign-in page; the app then
 * goes to /login instead of failing every action with a toast.
 */
import { createAction } from '@reduxjs/toolkit';

export const sessionEndedByServer = createAction<{ message: string }>('session/endedByServer');

/**
 * A call answered 403: the session is not what this tab believes (e.g. another tab started an
 * impersonation, so this administrator tab now holds a subscriber's session). The app looks the
 * session up again and the route guards take it from there (ADR 110).
 */
export const accessRefusedByServer = createAction('session/accessRefused');
