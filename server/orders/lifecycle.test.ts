/**
 * The state machine's table, move by move: every allowed move and every refused one, so a
 * change to the lifecycle is a change to this list.
 */
import type { OrderStatus, PaymentState } from '../platform/db/database.ts';
import {
  canMoveOrder,
  canMovePayment,
  isClosedUnpaid,
  orderSourcesOf,
  paymentSourcesOf,
} from './lifecycle.ts';

const ORDER_STATES: OrderStatus[] = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'canceled',
  'expired',
];
const PAYMENT_STATES: PaymentState[] = ['initiated', 'pending', 'succeeded', 'failed', 'canceled'];

const ORDER_ALLOWED = new Set([
  'awaiting_payment>paid',
  'awaiting_payment>canceled',
  'awaiting_payment>expired',
  'paid>processing',
  'paid>canceled',
  'processing>shipped',
  'processing>canceled',
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

  it('names the sources of a move for its conditional UPDATE', () => {
    expect(orderSourcesOf('expired')).toEqual(['awaiting_payment']);
    expect(orderSourcesOf('canceled').sort()).toEqual(['awaiting_payment', 'paid', 'processing']);
    expect(orderSourcesOf('awaiting_payment')).toEqual([]);
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

  it('lets a success arrive from every state but itself', () => {
    expect(paymentSourcesOf('succeeded').sort()).toEqual([
      'canceled',
      'failed',
      'initiated',
      'pending',
    ]);
    expect(paymentSourcesOf('initiated')).toEqual([]);
  });
});
