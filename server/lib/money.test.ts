import { formatMinorUnits, parseDecimalToMinorUnits } from './money.ts';

describe('formatMinorUnits', () => {
  it('serves cents as a decimal string with two decimals', () => {
    expect(formatMinorUnits(4500)).toBe('45.00');
    expect(formatMinorUnits(12999)).toBe('129.99');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(0)).toBe('0.00');
    expect(formatMinorUnits(-150)).toBe('-1.50');
    expect(formatMinorUnits(123456789)).toBe('1234567.89');
  });

  it('refuses fractional cents instead of rounding them silently', () => {
    expect(() => formatMinorUnits(10.5)).toThrow(RangeError);
    expect(() => formatMinorUnits(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseDecimalToMinorUnits', () => {
  it('round-trips the strings the API serves', () => {
    for (const cents of [0, 5, 50, 4500, 12999, -150]) {
      expect(parseDecimalToMinorUnits(formatMinorUnits(cents))).toBe(cents);
    }
    expect(parseDecimalToMinorUnits('45')).toBe(4500);
    expect(parseDecimalToMinorUnits('0.5')).toBe(50);
  });

  it('rejects amounts with more than two decimals or other notations', () => {
    for (const bad of ['1.005', '1e3', '', 'abc', '1,00']) {
      expect(() => parseDecimalToMinorUnits(bad)).toThrow(RangeError);
    }
  });
});
