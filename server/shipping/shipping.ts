/**
 * Shipping, calculated (decision 042): a shop's zones (lists of countries) and their delivery
 * methods, plus methods without a zone (collection at the workshop) that serve every country it
 * ships to. Each cart line goes by one method; the lines that share a method are one shipment,
 * charged the method's price once, or nothing when the shipment's lines come to the method's
 * free-over threshold. An age-restricted piece goes only by an age-verified method or
 * collection, and is delivered only to countries whose zone allows it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { toDecimal } from '../../common/money.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Zone {
  id: number;
  name: string;
  countries: string[];
  ageRestrictedAllowed: boolean;
}

export interface Method {
  code: string;
  name: string;
  description: string;
  kind: 'delivery' | 'collection';
  ageVerified: boolean;
  priceCents: number;
  freeOverCents: number | null;
  /** Null: every country the shop ships to. */
  zoneId: number | null;
}

export interface ShopShipping {
  zones: Zone[];
  methods: Method[];
}

export const SHIPPING_MESSAGES = {
  notShipped: (country: string) => `We do not ship to ${country}.`,
  restrictedCountry: (item: string, country: string) => `${item} cannot be shipped to ${country}.`,
  restrictedMethod: (item: string) =>
    `${item} can only be sent by age-verified delivery or collected from the workshop.`,
  unknownMethod: (code: string) => `"${code}" is not a delivery method for this country.`,
  unknownLine: (id: number) => `Line ${id} is not in your cart.`,
  chooseMethod: (item: string) => `Choose how ${item} is delivered.`,
} as const;

let countryNames: Intl.DisplayNames | null = null;

/**
 * A country's English name ('United Kingdom' for 'GB'); anything that is not a two-letter code
 * comes back as it was given, at most 100 characters.
 */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code.slice(0, 100);
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return countryNames.of(code) ?? code;
}

/** The shop's zones and methods, in their order. */
export async function loadShipping(db: Db, tenantId: number): Promise<ShopShipping> {
  const [zones, methods] = await Promise.all([
    db
      .selectFrom('shipping_zones')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shipping_methods')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return {
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      countries: (JSON.parse(z.countries) as string[]).filter((c) => /^[A-Z]{2}$/.test(c)),
      ageRestrictedAllowed: toBool(z.age_restricted_allowed),
    })),
    methods: methods.map((m) => ({
      code: m.code,
      name: m.name,
      description: m.description,
      kind: m.kind,
      ageVerified: toBool(m.age_verified),
      priceCents: m.price_cents,
      freeOverCents: m.free_over_cents,
      zoneId: m.zone_id,
    })),
  };
}

/** Whether the chosen methods (codes) are all collection, and there is at least one. */
export function collectedOnly(shipping: ShopShipping, codes: readonly string[]): boolean {
  return (
    codes.length > 0 &&
    codes.every((code) => shipping.methods.some((m) => m.code === code && m.kind === 'collection'))
  );
}

/** The countries the shop ships to, by name. */
export function countriesOf(shipping: ShopShipping): Schemas['ShippingCountry'][] {
  const codes = new Set(shipping.zones.flatMap((z) => z.countries));
  return [...codes]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The shop's delivery rates zone by zone (contract: ShippingOptions.delivery_zones): each
 * zone's delivery methods with their price for one shipment and free-over threshold (decimal
 * strings). Collection (a method of no zone) is not delivery and is left out; a zone without a
 * delivery method is left out too.
 */
export function deliveryZones(shipping: ShopShipping): Schemas['ShippingZoneRates'][] {
  return shipping.zones
    .map((zone) => ({
      name: zone.name,
      countries: zone.countries,
      age_restricted_allowed: zone.ageRestrictedAllowed,
      methods: shipping.methods
        .filter((method) => method.zoneId === zone.id && method.kind === 'delivery')
        .map((method) => ({
          code: method.code,
          name: method.name,
          description: method.description,
          age_verified: method.ageVerified,
          price: toDecimal(method.priceCents),
          free_over: method.freeOverCents === null ? null : toDecimal(method.freeOverCents),
        })),
    }))
    .filter((zone) => zone.methods.length > 0);
}

/** A line the quote places. */
export interface QuoteLine {
  itemId: number;
  name: string;
  ageRestricted: boolean;
  /** The line's total (cents), for the free-over thresholds. */
  lineCents: number;
}

/** Cart lines (../cart/cart.ts `cartLines`) as the lines a quote places. */
export function quoteLines(
  lines: readonly {
    id: number;
    name: string;
    age_restricted: boolean;
    unit_cents: number;
    quantity: number;
  }[],
): QuoteLine[] {
  return lines.map((l) => ({
    itemId: l.id,
    name: l.name,
    ageRestricted: l.age_restricted,
    lineCents: l.unit_cents * l.quantity,
  }));
}

