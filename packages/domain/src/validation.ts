/**
 * Form rules of docs/product.md §5 as zod schemas, with the spec's messages. The web app drives its
 * forms with them and the server validates the same payloads with them.
 */
import { z } from 'zod';
import { MIN_CONTACT_MESSAGE_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { storableText } from './text';

/**
 * An email address as the forms accept it (trimmed; at most 254 characters, RFC 5321). The HTML5
 * rule of `<input type="email">` rather than zod's default: it needs no top-level domain, so the
 * default first administrator `admin@localhost` (docs/product.md §D8) can sign in.
 */
function email(message: string) {
  return z
    .string()
    .trim()
    .max(254, message)
    .pipe(z.email({ message, pattern: z.regexes.html5Email }));
}

/** POST /users/login: email valid, password at least eight characters, both required (docs/product.md §5). */
export const LoginSchema = z.object({
  email: email(MESSAGES.loginEmailInvalid),
  password: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.loginPasswordTooShort).max(1000),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** POST /users/forgotPassword (docs/product.md §5). */
export const ForgotPasswordSchema = z.object({ email: email(MESSAGES.forgotEmailInvalid) });

/**
 * PATCH /users/resetPassword/{token} and /users/setPassword/{token}: both values at least eight
 * characters and equal (docs/product.md §5).
 */
export const PasswordChangeSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(1000),
    passwordConfirm: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(1000),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: MESSAGES.passwordsDoNotMatch, path: ['passwordConfirm'] });

/** POST /messages: name optional, email valid, message at least 10 characters (docs/product.md §5); storable text (docs/product.md §D7). */
export const ContactMessageSchema = z.object({
  mailName: storableText(z.string().trim().max(200)).optional().default(''),
  mailEmail: email(MESSAGES.contactEmailInvalid),
  mailMessage: storableText(z.string().trim().min(MIN_CONTACT_MESSAGE_LENGTH, MESSAGES.contactMessageTooShort).max(10_000)),
});

/** POST /users/admin-signup: email required and well-formed (docs/product.md §5). */
export const AddUserSchema = z.object({ email: email(MESSAGES.addUserEmailInvalid) });

/** Strength of a password as the meter shows it (docs/product.md §5). */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

/**
 * Password strength (docs/product.md §5): strong is at least 8 characters with a lower-case letter, an
 * upper-case letter and a digit; medium is at least 6 with two of those three; else weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(password)).length;
  if (password.length >= 8 && kinds === 3) return 'strong';
  if (password.length >= 6 && kinds >= 2) return 'medium';
  return 'weak';
}

/** The first message of a failed zod parse, for a form or an error answer. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
