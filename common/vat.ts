/**
 * VAT included in the shop's prices (the shop's prices are gross: VAT included, as UK and EU
 * consumer prices must be shown). What an order's answer and its invoice carry per line and
 * in total (HMRC VAT Notice 700/21 §16, EU VAT Directive 2006/112/EC art. 226(8)-(10)):
 *
 * - a line's VAT = its gross total × rate / (100 % + rate), rounded half-up to the cent;
 * - the shipping's VAT the same way on the shipping charge (delivery follows the goods' rate);
 * - the order's VAT = the lines' VAT + the shipping's VAT.
 *
 * Rates are kept in basis points (2000 = 20 %), money in integer cents: no floating point.
 */
import { toDecimal } from './money.ts';

/** The highest rate the back office accepts: 30 % (the EU's highest standard rate is 27 %). */
export const MAX_VAT_RATE_BP = 3000;

/**
 * The VAT included in a gross amount: `grossCents × rateBp / (10000 + rateBp)`, rounded half
 * away from zero to the cent (12000 at 2000 -> 2000; 1 at 2000 -> 0; 3 at 2000 -> 1 (0.5 up)).
 * @param grossCents the amount charged, VAT included, in cents (a safe integer).
 * @param rateBp the rate in basis points, 0 to {@link MAX_VAT_RATE_BP}.
 */
export function includedVatCents(grossCents: number, rateBp: number): number {
  const numerator = Math.abs(grossCents) * rateBp;
  const denominator = 10000 + rateBp;
  const rounded = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return grossCents < 0 ? -rounded : rounded;
}

/** An order's VAT in cents: each line's, the shipping's and their sum. */
export interface OrderVat {
  lines: number[];
  shipping: number;
  total: number;
}

/**
 * The VAT of an order whose lines and shipping cost the given gross amounts, at `rateBp`; null
 * when the rate is null (the shop charged no VAT).
 */
export function orderVat(
  lineTotalsCents: readonly number[],
  shippingCents: number,
  rateBp: number | null,
): OrderVat | null {
  if (rateBp === null) return null;
  const lines = lineTotalsCents.map((cents) => includedVatCents(cents, rateBp));
  const shipping = includedVatCents(shippingCents, rateBp);
  return { lines, shipping, total: lines.reduce((sum, cents) => sum + cents, shipping) };
}

/** A rate in basis points as the contract's percent string: 2000 -> "20.00", 550 -> "5.50". */
export function rateToPercent(rateBp: number): string {
  return toDecimal(rateBp);
}

const PERCENT = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/**
 * A percent string ("20", "20.0", "5.5", "20.00") as basis points; null when it is not a
 * number with at most two decimals (the range is the caller's check).
 */
export function percentToRate(percent: string): number | null {
  const match = PERCENT.exec(percent.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
