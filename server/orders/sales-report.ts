/**
 * The back office's sales view (`GET /sales/`, owner only): a period's revenue, VAT, refunds,
 * orders and average order against the period before it, each day's revenue, and the five
 * products and categories that brought in most.
 *
 * Which orders count, and at what, is ./sales-rules.ts: paid and not canceled, on the UTC day
 * they were paid, at their total less what was refunded of them. Everything is added up by the
 * database: one query groups the counted orders of both periods by day (a scan of the shop's
 * orders paid in those days), two more rank the lines of the period. Money in integer cents,
 * answered as the contract's decimal strings in the shop's currency.
 */
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { toCount } from '../platform/db/mapping.ts';
import {
  countedOrders,
  NET_CENTS,
  ORDER_VAT_CENTS,
  RATE_BP,
  REFUND_VAT_OF_ROW,
  REFUNDED_CENTS,
  averageOrderCents,
} from './sales-rules.ts';
import { type DayRange, dayRange, lastDays, rangeBefore, rangeOf } from './sales-days.ts';
import { dialectOf } from '../platform/db/connection.ts';

export type SalesReport = Schemas['SalesReport'];
export type SalesPeriod = Schemas['SalesPeriod'];
type SalesFigures = Schemas['SalesFigures'];
type SalesChange = Schemas['SalesChange'];

/** How many products and categories the view ranks. */
export const TOP_COUNT = 5;

/** What the view is asked for: a period, or a range of days (`from`, `to`, `YYYY-MM-DD`). */
export interface SalesQuery {
  period?: SalesPeriod;
  from?: string;
  to?: string;
}

