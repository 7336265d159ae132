/**
 * Shipping, calculated (decision 042): shipments per method with their prices and free-over
 * thresholds, the quote as the contract answers it, and what makes an order collected from the
 * workshop. Pure: the shops' zones and methods are the seed's (server/seed/shop-data.ts).
 */
import { collectedOnly, quote, type QuoteLine, toShippingQuote } from './shipping.ts';
import { choose, gyuto, handcraft, mug, none, summary } from '../test/shipping.ts';

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
