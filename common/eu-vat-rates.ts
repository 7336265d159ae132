/**
 * The standard VAT rate of each of the 27 EU member states, kept in the repository so that an
 * order's rate never depends on a service being up (issue 41, decision 087). A shop in
 * `destination` mode charges a consumer in another member state that state's standard rate
 * (Council Directive 2006/112/EC art. 33(a) as amended by Directive (EU) 2017/2455, applying
 * since 1 July 2021; the rates themselves: art. 96-98 and each state's law).
 *
 * Source: the European Commission's "VAT rates applied in the Member States of the European
 * Union" (DG TAXUD, published twice a year) and its Taxes in Europe Database (TEDB,
 * https://ec.europa.eu/taxation_customs/tedb/). The table was last compared on
 * {@link EU_VAT_RATES_CHECKED_ON} with published tables of the 2025 rates (which carry the
 * changes of 2024-2025: Finland 25.5 %, Slovakia 23 %, Estonia 24 %, Romania 21 %), not with
 * TEDB itself: an owner in `destination` mode confirms them against TEDB before relying on them.
 *
 * Only the standard rate: reduced rates (books, some art: Annex III) are not applied; a shop
 * whose goods take a reduced rate somewhere stays in `single` mode or asks its accountant.
 * Keys are ISO 3166-1 alpha-2 codes, as delivery addresses carry them (Greece is `GR`; its
 * VAT numbers start `EL`). Territories outside the EU's VAT area (the Canary Islands, the Åland
 * Islands, Mount Athos, the French overseas departments...: art. 6) are not told apart by
 * postal code: the owner keeps them out of the EU zone or handles them by hand.
 *
 * To update: when a state changes its rate (the Commission's list and TEDB say from when),
 * change its `rateBp` here and {@link EU_VAT_RATES_CHECKED_ON}, run
 * `npx vitest run --project web common/eu-vat-rates.test.ts`, and release. Orders already
 * placed keep the rate they were taxed at (`orders.vat_rate_bp`).
 */

/** One member state's standard rate, in basis points (2000 = 20 %). */
export interface EuVatRate {
  /** English short name, as the storefront and the report write it ("France"). */
  name: string;
  rateBp: number;
}

/** The day the table was last compared with published rate tables (ISO 8601; see above). */
export const EU_VAT_RATES_CHECKED_ON = '2026-11-29';

/** Where the rates come from, as the back office cites it. */
export const EU_VAT_RATES_SOURCE =
  'European Commission, "VAT rates applied in the Member States of the European Union" and the Taxes in Europe Database (TEDB)';

/** The 27 member states' standard rates (see the module comment for the source and the date). */
export const EU_VAT_RATES: Readonly<Record<string, EuVatRate>> = {
  AT: { name: 'Austria', rateBp: 2000 },
  BE: { name: 'Belgium', rateBp: 2100 },
  BG: { name: 'Bulgaria', rateBp: 2000 },
  CY: { name: 'Cyprus', rateBp: 1900 },
  CZ: { name: 'Czechia', rateBp: 2100 },
  DE: { name: 'Germany', rateBp: 1900 },
  DK: { name: 'Denmark', rateBp: 2500 },
  EE: { name: 'Estonia', rateBp: 2400 }, // 22 % until 30 June 2025
  ES: { name: 'Spain', rateBp: 2100 },
  FI: { name: 'Finland', rateBp: 2550 }, // 24 % until 31 August 2024
  FR: { name: 'France', rateBp: 2000 },
  GR: { name: 'Greece', rateBp: 2400 },
  HR: { name: 'Croatia', rateBp: 2500 },
  HU: { name: 'Hungary', rateBp: 2700 },
  IE: { name: 'Ireland', rateBp: 2300 },
  IT: { name: 'Italy', rateBp: 2200 },
  LT: { name: 'Lithuania', rateBp: 2100 },
  LU: { name: 'Luxembourg', rateBp: 1700 },
  LV: { name: 'Latvia', rateBp: 2100 },
  MT: { name: 'Malta', rateBp: 1800 },
  NL: { name: 'Netherlands', rateBp: 2100 },
  PL: { name: 'Poland', rateBp: 2300 },
  PT: { name: 'Portugal', rateBp: 2300 }, // mainland; the Azores and Madeira have lower rates
  RO: { name: 'Romania', rateBp: 2100 }, // 19 % until 31 July 2025
  SE: { name: 'Sweden', rateBp: 2500 },
  SI: { name: 'Slovenia', rateBp: 2200 },
  SK: { name: 'Slovakia', rateBp: 2300 }, // 20 % until 31 December 2024
};

/** True for a member state of the EU (ISO code, upper case): "FR" yes; "GB", "NO", "CH" no. */
export function isEuCountry(code: string | null | undefined): boolean {
  return code != null && Object.hasOwn(EU_VAT_RATES, code);
}

/** A member state's standard rate in basis points, or null for a country outside the EU. */
export function euStandardRate(code: string): number | null {
  return isEuCountry(code) ? EU_VAT_RATES[code]!.rateBp : null;
}

/** A member state's English name ("FR" -> "France"), or null outside the EU. */
export function euCountryName(code: string): string | null {
  return isEuCountry(code) ? EU_VAT_RATES[code]!.name : null;
}
