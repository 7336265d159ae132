/**
 * Shipping, calculated (decision 014): which methods a line may use to a country, the default
 * choice, shipments per method with their free-over thresholds, and the problems a quote names.
 * Pure: the shops' zones and methods are the seed's (server/seed/shop-data.ts).
 */
import { seedShops, type SeedShippingMethod, type SeedShop } from '../seed/shop-data.ts';
import {
  collectedOnly,
  countriesOf,
  countryName,
  type Method,
  quote,
  type QuoteLine,
  SHIPPING_MESSAGES,
  type ShopShipping,
  toShippingQuote,
} from './shipping.ts';

/** A seed shop's shipping as loadShipping reads it from the database (zone ids 1, 2, ...). */
function shippingOf(shop: SeedShop): ShopShipping {
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

const handcraft = shippingOf(seedShops.find((s) => s.tenantToken === 'demo-handcraft')!);
const pottery = shippingOf(seedShops.find((s) => s.tenantToken === 'demo-pottery')!);

const mug = (itemId = 1, lineCents = 4500): QuoteLine => ({
  itemId,
  name: 'Tenmoku Tea Mug',
  ageRestricted: false,
  lineCents,
});
const gyuto = (itemId = 2, lineCents = 38500): QuoteLine => ({
  itemId,
  name: 'Damascus Gyuto 210mm',
  ageRestricted: true,
  lineCents,
});
const none = new Map<number, string>();
const choose = (entries: [number, string][]) => new Map(entries);
/** The quote's lines, shipments and totals, in codes and cents. */
function summary(q: ReturnType<typeof quote>) {
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

describe('the countries a shop ships to', () => {
  it('names the countries of every zone, once each, in alphabetical order of their names', () => {
    expect(countriesOf(handcraft)).toEqual([
      { code: 'AT', name: 'Austria' },
      { code: 'BE', name: 'Belgium' },
      { code: 'FR', name: 'France' },
      { code: 'DE', name: 'Germany' },
      { code: 'IE', name: 'Ireland' },
      { code: 'IT', name: 'Italy' },
      { code: 'NL', name: 'Netherlands' },
      { code: 'ES', name: 'Spain' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States' },
    ]);
    expect(countriesOf(pottery)).toEqual([{ code: 'GB', name: 'United Kingdom' }]);
    const twice: ShopShipping = {
      zones: [
        { id: 1, name: 'A', countries: ['GB', 'FR'], ageRestrictedAllowed: true },
        { id: 2, name: 'B', countries: ['FR'], ageRestrictedAllowed: true },
      ],
      methods: [],
    };
    expect(countriesOf(twice)).toEqual([
      { code: 'FR', name: 'France' },
      { code: 'GB', name: 'United Kingdom' },
    ]);
  });

  it('names a country in English, and answers anything but a code as it was given', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('US')).toBe('United States');
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('gb')).toBe('gb');
    expect(countryName('Canada')).toBe('Canada');
    expect(countryName('x'.repeat(300))).toBe('x'.repeat(100));
  });

  it('quotes nothing for a country the shop does not ship to', () => {
    expect(quote(handcraft, [mug()], 'CA', none)).toBeNull();
    expect(quote(pottery, [mug()], 'FR', none)).toBeNull();
    // Codes are upper case (the handlers upper-case what the client sends).
    expect(quote(handcraft, [mug()], 'gb', none)).toBeNull();
    expect(SHIPPING_MESSAGES.notShipped(countryName('CA'))).toBe('We do not ship to Canada.');
  });
});

