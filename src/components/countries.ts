/**
 * Countries by their ISO 3166-1 alpha-2 code (contract: OrderAddress.country), named in
 * English as the shop's shipping options name them.
 */
let names: Intl.DisplayNames | null = null;

/** True for a two-letter country code such as 'GB'. */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value);
}

/**
 * 'United Kingdom' for 'GB'; anything that is not a code (an address saved as free text) is
 * shown as it is.
 */
export function countryName(code: string): string {
  if (!isCountryCode(code)) return code;
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return names.of(code) ?? code;
}