/** The quote, in cents; `toShippingQuote` turns it into the contract's answer. */
export interface Quote {
  country: string;
  methods: Method[];
  lines: { itemId: number; methods: string[]; method: string | null; problem: string | null }[];
  shipments: {
    method: Method;
    itemIds: number[];
    priceCents: number;
  }[];
  subtotalCents: number;
  shippingCents: number;
  /** Field errors of the choices (unknown line, a method the line may not use). */
  errors: string[];
  ready: boolean;
}

/**
 * Quotes delivering `lines` to `country` with the given choices (item id -> method code); a line
 * without a choice goes by its cheapest delivery method (collection only when it cannot be
 * delivered). Returns null when the shop does not ship to the country.
 */
export function quote(
  shipping: ShopShipping,
  lines: QuoteLine[],
  country: string,
  choices: ReadonlyMap<number, string>,
): Quote | null {
  const zone = shipping.zones.find((z) => z.countries.includes(country));
  if (!zone) return null;
  const methods = shipping.methods.filter((m) => m.zoneId === zone.id || m.zoneId === null);
  const errors: string[] = [];
  for (const itemId of choices.keys()) {
    if (!lines.some((l) => l.itemId === itemId)) errors.push(SHIPPING_MESSAGES.unknownLine(itemId));
  }
  const quoted = lines.map((line) => {
    const allowed = methods.filter((m) => {
      if (!line.ageRestricted) return true;
      if (m.kind === 'collection') return true;
      return m.ageVerified && zone.ageRestrictedAllowed;
    });
    const problem =
      line.ageRestricted && !zone.ageRestrictedAllowed
        ? SHIPPING_MESSAGES.restrictedCountry(line.name, countryName(country))
        : null;
    const wanted = choices.get(line.itemId);
    let method: Method | undefined;
    if (wanted !== undefined) {
      method = allowed.find((m) => m.code === wanted);
      if (!method) {
        const exists = methods.some((m) => m.code === wanted);
        errors.push(
          !exists
            ? SHIPPING_MESSAGES.unknownMethod(wanted)
            : zone.ageRestrictedAllowed
              ? SHIPPING_MESSAGES.restrictedMethod(line.name)
              : SHIPPING_MESSAGES.restrictedCountry(line.name, countryName(country)),
        );
      }
    } else {
      const cheapest = (list: Method[]) => [...list].sort((a, b) => a.priceCents - b.priceCents)[0];
      method = cheapest(allowed.filter((m) => m.kind === 'delivery')) ?? cheapest(allowed);
    }
    return { line, allowed, method, problem };
  });
  const shipments: Quote['shipments'] = [];
  for (const { line, method } of quoted) {
    if (!method) continue;
    let shipment = shipments.find((s) => s.method.code === method.code);
    if (!shipment) shipments.push((shipment = { method, itemIds: [], priceCents: 0 }));
    shipment.itemIds.push(line.itemId);
  }
  for (const shipment of shipments) {
    const goods = lines
      .filter((l) => shipment.itemIds.includes(l.itemId))
      .reduce((sum, l) => sum + l.lineCents, 0);
    const free = shipment.method.freeOverCents !== null && goods >= shipment.method.freeOverCents;
    shipment.priceCents = free ? 0 : shipment.method.priceCents;
  }
  return {
    country,
    methods,
    lines: quoted.map(({ line, allowed, method, problem }) => ({
      itemId: line.itemId,
      methods: allowed.map((m) => m.code),
      method: method?.code ?? null,
      problem,
    })),
    shipments,
    subtotalCents: lines.reduce((sum, l) => sum + l.lineCents, 0),
    shippingCents: shipments.reduce((sum, s) => sum + s.priceCents, 0),
    errors,
    ready: errors.length === 0 && quoted.every((q) => q.method !== undefined),
  };
}

/** A shipment as the contract answers it (also stored on the order as JSON). */
export function toShipment(shipment: Quote['shipments'][number]): Schemas['Shipment'] {
  return {
    method: shipment.method.code,
    name: shipment.method.name,
    kind: shipment.method.kind,
    age_verified: shipment.method.ageVerified,
    price: toDecimal(shipment.priceCents),
    item_ids: shipment.itemIds,
  };
}

/** The quote as the contract answers it. */
export function toShippingQuote(q: Quote): Schemas['ShippingQuote'] {
  return {
    country: q.country,
    methods: q.methods.map((m) => ({
      code: m.code,
      name: m.name,
      description: m.description,
      kind: m.kind,
      age_verified: m.ageVerified,
      price: toDecimal(m.priceCents),
      free_over: m.freeOverCents === null ? null : toDecimal(m.freeOverCents),
    })),
    lines: q.lines.map((l) => ({
      item_id: l.itemId,
      methods: l.methods,
      method: l.method,
      problem: l.problem,
    })),
    shipments: q.shipments.map(toShipment),
    subtotal: toDecimal(q.subtotalCents),
    shipping_price: toDecimal(q.shippingCents),
    total_price: toDecimal(q.subtotalCents + q.shippingCents),
    ready: q.ready,
  };
}
