/**
 * Shipping, calculated (decision 042): the methods a shopper chooses for their lines, taken when
 * the line may use them and refused in words the checkout shows when not. Pure: the shops' zones
 * and methods are the seed's (server/seed/shop-data.ts).
 */
import { quote, SHIPPING_MESSAGES } from './shipping.ts';
import { choose, gyuto, handcraft, mug, pottery, summary } from '../test/shipping.ts';

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
