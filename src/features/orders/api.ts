/**
 * The shopper's orders: `GET /orders/orders/` (a page, newest first) and
 * `GET /orders/orders/{id}/`. User-specific, so they load in the browser while logged in
 * (architecture convention 13). Keys start with `['orders']`; placing an order or paying one
 * invalidates that prefix.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../../common/storefront-api';

export type Order = components['schemas']['Order'];
export type OrderItem = components['schemas']['OrderItem'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderShipment = components['schemas']['OrderShipment'];
export type Fulfilment = components['schemas']['Fulfilment'];
/**
 * A move the server offers the shopper on an order (`Order.actions`: `pay`, `cancel`). The
 * server decides them by the rules of the calls that make them; the storefront shows a button
 * for each one offered and never works them out itself.
 */
export type OrderAction = components['schemas']['OrderAction'];

/** The prefix of every order query. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** Orders per page of the history. */
export const ORDERS_PAGE_SIZE = 10;

export interface OrderPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Order[];
}

/** One page (1-based) of the shopper's orders. Key `['orders','list',{page}]`. */
export const ordersQuery = (page = 1) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', { page }] as const,
    queryFn: async ({ signal }): Promise<OrderPage> => {
      const { data } = await api.GET('/orders/orders/', {
        params: { query: { page, page_size: ORDERS_PAGE_SIZE } },
        signal,
      });
      return data as OrderPage;
    },
    staleTime: 10_000,
  });

/** One of the shopper's orders. Key `['orders','detail',id]`; an unknown id is a 404 `ApiError`. */
export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', id] as const,
    queryFn: async ({ signal }): Promise<Order> => {
      const { data } = await api.GET('/orders/orders/{id}/', {
        params: { path: { id } },
        signal,
      });
      return data as Order;
    },
    staleTime: 10_000,
  });

/** Spec section 8-style messages of cancelling an order. */
export const CANCEL_MESSAGES = {
  failed: 'Failed to cancel the order. Please try again.',
  done: 'Your order was canceled and its items are back on sale.',
} as const;

/**
 * `POST /orders/orders/{id}/cancel/`: cancels an unpaid order. The answer (the canceled order)
 * replaces the order's detail query and the history refreshes; the catalogue's stock changed, so
 * product queries refresh too.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<Order> => {
      const { data } = await api.POST('/orders/orders/{id}/cancel/', {
        params: { path: { id } },
      });
      return data as Order;
    },
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
