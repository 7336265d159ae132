/**
 * Delivery in the headline price (UK Digital Markets, Competition and Consumers Act 2024, on
 * "drip pricing": an unavoidable delivery charge belongs in or next to the headline price):
 * each product answer carries `delivery_from`, the cheapest delivery of that one product to the
 * shop's default country ("0.00": free; null: nothing delivers it there, collection only).
 *
 * The shop's delivery table (its default country and the delivery methods of that country's
 * zone) is small and the same for every product, so it is built once per shop and kept
 * with the catalogue's answers (server/http/catalog-cache.ts `shopTable`, forgotten on every
 * whole-shop invalidation, which every shipping and workshop settings change makes); each
 * product then costs a pass over a handful of methods, never a query.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toDecimal } from '../../common/money.ts';
import { loadShipping, type ShopShipping } from '../shipping/shipping.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A delivery method of the default country, as `delivery_from` weighs it (cents). */
export interface DeliveryRate {
  priceCents: number;
  /** Free when the product's price reaches it; null: never free. */
  freeOverCents: number | null;
  /** May carry an age-restricted product (handed only to an adult who shows proof of age). */
  ageVerified: boolean;
}

/** What `delivery_from` needs of a shop: plain JSON, so the catalogue cache can keep it. */
export interface DeliveryTable {
  /** ISO 3166-1 alpha-2 code, or null when the shop ships nowhere. */
  country: string | null;
  /** Whether the country's zone takes age-restricted products at all. */
  ageRestrictedAllowed: boolean;
  /** The zone's delivery methods (collection is not delivery and is left out). */
  rates: DeliveryRate[];
}

/**
 * The delivery table of a shop's shipping (../shipping/shipping.ts `loadShipping`) towards
 * `defaultCountry` (the workshop setting); a null or unshipped default falls back to the first
 * country of the first zone that lists one.
 */
export function deliveryTableOf(
  shipping: ShopShipping,
  defaultCountry: string | null,
): DeliveryTable {
  const shipped = (code: string | null) =>
    code !== null && shipping.zones.some((z) => z.countries.includes(code));
  const country = shipped(defaultCountry)
    ? defaultCountry
    : (shipping.zones.find((z) => z.countries.length > 0)?.countries[0] ?? null);
  const zone =
    country === null ? undefined : shipping.zones.find((z) => z.countries.includes(country));
  if (!zone) return { country: null, ageRestrictedAllowed: false, rates: [] };
  return {
    country,
    ageRestrictedAllowed: zone.ageRestrictedAllowed,
    rates: shipping.methods
      .filter((m) => m.zoneId === zone.id && m.kind === 'delivery')
      .map((m) => ({
        priceCents: m.priceCents,
        freeOverCents: m.freeOverCents,
        ageVerified: m.ageVerified,
      })),
  };
}

/** The shop's delivery table, read from the database (three small queries). */
export async function loadDeliveryTable(db: Db, tenantId: number): Promise<DeliveryTable> {
  const [shipping, settings] = await Promise.all([
    loadShipping(db, tenantId),
    db
      .selectFrom('shop_settings')
      .select('default_country')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  return deliveryTableOf(shipping, settings?.default_country ?? null);
}

/**
 * The cheapest delivery of one product at `priceCents` to the table's country, as the contract's
 * decimal string: "0.00" when a method's free-over amount is reached by the product's price, null
 * when no method may deliver it there. An age-restricted product goes only by an age-verified
 * method, and only to a zone that takes age-restricted products; a made-to-order product travels
 * like any other.
 */
export function deliveryFrom(
  table: DeliveryTable,
  product: { priceCents: number; ageRestricted: boolean },
): string | null {
  if (product.ageRestricted && !table.ageRestrictedAllowed) return null;
  let cheapest: number | null = null;
  for (const rate of table.rates) {
    if (product.ageRestricted && !rate.ageVerified) continue;
    const free = rate.freeOverCents !== null && product.priceCents >= rate.freeOverCents;
    const cost = free ? 0 : rate.priceCents;
    if (cheapest === null || cost < cheapest) cheapest = cost;
  }
  return cheapest === null ? null : toDecimal(cheapest);
}
