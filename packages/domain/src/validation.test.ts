import { describe, expect, it } from 'vitest';
import { MESSAGES, invalidFileSizeMessage } from './messages';
import {
  AddUserSchema,
  ContactMessageSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  firstIssueMessage,
  passwordStrength,
} from './validation';
import type { z } from 'zod';

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : firstIssueMessage(result.error);
}

describe('form rules (docs/product.md §5)', () => {
  it('login: valid email and a password of at least eight characters', () => {
    expect(messageOf(LoginSchema, { email: 'a@b.co', password: '12345678' })).toBeUndefined();
    expect(messageOf(LoginSchema, { email: 'not-an-email', password: '12345678' })).toBe(MESSAGES.loginEmailInvalid);
    expect(messageOf(LoginSchema, { email: 'a@b.co', password: '1234567' })).toBe(MESSAGES.loginPasswordTooShort);
    expect(LoginSchema.parse({ email: '  a@b.co ', password: '12345678' }).email).toBe('a@b.co');
  });
  it('forgot password and add user use their own messages', () => {
    expect(messageOf(ForgotPasswordSchema, { email: 'x' })).toBe('Please type a valid email address');
    expect(messageOf(AddUserSchema, { email: 'x@' })).toBe('Incorrect email format');
    expect(messageOf(AddUserSchema, { email: '' })).toBe('Incorrect email format');
  });
  it('reset and set password: matching values of at least eight characters', () => {
    expect(messageOf(PasswordChangeSchema, { password: 'abcdefgh', passwordConfirm: 'abcdefgh' })).toBeUndefined();
    expect(messageOf(PasswordChangeSchema, { password: 'abcdefgh', passwordConfirm: 'abcdefgx' })).toBe('Passwords do not match');
    expect(messageOf(PasswordChangeSchema, { password: 'abc', passwordConfirm: 'abc' })).toBe('Password or confirm password is too short');
  });
  it('contact: optional name, valid email, a message of at least 10 characters', () => {
    expect(ContactMessageSchema.parse({ mailEmail: 'a@b.co', mailMessage: '0123456789' }).mailName).toBe('');
    expect(messageOf(ContactMessageSchema, { mailEmail: 'a', mailMessage: '0123456789' })).toBe('Enter valid Email!');
    expect(messageOf(ContactMessageSchema, { mailEmail: 'a@b.co', mailMessage: ' short    ' })).toBe('Message must be at least 10 characters');
  });
  it('formats the upload size error with the file name and the limit', () => {
    expect(invalidFileSizeMessage('big.csv', '1 MB')).toBe('big.csv: Invalid file size, maximum upload size is 1 MB');
  });
});

describe('passwordStrength (docs/product.md §5)', () => {
  it.each([
    ['abc', 'weak'],
    ['abcdefgh', 'weak'],
    ['abcde1', 'medium'],
    ['ABCdef', 'medium'],
    ['abcdefg1', 'medium'],
    ['Abcdef1', 'medium'],
    ['Abcdefg1', 'strong'],
  ] as const)('%s is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
