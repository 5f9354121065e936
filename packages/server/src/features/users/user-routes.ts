/**
 * Account routes (docs/product.md §7 "Calls", docs/product.md §D8). Request and answer shapes: @bpa/domain/api-users and
 * @bpa/domain/validation; texts: @bpa/domain/messages (docs/product.md §8). Routes only parse, authorise, call
 * one operation and answer; sessions are started and ended here because they live in cookies.
 */
import {
  ImpersonateSchema,
  LoginAnswerSchema,
  MeAnswerSchema,
  MessageAnswerSchema,
  SessionAnswerSchema,
  SetUserNameRequestSchema,
  TokenParamSchema,
  UserAnswerSchema,
  UserListAnswerSchema,
} from '@bpa/domain/api-users';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { MESSAGES } from '@bpa/domain/messages';
import { AddUserSchema, ForgotPasswordSchema, LoginSchema, PasswordChangeSchema } from '@bpa/domain/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { type SessionSettings, endSession, requireAdmin, requireUser, startSession } from '../sessions/session-plugin';
import type { AccountMail } from './account-mail';
import { addSubscriber } from './add-subscriber';
import { confirmEmail } from './confirm-email';
import { impersonateUser } from './impersonate-user';
import { listUsers } from './list-users';
import { logIn } from './log-in';
import type { SharedState } from '../../shared-state';
import { accountThrottledMessage, createLoginThrottle } from './login-throttle';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { setPassword } from './set-password';
import { setUserName } from './set-user-name';
import { stopImpersonating } from './stop-impersonating';
import { toCurrentUser } from './to-current-user';

export interface UserRoutesOptions {
  sessions: SessionSettings;
  mail: AccountMail;
  /** Where the sign-in throttle's counters live (shared-state.ts); memory by default. */
  shared?: SharedState;
}

/**
 * Sign-in attempts per client address per 15 minutes (docs/product.md §D8: rate limits on login). High, so a
 * club signing in from one address is never stopped by one member's typos: wrong passwords are
 * throttled per account and address, under a ceiling per account (login-throttle.ts; ADR 189).
 */
export const LOGIN_RATE_LIMIT = { max: 200, timeWindow: 15 * 60_000 };
/** Forgot-password requests per client address per 15 minutes: each one sends an email. */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 5, timeWindow: 15 * 60_000 };
/** Uses of token links (confirm, reset, set) per client address per 15 minutes: no guessing tokens. */
export const TOKEN_RATE_LIMIT = { max: 20, timeWindow: 15 * 60_000 };

/** forgotPassword's answer when a reset link was sent (docs/product.md §7). */
export const TOKEN_SENT_MESSAGE = 'Token sent to email!';
/**
 * forgotPassword's answer for an unconfirmed address: docs/product.md §7 reads a message "starting with Email"
 * as "unconfirmed" (docs/product.md §4: -2), and a confirmation email has been sent instead of a reset link.
 */
export const EMAIL_UNCONFIRMED_MESSAGE =
  'Email not confirmed yet: a confirmation email was just sent. Please confirm your address, then ask again for a new password.';
/** logout's answer (docs/product.md §7: "result not used"). */
export const LOGGED_OUT_MESSAGE = 'You are signed out.';
/** GET logout's refusal when the request is not the site's own (ADR 131). */
export const CROSS_SITE_LOGOUT_MESSAGE = 'Sign-out refused: the request did not come from this site. Use the Sign out button, or POST /api/v1/users/logout.';
/** `Sec-Fetch-Site` values GET logout accepts: the app's own pages, or the address typed by the user. */
const SIGN_OUT_GET_FETCH_SITES = new Set(['same-origin', 'none']);
/** admin-signup's message when the invitation email could not be sent (docs/product.md §D8: the account stays). */
export const INVITATION_NOT_SENT_MESSAGE =
  'The user was added, but the invitation email was not sent. Check the email address and the mail settings (SMTP_URL); the server log has the details.';

/**
 * A route's rate limit with a 429 answer that says how long to wait (docs/product.md §D8: "a locked-out
 * client gets 429 with a clear message"). Counted per client address (set TRUST_PROXY behind a proxy).
 */
function rateLimit(limit: { max: number; timeWindow: number }) {
  return {
    ...limit,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
  };
}

const errors = ErrorEnvelopeSchema;

