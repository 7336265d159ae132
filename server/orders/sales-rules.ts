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
 * - **VAT** (common/vat.ts, as the order's answer, invoice, e-mail and CSV have it): each
 *   line's and the shipping's VAT at the order's own rate (`vat_rate_bp`; none without one),
 *   with the gift card rule of decision 090 (common/gift-card-vat.ts `voucherOrderVat`, its
 *   facts from ./voucher-vat.ts): none on a line that sells a multi-purpose card, and what
 *   single-purpose cards paid not taxed again (each figure taxed on its share of the rest);
 *   less the VAT of what was refunded: the VAT included in the refunded amount, or all of the
 *   order's VAT when it was refunded in full (so a full refund leaves no cent of VAT behind).
 *
 * Money in integer cents; the VAT's rounding (half up, per line) and the shares (floored) are
 * done in integer SQL.
 */
import { type RawBuilder, sql } from 'kysely';
import { sellsMpvSql, spvPaidSql } from './voucher-vat.ts';

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
 * What order line `i` was charged, taxable now: its total less its share of a discount code
 * (decision 088), 0 when it sells a multi-purpose gift card (decision 090).
 */
const TAXABLE_LINE = sql`(case when ${sellsMpvSql('i')} then 0 else i.line_total_cents - i.discount_cents end)`;

/**
 * The VAT of `o` when no single-purpose gift card paid any of it: its lines' and its shipping's,
 * each rounded (cents), each line's on {@link TAXABLE_LINE} (a multi-purpose card sold carries
 * none: its VAT is charged when it is spent).
 */
const PLAIN_ORDER_VAT = sql<number>`((select coalesce(sum(${includedVatSql(TAXABLE_LINE)}), 0)
  from order_items i where i.order_id = o.id) + ${includedVatSql(sql`o.shipping_cents`)})`;

/**
 * The VAT of `o` as common/gift-card-vat.ts `voucherOrderVat` shares it when single-purpose
 * cards paid S of it (./voucher-vat.ts `spvPaidSql`): T is what is taxable (the lines' taxable
 * amounts and the shipping), K = T - min(S, T) what is taxed now; each figure g is taxed on
 * floor(g·K/T), except the last figure with g > 0 (the shipping when charged, else the last
 * line by id), which takes K less the others. In `bigint` arithmetic; no VAT when T is 0.
 */
const SHARED_ORDER_VAT = sql<number>`(select case when w.t <= 0 then 0
    else w.vat_others + ${includedVatSql(sql`(w.k - w.floors_others)`)} end
  from (
    select v.t as t, v.k as k,
      (select coalesce(sum(case when i.id = v.last_line then 0
          else ${includedVatSql(sql`(cast(${TAXABLE_LINE} as bigint) * v.k / nullif(v.t, 0))`)} end), 0)
        from order_items i where i.order_id = o.id) as vat_others,
      (select coalesce(sum(case when i.id = v.last_line then 0
          else cast(${TAXABLE_LINE} as bigint) * v.k / nullif(v.t, 0) end), 0)
        from order_items i where i.order_id = o.id) as floors_others
    from (
      select u.t as t,
        u.t - (case when u.s <= 0 then 0 when u.s > u.t then u.t else u.s end) as k,
        (case when o.shipping_cents > 0 then null
          else (select max(i.id) from order_items i where i.order_id = o.id and ${TAXABLE_LINE} > 0)
        end) as last_line
      from (
        select cast((select coalesce(sum(${TAXABLE_LINE}), 0) from order_items i
            where i.order_id = o.id) + o.shipping_cents as bigint) as t,
          ${spvPaidSql(sql`o.id`)} as s
      ) u
    ) v
  ) w)`;

/**
 * The VAT of `o` as placed, as its answer, invoice, e-mail and CSV have it (decision 090,
 * common/gift-card-vat.ts `voucherOrderVat`): its lines' and its shipping's, each rounded
 * (cents). A line's VAT is on what it was charged, less its share of a discount code (decision
 * 088); a multi-purpose gift card sold carries none; what single-purpose cards paid is not taxed
 * again. Only an order that gift cards paid (`gift_card_cents > 0`, few) is shared out; any other
 * takes the plain sum, as cheap as before.
 */
export const ORDER_VAT_CENTS = sql<number>`(case when o.gift_card_cents > 0 then ${SHARED_ORDER_VAT}
  else ${PLAIN_ORDER_VAT} end)`;

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
