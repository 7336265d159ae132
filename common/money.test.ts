import { formatPrice, toDecimal, toMinorUnits } from './money';

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

describe('toMinorUnits', () => {
  it('parses the API amounts into cents', () => {
    expect(toMinorUnits('45.00')).toBe(4500);
    expect(toMinorUnits('45.5')).toBe(4550);
    expect(toMinorUnits('0.05')).toBe(5);
    expect(toMinorUnits('12')).toBe(1200);
    expect(toMinorUnits(' -1.50 ')).toBe(-150);
  });
  it('refuses anything that is not a two-decimal amount', () => {
    for (const bad of ['1e3', '4.555', '', 'abc', '1,00', null, undefined, '9'.repeat(20)]) {
      expect(toMinorUnits(bad)).toBeNull();
    }
  });
});

describe('toDecimal', () => {
  it('serves cents as a decimal string with two decimals', () => {
    expect(toDecimal(4500)).toBe('45.00');
    expect(toDecimal(12999)).toBe('129.99');
    expect(toDecimal(5)).toBe('0.05');
    expect(toDecimal(0)).toBe('0.00');
    expect(toDecimal(-150)).toBe('-1.50');
    expect(toDecimal(123456789)).toBe('1234567.89');
  });
  it('round-trips the strings the API serves', () => {
    for (const cents of [0, 5, 50, 4500, 12999, -150]) {
      expect(toMinorUnits(toDecimal(cents))).toBe(cents);
    }
  });
  it('adds up without floating point drift', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is exact.
    expect(toDecimal(toMinorUnits('0.10')! + toMinorUnits('0.20')!)).toBe('0.30');
  });
  it('refuses fractional cents instead of rounding them silently', () => {
    expect(() => toDecimal(10.5)).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
  });
});