/** Registers the account routes of docs/product.md §7 under /api/v1/users. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { sessions, mail, shared }) => {
  const { db, now } = sessions;
  const loginThrottle = createLoginThrottle(shared);

  app.get(
    '/api/v1/users/me',
    {
      onRequest: requireUser,
      schema: { tags: ['users'], summary: 'The signed-in user (spec reads data.data.data)', response: { 200: MeAnswerSchema, 401: errors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { data: toCurrentUser(request.currentUser!, request.currentSession?.impersonator ?? null) },
    }),
  );

  app.patch(
    '/api/v1/users/me/name',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Sets the name partners see (History, marks, conflicts, "shared by"); an empty name shows the email address',
        body: SetUserNameRequestSchema,
        response: { 200: MeAnswerSchema, 400: errors, 401: errors, 429: errors },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      const userName = await setUserName(db, { userId: user.id, email: user.email, userName: request.body.userName, now: now() });
      return { status: 'success' as const, data: { data: toCurrentUser({ ...user, userName }, request.currentSession?.impersonator ?? null) } };
    },
  );

  app.get(
    '/api/v1/users/session',
    {
      schema: {
        tags: ['users'],
        summary: "Who is signed in: the user, or null for nobody (always 200, so a visitor's page logs no failed request)",
        response: { 200: SessionAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.currentUser ? toCurrentUser(request.currentUser, request.currentSession?.impersonator ?? null) : null;
      const refusal = request.sessionRefusal === 'subscription_not_active' ? MESSAGES.subscriptionNotActive : undefined;
      return { status: 'success' as const, data: refusal === undefined ? { user } : { user, refusal } };
    },
  );

  app.post(
    '/api/v1/users/login',
    {
      config: { rateLimit: rateLimit(LOGIN_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Signs in with email and password; sets the session cookie',
        body: LoginSchema,
        response: { 200: LoginAnswerSchema, 400: errors, 401: errors, 403: errors, 429: errors, 500: errors },
      },
    },
    async (request, reply) => {
      const wait = await loginThrottle.secondsToWait(request.body.email, request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('rate_limited', accountThrottledMessage(wait));
      }
      let result;
      try {
        result = await logIn(db, request.body, { now: now(), mail });
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorised') await loginThrottle.recordFailure(request.body.email, request.ip);
        throw error;
      }
      await loginThrottle.recordSuccess(request.body.email, request.ip);
      if (result.outcome === 'email_not_confirmed') {
        if (result.isEmailSent) throw new AppError('forbidden', MESSAGES.emailNotConfirmedSent);
        throw new AppError('internal', MESSAGES.forgotEmailNotSent, { logDetail: 'sign-in: the new confirmation email could not be sent' });
      }
      await startSession(sessions, request, reply, { userId: result.user.id, impersonatorUserId: null });
      return { status: 'success' as const, data: { user: toCurrentUser(result.user, null) } };
    },
  );

  const logOut = async (request: FastifyRequest, reply: FastifyReply) => {
    await endSession(sessions, request, reply);
    return { status: 'success' as const, message: LOGGED_OUT_MESSAGE };
  };
  // The web app signs out with POST (origin-checked like every state change). The GET of docs/product.md §7
  // stays for API clients, but only when the browser says the request is the site's own (or typed
  // in the address bar): an <img> or a link on another site must not sign anyone out (ADR 131).
  app.get(
    '/api/v1/users/logout',
    {
      onRequest: async (request) => {
        if (!SIGN_OUT_GET_FETCH_SITES.has(String(request.headers['sec-fetch-site']))) throw new AppError('forbidden', CROSS_SITE_LOGOUT_MESSAGE);
      },
      schema: {
        tags: ['users'],
        summary: 'Signs out (docs/product.md §7): only same-origin requests (Sec-Fetch-Site); prefer POST',
        response: { 200: MessageAnswerSchema, 403: errors },
      },
    },
    logOut,
  );
  app.post(
    '/api/v1/users/logout',
    {
      schema: {
        tags: ['users'],
        summary: 'Signs out: deletes the session and clears the cookie (always 200)',
        response: { 200: MessageAnswerSchema, 403: errors },
      },
    },
    logOut,
  );

  app.get(
    '/api/v1/users/signup-complete/:token',
    {
      config: { rateLimit: rateLimit(TOKEN_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Confirms an email address with the token of a confirmation link',
        params: TokenParamSchema,
        response: { 200: MessageAnswerSchema, 400: errors, 429: errors },
      },
    },
    async (request) => {
      if (!(await confirmEmail(db, { token: request.params.token, now: now() }))) {
        throw new AppError('bad_request', MESSAGES.emailCouldNotBeConfirmed);
      }
      return { status: 'success' as const, message: MESSAGES.emailConfirmed };
    },
  );

  app.post(
    '/api/v1/users/forgotPassword',
    {
      config: { rateLimit: rateLimit(FORGOT_PASSWORD_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Emails a password-reset link (or, for an unconfirmed address, a confirmation link: the message then starts with "Email")',
        body: ForgotPasswordSchema,
        response: { 200: MessageAnswerSchema, 400: errors, 404: errors, 429: errors, 500: errors },
      },
    },
    async (request) => {
      const outcome = await requestPasswordReset(db, request.body, { now: now(), mail });
      switch (outcome) {
        case 'reset_sent':
          return { status: 'success' as const, message: TOKEN_SENT_MESSAGE };
        case 'confirmation_sent':
          return { status: 'success' as const, message: EMAIL_UNCONFIRMED_MESSAGE };
        case 'unknown_email':
          throw new AppError('not_found', MESSAGES.forgotEmailNotSent);
        case 'not_sent':
          throw new AppError('internal', MESSAGES.forgotEmailNotSent, { logDetail: 'forgot password: the email could not be sent' });
      }
    },
  );

  app.patch(
    '/api/v1/users/resetPassword/:token',
    {
      config: { rateLimit: rateLimit(TOKEN_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Sets a new password with the token of a reset link (1 hour, once); signs the account out everywhere',
        params: TokenParamSchema,
        body: PasswordChangeSchema,
        response: { 200: MessageAnswerSchema, 400: errors, 429: errors },
      },
    },
    async (request) => {
      if (!(await resetPassword(db, { token: request.params.token, password: request.body.password, now: now() }))) {
        throw new AppError('bad_request', MESSAGES.passwordNotUpdated);
      }
      return { status: 'success' as const, message: MESSAGES.passwordChanged };
    },
  );

  app.patch(
    '/api/v1/users/setPassword/:token',
    {
      config: { rateLimit: rateLimit(TOKEN_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Sets the password of an invited account with the token of an invitation link (7 days, once); confirms the email',
        params: TokenParamSchema,
        body: PasswordChangeSchema,
        response: { 200: MessageAnswerSchema, 400: errors, 429: errors },
      },
    },
    async (request) => {
      if (!(await setPassword(db, { token: request.params.token, password: request.body.password, now: now() }))) {
        throw new AppError('bad_request', MESSAGES.passwordNotSet);
      }
      return { status: 'success' as const, message: MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/api/v1/users/admin-signup',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users', 'admin'],
        summary: 'Adds a subscriber: account, one-year subscription, five agreements from Blank, invitation email',
        body: AddUserSchema,
        response: { 201: UserAnswerSchema, 400: errors, 401: errors, 403: errors, 409: errors, 503: errors },
      },
    },
    async (request, reply) => {
      const result = await addSubscriber(db, { email: request.body.email, invitedBy: request.currentUser!.email }, { now: now(), mail });
      return reply.code(201).send({
        status: 'success' as const,
        data: result.user,
        isInvitationSent: result.isInvitationSent,
        message: result.isInvitationSent ? `The invitation was sent to ${result.user.email}.` : INVITATION_NOT_SENT_MESSAGE,
      });
    },
  );

  app.get(
    '/api/v1/users',
    {
      onRequest: requireAdmin,
      schema: { tags: ['users', 'admin'], summary: 'Every account: _id, email, role', response: { 200: UserListAnswerSchema, 401: errors, 403: errors } },
    },
    async () => ({ status: 'success' as const, data: await listUsers(db) }),
  );

  app.post(
    '/api/v1/users/im/login',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users', 'admin'],
        summary: 'Impersonation: signs the administrator in as the user with this email; the session remembers the administrator',
        body: ImpersonateSchema,
        response: { 200: LoginAnswerSchema, 400: errors, 401: errors, 403: errors, 404: errors },
      },
    },
    async (request, reply) => {
      const administrator = request.currentUser!;
      const user = await impersonateUser(db, { email: request.body.email, now: now() });
      await startSession(sessions, request, reply, { userId: user.id, impersonatorUserId: administrator.id });
      return { status: 'success' as const, data: { user: toCurrentUser(user, administrator) } };
    },
  );

  app.post(
    '/api/v1/users/im/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users', 'admin'],
        summary: "Ends an impersonation: back to the administrator's own session",
        response: { 200: LoginAnswerSchema, 400: errors, 401: errors },
      },
    },
    async (request, reply) => {
      const administrator = await stopImpersonating(db, { impersonatorUserId: request.currentSession?.impersonator?.id ?? null, now: now() });
      await startSession(sessions, request, reply, { userId: administrator.id, impersonatorUserId: null });
      return { status: 'success' as const, data: { user: toCurrentUser(administrator, null) } };
    },
  );
};
