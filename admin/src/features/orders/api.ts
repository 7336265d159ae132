/**
 * The back office's calls about orders.
 *
 * Queries (keys start with `['orders']`):
 * - `ordersQuery(search)`: `GET /orders/` with the list's filters, key `['orders','list',search]`;
 *   25 a page, newest first, with a count per status tab;
 * - `orderQuery(number)`: `GET /orders/{order_number}/`, key `['orders','detail',number]`.
 *
 * Mutations, one per move the server offers in an order's `actions`. Each answers the order
 * after the move, which replaces `['orders','detail',number]`; the lists the move can change
 * are invalidated: the orders lists (statuses and counts), today's lists and the activity log.
 * Nothing else is touched.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';
import { TODAY_QUERY_KEY } from '../today/api';
import type { OrdersSearch } from './search';

export type AdminOrder = Schemas['AdminOrder'];
export type AdminOrderSummary = Schemas['AdminOrderSummary'];
export type OrderStatus = Schemas['AdminOrderStatus'];
export type OrderAction = Schemas['OrderAction'];
export type Carrier = Schemas['Carrier'];
export type AdminShipment = Schemas['AdminShipment'];

export const ORDERS_QUERY_KEY = ['orders'] as const;
export const ORDERS_PAGE_SIZE = 25;

const path = (order_number: string) => ({ path: { order_number } });

// A new filter or page keeps the rows on screen until the next ones arrive.
export const ordersQuery = (search: OrdersSearch) =>
  pagedQuery([...ORDERS_QUERY_KEY, 'list', search] as const, (signal) =>
    dataOf(api.GET('/orders/', { params: { query: search }, signal })),
  );

export const orderQuery = (orderNumber: string) =>
  getQuery([...ORDERS_QUERY_KEY, 'detail', orderNumber] as const, (signal) =>
    dataOf(api.GET('/orders/{order_number}/', { params: path(orderNumber), signal })),
  );

/** Keeps the order the server answered, and marks stale what the move may have changed. */
async function settled(queryClient: QueryClient, order: AdminOrder): Promise<void> {
  queryClient.setQueryData(orderQuery(order.order_number).queryKey, order);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, 'list'] }),
    queryClient.invalidateQueries({ queryKey: TODAY_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
  ]);
}

/** A mutation on one order: `call` sends it, and the answer settles the caches (see above). */
function useOrderMove<TVariables>(
  orderNumber: string,
  call: (orderNumber: string, variables: TVariables) => Promise<AdminOrder>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ORDERS_QUERY_KEY, 'move', orderNumber],
    mutationFn: (variables: TVariables) => call(orderNumber, variables),
    onSuccess: (order) => settled(queryClient, order),
  });
}

/** `POST …/mark-paid/` `{amount, payer_reference}`: a transfer or custom payment received. */
export function useMarkPaid(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, body: Schemas['MarkPaidRequest']) => {
    const { data } = await api.POST('/orders/{order_number}/mark-paid/', {
      params: path(n),
      body,
    });
    return data as AdminOrder;
  });
}

/** `POST …/shipments/{index}/ship/` `{carrier, tracking_number}`. */
export function useShip(orderNumber: string) {
  return useOrderMove(
    orderNumber,
    async (n, { index, ...body }: Schemas['ShipRequest'] & { index: number }) => {
      const { data } = await api.POST('/orders/{order_number}/shipments/{index}/ship/', {
        params: { path: { order_number: n, index } },
        body,
      });
      return data as AdminOrder;
    },
  );
}

/**
 * `POST …/shipments/{index}/tracking/` `{carrier, tracking_number}`: a shipped delivery's
 * tracking corrected (the shopper is e-mailed the new one when they had the old one).
 */
export function useCorrectTracking(orderNumber: string) {
  return useOrderMove(
    orderNumber,
    async (n, { index, ...body }: Schemas['ShipRequest'] & { index: number }) => {
      const { data } = await api.POST('/orders/{order_number}/shipments/{index}/tracking/', {
        params: { path: { order_number: n, index } },
        body,
      });
      return data as AdminOrder;
    },
  );
}

/** `POST …/shipments/{index}/ready/`: a collection is ready at the workshop. */
export function useMarkReady(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, index: number) => {
    const { data } = await api.POST('/orders/{order_number}/shipments/{index}/ready/', {
      params: { path: { order_number: n, index } },
    });
    return data as AdminOrder;
  });
}

/** `POST …/shipments/{index}/collected/`: a ready collection was handed over. */
export function useMarkCollected(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, index: number) => {
    const { data } = await api.POST('/orders/{order_number}/shipments/{index}/collected/', {
      params: { path: { order_number: n, index } },
    });
    return data as AdminOrder;
  });
}

/** `POST …/cancel/` `{reason}` (a paid order: owners only, refunded in full). */
export function useCancelOrder(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, body: Schemas['CancelRequest']) => {
    const { data } = await api.POST('/orders/{order_number}/cancel/', { params: path(n), body });
    return data as AdminOrder;
  });
}

/** `POST …/refunds/` `{amount, reason}` (owners only; at most `refundable`). */
export function useRefund(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, body: Schemas['RefundRequest']) => {
    const { data } = await api.POST('/orders/{order_number}/refunds/', { params: path(n), body });
    return data as AdminOrder;
  });
}

/**
 * What an owner marks paid back by hand: a refund whose status is `manual` (by its `id`), or a
 * card payment the order could not keep whose `refund_status` is `manual` (by its `uuid`).
 */
export type OwedByHand = { kind: 'refund'; id: number } | { kind: 'payment'; uuid: string };

/**
 * `POST …/refunds/{refund_id}/paid-back/` or `POST …/payments/{payment_uuid}/paid-back/`
 * `{note?}` (owners only): the shop paid it back by hand; it leaves today's list.
 */
export function useMarkPaidBack(orderNumber: string) {
  return useOrderMove(
    orderNumber,
    async (n, { owed, ...body }: Schemas['PaidBackRequest'] & { owed: OwedByHand }) => {
      const { data } =
        owed.kind === 'refund'
          ? await api.POST('/orders/{order_number}/refunds/{refund_id}/paid-back/', {
              params: { path: { order_number: n, refund_id: owed.id } },
              body,
            })
          : await api.POST('/orders/{order_number}/payments/{payment_uuid}/paid-back/', {
              params: { path: { order_number: n, payment_uuid: owed.uuid } },
              body,
            });
      return data as AdminOrder;
    },
  );
}

/** `POST …/reopen/` (owners only): an expired order awaits payment again. */
export function useReopen(orderNumber: string) {
  return useOrderMove(orderNumber, async (n, _: void) => {
    const { data } = await api.POST('/orders/{order_number}/reopen/', { params: path(n) });
    return data as AdminOrder;
  });
}
