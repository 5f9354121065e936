/**
 * Request and answer shapes of the account routes (docs/product.md §7, docs/product.md §D8). The server
 * validates with them and the web app parses answers with them.
 *
 * Answers (all `{ status, ... }` envelopes of docs/product.md §D7):
 * - GET  /api/v1/users/me                      200 MeAnswer | 401
 * - POST /api/v1/users/login         LoginSchema            200 LoginAnswer | 400 | 401 incorrectEmailOrPassword
 *                                                           | 403 subscriptionNotActive | 403 emailNotConfirmedSent | 429
 * - POST /api/v1/users/im/login      ImpersonateSchema      200 LoginAnswer (admin only) | 401 | 403 | 404
 * - POST /api/v1/users/im/logout                            200 LoginAnswer: back to the administrator's own session
 * - GET  /api/v1/users/logout                               200 MessageAnswer (always; clears the session)
 * - GET  /api/v1/users/signup-complete/{token}              200 MessageAnswer | 400 emailCouldNotBeConfirmed
 * - POST /api/v1/users/forgotPassword ForgotPasswordSchema  200 MessageAnswer ("Token sent to email!", or a
 *                                                           message starting with "Email" when the address is
 *                                                           unconfirmed: docs/product.md §7) | 404/500 forgotEmailNotSent | 429
 * - PATCH /api/v1/users/resetPassword/{token} PasswordChangeSchema 200 MessageAnswer | 400 passwordNotUpdated
 * - PATCH /api/v1/users/setPassword/{token}   PasswordChangeSchema 200 MessageAnswer | 400 passwordNotSet
 * - POST /api/v1/users/admin-signup  AddUserSchema          201 UserAnswer (admin) | 409 | 401 | 403 | 503 (no Blank template)
 * - GET  /api/v1/users                                      200 UserListAnswer (admin) | 401 | 403
 */
import { z } from 'zod';
import { successEnvelope } from './api';
import { storableText } from './text';

/**
 * Role values (docs/product.md §6: "admin"; subscribers; docs/sharing.md §1: "partner", a free account that sees only
 * the agreements shared with it and needs no subscription).
 */
export const RoleSchema = z.enum(['admin', 'subscriber', 'partner']);
export type Role = z.infer<typeof RoleSchema>;

/**
 * Subscription status derived from bookings (docs/product.md §D4): `active`, `expired`, `cancelled`, or
 * `none` for an account without a booking (administrators). docs/product.md §6: a non-admin whose status is
 * expired or cancelled cannot pass login.
 */
export const SubscriberStatusSchema = z.enum(['active', 'expired', 'cancelled', 'none']);
export type SubscriberStatus = z.infer<typeof SubscriberStatusSchema>;

/** The signed-in user as the app shows it (docs/product.md §3 "User (current-user call)"). */
export const CurrentUserSchema = z.lazy(() =>
  z.object({
    email: z.string(),
    userName: z.string(),
    role: RoleSchema,
    subscriberStatus: SubscriberStatusSchema,
    /** Set while an administrator is signed in as this user (docs/product.md §D8: visible banner and a way back). */
    impersonatedBy: z.string().optional(),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Longest name an account shows its partners, in characters (docs/sharing.md §11). */
export const MAX_USER_NAME_LENGTH = 60;

/**
 * PATCH /api/v1/users/me/name (docs/sharing.md §11): the name partners see in History, marks,
 * conflicts and "shared by", trimmed; '' shows the email address again.
 */
export const SetUserNameRequestSchema = z.lazy(() =>
  z.object({
    userName: storableText(
      z
        .string()
        .trim()
        .max(MAX_USER_NAME_LENGTH, `A name may be at most ${MAX_USER_NAME_LENGTH} characters long.`)
        .refine(
          (name) => ![...name].some((character) => character.charCodeAt(0) < 32 || character === '<' || character === '>'),
          'A name may not hold line breaks or the characters < and >.',
        ),
    ),
  }),
);

/** GET /users/me: the spec reads `data.data.data` (docs/product.md §7). */
export const MeAnswerSchema = z.lazy(() => successEnvelope(z.object({ data: CurrentUserSchema })));

/**
 * GET /users/session: who is signed in, answered 200 whether or not anybody is (docs/product.md §17:
 * a page for a visitor must not log a failed request). `user` is null for nobody; `refusal` says
 * why a live session was not accepted (the spec's inactive-subscription text), for the sign-in page.
 */
export const SessionAnswerSchema = z.lazy(() => successEnvelope(z.object({ user: CurrentUserSchema.nullable(), refusal: z.string().optional() })));

/** POST /users/login and /users/im/login. `bypass` is the spec's "bypass flag" (docs/product.md §4: no email was sent). */
export const LoginAnswerSchema = z.lazy(() => successEnvelope(z.object({ user: CurrentUserSchema, bypass: z.boolean().optional() })));

/** 409 of POST /users/admin-signup for an email that already has an account (docs/product.md §17). */
export const USER_EXISTS_MESSAGE = 'A user with this email already exists.';

/** POST /users/im/login (docs/product.md §7: "impersonation uses email only"). */
export const ImpersonateSchema = z.lazy(() =>
  z.object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ pattern: z.regexes.html5Email })),
  }),
);

/** An answer that carries only a message (docs/product.md §7: forgotPassword's "field message read"). */
export const MessageAnswerSchema = z.lazy(() => z.object({ status: z.literal('success'), message: z.string() }));

/** One row of the admin's user list (docs/product.md §3: "Admin-list user: _id, email, role"). */
const UserSchema = z.object({ _id: z.string(), email: z.string(), role: RoleSchema });
/**
 * One row of the admin's user list: docs/product.md §3's fields, and whether the account still waits for its
 * invitation to be accepted (no password set: "Invited, not signed in yet", docs/product.md §17).
 */
export const UserListItemSchema = z.lazy(() => UserSchema.extend({ isInvitationPending: z.boolean() }));
export type UserListItem = z.infer<typeof UserListItemSchema>;
export const UserListAnswerSchema = z.lazy(() => successEnvelope(z.array(UserListItemSchema)));
/**
 * POST /users/admin-signup: the new user, and whether the invitation email went out (docs/product.md §D8: a
 * failed email does not undo the account; `message` then says so for the admin's toast).
 */
export const UserAnswerSchema = z.lazy(() =>
  successEnvelope(UserSchema).extend({
    isInvitationSent: z.boolean().optional(),
    message: z.string().optional(),
  }),
);

/** A token in a link (/login/{token}, /reset-password/{tok}, /accept-invite/{tok}): base64url, bounded. */
export const TokenParamSchema = z.lazy(() => z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) }));

/** True for the roles whose sign-in depends on an active subscription (subscribers only). */
export function needsSubscription(role: Role): boolean {
  return role === 'subscriber';
}
