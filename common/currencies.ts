/**
 * The currencies a shop may price in (issue 38): an ISO 4217 code the runtime's ICU formats
 * (`Intl.supportedValuesOf('currency')`) whose amounts have two minor digits (GBP, EUR, USD...).
 * Money is kept in hundredths everywhere (common/money.ts), so a currency without them (JPY, KRW)
 * or with three (KWD, BHD) is refused rather than shown wrongly. Read by the server when a shop
 * is opened (server/shops/shop-input.ts) or its currency changed (server/settings/site.ts), and by
 * the back office's settings screen to offer the choices.
 *
 * Pure and without imports; not part of the storefront's bundle.
 */

/** Every message a shop's currency is refused with. */
export const CURRENCY_MESSAGES = {
  invalid: 'Enter a currency as its ISO 4217 code, such as GBP, EUR or USD.',
  /** A known currency without two decimals: "JPY is not priced in hundredths; ...". */
  notTwoDecimals: (code: string) =>
    `${code} is not priced in hundredths; choose a currency with two decimals, such as GBP, EUR or USD.`,
  /** The change refused once the shop has an order: every order and payment is in `code`. */
  fixed: (code: string) =>
    `The currency cannot change once the shop has taken its first order: its orders and payments are in ${code}.`,
} as const;

/** What checking a currency gives: the code as kept, or the message it is refused with. */
export type CurrencyCheck = { ok: true; currency: string } | { ok: false; message: string };

/** The minor digits the runtime writes `code` with (2 for GBP, 0 for JPY). */
function minorDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits!;
}

/**
 * A shop's currency as it is kept: trimmed and upper-cased ("gbp " -> "GBP").
 * Refused (with one of {@link CURRENCY_MESSAGES}) when it is not an ISO 4217 code the runtime
 * knows, or when its amounts do not have two decimals.
 */
export function checkShopCurrency(input: string): CurrencyCheck {
  const code = input.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
    return { ok: false, message: CURRENCY_MESSAGES.invalid };
  }
  if (minorDigits(code) !== 2)
    return { ok: false, message: CURRENCY_MESSAGES.notTwoDecimals(code) };
  return { ok: true, currency: code };
}

/** The codes a shop may choose ({@link checkShopCurrency} accepts each), alphabetical. */
export function shopCurrencyChoices(): string[] {
  return Intl.supportedValuesOf('currency').filter((code) => minorDigits(code) === 2);
}
