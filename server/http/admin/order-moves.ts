/**
 * The back office's moves (openapi/admin.yaml, tag orders): mark paid, ship a delivery (and
 * correct its tracking), make a collection ready and collected, cancel, reopen. Each translates the contract's body (money as a
 * decimal string, snake_case fields) to the move in server/orders/ (mark-paid.ts, fulfilment.ts,
 * shop-cancel.ts, reopen.ts), handed the member as `orderActingOf` makes them (their Acting and
 * what their role may do, ./permissions.ts), which moves the order once under its lock and logs it
 * through the member's journal; each answers the order as the back office shows it afterwards
 * (AdminOrder, ../../orders/order-detail.ts). A refusal is a DomainError the error handler answers
 * (server/http/domain-errors.ts).
 */
import { toMinorUnits } from '../../../common/money.ts';
import { cancelByShop } from '../../orders/shop-cancel.ts';
import { invalidInput } from '../../orders/staff-moves.ts';
import { markShipmentCollected, markShipmentReady, shipShipment } from '../../orders/fulfilment.ts';
import { markOrderPaid as markPaid } from '../../orders/mark-paid.ts';
import { getAdminOrder } from '../../orders/order-detail.ts';
import { reopenOrder as reopen } from '../../orders/reopen.ts';
import { correctTracking } from '../../orders/tracking-correction.ts';
import type { OrderActing } from '../../orders/staff-actions.ts';
import type { FastifyRequest } from 'fastify';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { orderActingOf } from './permissions.ts';
import { requireStaff } from './staff-auth.ts';

/** The order after a move, as the member's role sees it. */
function orderNow(request: FastifyRequest, actor: OrderActing, orderNumber: string) {
  return getAdminOrder(request.server.db, actor.tenantId, orderNumber, actor);
}

/**
 * POST /orders/{order_number}/mark-paid/ {amount, payer_reference, confirm_overpayment} ->
 * AdminOrder; 400 (an amount above the total from staff, or unconfirmed), 409.
 */
export const markOrderPaid: AdminOperationHandler<'markOrderPaid'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber } = request.params;
  const amountCents = toMinorUnits(request.body.amount);
  if (amountCents === null) throw invalidInput({ amount: ['A valid number is required.'] });
  await markPaid(request.server.orders, actor, orderNumber, {
    amountCents,
    payerReference: request.body.payer_reference,
    confirmOverpayment: request.body.confirm_overpayment === true,
  });
  return orderNow(request, actor, orderNumber);
};

/** POST /orders/{order_number}/shipments/{index}/ship/ {carrier, tracking_number} -> AdminOrder. */
export const shipOrderShipment: AdminOperationHandler<'shipShipment'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, index } = request.params;
  await shipShipment(request.server.orders, actor, orderNumber, {
    shipmentIndex: Number(index),
    carrier: request.body.carrier,
    trackingNumber: request.body.tracking_number,
  });
  return orderNow(request, actor, orderNumber);
};

/**
 * POST /orders/{order_number}/shipments/{index}/tracking/ {carrier, tracking_number} ->
 * AdminOrder: a shipped delivery's tracking corrected.
 */
export const correctShipmentTracking: AdminOperationHandler<'correctShipmentTracking'> = async (
  request,
) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, index } = request.params;
  await correctTracking(request.server.orders, actor, orderNumber, {
    shipmentIndex: Number(index),
    carrier: request.body.carrier,
    trackingNumber: request.body.tracking_number,
  });
  return orderNow(request, actor, orderNumber);
};

/** POST /orders/{order_number}/shipments/{index}/ready/ -> AdminOrder. */
export const markOrderShipmentReady: AdminOperationHandler<'markShipmentReady'> = async (
  request,
) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, index } = request.params;
  await markShipmentReady(request.server.orders, actor, orderNumber, {
    shipmentIndex: Number(index),
  });
  return orderNow(request, actor, orderNumber);
};

/** POST /orders/{order_number}/shipments/{index}/collected/ -> AdminOrder. */
export const markOrderShipmentCollected: AdminOperationHandler<'markShipmentCollected'> = async (
  request,
) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, index } = request.params;
  await markShipmentCollected(request.server.orders, actor, orderNumber, {
    shipmentIndex: Number(index),
  });
  return orderNow(request, actor, orderNumber);
};

/**
 * POST /orders/{order_number}/cancel/ {reason} -> AdminOrder. A paid order's refunds are in
 * the answer with their status: one its provider refused is `failed` (refund it again), one
 * whose provider could not be reached `pending` (the sweep asks again).
 */
export const cancelOrder: AdminOperationHandler<'cancelOrder'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber } = request.params;
  await cancelByShop(request.server.orders, actor, orderNumber, { reason: request.body.reason });
  return orderNow(request, actor, orderNumber);
};

/** POST /orders/{order_number}/reopen/ -> AdminOrder; 409 when not expired or stock is gone. */
export const reopenOrder: AdminOperationHandler<'reopenOrder'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber } = request.params;
  await reopen(request.server.orders, actor, orderNumber);
  return orderNow(request, actor, orderNumber);
};

/** The back office's moves by operationId. */
export const orderMoveHandlers: AdminHandlerMap = {
  markOrderPaid,
  shipShipment: shipOrderShipment,
  correctShipmentTracking,
  markShipmentReady: markOrderShipmentReady,
  markShipmentCollected: markOrderShipmentCollected,
  cancelOrder,
  reopenOrder,
};
