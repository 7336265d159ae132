import { describe, expect, it } from 'vitest';
import { stockChangeSchema, thresholdSchema } from './schemas';

const change = (mode: 'set' | 'adjust', quantity: string) =>
  stockChangeSchema.safeParse({ mode, quantity, reason: 'received', note: '' });

describe('the stock forms', () => {
  it('read a quantity as a member types it', () => {
    expect(change('adjust', '+5').data?.quantity).toBe(5);
    expect(change('adjust', ' -2 ').data?.quantity).toBe(-2);
    expect(change('set', '0').data?.quantity).toBe(0);
  });

  it('refuse what the server would refuse, with a word for each', () => {
    const message = (mode: 'set' | 'adjust', q: string) =>
      change(mode, q).error?.issues[0]?.message;
    expect(message('adjust', '0')).toBe('Enter how many came in or went out.');
    expect(message('set', '-1')).toBe('A count cannot be below 0.');
    expect(message('adjust', '1.5')).toBe('Enter a whole number, such as 5 or -2.');
    expect(message('adjust', 'five')).toBe('Enter a whole number, such as 5 or -2.');
    expect(message('set', '1000001')).toBe('At most 1,000,000.');
    expect(message('set', '')).toBe('Enter a number.');
    expect(
      stockChangeSchema.safeParse({ mode: 'set', quantity: '1', reason: 'initial', note: '' })
        .success,
    ).toBe(false);
  });

  it('read an empty threshold as never', () => {
    expect(thresholdSchema.parse({ low_stock_threshold: '' }).low_stock_threshold).toBeNull();
    expect(thresholdSchema.parse({ low_stock_threshold: '3' }).low_stock_threshold).toBe(3);
    expect(thresholdSchema.safeParse({ low_stock_threshold: '-1' }).success).toBe(false);
    expect(thresholdSchema.safeParse({ low_stock_threshold: '100001' }).success).toBe(false);
  });
});
