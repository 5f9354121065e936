import { describe, expect, it } from 'vitest';
import { CAPTCHA_FAILED_MESSAGE, ContactMessageRequestSchema, MAX_UPLOAD_SIZE_LABEL, formatPriceCents } from './api-admin';
import { invalidFileSizeMessage } from './messages';

describe('formatPriceCents', () => {
  it('shows cents as dollars with two decimals (docs/product.md §9: $15.00)', () => {
    expect(formatPriceCents(1500)).toBe('$15.00');
    expect(formatPriceCents(1499)).toBe('$14.99');
    expect(formatPriceCents(5)).toBe('$0.05');
    expect(formatPriceCents(0)).toBe('$0.00');
    expect(formatPriceCents(123_450)).toBe('$1,234.50');
    expect(formatPriceCents(-250)).toBe('-$2.50');
  });
});

describe('MAX_UPLOAD_SIZE_LABEL', () => {
  it("gives the spec's size message", () => {
    expect(invalidFileSizeMessage('big.csv', MAX_UPLOAD_SIZE_LABEL)).toBe('big.csv: Invalid file size, maximum upload size is 1,000,000 bytes');
  });
});

describe('ContactMessageRequestSchema', () => {
  const form = { mailEmail: 'anna@example.org', mailMessage: 'A message of some length.' };

  it('needs the captcha payload, at most 4096 characters', () => {
    expect(ContactMessageRequestSchema.parse({ ...form, altcha: 'eyJ9' })).toEqual({ ...form, mailName: '', altcha: 'eyJ9' });
    for (const altcha of [undefined, '', 'x'.repeat(4097)]) {
      const result = ContactMessageRequestSchema.safeParse({ ...form, altcha });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CAPTCHA_FAILED_MESSAGE);
    }
  });
});
