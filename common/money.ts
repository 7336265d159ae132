/**
 * Money, for both the storefront and the reference server (architecture guide, "Money"):
 * decimal strings with at most two decimals ("45", "45.5", "45.00") on the wire, integer minor
 * units (cents) wherever amounts are stored or added up; no floating point arithmetic touches a
 * price. One name per operation:
 *
 * - `toMinorUnits("45.50")` → 4550: a contract amount into cents (null when it is not one);
 * - `toDecimal(4550)` → "45.50": cents into the contract's decimal string;
 * - `formatPrice("45.5", "GBP")` → "£45.50": an amount as the shopper reads it, in the shop's
 *   currency (spec section 9 fixes "$"; each shop has its own, docs/spec-deviations.md).
 *
 * Every amount is in the shop's currency (`tenants.currency`, an ISO 4217 code with two minor
 * digits: common/currencies.ts); the money module never assumes one. Pure and without imports,
 * so both sides' type checks and builds include it.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The most one amount a member types in the back office may be, in cents: 100,000.00 in the
 * shop's currency. It bounds money received by hand (mark paid) and a refund alike. The one place
 * this limit is written: the server's check (server/orders/staff-move-messages.ts,
 * `ORDER_MOVE_LIMITS.maxAmountCents`, and the refund's), the back office's forms
 * (admin/src/features/orders/action-schemas.ts) read it from here, and the contract's
 * `PositiveMoneyInput` (openapi/admin.yaml) states the same maximum in its pattern and
 * description, which a test holds to this constant
 * (server/http/admin/mark-paid-amount-limit.test.ts). Well inside the 32-bit integer columns that
 * store cents (21,474,836.47).
 */
export const MAX_MOVE_AMOUNT_CENTS = 10_000_000;

/**
 * A contract amount in minor units: "45" -> 4500, "0.5" -> 50, "-1.50" -> -150 (surrounding
 * blanks ignored). Null for anything else (more decimals, exponents, blanks, null) and for
 * amounts beyond a safe integer of cents; a caller for whom a bad amount is a bug says so.
 */
export function toMinorUnits(decimal: string | null | undefined): number | null {
  if (decimal == null) return null;
  const match = DECIMAL.exec(decimal.trim());
  if (!match) return null;
  const [, sign, units = '0', fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Minor units as the contract's decimal string: 4500 -> "45.00", 5 -> "0.05", -150 -> "-1.50".
 * @throws RangeError when `cents` is not a safe integer: fractional cents are a bug, never
 *   rounded silently.
 */
export function toDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Not a whole number of minor units: ${cents}.`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One formatter per currency ('null' for none), made on first use: building one costs far more
 * than using it. 'en' writes every currency unambiguously in English ("$45.00", "£45.00",
 * "€45.00", "CA$45.00") with the same grouping and decimal point; a shop's currency has two
 * minor digits (common/currencies.ts), which is what the currency style writes.
 */
const formats: Record<string, Intl.NumberFormat> = {};
/**
 * An amount as the shopper reads it, in the shop's currency with two decimals:
 * ("45", "USD") -> "$45.00", ("1234.5", "GBP") -> "£1,234.50", (45, "EUR") -> "€45.00". A
 * missing amount or one that is not a number reads as zero ("$0.00").
 * @param currency the shop's ISO 4217 code (upper case), or null while it is unknown (site
 *   settings not loaded): the amount then has no symbol ("45.00"), never a guessed one.
 * @throws RangeError for a currency code the runtime does not know (a bug, never a shopper's
 *   input: the shop's code was checked when it was set).
 */
export function formatPrice(
  amount: string | number | null | undefined,
  currency: string | null,
): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return (formats[String(currency)] ??= new Intl.NumberFormat(
    'en',
    currency
      ? { style: 'currency', currency }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  )).format(Number.isFinite(value) ? value : 0);
}
