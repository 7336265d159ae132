import { formatPrice } from './money';

describe('formatPrice (spec section 9: $ and two decimals)', () => {
  it('formats decimal strings', () => {
    expect(formatPrice('45')).toBe('$45.00');
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice('0.00')).toBe('$0.00');
  });
  it('shows $0.00 for a missing amount', () => {
    expect(formatPrice(null)).toBe('$0.00');
    expect(formatPrice('abc')).toBe('$0.00');
  });
});
