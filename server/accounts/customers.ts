/**
 * The back office's customers (`GET /customers/`, `GET /customers/{id}/`): read-only, for every
 * member. The account stays the shopper's: nothing here changes it.
 *
 * - Who: every customer account of the shop, never an erased one (server/accounts/erasure.ts:
 *   its e-mail and name are gone; its orders stay in the orders and the sales figures, under the
 *   name they were placed with, for the shop's accounts). The shop has no guest checkout: every
 *   order is placed from an account, so every buyer is an account here, and there are no guests
 *   to group by e-mail.
 * - What they spent: the orders the sales view counts (server/orders/sales-rules.ts: paid, not
 *   canceled, at their total less refunds), added up by the database.
 * - Their name: the one on their latest order, else on their saved address (the default first),
 *   else their username (an account has no name of its own).
 * - Their messages: only those provably theirs, by the data download's rule
 *   (./my-data.ts `ownContactMessages`): a stranger who registered someone's address sees none
 *   of that person's messages, and neither does the back office under that stranger's name.
 * - Consent: the shop asks shoppers for no marketing or newsletter consent, so there is none to
 *   show: `not_recorded` (the screen says to send them no marketing).
 */
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { readCountedPage } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { OrderErrorCode } from '../orders/errors.ts';
import {
  averageOrderCents,
  countedOrders,
  NET_CENTS,
  REFUNDED_CENTS,
} from '../orders/sales-rules.ts';
import type { AccountErrorCode } from './errors.ts';
import { ownContactMessages } from './my-data.ts';
import { dialectOf } from '../platform/db/connection.ts';

export type CustomerSummary = Schemas['CustomerSummary'];
export type Customer = Schemas['Customer'];

/** Customers a page of the list. */
export const CUSTOMER_PAGE_SIZE = 25;
/** The longest search taken (the contract's limit). */
export const MAX_CUSTOMER_SEARCH = 100;
/** The newest orders a customer's page lists. */
export const CUSTOMER_ORDERS_SHOWN = 500;

/** The words of the customers' refusals (404 and 400 bodies), quoted by the tests. */
export const CUSTOMER_MESSAGES = {
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  nul: 'Null characters are not allowed.',
} as const;

const notFound = () =>
  new DomainError<AccountErrorCode>('customer_not_found', CUSTOMER_MESSAGES.notFound);
const invalidPage = () =>
  new DomainError<OrderErrorCode>('invalid_page', CUSTOMER_MESSAGES.invalidPage);

/** `text` as itself inside a LIKE pattern, lowercased, anything holding it. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The shop's live customers, optionally those a search finds: part of their e-mail, username,
 * or a name they ordered or saved an address under, in any case.
 */
function customersQuery(db: Kysely<Database>, tenantId: number, search: string) {
  let query = db
    .selectFrom('users as u')
    .where('u.tenant_id', '=', tenantId)
    .where('u.erased_at', 'is', null);
  if (search !== '') {
    const pattern = containing(search);
    query = query.where(
      () => sql<boolean>`(lower(u.email) like ${pattern} escape '\\'
        or lower(u.username) like ${pattern} escape '\\'
        or exists (select 1 from orders o where o.user_id = u.id and o.tenant_id = ${tenantId}
          and lower(o.fullname) like ${pattern} escape '\\')
        or exists (select 1 from user_addresses a where a.user_id = u.id
          and lower(a.fullname) like ${pattern} escape '\\'))`,
    );
  }
  return query;
}

/** Per customer of `userIds`: their counted orders (less those refunded in full) and spend. */
async function spendOf(db: Kysely<Database>, tenantId: number, userIds: number[]) {
  if (userIds.length === 0)
    return new Map<number, { orders: number; spent: number; refunded: number }>();
  const rows = await sql<{
    user_id: number;
    orders: number | string;
    spent: number | string | null;
    refunded: number | string | null;
  }>`select o.user_id as user_id,
      count(case when ${REFUNDED_CENTS} < o.total_cents then 1 end) as orders,
      sum(${NET_CENTS}) as spent, sum(${REFUNDED_CENTS}) as refunded
    from orders o
    where ${countedOrders(tenantId)} and o.user_id in (${sql.join(userIds)})
    group by o.user_id`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.user_id),
      { orders: toCount(r.orders), spent: toCount(r.spent), refunded: toCount(r.refunded) },
    ]),
  );
}

