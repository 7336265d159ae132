/**
 * Which orders are sales, and what each brought in: the one rule the sales view
 * (./sales-report.ts), the accountant's exports (./sales-exports.ts) and the customers' totals
 * (server/accounts/customers.ts) all read, written once as SQL over `orders as o` so every figure
 * is added up by the database (SQLite and PostgreSQL alike), never in the API's memory.
 *
 * - **Counted**: an order that is paid (`paid_at` set: a card payment succeeded or a member
 *   marked it paid) and not canceled. It is dated by the day it was paid, so an unpaid bank
 *   transfer is no sale until the shop saw the money, and the day is the day the money came.
 *   A canceled order is never a sale (a paid one canceled was refunded in full).
 * - **Refunded**: the order's `refunded_cents` (refunds not failed: pending, made, or owed by
 *   hand), at most its total: money above the total paid back is an overpayment returned, not a
 *   sale undone.
 * - **Net**: the total less that. An order refunded in full counts with nothing, and is not one
 *   of the orders the figures count (`sold`).
 * - **VAT** (common/vat.ts, as the invoice has it): each line's and the shipping's VAT at the
 *   order's own rate (`vat_rate_bp`; none without one), less the VAT of what was refunded: the
 *   VAT included in the refunded amount, or all of the order's VAT when it was refunded in full
 *   (so a full refund leaves no cent of VAT behind).
 *
 * Money in integer cents; the VAT's rounding (half up, per line) is done in integer SQL.
 */
import { type RawBuilder, sql } from 'kysely';

/** `rate` as the rate of `o` (0 when the order charged no VAT). */
const RATE = sql`coalesce(o.vat_rate_bp, 0)`;

/**
 * The VAT included in `gross` cents at `rate` basis points, half up to the cent, in integer SQL:
 * `(2·gross·rate + (10000 + rate)) / (2·(10000 + rate))`, the same as common/vat.ts's
 * `includedVatCents` for a gross of 0 or more. `bigint`, so PostgreSQL does not overflow.
 */
export function includedVatSql(gross: RawBuilder<unknown>, rate: RawBuilder<unknown> = RATE) {
  return sql<number>`((2 * cast(${gross} as bigint) * ${rate} + (10000 + ${rate})) / (2 * (10000 + ${rate})))`;
}

/** The counted orders' condition on `orders as o` of the shop (see the module comment). */
export function countedOrders(tenantId: number) {
  return sql<boolean>`o.tenant_id = ${tenantId} and o.paid_at is not null and o.status <> 'canceled'`;
}

/** What was refunded of `o`, at most its total (cents). */
export const REFUNDED_CENTS = sql<number>`(case when o.refunded_cents > o.total_cents then o.total_cents else o.refunded_cents end)`;

/** What `o` brought in: its total less what was refunded of it (cents, 0 or more). */
export const NET_CENTS = sql<number>`(o.total_cents - ${REFUNDED_CENTS})`;

/**
 * The VAT of `o` as placed: its lines' and its shipping's, each rounded (cents). A line's VAT is
 * on what it was charged, less its share of a discount code (decision 088); a multi-purpose
 * gift card sold carries none (decision 090: its VAT is charged when it is spent).
 */
export const ORDER_VAT_CENTS = sql<number>`((select coalesce(sum(case when i.gift_card like '%"voucher":"mpv"%' then 0 else ${includedVatSql(
  sql`(i.line_total_cents - i.discount_cents)`,
)} end), 0) from order_items i where i.order_id = o.id) + ${includedVatSql(sql`o.shipping_cents`)})`;

/**
 * The VAT of what was refunded of an order, from its columns in a derived table
 * (`total`, `refunded`, `order_vat`, `rate`): all of its VAT when it was refunded in full,
 * else the VAT included in the refunded amount.
 */
export const REFUND_VAT_OF_ROW = sql<number>`(case when x.refunded >= x.total then x.order_vat
  else ${includedVatSql(sql`x.refunded`, sql`x.rate`)} end)`;

/** The rate column of `o` for a derived table. */
export const RATE_BP = RATE;

/** The average order of `orders` orders worth `cents` in all, half up to the cent; 0 without orders. */
export function averageOrderCents(cents: number, orders: number): number {
  return orders === 0 ? 0 : Math.floor((2 * cents + orders) / (2 * orders));
}
