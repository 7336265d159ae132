/**
 * Which VAT an order pays once its delivery country is known (issue 41, decision 087): the
 * shop's one rate (`single`, decision 073), or, for an EU shop in `destination` mode, the VAT
 * of the country the goods go to (Council Directive 2006/112/EC art. 33(a), distance sales of
 * goods, as amended by Directive (EU) 2017/2455 and 2019/1995 from 1 July 2021; the €10,000
 * EU-wide threshold below which the seller's own VAT may stay, and the option to tax at
 * destination anyway: art. 59c). The rules, in this order:
 *
 * 1. A shop that is not VAT registered charges none (no rate, no country).
 * 2. `single` mode, or a shop whose country is not an EU member state (a UK shop: the OSS is an
 *    EU scheme; Northern Ireland's "XI" sales are not told apart): the shop's rate, taxed in
 *    the shop's country.
 * 3. `destination` mode, delivered in the shop's own country: the shop's own rate (a domestic
 *    sale, art. 31-32).
 * 4. `destination` mode, delivered to another member state: that state's standard rate from
 *    common/eu-vat-rates.ts (art. 33(a)); declared through the OSS (art. 369a-369k).
 * 5. `destination` mode, delivered outside the EU: 0 %, "Export: no VAT charged." (goods
 *    dispatched outside the EU are exempt, art. 146(1)(a)); the import VAT is the buyer's.
 *
 * Prices (`vat_prices`): the shop's prices are gross, at its own rate. `same_gross` keeps every
 * price as it is and only the VAT included in it changes; `recompute_net` charges the same net
 * price at the destination's rate: a unit's price becomes gross × (100 % + destination rate) /
 * (100 % + home rate), rounded half up to the cent per unit (the net is never rounded first).
 * Delivery charges are never recomputed: the owner prices them per destination zone already.
 *
 * Money in integer cents, rates in basis points: no floating point.
 */
import { euCountryName, euStandardRate, isEuCountry } from './eu-vat-rates.ts';

/** How a shop chooses its rate: one for every order, or the destination's (the OSS). */
export const VAT_MODES = ['single', 'destination'] as const;
export type VatMode = (typeof VAT_MODES)[number];

/** What happens to prices at another rate: same gross price, or same net price. */
export const VAT_PRICE_MODES = ['same_gross', 'recompute_net'] as const;
export type VatPriceMode = (typeof VAT_PRICE_MODES)[number];

/** A shop's VAT settings as the rules read them. */
export interface VatPolicy {
  /** The shop's own rate in basis points; null when it is not VAT registered. */
  rateBp: number | null;
  mode: VatMode;
  prices: VatPriceMode;
  /** The shop's country (ISO 3166-1 alpha-2), where it is established; null when unknown. */
  country: string | null;
}

/** The VAT an order to one country pays. */
export interface Taxation {
  /** The rate in basis points; null: no VAT charged at all (rule 1). */
  rateBp: number | null;
  /** The country taxed in (ISO code); null with no VAT, or a shop without a country. */
  country: string | null;
  /** True for an export outside the EU at 0 % (rule 5). */
  export: boolean;
  /** The shop's own rate, what its prices include before any recompute. */
  homeRateBp: number | null;
  prices: VatPriceMode;
}

/** True when the shop's settings make it charge the destination's VAT (rules 3-5 apply). */
export function chargesAtDestination(policy: VatPolicy): boolean {
  return policy.rateBp !== null && policy.mode === 'destination' && isEuCountry(policy.country);
}

/**
 * The VAT of an order of a shop with `policy` delivered to `destination` (ISO code, upper
 * case), by the rules of the module comment.
 */
export function taxationOf(policy: VatPolicy, destination: string): Taxation {
  const base = { homeRateBp: policy.rateBp, prices: policy.prices, export: false };
  if (policy.rateBp === null) return { ...base, rateBp: null, country: null };
  if (!chargesAtDestination(policy) || destination === policy.country) {
    return { ...base, rateBp: policy.rateBp, country: policy.country };
  }
  const rate = euStandardRate(destination);
  if (rate === null) return { ...base, rateBp: 0, country: destination, export: true };
  return { ...base, rateBp: rate, country: destination };
}

/**
 * A unit's price in cents under `taxation`: as it is with `same_gross` or the shop's own rate;
 * with `recompute_net`, `unitCents × (10000 + rate) / (10000 + home rate)` rounded half up
 * (7000 at 23 % to 20 %: 6829; to 0 %: 5691).
 */
export function unitPriceAt(unitCents: number, taxation: Taxation): number {
  const { rateBp, homeRateBp } = taxation;
  if (taxation.prices !== 'recompute_net' || rateBp === null || homeRateBp === null) {
    return unitCents;
  }
  if (rateBp === homeRateBp) return unitCents;
  const numerator = unitCents * (10000 + rateBp);
  const denominator = 10000 + homeRateBp;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A rate in basis points as a shopper reads it: 2000 -> "20%", 2550 -> "25.5%". */
function percent(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/**
 * The sentence under a total taxed as given: "Prices include VAT at 20% (France)." when the
 * rate is another country's than the shop's, "Prices include VAT at 23%." at home, "Export: no
 * VAT charged." outside the EU, "No VAT is charged." without VAT.
 * @param shopCountry the shop's own country: its rate needs no country named.
 */
export function taxationSentence(
  taxation: { rateBp: number | null; country: string | null; export?: boolean },
  shopCountry: string | null,
): string {
  if (taxation.rateBp === null) return 'No VAT is charged.';
  if (taxation.export || (taxation.rateBp === 0 && !isEuCountry(taxation.country))) {
    return 'Export: no VAT charged.';
  }
  const name =
    taxation.country && taxation.country !== shopCountry ? euCountryName(taxation.country) : null;
  return name
    ? `Prices include VAT at ${percent(taxation.rateBp)} (${name}).`
    : `Prices include VAT at ${percent(taxation.rateBp)}.`;
}

/**
 * An order's VAT sentence under its total, at the rate and country it kept (`vatText` the VAT
 * already written in the shop's currency): "Includes VAT at 20% (France): €14.67." when taxed
 * in another country than the shop's, "Includes VAT at 20%: £79.17." at home, "Export: no VAT
 * charged." for an export at 0 %, "No VAT is charged." without VAT.
 */
export function orderVatText(
  order: { rateBp: number | null; country: string | null },
  vatText: string,
  shopCountry: string | null,
): string {
  if (order.rateBp === null) return 'No VAT is charged.';
  if (order.rateBp === 0 && order.country !== null && !isEuCountry(order.country)) {
    return 'Export: no VAT charged.';
  }
  const name =
    order.country && shopCountry && order.country !== shopCountry
      ? euCountryName(order.country)
      : null;
  return `Includes VAT at ${percent(order.rateBp)}${name ? ` (${name})` : ''}: ${vatText}.`;
}
