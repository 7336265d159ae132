/**
 * Shipping, calculated (decision 042): the countries a shop ships to, and the method a line gets
 * when the shopper has not chosen, by zone, with the age-restricted pieces' limits. Pure: the
 * shops' zones and methods are the seed's (server/seed/shop-data.ts).
 */
import {
  countriesOf,
  countryName,
  quote,
  SHIPPING_MESSAGES,
  type ShopShipping,
} from './shipping.ts';
import { gyuto, handcraft, mug, none, pottery, summary } from '../test/shipping.ts';

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
