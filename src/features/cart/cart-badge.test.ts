import { cartBadgeLabel, cartLinkLabel } from './cart-badge';

describe('cartBadgeLabel (spec section 9: 99+ above 99)', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('count %d shows %j', (count, label) => {
    expect(cartBadgeLabel(count)).toBe(label);
  });
});

describe('cartLinkLabel', () => {
  it('names the icon link with the count in words', () => {
    expect(cartLinkLabel(0)).toBe('Cart');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(7)).toBe('Cart, 7 items');
    expect(cartLinkLabel(250)).toBe('Cart, 99+ items');
  });
});
