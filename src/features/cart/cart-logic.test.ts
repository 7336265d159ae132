import { ApiError } from '../../api/errors';
import {
  CART_MESSAGES,
  CartRuleError,
  type Cart,
  cartErrorMessage,
  customizationEntries,
  emptied,
  hasAgeRestricted,
  hasMadeToOrder,
  lineOptions,
  parseTableQuantity,
  quantityChange,
  withQuantity,
  withoutItem,
} from './cart-logic';

function cart(): Cart {
  return {
    id: 5,
    items: [
      {
        id: 1,
        quantity: 2,
        customization: {},
        options: [],
        product: {
          id: 7,
          name: 'Gyuto',
          slug: 'gyuto',
          price: '245.10',
          stock: 4,
          made_to_order: false,
          age_restricted: true,
          main_image: null,
        },
        unit_price: '245.10',
        line_total: '490.20',
        dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
        cancellation_exempt: false,
      },
      {
        id: 2,
        quantity: 1,
        customization: { engraving_text: 'A.L.' },
        options: [],
        product: {
          id: 9,
          name: 'Bowl',
          slug: 'bowl',
          price: '0.10',
          stock: 9,
          made_to_order: true,
          age_restricted: false,
          main_image: null,
        },
        unit_price: '0.10',
        line_total: '0.10',
        dispatch: { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' },
        cancellation_exempt: true,
      },
    ],
    total_items: 3,
    total_price: '490.30',
  };
}

describe('cart table quantity (spec section 5)', () => {
  it('parses the input as an integer', () => {
    expect(parseTableQuantity('3')).toBe(3);
    expect(parseTableQuantity(' 12 ')).toBe(12);
    expect(parseTableQuantity('2.9')).toBe(2);
  });
  it('turns negative or invalid values into 0', () => {
    expect(parseTableQuantity('-2')).toBe(0);
    expect(parseTableQuantity('abc')).toBe(0);
    expect(parseTableQuantity('')).toBe(0);
  });
});

describe('quantity changes (spec section 4)', () => {
  it('makes no call for an unchanged quantity', () => {
    expect(quantityChange(2, 2)).toEqual({ kind: 'none' });
  });
  it('removes the item below 1', () => {
    expect(quantityChange(2, 0)).toEqual({ kind: 'remove' });
    expect(quantityChange(2, -1)).toEqual({ kind: 'remove' });
  });
  it('updates otherwise', () => {
    expect(quantityChange(2, 5)).toEqual({ kind: 'update', quantity: 5 });
  });
});

describe('customization display (spec section 3)', () => {
  it('turns underscores into spaces', () => {
    expect(customizationEntries({ engraving_text: 'A.L.', handle_wood_type: 'walnut' })).toEqual([
      { label: 'engraving text', value: 'A.L.' },
      { label: 'handle wood type', value: 'walnut' },
    ]);
    expect(customizationEntries(null)).toEqual([]);
  });
});

describe('chosen options (contract: ChosenOption)', () => {
  it('reads options by label, falling back to the customization by the spec rule', () => {
    const options = [
      {
        key: 'handle',
        label: 'Handle wood',
        value: 'ebony',
        display_value: 'Ebony',
        price_delta: '20.00',
      },
      {
        key: 'engraving_text',
        label: 'Engraving',
        value: 'A.L.',
        display_value: 'A.L.',
        price_delta: '15.00',
      },
    ];
    expect(
      lineOptions({ options, customization: { handle: 'ebony', engraving_text: 'A.L.' } }),
    ).toEqual([
      { label: 'Handle wood', value: 'Ebony' },
      { label: 'Engraving', value: 'A.L.' },
    ]);
    expect(lineOptions({ options: [], customization: { engraving_text: 'A.L.' } })).toEqual([
      { label: 'engraving text', value: 'A.L.' },
    ]);
  });

  it('knows a cart with a made-to-order or an age-restricted piece', () => {
    expect(hasMadeToOrder(cart())).toBe(true);
    expect(hasAgeRestricted(cart())).toBe(true);
    const plain = { ...cart(), items: [] };
    expect(hasMadeToOrder(plain)).toBe(false);
    expect(hasAgeRestricted(plain)).toBe(false);
  });
});

describe('optimistic totals in cents', () => {
  it("prices the line by its own unit price, the options' surcharges included", () => {
    const withSurcharge = cart();
    withSurcharge.items[0] = { ...withSurcharge.items[0]!, unit_price: '265.10' };
    expect(withQuantity(withSurcharge, 1, 3).items[0]).toMatchObject({ line_total: '795.30' });
  });

  it('recomputes the line and the cart totals exactly', () => {
    const next = withQuantity(cart(), 2, 3);
    expect(next.items[1]).toMatchObject({ quantity: 3, line_total: '0.30' });
    expect(next.total_items).toBe(5);
    expect(next.total_price).toBe('490.50');
  });
  it('removes a line set to 0 and clears the cart', () => {
    expect(withQuantity(cart(), 1, 0).items.map((i) => i.id)).toEqual([2]);
    expect(withoutItem(cart(), 2)).toMatchObject({ total_items: 2, total_price: '490.20' });
    expect(emptied(cart())).toMatchObject({
      id: 5,
      items: [],
      total_items: 0,
      total_price: '0.00',
    });
  });
});

describe('cart messages (spec section 8)', () => {
  it("uses the server's detail, else error, else message", () => {
    expect(cartErrorMessage(new ApiError(409, { detail: 'Only 2 items available.' }), 'x')).toBe(
      'Only 2 items available.',
    );
    expect(cartErrorMessage(new ApiError(400, { error: 'Bad line.' }), 'x')).toBe('Bad line.');
    expect(cartErrorMessage(new ApiError(400, { message: 'Nope.' }), 'x')).toBe('Nope.');
  });
  it("shows the server's message for a line past its cap", () => {
    const full = 'You can have at most 100 of one item in your cart; it already holds 95.';
    expect(cartErrorMessage(new ApiError(400, { quantity: [full] }), 'x')).toBe(full);
    expect(
      cartErrorMessage(
        new ApiError(400, { quantity: ['Ensure this value is less than or equal to 100.'] }),
        CART_MESSAGES.addFailed,
      ),
    ).toBe('Ensure this value is less than or equal to 100.');
  });
  it('falls back per call when the server says nothing useful or the network fails', () => {
    expect(cartErrorMessage(new ApiError(500, null), CART_MESSAGES.addFailed)).toBe(
      'Failed to add item.',
    );
    expect(cartErrorMessage(new TypeError('Failed to fetch'), CART_MESSAGES.updateFailed)).toBe(
      'Failed to update quantity.',
    );
    expect(CART_MESSAGES.removeFailed).toBe('Failed to remove item.');
    expect(CART_MESSAGES.clearFailed).toBe('Failed to clear cart.');
  });
  it('keeps the message of a rule broken before any call', () => {
    expect(
      cartErrorMessage(
        new CartRuleError(CART_MESSAGES.quantityAtLeastOne),
        CART_MESSAGES.updateFailed,
      ),
    ).toBe('Quantity must be at least 1. Use remove to delete.');
  });
});
