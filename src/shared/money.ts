/**
 * Money amounts as the contract carries them, for both the storefront and the reference server
 * (architecture guide, "Money"): decimal strings with at most two decimals ("45", "45.5",
 * "45.00") on the wire, integer minor units (cents) wherever they are added up. No floating
 * point arithmetic touches a price. Pure and without imports, so the server's type check and
 * build can include it.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "45" -> 4500, "0.5" -> 50, "-1.50" -> -150 (surrounding blanks ignored); null for anything
 * else (more decimals, exponents, blanks) and for amounts beyond a safe integer of cents.
 */
export function minorUnitsOf(decimal: string): number | null {
  const match = DECIMAL.exec(decimal.trim());
  if (!match) return null;
  const [, sign, units = '0', fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Integer minor units as the contract's decimal string: 4500 -> "45.00", 5 -> "0.05",
 * -150 -> "-1.50".
 * @throws RangeError when `cents` is not a safe integer.
 */
export function decimalOf(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${cents}.`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
