import { describe, expect, it } from 'vitest';
import { markPaidSchema, refundSchema, shipSchema } from './action-schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the order desk forms', () => {
  it('sends an amount typed loosely as the contract wants it', () => {
    expect(markPaidSchema.parse({ amount: '475', payer_reference: ' ADA ' })).toEqual({
      amount: '475.00',
      payer_reference: 'ADA',
    });
    expect(markPaidSchema.parse({ amount: '£1,234.5', payer_reference: 'X' }).amount).toBe(
      '1234.50',
    );
  });

  it('refuses an amount that is not money, or nothing', () => {
    expect(messages(markPaidSchema.safeParse({ amount: '12.345', payer_reference: 'X' }))).toEqual([
      'Enter an amount such as 45.00.',
    ]);
    expect(messages(markPaidSchema.safeParse({ amount: '0', payer_reference: 'X' }))).toEqual([
      'The amount must be more than 0.00.',
    ]);
  });

  it("wants the payer's reference the server records", () => {
    expect(messages(markPaidSchema.safeParse({ amount: '475', payer_reference: '  ' }))).toEqual([
      "Enter the payer's reference, as it shows on the shop's statement.",
    ]);
  });

  it('never refunds more than can be refunded', () => {
    const schema = refundSchema('85.00');
    expect(schema.parse({ amount: '85', reason: 'Chipped' }).amount).toBe('85.00');
    expect(messages(schema.safeParse({ amount: '85.01', reason: 'Chipped' }))).toEqual([
      'At most 85.00 can be refunded.',
    ]);
  });

  it('wants a tracking number for every carrier', () => {
    for (const carrier of ['royal_mail', 'other'] as const) {
      expect(messages(shipSchema.safeParse({ carrier, tracking_number: ' ' }))).toEqual([
        'Enter the tracking number the carrier gave you.',
      ]);
    }
    expect(shipSchema.parse({ carrier: 'other', tracking_number: 'HAND 1' })).toEqual({
      carrier: 'other',
      tracking_number: 'HAND 1',
    });
    expect(messages(shipSchema.safeParse({ carrier: 'dpd', tracking_number: 'AB/12' }))).toEqual([
      'Use only letters, digits, spaces and hyphens.',
    ]);
  });
});
