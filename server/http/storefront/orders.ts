/**
 * Order handlers (spec sections 3, 4, 5 and 7): HTTP to the order module (server/orders/) and
 * back. Checkout, the caller's order history, one order, and cancelling an unpaid one.
 */
import type { FastifyRequest } from 'fastify';
import { isRowId } from '../../platform/db/errors.ts';
import { toCount } from '../../platform/db/mapping.ts';
import { HttpError, notFound } from '../http-error.ts';
import { pageUrl } from '../pagination.ts';
import { pageOffset } from '../../platform/db/page-offset.ts';
import { placeOrder } from '../../checkout/checkout.ts';
import { cancelOrder as cancelUnpaidOrder } from '../../orders/closing.ts';
import { ORDER_MESSAGES } from '../../orders/messages.ts';
import { findOrder, toOrders } from '../../orders/read-model.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/** Page size of the order history when the request names none. */
export const DEFAULT_ORDER_PAGE_SIZE = 10;

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  // The contract's pattern (printable ASCII, 1-100) was checked before the handler ran.
  return typeof header === 'string' && header !== '' ? header : null;
}

/**
 * POST /orders/orders/ `{payment_method, delivery_address, expected_total_price}` (+ optional
 * `Idempotency-Key`) -> 201 Order `awaiting_payment`; the errors are server/checkout/checkout.ts's.
 */
export const createOrder: OperationHandler<'createOrder'> = async (request, reply) => {
  const order = await placeOrder(request.server.orders, {
    tenantId: request.tenant.id,
    userId: requireUser(request).id,
    body: request.body,
    idempotencyKey: idempotencyKey(request),
  });
  reply.code(201);
  return order;
};

/**
 * GET /orders/orders/?page&page_size -> PaginatedOrderList of the caller's orders, newest first
 * (page size 10 by default, at most 100). A page past the last answers 404 `{"detail":"Invalid
 * page."}` as DRF does; page 1 is always valid. Four queries whatever the page size.
 */
export const listOrders: OperationHandler<'listOrders'> = async (request) => {
  const { db } = request.server;
  const page = request.query.page ?? 1;
  const pageSize = Math.min(request.query.page_size ?? DEFAULT_ORDER_PAGE_SIZE, 100);
  const offset = pageOffset(page, pageSize);
  const mine = db
    .selectFrom('orders')
    .where('tenant_id', '=', request.tenant.id)
    .where('user_id', '=', requireUser(request).id);
  const count = toCount(
    (await mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow())
      .n,
  );
  if (offset === null || (page > 1 && offset >= count)) {
    throw new HttpError(404, { detail: ORDER_MESSAGES.invalidPage });
  }
  const rows = await mine
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return {
    count,
    next: offset + pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results: await toOrders(db, rows),
  };
};

/** GET /orders/orders/{id}/ -> the caller's Order; 404 for anyone else's or an unknown id. */
export const getOrder: OperationHandler<'getOrder'> = async (request) => {
  const id = request.params.id;
  if (!isRowId(id)) throw notFound();
  const found = await findOrder(request.server.db, request.tenant.id, requireUser(request).id, {
    id,
  });
  if (!found) throw notFound();
  return found.order;
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
