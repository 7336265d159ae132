/**
 * The back office's list of a shop's orders (`GET /orders/`): newest first, 25 a
 * page, filtered by a tab of the back office (a group of statuses), the payment method, the days it
 * was placed on and a search, with how many orders each tab would list under the other filters.
 *
 * Two queries whatever the page: the count per status (under every filter but the tab; the
 * page's `count` is its tab's, or all of them without a tab), and the page with each order's
 * shopper e-mail. Both read a shop's orders through the back office's indexes (migration
 * 2026_010_back_office): `orders_desk_idx` (tenant, placed newest first), `orders_desk_status_idx`
 * (tenant, status, placed) and `orders_desk_method_idx` (tenant, method, placed), so the first
 * page of a tab is read in index order and stops after 25 rows, and the counts are a scan of an
 * index rather than of the table. A search is first the ids of the orders it finds, one field
 * at a time through that field's index (`matching`), so a search by e-mail or order number
 * reads only what it finds; a search by part of a name reads the name of every order of the
 * shop. Measured at 100,000 orders by `npm run bench -- --orders 100000`.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import { TO_SHIP } from './staff-actions.ts';
import type { OrderErrorCode } from './errors.ts';
import { ORDER_MESSAGES } from './messages.ts';
import { dialectOf } from '../platform/db/connection.ts';

export type AdminOrderSummary = Schemas['AdminOrderSummary'];
export type ShopOrderStatusFilter = Schemas['AdminOrderStatusFilter'];
export type ShopOrderStatusCounts = Schemas['AdminOrderStatusCounts'];

/** Orders a page of the back office's list. */
export const ORDER_LIST_PAGE_SIZE = 25;

/** The longest search the back office takes (the contract's limit). */
export const MAX_ORDER_SEARCH = 100;

/** The statuses each tab of the back office lists; every status is in exactly one tab. */
export const ORDER_TAB_STATUSES: { readonly [F in ShopOrderStatusFilter]: readonly OrderStatus[] } =
  {
    awaiting_payment: ['awaiting_payment'],
    // The back office's one "To ship" (./staff-actions.ts), which Today lists too.
    to_ship: TO_SHIP,
    shipped: ['shipped'],
    ready_to_collect: ['ready_to_collect'],
    completed: ['completed'],
    canceled: ['canceled'],
    expired: ['expired'],
    refunded: ['refunded'],
  };

const TABS = Object.keys(ORDER_TAB_STATUSES) as ShopOrderStatusFilter[];

/** The tab that lists `status`. */
export function tabOf(status: OrderStatus): ShopOrderStatusFilter {
  return TABS.find((tab) => ORDER_TAB_STATUSES[tab].includes(status))!;
}

/** What the back office filters by; every field is optional. */
export interface ShopOrderFilters {
  status?: ShopOrderStatusFilter;
  paymentMethod?: PaymentMethod;
  /** The first day placed, `YYYY-MM-DD`, from 00:00 UTC. */
  placedFrom?: string;
  /** The last day placed, `YYYY-MM-DD`, until 24:00 UTC. */
  placedTo?: string;
  /** Part of an order number, a customer's name or e-mail, in any case (see `matching`). */
  search?: string;
  /**
   * `open`: only orders whose shopper asked to cancel under the 14-day right and that are not
   * canceled, expired or refunded yet (./cancellation.ts).
   */
  cancellationRequest?: 'open';
  /** 1-based (default 1). */
  page?: number;
}

/** One page of the list, with the numbers of the pages beside it (null: there is none). */
export interface ShopOrderPage {
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: AdminOrderSummary[];
  statusCounts: ShopOrderStatusCounts;
}

const INVALID_DATE = 'Enter a valid date.';

/** Midnight UTC of a `YYYY-MM-DD` day as an ISO string, or null when it is not a real day. */
function dayStart(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day
    ? null
    : at.toISOString();
}

/** `text` as itself inside a LIKE pattern (`%`, `_` and the escape character escaped). */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern of anything holding `text`. */
function likeContaining(text: string): string {
  return `%${likeEscaped(text)}%`;
}

