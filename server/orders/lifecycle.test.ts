/**
 * The state machine's table, move by move: every allowed move and every refused one, so a
 * change to the lifecycle is a change to this list.
 */
import type { PaymentState } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import { canMoveOrder, canMovePayment, isClosedUnpaid } from './lifecycle.ts';

const ORDER_STATES: OrderStatus[] = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'ready_to_collect',
  'completed',
  'canceled',
  'expired',
  'refunded',
];
const PAYMENT_STATES: PaymentState[] = ['initiated', 'pending', 'succeeded', 'failed', 'canceled'];

const ORDER_ALLOWED = new Set([
  // Paid by card or marked paid at the back office; canceled by the shopper or the shop; expired.
  'awaiting_payment>paid',
  'awaiting_payment>canceled',
  'awaiting_payment>expired',
  // An owner reopens an expired order whose pieces are still there.
  'expired>awaiting_payment',
  // Fulfilment: the status follows what became of the shipments.
  'paid>processing',
  'paid>shipped',
  'paid>ready_to_collect',
  'paid>completed',
  'processing>shipped',
  'processing>ready_to_collect',
  'processing>completed',
  'ready_to_collect>completed',
  'ready_to_collect>processing',
  // An owner cancels an order not yet handed over (refunded in full).
  'paid>canceled',
  'processing>canceled',
  'ready_to_collect>canceled',
  // An owner refunds everything that was paid.
  'paid>refunded',
  'processing>refunded',
  'shipped>refunded',
  'ready_to_collect>refunded',
  'completed>refunded',
]);

const PAYMENT_ALLOWED = new Set([
  'initiated>pending',
  'initiated>succeeded',
  'initiated>failed',
  'initiated>canceled',
  'pending>succeeded',
  'pending>failed',
  'pending>canceled',
  // The provider took the money after all: never ignored.
  'failed>succeeded',
  'canceled>succeeded',
]);

describe('order moves', () => {
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      const allowed = ORDER_ALLOWED.has(`${from}>${to}`);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canMoveOrder(from, to)).toBe(allowed);
      });
    }
  }

  it('lets nothing leave canceled and refunded', () => {
    for (const to of ORDER_STATES) {
      expect(canMoveOrder('canceled', to)).toBe(false);
      expect(canMoveOrder('refunded', to)).toBe(false);
    }
  });

  it('calls canceled and expired closed without payment, nothing else', () => {
    expect(ORDER_STATES.filter(isClosedUnpaid)).toEqual(['canceled', 'expired']);
  });
});

describe('payment moves', () => {
  for (const from of PAYMENT_STATES) {
    for (const to of PAYMENT_STATES) {
      const allowed = PAYMENT_ALLOWED.has(`${from}>${to}`);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canMovePayment(from, to)).toBe(allowed);
      });
    }
  }
});
