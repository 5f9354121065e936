/**
 * Money as the product shows it: US dollars with cents (docs/product.md §9: "Price $15 (shown as a dollar
 * amount with .00)").
 */
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * Formats an amount in cents as dollars, e.g. 1500 -> "$15.00".
 * @param cents a whole number of cents
 */
export function formatDollars(cents: number): string {
  return dollarFormat.format(cents / 100);
}
