/**
 * The back office's list of a shop's orders: newest first, 25 a page with DRF's count, next and
 * previous, a tab (group of statuses) with how many each tab would list under the other
 * filters, the payment method, the days placed (UTC), and a search in any case over the order
 * number, the customer's name and e-mail; another shop's orders are never listed. On SQLite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { createShop, createShopper, insertOrder } from '../test/order-fixtures.ts';
import { testDatabaseUrl, useTestApp } from '../test/test-app.ts';
import { ORDER_LIST_PAGE_SIZE, type ShopOrderFilters, listShopOrders } from './order-list.ts';

const t = useTestApp({}, { seed: false });
let db: Kysely<Database>;
let shop: number;
let other: number;

const day = (iso: string) => new Date(iso);

beforeAll(async () => {
  db = t.app.db;
  shop = (await createShop(db)).id;
  other = (await createShop(db)).id;
  const ada = await createShopper(db, shop, 'ada.lovelace@example.com');
  const grace = await createShopper(db, shop, 'grace@navy.example');
  const alan = await createShopper(db, shop, 'alan@example.com');
  const rows = [
    {
      number: 'ORD-7K3F-9QXD',
      userId: ada.id,
      fullname: 'Ada Lovelace',
      status: 'awaiting_payment',
      method: 'bank_transfer',
      at: '2026-11-22T09:30:00Z',
      cents: 47_500,
    },
    {
      number: 'ORD-M4TD-82HQ',
      userId: grace.id,
      fullname: 'Grace Hopper',
      status: 'paid',
      method: 'card_2c2p',
      at: '2026-11-21T15:02:00Z',
      cents: 38_500,
    },
    {
      number: 'ORD-9WQP-3HTN',
      userId: alan.id,
      fullname: 'Alan Turing',
      status: 'processing',
      method: 'bank_transfer',
      at: '2026-11-19T10:44:00Z',
      cents: 13_000,
    },
    {
      number: 'ORD-H2NV-6KRD',
      userId: ada.id,
      fullname: 'Ada Lovelace',
      status: 'shipped',
      method: 'custom',
      at: '2026-11-18T23:59:59Z',
      cents: 9000,
    },
    {
      number: 'ORD-T7CX-4RBW',
      userId: grace.id,
      fullname: 'Grace Hopper',
      status: 'canceled',
      method: 'card_2c2p',
      at: '2026-11-18T00:00:00Z',
      cents: 12_000,
    },
    {
      number: 'ORD-QQ2P-7ZKM',
      userId: alan.id,
      fullname: 'Alan Half%_Off Turing',
      status: 'refunded',
      method: 'card_2c2p',
      at: '2026-11-10T12:00:00Z',
      cents: 5000,
    },
  ] as const;
  for (const row of rows) {
    await insertOrder(db, shop, {
      userId: row.userId,
      number: row.number,
      fullname: row.fullname,
      status: row.status,
      method: row.method,
      placedAt: day(row.at),
      lines: [{ cents: row.cents }],
    });
  }
  // Another shop with an Ada Lovelace, the same e-mail and an order number one letter off.
  const otherAda = await createShopper(db, other, 'ada.lovelace@example.com');
  await insertOrder(db, other, {
    userId: otherAda.id,
    number: 'ORD-7K3F-9QXE',
    fullname: 'Ada Lovelace',
    status: 'paid',
    placedAt: day('2026-11-23T00:00:00Z'),
  });
});

const numbers = (page: { results: { order_number: string }[] }) =>
  page.results.map((r) => r.order_number);

describe('the back office’s list of orders', () => {
  it('lists the shop’s orders newest first, with what the back office shows of each', async () => {
    const page = await listShopOrders(db, shop, {});
    expect(numbers(page)).toEqual([
      'ORD-7K3F-9QXD',
      'ORD-M4TD-82HQ',
      'ORD-9WQP-3HTN',
      'ORD-H2NV-6KRD',
      'ORD-T7CX-4RBW',
      'ORD-QQ2P-7ZKM',
    ]);
    expect(page).toMatchObject({ count: 6, nextPage: null, previousPage: null });
    expect(page.results[1]).toEqual({
      order_number: 'ORD-M4TD-82HQ',
      status: 'paid',
      payment_method: 'card_2c2p',
      placed_at: '2026-11-21T15:02:00.000Z',
      customer_name: 'Grace Hopper',
      email: 'grace@navy.example',
      total: '385.00',
      items: 1,
      cancellation_request: null,
    });
    expect(page.statusCounts).toEqual({
      awaiting_payment: 1,
      to_ship: 2,
      shipped: 1,
      ready_to_collect: 0,
      completed: 0,
      canceled: 1,
      expired: 0,
      refunded: 1,
    });
  });

  it('lists one tab, paid and processing together as to ship, and counts every tab', async () => {
    const page = await listShopOrders(db, shop, { status: 'to_ship' });
    expect(numbers(page)).toEqual(['ORD-M4TD-82HQ', 'ORD-9WQP-3HTN']);
    expect(page.count).toBe(2);
    // The counts are under the other filters, not the tab.
    expect(page.statusCounts).toMatchObject({ awaiting_payment: 1, to_ship: 2, canceled: 1 });
    const empty = await listShopOrders(db, shop, { status: 'ready_to_collect' });
    expect(empty).toMatchObject({ count: 0, results: [], nextPage: null });
  });

  it('filters by payment method, and counts the tabs under it', async () => {
    const page = await listShopOrders(db, shop, { paymentMethod: 'card_2c2p' });
    expect(numbers(page)).toEqual(['ORD-M4TD-82HQ', 'ORD-T7CX-4RBW', 'ORD-QQ2P-7ZKM']);
    expect(page.statusCounts).toMatchObject({
      awaiting_payment: 0,
      to_ship: 1,
      canceled: 1,
      refunded: 1,
    });
    const tab = await listShopOrders(db, shop, { paymentMethod: 'card_2c2p', status: 'refunded' });
    expect(numbers(tab)).toEqual(['ORD-QQ2P-7ZKM']);
  });

  it('filters by the days placed, both days included, in UTC', async () => {
    const page = await listShopOrders(db, shop, {
      placedFrom: '2026-11-18',
      placedTo: '2026-11-19',
    });
    expect(numbers(page)).toEqual(['ORD-9WQP-3HTN', 'ORD-H2NV-6KRD', 'ORD-T7CX-4RBW']);
    expect(numbers(await listShopOrders(db, shop, { placedFrom: '2026-11-21' }))).toEqual([
      'ORD-7K3F-9QXD',
      'ORD-M4TD-82HQ',
    ]);
    expect(numbers(await listShopOrders(db, shop, { placedTo: '2026-11-10' }))).toEqual([
      'ORD-QQ2P-7ZKM',
    ]);
  });

  it('refuses a date that is not a day', async () => {
    await expect(
      listShopOrders(db, shop, { placedFrom: '2026-02-30', placedTo: '30/11/2026' }),
    ).rejects.toMatchObject({
      code: 'invalid_order_input',
      fields: { placed_from: ['Enter a valid date.'], placed_to: ['Enter a valid date.'] },
    });
  });
});

describe('searching the back office’s orders', () => {
  it.each([
    ['a whole order number', 'ORD-7K3F-9QXD', ['ORD-7K3F-9QXD']],
    ['the start of one, in lower case', 'ord-m4', ['ORD-M4TD-82HQ']],
    ['a part of one', '3htn', ['ORD-9WQP-3HTN']],
    ['a part of a name, in any case', 'LOVEL', ['ORD-7K3F-9QXD', 'ORD-H2NV-6KRD']],
    ['a first name', 'grace', ['ORD-M4TD-82HQ', 'ORD-T7CX-4RBW']],
    ['a whole e-mail', 'alan@example.com', ['ORD-9WQP-3HTN', 'ORD-QQ2P-7ZKM']],
    ['a part of an e-mail, in any case', 'NAVY.EX', ['ORD-M4TD-82HQ', 'ORD-T7CX-4RBW']],
    ['a percent sign and an underscore as themselves', 'f%_o', ['ORD-QQ2P-7ZKM']],
    ['an underscore that is nowhere', 'ada_', []],
    ['nothing', 'zebra', []],
  ])('finds orders by %s', async (_, search, expected) => {
    const page = await listShopOrders(db, shop, { search });
    expect(numbers(page)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('counts the tabs of what it finds', async () => {
    const page = await listShopOrders(db, shop, { search: 'grace' });
    expect(page.statusCounts).toMatchObject({ to_ship: 1, canceled: 1, awaiting_payment: 0 });
    const tab = await listShopOrders(db, shop, { search: 'grace', status: 'canceled' });
    expect(numbers(tab)).toEqual(['ORD-T7CX-4RBW']);
  });

  it('never lists another shop’s orders, whatever matches them', async () => {
    expect(numbers(await listShopOrders(db, shop, { search: 'ORD-7K3F-9QX' }))).toEqual([
      'ORD-7K3F-9QXD',
    ]);
    const theirs = await listShopOrders(db, other, {});
    expect(numbers(theirs)).toEqual(['ORD-7K3F-9QXE']);
    expect(theirs.statusCounts.to_ship).toBe(1);
  });
});

describe('pages of the back office’s list', () => {
  it(`has ${ORDER_LIST_PAGE_SIZE} orders a page, with the pages beside it`, async () => {
    const many = (await createShop(db)).id;
    const shopper = await createShopper(db, many);
    const start = Date.parse('2026-10-01T00:00:00Z');
    for (let i = 0; i < 27; i++) {
      await insertOrder(db, many, {
        userId: shopper.id,
        number: `ORD-PAGE-${String(i).padStart(4, 'A')}`,
        status: 'shipped',
        placedAt: new Date(start + i * 3_600_000),
      });
    }
    const first = await listShopOrders(db, many, {});
    expect(first).toMatchObject({ count: 27, nextPage: 2, previousPage: null });
    expect(first.results).toHaveLength(25);
    expect(first.results[0]!.placed_at).toBe('2026-10-02T02:00:00.000Z');
    const second = await listShopOrders(db, many, { page: 2 });
    expect(second).toMatchObject({ count: 27, nextPage: null, previousPage: 1 });
    expect(second.results.map((r) => r.placed_at)).toEqual([
      '2026-10-01T01:00:00.000Z',
      '2026-10-01T00:00:00.000Z',
    ]);
    await expect(listShopOrders(db, many, { page: 3 })).rejects.toMatchObject({
      code: 'invalid_page',
      message: 'Invalid page.',
    });
    await expect(listShopOrders(db, many, { page: 2 ** 40 })).rejects.toMatchObject({
      code: 'invalid_page',
    });
    // Page 1 of nothing is a page.
    expect(await listShopOrders(db, many, { status: 'expired' })).toMatchObject({
      count: 0,
      results: [],
    });
  });
});

/** SQLite's plan of each query the list sends for `filters` (counts first, then the page). */
async function plans(filters: ShopOrderFilters): Promise<string[]> {
  const compiled: CompiledQuery[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => {
      compiled.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await listShopOrders(recorded, shop, filters);
  const explained: string[] = [];
  for (const query of compiled) {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    explained.push(result.rows.map((row) => row.detail).join('\n'));
  }
  return explained;
}

// PostgreSQL plans a table of a few rows with a scan whatever its indexes: its plans at
// 100,000 orders are in `npm run bench -- --orders 100000`.
describe.skipIf(testDatabaseUrl !== null)('the back office’s indexes (SQLite’s plans)', () => {
  it('counts from the status index and reads the first page in the order of an index', async () => {
    const [counts, page] = await plans({});
    expect(counts).toContain('USING COVERING INDEX orders_desk_status_idx');
    expect(page).toContain('USING INDEX orders_desk_idx');
    expect(page).not.toContain('TEMP B-TREE FOR ORDER BY');
  });

  it('reads a tab from the status index and a method from its own', async () => {
    expect((await plans({ status: 'shipped' }))[1]).toContain('USING INDEX orders_desk_status_idx');
    expect((await plans({ paymentMethod: 'custom' }))[1]).toContain(
      'USING INDEX orders_desk_method_idx',
    );
  });

  it('finds an e-mail through the shoppers and an order number through its index', async () => {
    const [, byEmail] = await plans({ search: 'ada.lovelace@example.com' });
    expect(byEmail).toContain('orders_user_created_idx');
    expect(byEmail).not.toMatch(/SCAN o2?\b/);
    const [, byNumber] = await plans({ search: 'ORD-7K3F' });
    expect(byNumber).toMatch(
      /SEARCH o2 USING COVERING INDEX sqlite_autoindex_orders_\d+ \(tenant_id=\? AND order_number>\? AND order_number<\?\)/,
    );
  });
});
