/**
 * The back office's reads and the refund (openapi/admin.yaml, tags orders and today): the list of
 * orders with its tabs' counts, one order as the back office shows it, an owner's refund, marking
 * money owed by hand paid back, and today's work. Each translates the contract's query or body to
 * the domain (server/orders/order-list.ts, order-detail.ts, today.ts;
 * server/orders/shop-refunds.ts, manual-refunds.ts) and back; the member's role was checked before
 * the handler runs (./permissions.ts), and a move is handed the member's Acting (`orderActingOf`),
 * whose journal writes the activity log in their name. A refusal is a DomainError the error handler
 * answers (server/http/domain-errors.ts).
 */
import type { FastifyRequest } from 'fastify';
import { listShopOrders } from '../../orders/order-list.ts';
import { getAdminOrder } from '../../orders/order-detail.ts';
import { getToday as todayOf } from '../../orders/today.ts';
import {
  settleManualPaymentRefund as paymentPaidBack,
  settleManualRefund as refundPaidBack,
} from '../../orders/manual-refunds.ts';
import { refundOrder as refund } from '../../orders/shop-refunds.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageUrl } from '../pagination.ts';
import { orderActingOf } from './permissions.ts';
import { requireStaff } from './staff-auth.ts';

/** DRF's `next` and `previous` of a page, on the site's own origin. */
export function pageLinks(
  request: FastifyRequest,
  page: { nextPage: number | null; previousPage: number | null },
) {
  return {
    next: page.nextPage === null ? null : pageUrl(request, page.nextPage),
    previous: page.previousPage === null ? null : pageUrl(request, page.previousPage),
  };
}

/** A page of a list as the back office's API answers it: DRF's count, next, previous, results. */
export function pageAnswer<T>(
  request: FastifyRequest,
  page: { count: number; nextPage: number | null; previousPage: number | null; results: T[] },
) {
  return { count: page.count, ...pageLinks(request, page), results: page.results };
}

/**
 * GET /orders/?status=&payment_method=&placed_from=&placed_to=&search=&cancellation_request=&page=
 * -> AdminOrderList
 * (25 a page, newest first, with the tabs' counts); 404 "Invalid page." past the last.
 */
export const listOrders: AdminOperationHandler<'listOrders'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const query = request.query ?? {};
  const page = await listShopOrders(request.server.db, actor.tenantId, {
    status: query.status,
    paymentMethod: query.payment_method,
    placedFrom: query.placed_from,
    placedTo: query.placed_to,
    search: query.search,
    cancellationRequest: query.cancellation_request,
    page: query.page,
  });
  return { ...pageAnswer(request, page), status_counts: page.statusCounts };
};

/** GET /orders/{order_number}/ -> AdminOrder; 404 for no such order in the shop. */
export const getOrder: AdminOperationHandler<'getOrder'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  return getAdminOrder(request.server.db, actor.tenantId, request.params.order_number, actor);
};

/**
 * POST /orders/{order_number}/refunds/ {amount, reason, lines?} -> AdminOrder with the new refund
 * (owners only); 400 on `amount` or `reason`, 409 when nothing is left to refund, 502 when the
 * card provider refused (the refund is `failed`) or could not be reached (it stays `pending`).
 */
export const refundOrder: AdminOperationHandler<'refundOrder'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber } = request.params;
  await refund(request.server.orders, actor, orderNumber, {
    amount: request.body.amount,
    reason: request.body.reason,
    lines: request.body.lines,
  });
  return getAdminOrder(request.server.db, actor.tenantId, orderNumber, actor);
};

/**
 * POST /orders/{order_number}/refunds/{refund_id}/paid-back/ {note?} -> AdminOrder (owners
 * only): a `manual` refund is `paid_back`; 404 for no such refund of that order, 409 when it is
 * not one to pay by hand or was paid back already.
 */
export const settleManualRefund: AdminOperationHandler<'settleManualRefund'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, refund_id: refundId } = request.params;
  await refundPaidBack(request.server.orders, actor, orderNumber, refundId, request.body);
  return getAdminOrder(request.server.db, actor.tenantId, orderNumber, actor);
};

/**
 * POST /orders/{order_number}/payments/{payment_uuid}/paid-back/ {note?} -> AdminOrder (owners
 * only): a card payment the order could not keep, to be refunded by hand, is `paid_back`; 404
 * for no such payment of that order, 409 when it is not one to pay back by hand or was already.
 */
export const settleManualPaymentRefund: AdminOperationHandler<'settleManualPaymentRefund'> = async (
  request,
) => {
  const actor = orderActingOf(requireStaff(request));
  const { order_number: orderNumber, payment_uuid: paymentUuid } = request.params;
  await paymentPaidBack(request.server.orders, actor, orderNumber, paymentUuid, request.body);
  return getAdminOrder(request.server.db, actor.tenantId, orderNumber, actor);
};

/** GET /today/ -> Today: the back office's five lists, each oldest first. */
export const getToday: AdminOperationHandler<'getToday'> = async (request) => {
  const actor = orderActingOf(requireStaff(request));
  return todayOf(request.server.db, actor.tenantId, request.server.orders.now());
};

/** The back office's reads, the refund and marking money owed by hand paid back, by operationId. */
export const orderReadHandlers: AdminHandlerMap = {
  listOrders,
  getOrder,
  refundOrder,
  settleManualRefund,
  settleManualPaymentRefund,
  getToday,
};
