/**
 * Money display (spec section 9: prices shown with $ and two decimals). The API carries
 * decimal strings ("45.00"); they are formatted, never added up in floating point here.
 */
import { decimalOf, minorUnitsOf } from '../shared/money';

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

/**
 * Parses an API amount ("45", "45.5", "45.00") into integer minor units (4500, 4550, 4500), so
 * totals can be added up exactly (architecture guide, "Money"). Anything else gives null.
 */
export function toMinorUnits(amount: string | null | undefined): number | null {
  return amount == null ? null : minorUnitsOf(amount);
}

/** Integer minor units as the API's decimal string: 4550 -> "45.50", 5 -> "0.05". */
export function fromMinorUnits(cents: number): string {
  return decimalOf(Math.trunc(cents));
}