describe('the default method of a line', () => {
  it('sends an ordinary piece by the cheapest delivery method of the zone', () => {
    expect(summary(quote(handcraft, [mug()], 'GB', none))).toEqual({
      lines: [
        {
          itemId: 1,
          methods: ['uk-standard', 'uk-express', 'uk-age-verified', 'collection'],
          method: 'uk-standard',
          problem: null,
        },
      ],
      shipments: [['uk-standard', [1], 650]],
      subtotal: 4500,
      shipping: 650,
      errors: [],
      ready: true,
    });
    expect(quote(handcraft, [mug()], 'FR', none)!.lines[0]!.method).toBe('eu-standard');
    expect(quote(handcraft, [mug()], 'US', none)!.lines[0]!.method).toBe('us-standard');
  });

  it('prefers delivery to collection even though collection costs nothing', () => {
    expect(quote(pottery, [mug()], 'GB', none)!.lines[0]).toEqual({
      itemId: 1,
      methods: ['uk-standard', 'collection'],
      method: 'uk-standard',
      problem: null,
    });
  });

  it('limits an age-restricted piece to age-verified delivery and collection', () => {
    expect(summary(quote(handcraft, [gyuto()], 'GB', none))).toEqual({
      lines: [
        {
          itemId: 2,
          methods: ['uk-age-verified', 'collection'],
          method: 'uk-age-verified',
          problem: null,
        },
      ],
      shipments: [['uk-age-verified', [2], 950]],
      subtotal: 38500,
      shipping: 950,
      errors: [],
      ready: true,
    });
    expect(quote(handcraft, [gyuto()], 'DE', none)!.lines[0]).toEqual({
      itemId: 2,
      methods: ['eu-age-verified', 'collection'],
      method: 'eu-age-verified',
      problem: null,
    });
  });

  it('names the problem of an age-restricted piece to a country that takes none, and offers only collection', () => {
    const q = quote(handcraft, [mug(), gyuto()], 'US', none)!;
    expect(q.lines).toEqual([
      {
        itemId: 1,
        methods: ['us-standard', 'us-express', 'collection'],
        method: 'us-standard',
        problem: null,
      },
      {
        itemId: 2,
        methods: ['collection'],
        method: 'collection',
        problem: 'Damascus Gyuto 210mm cannot be shipped to United States.',
      },
    ]);
    // Collection is a method the knife may use: the quote is ready, by the workshop.
    expect(q.ready).toBe(true);
    expect(q.errors).toEqual([]);
    expect(q.shipments.map((s) => [s.method.code, s.itemIds, s.priceCents])).toEqual([
      ['us-standard', [1], 2800],
      ['collection', [2], 0],
    ]);
  });

  it('is not ready when an age-restricted piece has no method at all', () => {
    const noCollection: ShopShipping = {
      zones: handcraft.zones,
      methods: handcraft.methods.filter((m) => m.kind !== 'collection'),
    };
    const q = quote(noCollection, [mug(), gyuto()], 'US', none)!;
    expect(q.lines[1]).toEqual({
      itemId: 2,
      methods: [],
      method: null,
      problem: 'Damascus Gyuto 210mm cannot be shipped to United States.',
    });
    expect(q.errors).toEqual([]);
    expect(q.ready).toBe(false);
    expect(q.shipments.map((s) => s.method.code)).toEqual(['us-standard']);
    expect(q.shippingCents).toBe(2800);
  });
});