/** Per customer of `userIds`: their latest order's time and name, and their address's name. */
async function namesOf(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0)
    return new Map<number, { lastOrderAt: string | null; name: string | null }>();
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      eb
        .selectFrom('orders as o')
        .select('o.created_at')
        .whereRef('o.user_id', '=', 'u.id')
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(1)
        .as('last_order_at'),
      eb
        .selectFrom('orders as o')
        .select('o.fullname')
        .whereRef('o.user_id', '=', 'u.id')
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(1)
        .as('order_name'),
      eb
        .selectFrom('user_addresses as a')
        .select('a.fullname')
        .whereRef('a.user_id', '=', 'u.id')
        .orderBy('a.is_default', 'desc')
        .orderBy('a.id')
        .limit(1)
        .as('address_name'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        lastOrderAt: r.last_order_at === null ? null : toIsoString(r.last_order_at),
        name: r.order_name ?? r.address_name ?? null,
      },
    ]),
  );
}

/** The summaries of `users`, in their order. */
async function summaries(
  db: Kysely<Database>,
  tenantId: number,
  users: { id: number; email: string; username: string; created_at: Date | string }[],
): Promise<CustomerSummary[]> {
  const ids = users.map((u) => u.id);
  const [spend, names] = await Promise.all([spendOf(db, tenantId, ids), namesOf(db, ids)]);
  return users.map((u) => {
    const money = spend.get(u.id);
    const named = names.get(u.id);
    return {
      id: u.id,
      name: named?.name ?? u.username,
      email: u.email,
      orders: money?.orders ?? 0,
      total_spent: toDecimal(money?.spent ?? 0),
      last_order_at: named?.lastOrderAt ?? null,
      joined_at: toIsoString(u.created_at),
    };
  });
}

/**
 * Page `page` of the shop's customers (see the module comment): who ordered most recently
 * first, then who joined most recently.
 * @throws DomainError `invalid_customer_search` (400, field `search`) for a search holding a
 *   NUL; `invalid_page` (404 "Invalid page.") past the last page.
 */
