import { formatPrice, fromMinorUnits, toMinorUnits } from './money';

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

describe('minor units (exact cart totals)', () => {
  it('parses the API amounts into cents', () => {
    expect(toMinorUnits('45.00')).toBe(4500);
    expect(toMinorUnits('45.5')).toBe(4550);
    expect(toMinorUnits('0.05')).toBe(5);
    expect(toMinorUnits('12')).toBe(1200);
  });
  it('refuses anything that is not a two-decimal amount', () => {
    expect(toMinorUnits('1e3')).toBeNull();
    expect(toMinorUnits('4.555')).toBeNull();
    expect(toMinorUnits('')).toBeNull();
    expect(toMinorUnits(null)).toBeNull();
  });
  it('formats cents back without floating point drift', () => {
    expect(fromMinorUnits(4550)).toBe('45.50');
    expect(fromMinorUnits(5)).toBe('0.05');
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is exact.
    expect(fromMinorUnits(toMinorUnits('0.10')! + toMinorUnits('0.20')!)).toBe('0.30');
  });
});