describe('the shopper’s choices', () => {
  it('takes a method the line may use, collection included', () => {
    const q = quote(
      handcraft,
      [mug(1), gyuto(2)],
      'GB',
      choose([
        [1, 'uk-express'],
        [2, 'collection'],
      ]),
    )!;
    expect(summary(q)).toMatchObject({
      shipments: [
        ['uk-express', [1], 1400],
        ['collection', [2], 0],
      ],
      shipping: 1400,
      errors: [],
      ready: true,
    });
    // Collecting a knife is allowed to a country that takes no knives by post.
    const us = quote(handcraft, [gyuto(2)], 'US', choose([[2, 'collection']]))!;
    expect(us.errors).toEqual([]);
    expect(us.ready).toBe(true);
  });

  it('refuses an age-restricted piece by an ordinary method', () => {
    for (const code of ['uk-standard', 'uk-express']) {
      const q = quote(handcraft, [gyuto(2)], 'GB', choose([[2, code]]))!;
      expect(q.errors).toEqual([
        'Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
      ]);
      expect(q.lines[0]!.method).toBeNull();
      expect(q.shipments).toEqual([]);
      expect(q.ready).toBe(false);
    }
  });

  it('refuses delivering an age-restricted piece to a country that takes none', () => {
    for (const code of ['us-standard', 'us-express']) {
      const q = quote(handcraft, [gyuto(2)], 'US', choose([[2, code]]))!;
      expect(q.errors).toEqual(['Damascus Gyuto 210mm cannot be shipped to United States.']);
      expect(q.ready).toBe(false);
    }
  });

  it('refuses a method that does not exist or belongs to another zone', () => {
    for (const code of ['air-mail', 'eu-standard', 'us-express', 'UK-STANDARD']) {
      const q = quote(handcraft, [mug(1)], 'GB', choose([[1, code]]))!;
      expect(q.errors).toEqual([`"${code}" is not a delivery method for this country.`]);
      expect(q.lines[0]!.method).toBeNull();
      expect(q.ready).toBe(false);
    }
    // Another shop's method: the pottery has no age-verified delivery.
    expect(quote(pottery, [mug(1)], 'GB', choose([[1, 'uk-age-verified']]))!.errors).toEqual([
      '"uk-age-verified" is not a delivery method for this country.',
    ]);
  });

  it('refuses a choice for a line that is not in the cart', () => {
    const q = quote(
      handcraft,
      [mug(1)],
      'GB',
      choose([
        [1, 'uk-standard'],
        [99, 'uk-standard'],
      ]),
    )!;
    expect(q.errors).toEqual(['Line 99 is not in your cart.']);
    expect(q.ready).toBe(false);
    // The line that is in the cart is still quoted.
    expect(q.shipments.map((s) => [s.method.code, s.itemIds])).toEqual([['uk-standard', [1]]]);
  });

  it('answers every problem at once', () => {
    const q = quote(
      handcraft,
      [mug(1), gyuto(2)],
      'GB',
      choose([
        [7, 'collection'],
        [1, 'air-mail'],
        [2, 'uk-standard'],
      ]),
    )!;
    expect(q.errors).toEqual([
      'Line 7 is not in your cart.',
      '"air-mail" is not a delivery method for this country.',
      'Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
    ]);
  });

  it('words the remaining messages the checkout uses', () => {
    expect(SHIPPING_MESSAGES.chooseMethod('Tenmoku Tea Mug')).toBe(
      'Choose how Tenmoku Tea Mug is delivered.',
    );
    expect(SHIPPING_MESSAGES.unknownLine(12)).toBe('Line 12 is not in your cart.');
  });
});