export async function listCustomers(
  db: Kysely<Database>,
  tenantId: number,
  filters: { search?: string; page?: number },
): Promise<{
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: CustomerSummary[];
}> {
  const raw = filters.search ?? '';
  if (raw.includes('\0')) {
    throw new DomainError<AccountErrorCode>('invalid_customer_search', CUSTOMER_MESSAGES.nul, {
      fields: { search: [CUSTOMER_MESSAGES.nul] },
    });
  }
  const search = raw.trim().slice(0, MAX_CUSTOMER_SEARCH);
  const postgres = dialectOf(db) === 'postgres';
  const page = await readCountedPage(
    filters.page ?? 1,
    CUSTOMER_PAGE_SIZE,
    invalidPage,
    async () =>
      toCount(
        (
          await customersQuery(db, tenantId, search)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    async (offset) => {
      const lastOrder = sql`(select max(o.created_at) from orders o where o.user_id = u.id)`;
      return customersQuery(db, tenantId, search)
        .select(['u.id', 'u.email', 'u.username', 'u.created_at'])
        .orderBy(sql`${lastOrder} ${sql.raw(postgres ? 'desc nulls last' : 'desc')}`)
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(CUSTOMER_PAGE_SIZE)
        .offset(offset)
        .execute();
    },
  );
  return {
    count: page.count,
    nextPage: page.nextPage,
    previousPage: page.previousPage,
    results: await summaries(db, tenantId, page.rows),
  };
}

const addressKey = (a: {
  fullname: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
}) =>
  [a.fullname, a.street, a.city, a.postal_code, a.country]
    .map((s) => s.trim().toLowerCase())
    .join('\n');

/**
 * One live customer of the shop with their orders (the newest {@link CUSTOMER_ORDERS_SHOWN}),
 * what they spent, their addresses, their own messages and their consent (see the module
 * comment).
 * @throws DomainError `customer_not_found` (404) for no such customer in the shop, or an erased
 *   one.
 */
export async function getCustomer(
  db: Kysely<Database>,
  tenantId: number,
  customerId: number,
): Promise<Customer> {
  if (!isRowId(customerId)) throw notFound();
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'created_at', 'email_verified_at'])
    .where('id', '=', customerId)
    .where('tenant_id', '=', tenantId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound();
  const counted = sql<boolean>`(${countedOrders(tenantId)})`;
  const [[summary], spend, orders, saved, messages] = await Promise.all([
    summaries(db, tenantId, [user]),
    spendOf(db, tenantId, [user.id]),
    db
      .selectFrom('orders as o')
      .select([
        'o.order_number',
        'o.status',
        'o.created_at',
        'o.paid_at',
        'o.total_cents',
        'o.refunded_cents',
        'o.fullname',
        'o.contact_number',
        'o.street',
        'o.city',
        'o.postal_code',
        'o.country',
        counted.as('counted'),
      ])
      .where('o.tenant_id', '=', tenantId)
      .where('o.user_id', '=', user.id)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(CUSTOMER_ORDERS_SHOWN)
      .execute(),
    db
      .selectFrom('user_addresses')
      .select([
        'fullname',
        'contact_number',
        'street',
        'city',
        'postal_code',
        'country',
        'is_default',
      ])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', user.id)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
    ownContactMessages(db, tenantId, user)
      .select((eb) => [
        'id',
        'name',
        'email',
        'subject',
        'message',
        'created_at',
        'read_at',
        'archived_at',
        eb
          .selectFrom('contact_message_replies as r')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('r.message_id', '=', 'contact_messages.id')
          .as('reply_count'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const money = spend.get(user.id) ?? { orders: 0, spent: 0, refunded: 0 };
  const addresses: Customer['addresses'] = saved.map((a) => ({
    fullname: a.fullname,
    street: a.street,
    city: a.city,
    postal_code: a.postal_code,
    country: a.country,
    contact_number: a.contact_number,
    source: 'saved',
    is_default: Boolean(a.is_default),
  }));
  const seen = new Set(addresses.map(addressKey));
  for (const o of orders) {
    if (seen.has(addressKey(o))) continue;
    seen.add(addressKey(o));
    addresses.push({
      fullname: o.fullname,
      street: o.street,
      city: o.city,
      postal_code: o.postal_code,
      country: o.country,
      contact_number: o.contact_number,
      source: 'order',
      is_default: false,
    });
  }
  return {
    ...summary!,
    username: user.username,
    email_verified: user.email_verified_at !== null,
    refunded: toDecimal(money.refunded),
    average_order: toDecimal(averageOrderCents(money.spent, money.orders)),
    orders_list: orders.map((o) => ({
      order_number: o.order_number,
      status: o.status,
      placed_at: toIsoString(o.created_at),
      paid_at: o.paid_at === null ? null : toIsoString(o.paid_at),
      total: toDecimal(o.total_cents),
      refunded: toDecimal(o.refunded_cents),
      counted: Boolean(o.counted),
    })),
    addresses,
    messages: messages.map((m) => {
      const flat = m.message.replace(/\s+/g, ' ').trim();
      return {
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        excerpt: flat.length > 140 ? `${flat.slice(0, 139)}…` : flat,
        created_at: toIsoString(m.created_at),
        is_read: m.read_at !== null,
        is_archived: m.archived_at !== null,
        reply_count: toCount(m.reply_count),
      };
    }),
    consent: { marketing: 'not_recorded', newsletter: 'not_recorded' },
  };
}
