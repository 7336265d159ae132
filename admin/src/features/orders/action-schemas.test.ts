import { describe, expect, it } from 'vitest';
import { MAX_MOVE_AMOUNT_CENTS, toDecimal } from '../../../../common/money';
import { amountOverLimit, markPaidSchema, refundSchema, shipSchema } from './action-schemas';

const AMOUNT_OVER_LIMIT = amountOverLimit('USD');

/** Mark paid of a $475.00 order, as staff (`false`) or an owner (`true`). */
const markPaid = (owner = false) => markPaidSchema('475.00', owner, 'USD');
const mark = (amount: string, extra: Record<string, unknown> = {}) => ({
  amount,
  payer_reference: 'X',
  confirm_overpayment: false,
  ...extra,
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the order move forms', () => {
  it('sends an amount typed loosely as the contract wants it', () => {
    expect(markPaid().parse(mark('475', { payer_reference: ' ADA ' }))).toEqual({
      amount: '475.00',
      payer_reference: 'ADA',
      confirm_overpayment: false,
    });
    expect(markPaidSchema('1234.50', false, 'GBP').parse(mark('£1,234.5')).amount).toBe('1234.50');
  });

  it('refuses an amount that is not money, or nothing', () => {
    for (const bad of ['12.345', '1e9', 'NaN', '-5', 'ten']) {
      expect(messages(markPaid().safeParse(mark(bad))), bad).toEqual([
        'Enter an amount such as 45.00.',
      ]);
    }
    expect(messages(markPaid().safeParse(mark('0')))).toEqual([
      'The amount must be more than 0.00.',
    ]);
  });

  it("wants the payer's reference the server records", () => {
    expect(messages(markPaid().safeParse(mark('475', { payer_reference: '  ' })))).toEqual([
      "Enter the payer's reference, as it shows on the shop's statement.",
    ]);
  });

  it("refuses less than the order's total", () => {
    expect(messages(markPaid(true).safeParse(mark('474.99')))).toEqual([
      "The amount received is less than the order's total of $475.00.",
    ]);
  });

  it("writes the amounts in the shop's currency, and takes its symbol typed before one", () => {
    const inPounds = markPaidSchema('475.00', true, 'GBP');
    expect(messages(inPounds.safeParse(mark('474.99')))).toEqual([
      "The amount received is less than the order's total of £475.00.",
    ]);
    expect(inPounds.parse(mark('£475')).amount).toBe('475.00');
    expect(amountOverLimit('GBP')).toBe('Enter at most £100,000.00.');
  });

  it('records more than the total only for an owner who confirms the overpayment', () => {
    // Staff: refused on the amount, whatever they tick.
    for (const confirm of [false, true]) {
      const refused = markPaid(false).safeParse(
        mark('100000.00', { confirm_overpayment: confirm }),
      );
      expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        [
          'amount',
          "The amount received is more than the order's total of $475.00; only an owner can record an overpayment.",
        ],
      ]);
    }
    // An owner: asked to confirm it, on the confirmation.
    const unconfirmed = markPaid(true).safeParse(mark('500'));
    expect(unconfirmed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirm_overpayment', "Confirm the overpayment of $25.00, or enter the order's total."],
    ]);
    expect(markPaid(true).parse(mark('500', { confirm_overpayment: true }))).toEqual({
      amount: '500.00',
      payer_reference: 'X',
      confirm_overpayment: true,
    });
    // A confirmation left ticked for the total itself is not sent as one.
    expect(markPaid(true).parse(mark('475', { confirm_overpayment: true }))).toMatchObject({
      confirm_overpayment: false,
    });
  });

  it("holds every amount to the order moves' one limit, the contract's and the server's", () => {
    const max = toDecimal(MAX_MOVE_AMOUNT_CENTS);
    expect(AMOUNT_OVER_LIMIT).toBe('Enter at most $100,000.00.');
    expect(markPaid(true).parse(mark(max, { confirm_overpayment: true })).amount).toBe(max);
    for (const over of [toDecimal(MAX_MOVE_AMOUNT_CENTS + 1), '999999999.99']) {
      expect(messages(markPaid(true).safeParse(mark(over, { confirm_overpayment: true })))).toEqual(
        [AMOUNT_OVER_LIMIT],
      );
    }
    // A refund too, however much could be refunded.
    expect(
      messages(
        refundSchema('999999999.99', 'USD').safeParse({
          amount: toDecimal(MAX_MOVE_AMOUNT_CENTS + 1),
          reason: 'Chipped',
        }),
      ),
    ).toEqual([AMOUNT_OVER_LIMIT]);
  });

  it('never refunds more than can be refunded', () => {
    const schema = refundSchema('85.00', 'USD');
    expect(schema.parse({ amount: '85', reason: 'Chipped' }).amount).toBe('85.00');
    expect(messages(schema.safeParse({ amount: '85.01', reason: 'Chipped' }))).toEqual([
      'At most 85.00 can be refunded.',
    ]);
  });

  it('refunds picked pieces for at most what they cost, and sends them with their restock', () => {
    const schema = refundSchema('200.00', 'USD', [
      { id: 4, unitPrice: '45.00', left: 2 },
      { id: 5, unitPrice: '30.00', left: 1 },
    ]);
    const lines = [
      { item_id: '4', picked: true, quantity: '2', restock: true },
      { item_id: '5', picked: false, quantity: '1', restock: false },
    ];
    expect(schema.parse({ amount: '80', reason: 'Back unused', lines })).toEqual({
      amount: '80.00',
      reason: 'Back unused',
      lines: [{ item_id: 4, quantity: 2, restock: true }],
    });
    expect(messages(schema.safeParse({ amount: '90.01', reason: 'Back', lines }))).toEqual([
      'At most 90.00 for the pieces picked.',
    ]);
    // Nothing picked: an amount alone (the shipping, say), sent without lines.
    expect(schema.parse({ amount: '9.50', reason: 'Late', lines: [] })).toEqual({
      amount: '9.50',
      reason: 'Late',
    });
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
