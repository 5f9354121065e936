import { describe, expect, it } from 'vitest';
import { toRomanLabel } from './roman';

describe('toRomanLabel (docs/product.md §9)', () => {
  it.each([
    [1, 'I'],
    [4, 'IV'],
    [9, 'IX'],
    [10, 'X'],
    [13, 'XIII'],
    [14, 'XIV'],
    [19, 'XIX'],
    [20, 'XX'],
  ])('labels %i as %s', (order, label) => {
    expect(toRomanLabel(order)).toBe(label);
  });
  it('shows L above XX', () => {
    expect(toRomanLabel(21)).toBe('L');
    expect(toRomanLabel(99)).toBe('L');
  });
  it('refuses orders that are not positive integers', () => {
    expect(() => toRomanLabel(0)).toThrow(RangeError);
    expect(() => toRomanLabel(1.5)).toThrow(RangeError);
  });
});