type OrderExpression = Expression<SqlBool>;

/**
 * The filters' conditions on `orders as o`, but the tab's.
 * @throws DomainError `invalid_order_input` for a date that is not a real `YYYY-MM-DD` day.
 */
function conditions(
  tenantId: number,
  filters: ShopOrderFilters,
  dialect: 'sqlite' | 'postgres',
): OrderExpression[] {
  const where: OrderExpression[] = [sql<SqlBool>`o.tenant_id = ${tenantId}`];
  if (filters.paymentMethod) where.push(sql<SqlBool>`o.payment_method = ${filters.paymentMethod}`);
  const fields: Record<string, string[]> = {};
  if (filters.placedFrom !== undefined) {
    const from = dayStart(filters.placedFrom);
    if (from === null) fields.placed_from = [INVALID_DATE];
    else where.push(sql<SqlBool>`o.created_at >= ${from}`);
  }
  if (filters.placedTo !== undefined) {
    const to = dayStart(filters.placedTo);
    if (to === null) fields.placed_to = [INVALID_DATE];
    else {
      const end = new Date(new Date(to).getTime() + 86_400_000).toISOString();
      where.push(sql<SqlBool>`o.created_at < ${end}`);
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new DomainError<OrderErrorCode>('invalid_order_input', INVALID_DATE, { fields });
  }
  if (filters.cancellationRequest === 'open') {
    where.push(
      sql<SqlBool>`o.cancellation_requested_at is not null and o.status not in ('canceled', 'expired', 'refunded')`,
    );
  }
  const term = (filters.search ?? '').trim().slice(0, MAX_ORDER_SEARCH);
  if (term !== '') where.push(sql<SqlBool>`o.id in (${matching(tenantId, term, dialect)})`);
  return where;
}

/** True when the term may be part of an order number: letters, digits and hyphens only. */
const NUMBER_LIKE = /^[a-z0-9-]+$/i;

/**
 * The ids of the shop's orders whose number, customer name or e-mail holds `term`, in any case,
 * as one subquery, each field read through an index of its own where the term's shape allows:
 *
 * - e-mails: the shop's shoppers whose e-mail holds the term (their index on the shop and the
 *   e-mail; a shop has far fewer shoppers than orders), then their orders (by shopper);
 * - order numbers: a term starting with "ORD-" is the start of one, read as a range of the
 *   shop's numbers (its unique index); any other term of letters, digits and hyphens is looked
 *   for inside each number of that index;
 * - names: the name the order was placed under, read from every order of the shop: not for a
 *   term holding "@" or a digit, which is an e-mail or an order number (no one is named so).
 */
function matching(tenantId: number, term: string, dialect: 'sqlite' | 'postgres') {
  const lower = term.toLowerCase();
  const upper = term.toUpperCase();
  const parts = [
    sql`select o2.id from orders o2 where o2.tenant_id = ${tenantId} and o2.user_id in (
      select u.id from users u where u.tenant_id = ${tenantId}
        and u.email like ${likeContaining(lower)} escape '\\')`,
  ];
  if (NUMBER_LIKE.test(term)) {
    if (upper.startsWith('ORD-')) {
      // SQLite compares the numbers byte by byte, so a range is their start; PostgreSQL's
      // collation may not, and its LIKE uses the index when the collation allows.
      parts.push(
        dialect === 'sqlite'
          ? sql`select o2.id from orders o2 where o2.tenant_id = ${tenantId}
              and o2.order_number >= ${upper} and o2.order_number < ${`${upper}\uffff`}`
          : sql`select o2.id from orders o2 where o2.tenant_id = ${tenantId}
              and o2.order_number like ${`${likeEscaped(upper)}%`} escape '\\'`,
      );
    } else {
      parts.push(
        sql`select o2.id from orders o2 where o2.tenant_id = ${tenantId}
          and o2.order_number like ${likeContaining(upper)} escape '\\'`,
      );
    }
  }
  if (!/[@0-9]/.test(term)) {
    // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE of every letter.
    parts.push(
      sql`select o2.id from orders o2 where o2.tenant_id = ${tenantId}
        and o2.fullname ${sql.raw(dialect === 'sqlite' ? 'like' : 'ilike')} ${likeContaining(term)} escape '\\'`,
    );
  }
  return sql.join(parts, sql` union `);
}

const and = (parts: OrderExpression[]) => sql<SqlBool>`${sql.join(parts, sql` and `)}`;

/** The columns {@link toSummary} reads, of `orders as o` joined with `users as u`. */
export const SUMMARY_COLUMNS = [
  'o.order_number',
  'o.status',
  'o.payment_method',
  'o.created_at',
  'o.fullname',
  'u.email',
  'o.total_cents',
  'o.total_items',
  'o.cancellation_requested_at',
  'o.cancellation_reason',
] as const;

/**
 * Page `filters.page` of the shop's orders under the filters (see the module comment).
 * @throws DomainError `invalid_page` ("Invalid page.") for a page past the last (page 1 is
 *   always valid) or beyond any offset; `invalid_order_input` (field `placed_from` or
 *   `placed_to`: "Enter a valid date.") for a date that is not a real day.
 */
export async function listShopOrders(
  db: Kysely<Database>,
  tenantId: number,
  filters: ShopOrderFilters,
): Promise<ShopOrderPage> {
  const page = filters.page ?? 1;
  const offset = pageOffset(page, ORDER_LIST_PAGE_SIZE);
  if (offset === null || page < 1) {
    throw new DomainError<OrderErrorCode>('invalid_page', ORDER_MESSAGES.invalidPage);
  }
  const where = conditions(tenantId, filters, dialectOf(db));

  // Grouped by `+o.status` under a payment method on SQLite: an expression, so its planner reads
  // the method's rows from orders_desk_method_idx (status included) instead of walking the status
  // index for the grouping's order (150 ms against 10 at 100,000 orders).
  const perStatus = await db
    .selectFrom('orders as o')
    .select(['o.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(and(where))
    .groupBy(filters.paymentMethod && dialectOf(db) === 'sqlite' ? sql`+o.status` : 'o.status')
    .execute();
  const statusCounts = Object.fromEntries(TABS.map((tab) => [tab, 0])) as ShopOrderStatusCounts;
  for (const row of perStatus) statusCounts[tabOf(row.status)] += toCount(row.n);
  const count = filters.status
    ? statusCounts[filters.status]
    : TABS.reduce((sum, tab) => sum + statusCounts[tab], 0);
  if (page > 1 && offset >= count) {
    throw new DomainError<OrderErrorCode>('invalid_page', ORDER_MESSAGES.invalidPage);
  }

  let results: AdminOrderSummary[] = [];
  if (count > 0) {
    const tab = filters.status
      ? [sql<SqlBool>`o.status in (${sql.join(ORDER_TAB_STATUSES[filters.status])})`]
      : [];
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(SUMMARY_COLUMNS)
      .where(and([...where, ...tab]))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(ORDER_LIST_PAGE_SIZE)
      .offset(offset)
      .execute();
    results = rows.map(toSummary);
  }
  return {
    count,
    nextPage: offset + ORDER_LIST_PAGE_SIZE < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    results,
    statusCounts,
  };
}

/** An order row with its shopper's e-mail as the contract's AdminOrderSummary. */
export function toSummary(row: {
  order_number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  created_at: Date | string;
  fullname: string;
  email: string;
  total_cents: number;
  total_items: number;
  cancellation_requested_at: Date | string | null;
  cancellation_reason: string | null;
}): AdminOrderSummary {
  return {
    order_number: row.order_number,
    status: row.status,
    payment_method: row.payment_method,
    placed_at: toIsoString(row.created_at),
    customer_name: row.fullname,
    email: row.email,
    total: toDecimal(row.total_cents),
    items: row.total_items,
    cancellation_request:
      row.cancellation_requested_at === null
        ? null
        : {
            requested_at: toIsoString(row.cancellation_requested_at),
            reason: row.cancellation_reason,
          },
  };
}