/** The UTC day `o.paid_at` falls on, as `YYYY-MM-DD`. */
export function paidDaySql(db: Kysely<Database>) {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(o.paid_at, 1, 10)`;
}

/**
 * The range the query names: `today`, the last 7 or 30 days (today included), or `range`
 * (the default when `from` or `to` is given; else the last 7 days).
 * @throws DomainError `invalid_order_input` (./sales-days.ts `dayRange`).
 */
export function rangeOfQuery(
  query: SalesQuery,
  now: Date,
): { period: SalesPeriod; range: DayRange } {
  const period: SalesPeriod =
    query.period ?? (query.from !== undefined || query.to !== undefined ? 'range' : 'last_7_days');
  if (period === 'range') return { period, range: dayRange(query.from, query.to) };
  const days = period === 'today' ? 1 : period === 'last_7_days' ? 7 : 30;
  return { period, range: lastDays(now, days) };
}

/** A period's sums in cents. */
interface Sums {
  revenue: number;
  vat: number;
  refunded: number;
  orders: number;
}

const ZERO: Sums = { revenue: 0, vat: 0, refunded: 0, orders: 0 };

/** `revenue / orders`, half up to the cent; 0 without orders. */
const averageCents = (sums: Sums) => averageOrderCents(sums.revenue, sums.orders);

function figures(sums: Sums): SalesFigures {
  return {
    revenue: toDecimal(sums.revenue),
    vat: toDecimal(sums.vat),
    revenue_excluding_vat: toDecimal(sums.revenue - sums.vat),
    refunded: toDecimal(sums.refunded),
    orders: sums.orders,
    average_order: toDecimal(averageCents(sums)),
  };
}

/**
 * How `now` moved from `before`: its size in percent to one decimal (half up), or null when
 * `before` is 0 and `now` is not (nothing to compare with).
 */
export function changeOf(now: number, before: number): SalesChange {
  if (before === 0) {
    return now === 0 ? { percent: '0.0', direction: 'same' } : { percent: null, direction: 'none' };
  }
  const tenths = Math.floor((2 * Math.abs(now - before) * 1000 + before) / (2 * before));
  return {
    percent: `${Math.trunc(tenths / 10)}.${tenths % 10}`,
    direction: tenths === 0 ? 'same' : now > before ? 'up' : 'down',
  };
}

/**
 * The counted orders' sums per paid day from `range.startIso` to `range.endIso` (exclusive).
 * Each order's own figures are read first (a derived table, so its VAT's subquery is per order),
 * then added up per day.
 */
async function sumsPerDay(
  db: Kysely<Database>,
  tenantId: number,
  range: { startIso: string; endIso: string },
): Promise<Map<string, Sums>> {
  const rows = await sql<{
    day: string;
    orders: number | string;
    revenue: number | string | null;
    refunded: number | string | null;
    vat: number | string | null;
  }>`select x.day as day,
      count(case when x.refunded < x.total then 1 end) as orders,
      sum(x.total - x.refunded) as revenue,
      sum(x.refunded) as refunded,
      sum(x.order_vat - ${REFUND_VAT_OF_ROW}) as vat
    from (
      select ${paidDaySql(db)} as day, o.total_cents as total, ${REFUNDED_CENTS} as refunded,
        ${ORDER_VAT_CENTS} as order_vat, ${RATE_BP} as rate
      from orders o
      where ${countedOrders(tenantId)} and o.paid_at >= ${range.startIso} and o.paid_at < ${range.endIso}
    ) x
    group by x.day`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.day,
      {
        orders: toCount(row.orders),
        revenue: toCount(row.revenue),
        refunded: toCount(row.refunded),
        vat: toCount(row.vat),
      },
    ]),
  );
}

/** The sums of the days of `range`. */
function sumOver(perDay: Map<string, Sums>, range: DayRange): Sums {
  const total = { ...ZERO };
  for (const [day, sums] of perDay) {
    if (day < range.from || day > range.to) continue;
    total.revenue += sums.revenue;
    total.vat += sums.vat;
    total.refunded += sums.refunded;
    total.orders += sums.orders;
  }
  return total;
}

/**
 * The five products whose lines brought in most in `range`, an order's refunds spread over its
 * lines in proportion to their price (rounded down per line), and the five categories. A deleted
 * product keeps the name of its order line, and falls in no category.
 */
async function topSellers(db: Kysely<Database>, tenantId: number, range: DayRange) {
  const lineNet = sql`(cast(i.line_total_cents as bigint) * ${NET_CENTS} / o.total_cents)`;
  const where = sql`${countedOrders(tenantId)} and o.paid_at >= ${range.startIso}
    and o.paid_at < ${range.endIso} and o.total_cents > 0`;
  const [products, categories] = await Promise.all([
    sql<{
      product_id: number | null;
      name: string;
      quantity: number | string;
      revenue: number | string;
    }>`select i.product_id as product_id, coalesce(p.name, i.product_name) as name,
        sum(i.quantity) as quantity, sum(${lineNet}) as revenue
      from order_items i
      join orders o on o.id = i.order_id
      left join products p on p.id = i.product_id and p.tenant_id = o.tenant_id
      where ${where}
      group by i.product_id, coalesce(p.name, i.product_name)
      having sum(${lineNet}) > 0
      order by revenue desc, name
      limit ${TOP_COUNT}`.execute(db),
    sql<{ category_id: number | null; name: string | null; revenue: number | string }>`
      select c.id as category_id, c.name as name, sum(${lineNet}) as revenue
      from order_items i
      join orders o on o.id = i.order_id
      left join products p on p.id = i.product_id and p.tenant_id = o.tenant_id
      left join categories c on c.id = p.category_id
      where ${where}
      group by c.id, c.name
      having sum(${lineNet}) > 0
      order by revenue desc, name
      limit ${TOP_COUNT}`.execute(db),
  ]);
  return {
    top_products: products.rows.map((row) => ({
      product_id: row.product_id === null ? null : Number(row.product_id),
      name: row.name,
      quantity: toCount(row.quantity),
      revenue: toDecimal(toCount(row.revenue)),
    })),
    top_categories: categories.rows.map((row) => ({
      category_id: row.category_id === null ? null : Number(row.category_id),
      name: row.name ?? 'Pieces no longer in the catalogue',
      revenue: toDecimal(toCount(row.revenue)),
    })),
  };
}

/** The shop's currency and whether it is registered for VAT now. */
export async function shopMoneyFacts(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ currency: string; vatRegistered: boolean }> {
  const row = await db
    .selectFrom('tenants as t')
    .leftJoin('site_settings as s', 's.tenant_id', 't.id')
    .select(['t.currency', 's.vat_registered'])
    .where('t.id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { currency: row.currency, vatRegistered: Boolean(row.vat_registered) };
}

/**
 * The sales view of `query`'s period (see the module comment), as of `now`.
 * @throws DomainError `invalid_order_input` (400, field errors on `from` and `to`) for a range
 *   that is not one (./sales-days.ts `dayRange`).
 */
export async function salesReport(
  db: Kysely<Database>,
  tenantId: number,
  query: SalesQuery,
  now: Date,
): Promise<SalesReport> {
  const { period, range } = rangeOfQuery(query, now);
  const before = rangeBefore(range);
  const both = { startIso: before.startIso, endIso: range.endIso };
  const [perDay, top, shop] = await Promise.all([
    sumsPerDay(db, tenantId, both),
    topSellers(db, tenantId, range),
    shopMoneyFacts(db, tenantId),
  ]);
  const current = sumOver(perDay, range);
  const previous = sumOver(perDay, before);
  const start = Date.parse(range.startIso);
  const days = Array.from({ length: range.days }, (_, i) => {
    const day = rangeOf(start + i * 86_400_000, 1).from;
    const sums = perDay.get(day) ?? ZERO;
    return { date: day, revenue: toDecimal(sums.revenue), orders: sums.orders };
  });
  return {
    currency: shop.currency,
    vat_registered: shop.vatRegistered,
    time_zone: 'UTC',
    period,
    from: range.from,
    to: range.to,
    previous_from: before.from,
    previous_to: before.to,
    current: figures(current),
    previous: figures(previous),
    changes: {
      revenue: changeOf(current.revenue, previous.revenue),
      orders: changeOf(current.orders, previous.orders),
      average_order: changeOf(averageCents(current), averageCents(previous)),
    },
    days,
    ...top,
  };
}
