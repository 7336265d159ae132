/**
 * The VAT included in gross prices (common/vat.ts): per line, rounded half-up to the
 * cent, the order's total the sum of the lines' and the shipping's.
 */
import { includedVatCents, orderVat, percentToRate, rateToPercent } from './vat.ts';

describe('the VAT included in a price', () => {
  it('is a sixth of a price at 20 %, rounded half-up to the cent', () => {
    expect(includedVatCents(12000, 2000)).toBe(2000); // $120.00 holds $20.00
    expect(includedVatCents(38500, 2000)).toBe(6417); // 64.1666… -> 64.17
    expect(includedVatCents(4500, 2000)).toBe(750);
    expect(includedVatCents(3, 2000)).toBe(1); // 0.5 of a cent rounds up
    expect(includedVatCents(2, 2000)).toBe(0); // 0.333… rounds down
    expect(includedVatCents(650, 2000)).toBe(108); // 108.33…
    expect(includedVatCents(-3, 2000)).toBe(-1); // a refund rounds away from zero too
  });

  it('follows other rates: 5 %, 0 % and 27 %', () => {
    expect(includedVatCents(10500, 500)).toBe(500);
    expect(includedVatCents(10000, 0)).toBe(0);
    expect(includedVatCents(12700, 2700)).toBe(2700);
  });

  it('totals an order line by line plus shipping, which may differ from the VAT of the total', () => {
    // Three lines of $0.03 hold 0.5 cent each: 1 cent each line, 3 in all (the total's VAT
    // would be 0.015 -> 2 cents); the invoice adds up its lines.
    expect(orderVat([3, 3, 3], 0, 2000)).toEqual({ lines: [1, 1, 1], shipping: 0, total: 3 });
    expect(orderVat([38500, 9000], 650, 2000)).toEqual({
      lines: [6417, 1500],
      shipping: 108,
      total: 8025,
    });
  });

  it('is none for an order of a shop charging no VAT', () => {
    expect(orderVat([38500], 650, null)).toBeNull();
  });

  it('reads and writes rates as percent strings', () => {
    expect(rateToPercent(2000)).toBe('20.00');
    expect(rateToPercent(550)).toBe('5.50');
    expect(percentToRate('20')).toBe(2000);
    expect(percentToRate(' 5.5 ')).toBe(550);
    expect(percentToRate('17.25')).toBe(1725);
    expect(percentToRate('20.005')).toBeNull();
    expect(percentToRate('-1')).toBeNull();
    expect(percentToRate('twenty')).toBeNull();
    expect(percentToRate('')).toBeNull();
  });
});
