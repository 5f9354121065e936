import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@bpa/domain/messages';
import { LoginSchema, PasswordChangeSchema } from '@bpa/domain/validation';
import { toFieldErrors } from './form-errors';

describe('toFieldErrors', () => {
  it('gives each field its first docs/product.md §5 message', () => {
    const parsed = LoginSchema.safeParse({ email: 'not an email', password: 'short' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(toFieldErrors(parsed.error)).toEqual({ email: MESSAGES.loginEmailInvalid, password: MESSAGES.loginPasswordTooShort });
  });

  it('puts the mismatch of the password change on the confirmation field', () => {
    const parsed = PasswordChangeSchema.safeParse({ password: 'Abcdef12', passwordConfirm: 'Abcdef13' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(toFieldErrors(parsed.error)).toEqual({ passwordConfirm: MESSAGES.passwordsDoNotMatch });
  });

  it('keeps the first message when a field has several', () => {
    const parsed = PasswordChangeSchema.safeParse({ password: 'a', passwordConfirm: 'b' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(toFieldErrors(parsed.error)).toEqual({ password: MESSAGES.passwordTooShort, passwordConfirm: MESSAGES.passwordTooShort });
  });
});
