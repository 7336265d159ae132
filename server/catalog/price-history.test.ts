/**
 * The honest-discount rule (Directive 98/6/EC art. 6a) at its edges, and the headline delivery
 * price of one piece (UK DMCC Act 2024), as pure functions: the lowest price of the 30 days
 * before a price took effect, whether a price before discount may show, what the back office
 * says when it may not, and the cheapest delivery of a knife and of a print.
 */
import {
  discountShown,
  discountState,
  lowestPriorPrice,
  type PricePoint,
} from './price-history.ts';
import { deliveryFrom, deliveryTableOf } from './delivery-from.ts';
import type { ShopShipping } from '../shipping/shipping.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12);
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY);
const point = (priceCents: number, daysAgo: number): PricePoint => ({
  priceCents,
  from: at(daysAgo),
});

describe('lowest price of the 30 days before the current price', () => {
  it('is null with no earlier price recorded', () => {
    expect(lowestPriorPrice([])).toBeNull();
    expect(lowestPriorPrice([point(10000, 5)])).toBeNull();
  });

  it('counts the price already in effect when the window opens', () => {
    // $100 for 90 days, then $80 now: $100 was the price throughout the 30 days before.
    expect(lowestPriorPrice([point(10000, 90), point(8000, 0)])).toBe(10000);
  });

  it('ignores a price that ended more than 30 days before', () => {
    expect(lowestPriorPrice([point(5000, 90), point(10000, 31), point(8000, 0)])).toBe(10000);
    // Ended exactly when the window opens: not in effect inside it.
    expect(lowestPriorPrice([point(5000, 90), point(10000, 30), point(8000, 0)])).toBe(10000);
    // Ended a minute inside the window: it counts.
    const minuteInside = { priceCents: 10000, from: new Date(NOW - 30 * DAY + 60_000) };
    expect(lowestPriorPrice([point(5000, 90), minuteInside, point(8000, 0)])).toBe(5000);
  });

  it('sees through a price raised and then lowered', () => {
    // $100 for months, $150 for ten days, then "down" to $120.
    expect(lowestPriorPrice([point(10000, 100), point(15000, 10), point(12000, 0)])).toBe(10000);
  });

  it('skips a price replaced in the same instant and reads points in any order', () => {
    const same = [point(10000, 60), point(2000, 5), point(9000, 5), point(8000, 0)];
    expect(lowestPriorPrice(same)).toBe(9000);
    expect(lowestPriorPrice([point(8000, 0), point(10000, 60)])).toBe(10000);
  });
});

describe('whether the price before discount shows', () => {
  it('shows when above the price and at most the lowest prior price', () => {
    expect(discountShown(8000, 10000, 10000)).toBe(true); // exactly equal
    expect(discountShown(8000, 9000, 10000)).toBe(true);
  });

  it('does not show a cent above the lowest prior price, without history, or not above the price', () => {
    expect(discountShown(8000, 10001, 10000)).toBe(false);
    expect(discountShown(8000, 10000, null)).toBe(false);
    expect(discountShown(8000, 8000, 10000)).toBe(false);
    expect(discountShown(8000, null, 10000)).toBe(false);
  });
});

describe("the back office's discount explanation", () => {
  it('explains a price before discount above the lowest prior price', () => {
    expect(
      discountState(
        {
          price_cents: 7000,
          price_before_discount_cents: 12000,
          lowest_prior_price_cents: 8000,
        },
        'USD',
      ),
    ).toEqual({
      shown: false,
      lowest_price_30_days: '80.00',
      reason:
        'The shop shows no discount: the price before discount ($120.00) is above the lowest price of the 30 days before this price ($80.00).',
    });
  });

  it("writes the amounts in the shop's currency", () => {
    const state = discountState(
      { price_cents: 7000, price_before_discount_cents: 12000, lowest_prior_price_cents: 8000 },
      'GBP',
    );
    expect(state.reason).toBe(
      'The shop shows no discount: the price before discount (£120.00) is above the lowest price of the 30 days before this price (£80.00).',
    );
  });

  it('explains a price with no earlier price recorded', () => {
    expect(
      discountState(
        {
          price_cents: 7000,
          price_before_discount_cents: 12000,
          lowest_prior_price_cents: null,
        },
        'USD',
      ).reason,
    ).toBe(
      'The shop shows no discount: no earlier price recorded in the 30 days before this price.',
    );
  });

  it('says nothing when the discount shows or none is set', () => {
    expect(
      discountState(
        {
          price_cents: 7000,
          price_before_discount_cents: 8000,
          lowest_prior_price_cents: 8000,
        },
        'USD',
      ),
    ).toEqual({ shown: true, lowest_price_30_days: '80.00', reason: null });
    expect(
      discountState(
        {
          price_cents: 7000,
          price_before_discount_cents: null,
          lowest_prior_price_cents: null,
        },
        'USD',
      ),
    ).toEqual({ shown: false, lowest_price_30_days: null, reason: null });
  });
});

describe('delivery from', () => {
  const method = (
    zoneId: number | null,
    priceCents: number,
    extra: Partial<ShopShipping['methods'][number]> = {},
  ): ShopShipping['methods'][number] => ({
    code: `m-${zoneId}-${priceCents}`,
    name: 'Method',
    description: '',
    kind: 'delivery',
    ageVerified: false,
    priceCents,
    freeOverCents: null,
    zoneId,
    ...extra,
  });
  const shipping: ShopShipping = {
    zones: [
      { id: 1, name: 'UK', countries: ['GB'], ageRestrictedAllowed: true },
      { id: 2, name: 'US', countries: ['US'], ageRestrictedAllowed: false },
    ],
    methods: [
      method(1, 650, { freeOverCents: 15000 }),
      method(1, 1400),
      method(1, 950, { ageVerified: true }),
      method(2, 2800),
      method(null, 0, { kind: 'collection', ageVerified: true }),
    ],
  };
  const knife = { priceCents: 38500, ageRestricted: true };
  const print = { priceCents: 6500, ageRestricted: false };

  it('quotes a knife by age-verified delivery only, a print by the cheapest method', () => {
    const table = deliveryTableOf(shipping, null);
    expect(table.country).toBe('GB');
    expect(deliveryFrom(table, knife)).toBe('9.50');
    expect(deliveryFrom(table, print)).toBe('6.50');
  });

  it('is free when the piece reaches the free-over amount', () => {
    const table = deliveryTableOf(shipping, 'GB');
    expect(deliveryFrom(table, { priceCents: 15000, ageRestricted: false })).toBe('0.00');
    expect(deliveryFrom(table, { priceCents: 14999, ageRestricted: false })).toBe('6.50');
  });

  it('is null where nothing may deliver the piece, or with no zone', () => {
    const us = deliveryTableOf(shipping, 'US');
    expect(deliveryFrom(us, knife)).toBeNull();
    expect(deliveryFrom(us, print)).toBe('28.00');
    const none = deliveryTableOf({ zones: [], methods: [shipping.methods[4]!] }, null);
    expect(none.country).toBeNull();
    expect(deliveryFrom(none, print)).toBeNull();
  });

  it('falls back to the first zone when the default country is not shipped to', () => {
    expect(deliveryTableOf(shipping, 'FR').country).toBe('GB');
  });
});
