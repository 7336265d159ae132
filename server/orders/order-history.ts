/**
 * A customer's order history (spec section 7: "My orders"): their orders newest first, a page
 * at a time, as DRF pages them (six queries whatever the page size: the count, the page, the
 * shop's card provider for the orders' `actions`, and the page's lines, payments and
 * fulfilments, ./read-model.ts `toOrders`), and one of their orders.
 */
import { toCount } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { OrderErrorCode } from './errors.ts';
import { ORDER_MESSAGES } from './messages.ts';
import type { OrderContext } from './context.ts';
import { findOrder, type Order, toOrders } from './read-model.ts';
import { shopperMoveFacts } from './shopper-moves.ts';

/** Page size of the order history when the request names none, and the largest allowed. */
export const DEFAULT_ORDER_PAGE_SIZE = 10;
export const MAX_ORDER_PAGE_SIZE = 100;

/** One page of the history, with the numbers of the pages beside it (null: there is none). */
export interface OrderHistoryPage {
  count: number;
  results: Order[];
  nextPage: number | null;
  previousPage: number | null;
}

/**
 * Page `page` (1-based, default 1) of the customer's orders in the tenant, newest first (then
 * by id), `pageSize` orders a page (default {@link DEFAULT_ORDER_PAGE_SIZE}, at most
 * {@link MAX_ORDER_PAGE_SIZE}); `count` is all their orders. Each order carries the moves the
 * shopper may make on it now (`actions`: ./shopper-moves.ts).
 * @throws DomainError `invalid_page` ("Invalid page.") for a page past the last (page 1 is
 *   always valid, even with no orders) or beyond any offset the database can hold.
 */
export async function loadOrderHistory(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number },
  paging: { page?: number; pageSize?: number },
): Promise<OrderHistoryPage> {
  const page = paging.page ?? 1;
  const pageSize = Math.min(paging.pageSize ?? DEFAULT_ORDER_PAGE_SIZE, MAX_ORDER_PAGE_SIZE);
  const offset = pageOffset(page, pageSize);
  const { db } = ctx;
  const mine = db
    .selectFrom('orders')
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', scope.userId);
  const count = toCount(
    (await mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow())
      .n,
  );
  if (offset === null || (page > 1 && offset >= count)) {
    throw new DomainError<OrderErrorCode>('invalid_page', ORDER_MESSAGES.invalidPage);
  }
  const rows = await mine
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const moves = await shopperMoveFacts(ctx, scope.tenantId);
  return {
    count,
    results: await toOrders(db, rows, moves),
    nextPage: offset + pageSize < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
  };
}

/**
 * One order of the customer's in the tenant, with the moves the shopper may make on it now
 * (`actions`: ./shopper-moves.ts).
 * @throws DomainError `order_not_found` ("Not found.") for an unknown id or anyone else's order.
 */
export async function loadOrder(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number },
  id: number,
): Promise<Order> {
  const moves = await shopperMoveFacts(ctx, scope.tenantId);
  const found = await findOrder(ctx.db, scope.tenantId, scope.userId, { id }, moves);
  if (!found) throw new DomainError<OrderErrorCode>('order_not_found', 'Not found.');
  return found.order;
}
