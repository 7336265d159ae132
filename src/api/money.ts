/**
 * Money display (spec section 9: prices shown with $ and two decimals). The API carries
 * decimal strings ("45.00"); they are formatted, never added up in floating point here.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "45" or "45.00" -> "$45.00"; a missing or non-numeric value gives "$0.00". */
export function formatPrice(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return usd.format(Number.isFinite(value) ? value : 0);
}
