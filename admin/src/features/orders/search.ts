/**
 * The orders list's URL search params (`/admin/orders?status=to_ship&page=2`): a status tab, a
 * payment method, a range of days placed, a search, open cancellation requests and a page. The
 * router validates them with this schema; a value that does not parse (a hand-edited URL, an old
 * bookmark) falls back to "no filter" through `.catch()`, never to an error screen. Page 1, empty
 * strings and absent filters are left out, so the plain list is plain `/admin/orders`.
 *
 * The router parses search values as JSON first, so `?search=1042` arrives as the number 1042
 * and `?page=2` as 2: both are taken as they come.
 */
import { z } from 'zod';
import { pageSearch } from '../../components/page-search';
import type { Schemas } from '../../api/client';

export type OrderStatusFilter = Schemas['AdminOrderStatusFilter'];
export type PaymentMethod = Schemas['PaymentMethod'];

/** The status tabs, in the order of a maker's working day. */
export const STATUS_FILTERS = [
  'awaiting_payment',
  'to_ship',
  'ready_to_collect',
  'shipped',
  'completed',
  'refunded',
  'canceled',
  'expired',
] as const satisfies readonly OrderStatusFilter[];

export const PAYMENT_METHODS = [
  'card_2c2p',
  'bank_transfer',
  'custom',
] as const satisfies readonly PaymentMethod[];

/** The longest search the contract accepts. */
export const SEARCH_MAX = 100;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && realDay(value));

/** True for a day the calendar has ("2026-02-30" is not). */
function realDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const text = z
  .union([z.string(), z.number().transform(String)])
  .transform((value) => value.replace(/\0/g, '').trim().slice(0, SEARCH_MAX).trim())
  .transform((value) => value || undefined);

export const ordersSearchSchema = z.object({
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
  payment_method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  placed_from: day.optional().catch(undefined),
  placed_to: day.optional().catch(undefined),
  search: text.optional().catch(undefined),
  /** `open`: only orders whose shopper asked to cancel under the 14-day right, still open. */
  cancellation_request: z.enum(['open']).optional().catch(undefined),
  page: pageSearch,
});

export type OrdersSearch = z.output<typeof ordersSearchSchema>;

/** The router's `validateSearch`: raw params in, clean ones out (every key, undefined included). */
export function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  return ordersSearchSchema.parse(raw);
}
