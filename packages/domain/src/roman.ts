/**
 * Category order labels (docs/product.md §9): Roman numerals I to XX; any higher order shows "L".
 *
 * @param order 1-based category order (an integer).
 * @returns "I" .. "XX", or "L" for 21 and above.
 * @throws RangeError when `order` is not a positive integer.
 */
export function toRomanLabel(order: number): string {
  if (!Number.isInteger(order) || order < 1) throw new RangeError(`Category order must be a positive integer, got ${order}`);
  if (order > 20) return 'L';
  const tens = ['', 'X', 'XX'][Math.floor(order / 10)] ?? '';
  const units = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'][order % 10] ?? '';
  return tens + units;
}
