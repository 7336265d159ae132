/**
 * The order and payment state machine (decision 038): every state an order and a card payment
 * can be in, and every move between them. Nothing else in the server changes an order's status:
 * every move is {@link moveOrderStatus}, under the order's row lock (./order-lock.ts), a
 * conditional UPDATE that names the state it moves from; lint fails an `orders.status` written
 * anywhere else (eslint.config.js, "One writer of an order's status").
 *
 * Orders (contract OrderStatus):
 *   awaiting_payment -> paid        a payment succeeded (card), or the shop confirmed the money
 *                                   it received by hand (bank transfer, custom)
 *   awaiting_payment -> canceled    the shopper or the shop canceled it (stock given back)
 *   awaiting_payment -> expired     its time to pay ran out (stock given back)
 *   expired -> awaiting_payment     an owner reopened it (its stock taken again)
 *   paid -> processing              some of its shipments are on their way, not all
 *   paid | processing -> shipped | ready_to_collect | completed
 *                                   every delivery shipped; a collection waiting (ready to
 *                                   collect); every shipment handed over (completed when one
 *                                   was collected, else shipped)
 *   ready_to_collect -> completed   the shopper collected it (the last shipment)
 *   ready_to_collect -> processing  a collection was collected while another shipment is
 *                                   still to be made ready
 *   paid | processing | ready_to_collect -> canceled
 *                                   an owner canceled an order it cannot fulfil (refunded in
 *                                   full, stock given back)
 *   paid | processing | shipped | ready_to_collect | completed -> refunded
 *                                   an owner refunded everything that was paid
 *
 * Card payments (contract PaymentStatus.status):
 *   initiated -> pending | succeeded | failed | canceled
 *   pending   -> succeeded | failed | canceled
 *   failed | canceled -> succeeded  the provider took the money after all (a superseded
 *                                   attempt, a page paid after the order closed): recorded,
 *                                   never ignored, and refunded when the order cannot keep it
 *   succeeded: final.
 */
import type { Updateable } from 'kysely';
import type { PaymentState } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import type { OrdersTable } from './tables.ts';
import type { Trx } from './order-lock.ts';

/** The moves an order may make from each state. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ['paid', 'canceled', 'expired'],
  paid: ['processing', 'shipped', 'ready_to_collect', 'completed', 'canceled', 'refunded'],
  processing: ['shipped', 'ready_to_collect', 'completed', 'canceled', 'refunded'],
  ready_to_collect: ['completed', 'processing', 'canceled', 'refunded'],
  shipped: ['refunded'],
  completed: ['refunded'],
  canceled: [],
  expired: ['awaiting_payment'],
  refunded: [],
};

/** The moves a card payment may make from each state. */
export const PAYMENT_MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  initiated: ['pending', 'succeeded', 'failed', 'canceled'],
  pending: ['succeeded', 'failed', 'canceled'],
  succeeded: [],
  failed: ['succeeded'],
  canceled: ['succeeded'],
};

/** Payment states in which the shopper may still pay (the provider's page is open or working). */
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['initiated', 'pending'];

/** True when an order may move from `from` to `to`. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}

/** True when a payment may move from `from` to `to`. */
export function canMovePayment(from: PaymentState, to: PaymentState): boolean {
  return PAYMENT_MOVES[from].includes(to);
}

/** True for an order that is closed without having been paid. */
export function isClosedUnpaid(status: OrderStatus): boolean {
  return status === 'canceled' || status === 'expired';
}

/**
 * The one write of an order's status: moves order `orderId` from `from` to `to` in `trx`,
 * writing `columns` (its timestamps, a reason) in the same UPDATE, only while the row is still
 * in `from`, so of two writers racing for one move exactly one makes it.
 * @returns true when this call moved the order; false when the move is not in
 *   {@link ORDER_MOVES} (nothing is written) or the order was no longer in `from`
 */
export async function moveOrderStatus(
  trx: Trx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  columns: Omit<Updateable<OrdersTable>, 'status'> = {},
): Promise<boolean> {
  if (!canMoveOrder(from, to)) return false;
  const moved = await trx
    .updateTable('orders')
    .set({ ...columns, status: to })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}