describe('shipments and their prices', () => {
  it('makes one shipment per method, carrying its lines in cart order', () => {
    const q = quote(
      handcraft,
      [mug(1), gyuto(2), mug(3, 4800), gyuto(4, 34000), mug(5, 9500)],
      'GB',
      choose([[5, 'collection']]),
    )!;
    expect(q.shipments.map((s) => [s.method.code, s.itemIds, s.priceCents])).toEqual([
      ['uk-standard', [1, 3], 650],
      ['uk-age-verified', [2, 4], 950],
      ['collection', [5], 0],
    ]);
    expect(q.subtotalCents).toBe(4500 + 38500 + 4800 + 34000 + 9500);
    expect(q.shippingCents).toBe(650 + 950);
  });

  it('sends a shipment free when its own lines reach the threshold, from exactly the threshold', () => {
    const price = (lines: QuoteLine[], choices = none) =>
      quote(handcraft, lines, 'GB', choices)!.shipments.map((s) => [s.method.code, s.priceCents]);
    expect(price([mug(1, 14999)])).toEqual([['uk-standard', 650]]);
    expect(price([mug(1, 15000)])).toEqual([['uk-standard', 0]]);
    expect(price([mug(1, 10000), mug(2, 5000)])).toEqual([['uk-standard', 0]]);
    // A knife by age-verified delivery does not count towards the mug's threshold, and the
    // age-verified method is never free.
    expect(price([mug(1, 4500), gyuto(2, 100000)])).toEqual([
      ['uk-standard', 650],
      ['uk-age-verified', 950],
    ]);
    // Two lines by two methods: each shipment on its own.
    expect(price([mug(1, 10000), mug(2, 10000)], choose([[2, 'uk-express']]))).toEqual([
      ['uk-standard', 650],
      ['uk-express', 1400],
    ]);
    expect(
      quote(handcraft, [mug(1, 40000)], 'FR', none)!.shipments.map((s) => s.priceCents),
    ).toEqual([0]);
    expect(
      quote(handcraft, [mug(1, 39999)], 'FR', none)!.shipments.map((s) => s.priceCents),
    ).toEqual([1800]);
  });

  it('quotes an empty cart at nothing', () => {
    expect(summary(quote(handcraft, [], 'GB', none))).toEqual({
      lines: [],
      shipments: [],
      subtotal: 0,
      shipping: 0,
      errors: [],
      ready: true,
    });
  });

  it('answers the quote with money as decimal strings and the total with shipping', () => {
    const q = quote(handcraft, [mug(1), gyuto(2)], 'GB', choose([[1, 'collection']]))!;
    expect(toShippingQuote(q)).toEqual({
      country: 'GB',
      methods: [
        {
          code: 'uk-standard',
          name: 'Royal Mail Tracked 48',
          description: '2-3 working days after dispatch',
          kind: 'delivery',
          age_verified: false,
          price: '6.50',
          free_over: '150.00',
        },
        {
          code: 'uk-express',
          name: 'Royal Mail Special Delivery',
          description: 'Next working day after dispatch',
          kind: 'delivery',
          age_verified: false,
          price: '14.00',
          free_over: null,
        },
        {
          code: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          description: 'Signed for by an adult who shows proof of age, 1-2 working days',
          kind: 'delivery',
          age_verified: true,
          price: '9.50',
          free_over: null,
        },
        {
          code: 'collection',
          name: 'Collect from the workshop',
          description: '12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
          kind: 'collection',
          age_verified: false,
          price: '0.00',
          free_over: null,
        },
      ],
      lines: [
        {
          item_id: 1,
          methods: ['uk-standard', 'uk-express', 'uk-age-verified', 'collection'],
          method: 'collection',
          problem: null,
        },
        {
          item_id: 2,
          methods: ['uk-age-verified', 'collection'],
          method: 'uk-age-verified',
          problem: null,
        },
      ],
      shipments: [
        {
          method: 'collection',
          name: 'Collect from the workshop',
          kind: 'collection',
          age_verified: false,
          price: '0.00',
          item_ids: [1],
        },
        {
          method: 'uk-age-verified',
          name: 'Age-verified delivery (DPD)',
          kind: 'delivery',
          age_verified: true,
          price: '9.50',
          item_ids: [2],
        },
      ],
      subtotal: '430.00',
      shipping_price: '9.50',
      total_price: '439.50',
      ready: true,
    });
  });
});

describe('an order collected from the workshop', () => {
  it('is one whose every method is collection, and has at least one', () => {
    expect(collectedOnly(handcraft, ['collection'])).toBe(true);
    expect(collectedOnly(handcraft, ['collection', 'collection'])).toBe(true);
    expect(collectedOnly(handcraft, ['collection', 'uk-standard'])).toBe(false);
    expect(collectedOnly(handcraft, ['uk-standard'])).toBe(false);
    expect(collectedOnly(handcraft, ['pick-up'])).toBe(false);
    expect(collectedOnly(handcraft, [])).toBe(false);
  });
});
