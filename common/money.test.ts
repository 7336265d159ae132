import { formatPrice, toDecimal, toMinorUnits } from './money';

describe("formatPrice (two decimals, in the shop's currency)", () => {
  it('formats decimal strings in US dollars', () => {
    expect(formatPrice('45', 'USD')).toBe('$45.00');
    expect(formatPrice('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatPrice('0.00', 'USD')).toBe('$0.00');
  });
  it('formats pounds and euros with their own symbol, never a dollar', () => {
    expect(formatPrice('45', 'GBP')).toBe('£45.00');
    expect(formatPrice('1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatPrice(45, 'EUR')).toBe('€45.00');
  });
  it('tells dollars of other countries apart', () => {
    expect(formatPrice('45', 'CAD')).toBe('CA$45.00');
    expect(formatPrice('45', 'AUD')).toBe('A$45.00');
  });
  it('shows no symbol while the currency is unknown', () => {
    expect(formatPrice('1234.5', null)).toBe('1,234.50');
  });
  it('shows zero for a missing amount', () => {
    expect(formatPrice(null, 'USD')).toBe('$0.00');
    expect(formatPrice('abc', 'GBP')).toBe('£0.00');
  });
  it('refuses a currency code no one knows', () => {
    expect(() => formatPrice('1', 'XYZW')).toThrow(RangeError);
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
