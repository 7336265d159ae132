/**
 * Order handlers (spec sections 3, 4, 5 and 7): HTTP to the order module (server/orders/) and
 * back. Checkout, the caller's order history, one order, cancelling an unpaid one, and asking
 * to cancel a paid one under the 14-day right.
 */
import type { FastifyRequest } from 'fastify';
import { isRowId } from '../../platform/db/errors.ts';
import { HttpError, notFound } from '../http-error.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { NUL_MESSAGE } from '../../platform/field-messages.ts';
import { pageUrl } from '../pagination.ts';
import { placeOrder } from '../../checkout/checkout.ts';
import { cancelOrder as cancelUnpaidOrder } from '../../orders/closing.ts';
import { loadOrder, loadOrderHistory } from '../../orders/order-history.ts';
import { requestCancellation } from '../../orders/cancellation.ts';
import { journalOf } from '../../staff/activity-log.ts';
import { requireUser } from '../auth.ts';
import { throttled } from '../throttled.ts';
import { clientKey } from '../../platform/credentials/throttle.ts';
import { DomainError } from '../../platform/domain-error.ts';
import type { OperationHandler } from '../contract-types.ts';

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  // The contract's pattern (printable ASCII, 1-100) was checked before the handler ran.
  return typeof header === 'string' && header !== '' ? header : null;
}

/**
 * POST /orders/orders/ `{payment_method, delivery_address, expected_total_price, gift_cards?}`
 * (+ optional `Idempotency-Key`) -> 201 Order `awaiting_payment` (`paid` when gift cards paid it
 * all); the errors are server/checkout/checkout.ts's, and 429 after too many wrong gift card
 * codes from one address.
 */
export const createOrder: OperationHandler<'createOrder'> = async (request, reply) => {
  const user = requireUser(request);
  // A checkout naming gift cards counts against the balance page's throttle (decision 090),
  // counted before the codes are judged (so a burst of guesses is counted), and given back
  // unless a code was refused: only wrong codes add up.
  const throttle = request.server.giftCardThrottle;
  const guessing = (request.body.gift_cards ?? []).length > 0;
  if (guessing) {
    try {
      await throttle.consume(request.tenant.id, request.ip);
    } catch (error) {
      return throttled(reply, error);
    }
  }
  try {
    const order = await placeOrder(request.server.orders, {
      tenantId: request.tenant.id,
      userId: user.id,
      body: request.body,
      idempotencyKey: idempotencyKey(request),
    });
    if (guessing) await throttle.release(request.tenant.id, clientKey(request.ip));
    reply.code(201);
    return order;
  } catch (error) {
    const wrongCode = error instanceof DomainError && error.code === 'gift_card_invalid';
    if (guessing && !wrongCode) await throttle.release(request.tenant.id, clientKey(request.ip));
    throw error;
  }
};

/**
 * GET /orders/orders/?page&page_size -> PaginatedOrderList of the caller's orders, newest first
 * (page size 10 by default, at most 100). A page past the last answers 404 `{"detail":"Invalid
 * page."}` as DRF does; page 1 is always valid. The page links are on the site's own origin.
 */
export const listOrders: OperationHandler<'listOrders'> = async (request) => {
  const history = await loadOrderHistory(
    request.server.orders,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    { page: request.query.page, pageSize: request.query.page_size },
  );
  return {
    count: history.count,
    next: history.nextPage === null ? null : pageUrl(request, history.nextPage),
    previous: history.previousPage === null ? null : pageUrl(request, history.previousPage),
    results: history.results,
  };
};

/** GET /orders/orders/{id}/ -> the caller's Order; 404 for anyone else's or an unknown id. */
export const getOrder: OperationHandler<'getOrder'> = async (request) => {
  const id = request.params.id;
  if (!isRowId(id)) throw notFound();
  return loadOrder(
    request.server.orders,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    id,
  );
};

/**
 * POST /orders/orders/{id}/cancel/ -> the canceled Order (stock given back); 404 for anyone
 * else's order, 409 once it is paid or closed, or while a card payment of it is processing.
 */
export const cancelOrder: OperationHandler<'cancelOrder'> = async (request) => {
  const id = request.params.id;
  if (!isRowId(id)) throw notFound();
  return cancelUnpaidOrder(
    request.server.orders,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    id,
  );
};

/**
 * POST /orders/orders/{id}/cancellation-request/ `{reason?}` -> the Order with
 * `cancellation.requested_at` set (UK Consumer Contracts Regulations 2013 reg 32: the
 * shopper's notice of cancellation); 404 for anyone else's order, 409 `{detail}` when the
 * right does not allow it now (server/orders/cancellation-window.ts says why), 400
 * `{reason: ['Null characters are not allowed.']}` for a NUL in the reason (PostgreSQL cannot
 * store one). It is the confirmation step of the withdrawal function (Directive 2011/83/EU art.
 * 11a, decision 084). The request is written to the shop's activity log naming no staff member
 * (the shopper acted).
 */
export const requestOrderCancellation: OperationHandler<'requestOrderCancellation'> = async (
  request,
) => {
  const id = request.params.id;
  if (!isRowId(id)) throw notFound();
  const reason = request.body?.reason;
  if (typeof reason === 'string' && hasNul(reason)) {
    throw new HttpError(400, { reason: [NUL_MESSAGE] });
  }
  return requestCancellation(
    request.server.orders,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    id,
    reason,
    journalOf(null, request.tenant.id),
  );
};
