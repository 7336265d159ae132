/**
 * The discount rules in cents (./discount-rules.ts): the allocation of a discount over the lines
 * in proportion with the remainder on the last, a percent rounded half up, an amount capped at
 * what it may reduce, the sale and scope rules, and the order of the refusals.
 */
import {
  allocate,
  type CodeTerms,
  discountableLine,
  discountOf,
  type DiscountLine,
  lineOnSale,
  refusalOf,
} from './discount-rules.ts';

const code = (over: Partial<CodeTerms> = {}): CodeTerms => ({
  id: 1,
  code: 'TENOFF',
  kind: 'percent',
  value: 1000,
  scope: 'order',
  targetIds: [],
  minimumCents: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  uses: 0,
  oncePerCustomer: false,
  combinableWithSale: true,
  active: true,
  ...over,
});
const line = (over: Partial<DiscountLine> = {}): DiscountLine => ({
  product_id: 1,
  category_id: 1,
  unit_cents: 1000,
  quantity: 1,
  ...over,
});
const now = new Date('2026-11-30T12:00:00Z');

describe('allocating a discount over lines', () => {
  it('splits in proportion, floored, with the remainder on the last line that weighs', () => {
    expect(allocate(1000, [10001, 5000])).toEqual([666, 334]);
    expect(allocate(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocate(100, [1, 1, 0])).toEqual([50, 50, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('keeps exact cents on amounts whose product passes 2^53', () => {
    const shares = allocate(2_000_000_000, [2_000_000_000, 1_000_000_000]);
    expect(shares).toEqual([1_333_333_333, 666_666_667]);
  });
});

describe('what a code takes off', () => {
  it('rounds a percentage half up and spreads it', () => {
    const d = discountOf(code({ value: 1250 }), [
      line({ unit_cents: 1004 }),
      line({ unit_cents: 1000, product_id: 2 }),
    ]);
    // 12.5 % of 20.04 = 2.505 -> 2.51
    expect(d.cents).toBe(251);
    expect(d.shares.reduce((a, b) => a + b, 0)).toBe(251);
  });

  it('takes at most what it may reduce off with an amount, only from its products', () => {
    const d = discountOf(code({ kind: 'amount', value: 5000, scope: 'products', targetIds: [2] }), [
      line({ product_id: 1 }),
      line({ product_id: 2, unit_cents: 1500, quantity: 2 }),
    ]);
    expect(d).toMatchObject({ cents: 3000, shares: [0, 3000], freeDelivery: false });
  });

  it('leaves a line on sale alone when the code does not combine with a sale', () => {
    expect(lineOnSale({ saleId: 4 })).toBe(true);
    expect(lineOnSale({})).toBe(false);
    expect(discountableLine(line())).toBe(true);
    const d = discountOf(code({ combinableWithSale: false }), [
      line({ saleId: 4 }),
      line({ product_id: 2 }),
    ]);
    expect(d.shares).toEqual([0, 100]);
    expect(refusalOf(code({ combinableWithSale: false }), [line({ saleId: 4 })], now, false)).toBe(
      'nothing_eligible',
    );
  });

  it('takes the delivery, nothing off the goods, with a free-delivery code', () => {
    expect(discountOf(code({ kind: 'free_delivery', value: 0 }), [line()])).toMatchObject({
      cents: 0,
      freeDelivery: true,
    });
    // A percent code that also waives the delivery (the owner's "Free delivery too").
    expect(
      discountOf(code({ kind: 'percent', value: 1000, freeDelivery: true }), [line()]),
    ).toMatchObject({ freeDelivery: true });
  });
});

describe('why a code does not apply', () => {
  it('says the code’s own state first, then the customer, then the cart', () => {
    const lines = [line({ category_id: 3 })];
    expect(refusalOf(code({ active: false, uses: 9, usageLimit: 1 }), lines, now, true)).toBe(
      'inactive',
    );
    expect(refusalOf(code({ startsAt: new Date('2026-12-01T00:00:00Z') }), lines, now, false)).toBe(
      'not_started',
    );
    expect(refusalOf(code({ endsAt: now }), lines, now, false)).toBe('expired');
    expect(refusalOf(code({ usageLimit: 2, uses: 2 }), lines, now, false)).toBe('used_up');
    expect(refusalOf(code({ oncePerCustomer: true }), lines, now, true)).toBe('already_used');
    expect(refusalOf(code({ minimumCents: 1001 }), lines, now, false)).toBe('below_minimum');
    expect(refusalOf(code({ minimumCents: 1000 }), lines, now, false)).toBeNull();
    expect(refusalOf(code({ scope: 'categories', targetIds: [4] }), lines, now, false)).toBe(
      'nothing_eligible',
    );
    expect(refusalOf(code({ scope: 'categories', targetIds: [3] }), lines, now, false)).toBeNull();
  });
});
