/**
 * Money conversion between the database and the contract (architecture guide, "Money").
 * The database stores integer minor units (cents); the API carries decimal strings with two
 * decimals ("45.00"). The rules are the storefront's own (src/shared/money.ts); here they
 * throw, since a bad amount inside the server is a bug, not input.
 */
import { decimalOf, minorUnitsOf } from '../../src/shared/money.ts';

/**
 * Formats integer minor units as a decimal string: 4500 -> "45.00", 5 -> "0.05", -150 -> "-1.50".
 * @throws RangeError when `cents` is not a safe integer.
 */
export const formatMinorUnits: (cents: number) => string = decimalOf;

/**
 * Parses a decimal string with at most two decimals into minor units: "45" -> 4500, "0.5" -> 50.
 * @throws RangeError for anything else (more decimals, exponents, blanks, out of range).
 */
export function parseDecimalToMinorUnits(decimal: string): number {
  const cents = minorUnitsOf(decimal);
  if (cents === null) throw new RangeError(`Not a money amount: "${decimal}".`);
  return cents;
}
