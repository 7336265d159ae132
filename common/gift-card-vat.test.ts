import { voucherOrderVat } from './gift-card-vat.ts';
import { orderVat } from './vat.ts';

describe('the VAT of an order with gift cards (decision 090)', () => {
  it('charges none on a multi-purpose voucher sold, and the order VAT on a single-purpose one', () => {
    const lines = [
      { cents: 12000, sellsMpv: false },
      { cents: 5000, sellsMpv: true },
    ];
    expect(voucherOrderVat(lines, 600, 2000, 0)).toEqual({
      lines: [2000, 0],
      shipping: 100,
      total: 2100,
    });
    expect(voucherOrderVat([{ cents: 5000, sellsMpv: false }], 0, 2000, 0)).toEqual({
      lines: [833],
      shipping: 0,
      total: 833,
    });
  });

  it('keeps the goods VAT of an order paid by an MPV: a gift card is a payment, not a discount', () => {
    const lines = [{ cents: 12000, sellsMpv: false }];
    expect(voucherOrderVat(lines, 600, 2000, 0)).toEqual(orderVat([12000], 600, 2000));
  });

  it('does not charge again what an SPV paid: its VAT was charged when it was sold', () => {
    // 126.00 paid 50.00 by an SPV: VAT on 76.00, shared by the line and the shipping.
    const vat = voucherOrderVat([{ cents: 12000, sellsMpv: false }], 600, 2000, 5000)!;
    expect(vat.total).toBe(1266);
    expect(vat.lines[0]! + vat.shipping).toBe(vat.total);
    // Paid wholly by SPVs: no VAT now.
    expect(voucherOrderVat([{ cents: 12000, sellsMpv: false }], 600, 2000, 12600)!.total).toBe(0);
    // No VAT charged at all: null, as orderVat.
    expect(voucherOrderVat([{ cents: 12000, sellsMpv: false }], 600, null, 0)).toBeNull();
  });

  it('never gives a figure a negative share of what an SPV left to tax', () => {
    // Forty 3-cent lines and a 1-cent shipping, 20 cents paid by an SPV: 101 left to share.
    // Rounded, each line's share would be 3 (2.504) and the shipping's 101 - 120 = -19.
    const lines = Array.from({ length: 40 }, () => ({ cents: 3, sellsMpv: false }));
    const vat = voucherOrderVat(lines, 1, 2000, 20)!;
    expect([...vat.lines, vat.shipping].every((cents) => cents >= 0)).toBe(true);
  });
});
