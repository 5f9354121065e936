import { describe, expect, it } from 'vitest';
import { PRICE_CENTS } from '@bpa/domain/constants';
import { formatDollars } from './format-money';

describe('formatDollars', () => {
  it('shows the product price as $15.00 (docs/product.md §9)', () => {
    expect(formatDollars(PRICE_CENTS)).toBe('$15.00');
  });

  it('keeps cents and groups thousands', () => {
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(123456)).toBe('$1,234.56');
  });
});
