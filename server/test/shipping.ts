/**
 * Fixtures of the shipping calculation tests (decision 042; spec: shipping by zone and method):
 * the seed shops' zones and methods as the calculation reads them, a mug and a knife as cart
 * lines, choices by line id, and a quote summed up in codes and cents.
 */
import { seedShops, type SeedShippingMethod, type SeedShop } from '../seed/shop-data.ts';
import { type Method, quote, type QuoteLine, type ShopShipping } from '../shipping/shipping.ts';

/** A seed shop's shipping as loadShipping reads it from the database (zone ids 1, 2, ...). */
export function shippingOf(shop: SeedShop): ShopShipping {
  const method = (m: SeedShippingMethod, zoneId: number | null): Method => ({
    code: m.code,
    name: m.name,
    description: m.description,
    kind: m.kind,
    ageVerified: m.age_verified,
    priceCents: m.price_cents,
    freeOverCents: m.free_over_cents,
    zoneId,
  });
  return {
    zones: shop.zones.map((z, i) => ({
      id: i + 1,
      name: z.name,
      countries: z.countries,
      ageRestrictedAllowed: z.age_restricted_allowed,
    })),
    methods: [
      ...shop.zones.flatMap((z, i) => z.methods.map((m) => method(m, i + 1))),
      ...shop.everywhere.map((m) => method(m, null)),
    ],
  };
}

/** The workshop's (demo-handcraft) and the pottery's shipping. */
export const handcraft = shippingOf(seedShops.find((s) => s.tenantToken === 'demo-handcraft')!);
export const pottery = shippingOf(seedShops.find((s) => s.tenantToken === 'demo-pottery')!);

/** A line of one Tenmoku Tea Mug ($45.00 unless told), not age-restricted. */
export const mug = (itemId = 1, lineCents = 4500): QuoteLine => ({
  itemId,
  name: 'Tenmoku Tea Mug',
  ageRestricted: false,
  lineCents,
});
/** A line of one Damascus Gyuto ($385.00 unless told), age-restricted. */
export const gyuto = (itemId = 2, lineCents = 38500): QuoteLine => ({
  itemId,
  name: 'Damascus Gyuto 210mm',
  ageRestricted: true,
  lineCents,
});
/** No choices; choices by line id (item id -> method code). */
export const none = new Map<number, string>();
export const choose = (entries: [number, string][]) => new Map(entries);
/** The quote's lines, shipments and totals, in codes and cents. */
export function summary(q: ReturnType<typeof quote>) {
  if (!q) return null;
  return {
    lines: q.lines,
    shipments: q.shipments.map((s) => [s.method.code, s.itemIds, s.priceCents]),
    subtotal: q.subtotalCents,
    shipping: q.shippingCents,
    errors: q.errors,
    ready: q.ready,
  };
}
