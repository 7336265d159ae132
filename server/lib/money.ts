/**
 * Money conversion between the database and the contract (architecture guide, "Money").
 * The database stores integer minor units (cents); the API carries decimal strings with two
 * decimals ("45.00"). No floating point arithmetic touches a price.
 */

/**
 * Formats integer minor units as a decimal string: 4500 -> "45.00", 5 -> "0.05", -150 -> "-1.50".
 * @throws RangeError when `cents` is not a safe integer.
 */
export function formatMinorUnits(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${cents}.`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

/**
 * Parses a decimal string with at most two decimals into minor units: "45" -> 4500, "0.5" -> 50.
 * @throws RangeError for anything else (more decimals, exponents, blanks).
 */
export function parseDecimalToMinorUnits(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`Not a money amount: "${decimal}".`);
  const [, sign, units, fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Money amount out of range: "${decimal}".`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}
