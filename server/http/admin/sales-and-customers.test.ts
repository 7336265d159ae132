/**
 * Knowing the business through the back office's API: the sales view's figures of a known set
 * of orders (a refund, a refund in full, a canceled order, an unpaid transfer, an order just
 * outside the days, another shop's order; VAT apart), against the period before; the
 * accountant's CSV adding up to the same figures, with formula-like cells neutralised; the
 * customers with their search, totals and own messages, never an erased account; the owner
 * alone on the sales; bad ranges refused with DRF bodies. On SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { components } from '../../../common/admin-api';
import { EXPORT_PAGE_SIZE, salesExport } from '../../orders/sales-exports.ts';
import { createShop, createShopper, insertOrder } from '../../test/order-fixtures.ts';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, type TestStaff } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';
import { parse } from 'csv-parse/sync';

type Schemas = components['schemas'];

const t = useTestApp();
let shop: { id: number; token: string };
let other: { id: number; token: string };
let owner: TestStaff;
let staff: TestStaff;
let ada: { id: number; email: string };
let erased: { id: number; email: string };

const EVIL_NAME = '=HYPERLINK("https://evil.example","Click")';

/** An order of `userId` placed and paid at the given times, with its money columns as given. */
async function order(
  tenantId: number,
  userId: number,
  o: {
    lines: { name: string; cents: number; quantity?: number }[];
    placed: string;
    paid?: string | null;
    status?: Schemas['AdminOrderStatus'];
    shipping?: number;
    refunded?: number;
    vatBp?: number | null;
    fullname?: string;
  },
) {
  const made = await insertOrder(t.app.db, tenantId, {
    userId,
    lines: o.lines,
    placedAt: new Date(o.placed),
    status: o.status ?? 'paid',
    fullname: o.fullname,
  });
  const shipping = o.shipping ?? 0;
  await t.app.db
    .updateTable('orders')
    .set({
      paid_at: o.paid === undefined ? o.placed : o.paid,
      shipping_cents: shipping,
      total_cents: made.total_cents + shipping,
      refunded_cents: o.refunded ?? 0,
      vat_rate_bp: o.vatBp === undefined ? 2000 : o.vatBp,
      expires_at: null,
    })
    .where('id', '=', made.id)
    .execute();
  return made;
}

beforeAll(async () => {
  shop = await createShop(t.app.db);
  other = await createShop(t.app.db);
  await t.app.db
    .updateTable('tenants')
    .set({ currency: 'GBP' })
    .where('id', '=', shop.id)
    .execute();
  owner = await createStaff(t.app.db, { tenantId: shop.id, role: 'owner' });
  staff = await createStaff(t.app.db, { tenantId: shop.id, role: 'staff' });
  ada = await createShopper(t.app.db, shop.id, 'ada@example.com');
  erased = await createShopper(t.app.db, shop.id, 'gone@example.com');
  const stranger = await createShopper(t.app.db, other.id, 'ada@example.com');

  // The period: 2026-10-08 to 2026-10-14. A: 120.00 + 2 × 40.00 + 5.00 shipping at 20 %.
  await order(shop.id, ada.id, {
    lines: [
      { name: 'Gyuto 210', cents: 12_000 },
      { name: 'Petty knife', cents: 4_000, quantity: 2 },
    ],
    shipping: 500,
    placed: '2026-10-07T20:00:00.000Z',
    paid: '2026-10-08T10:00:00.000Z',
  });
  // B: 100.00, 25.00 of it refunded, paid in the period's last millisecond of 2026-10-10.
  const b = await order(shop.id, ada.id, {
    lines: [{ name: 'Gyuto 210', cents: 10_000 }],
    placed: '2026-10-10T23:59:59.999Z',
    refunded: 2_500,
    fullname: EVIL_NAME,
  });
  await t.app.db
    .insertInto('refunds')
    .values({
      uuid: crypto.randomUUID(),
      tenant_id: shop.id,
      order_id: b.id,
      payment_id: null,
      amount_cents: 2_500,
      reason: '+1-1 chipped tip',
      status: 'manual',
      provider_ref: null,
      staff_id: null,
      created_at: '2026-10-11T09:00:00.000Z',
    })
    .execute();
  // C: refunded in full, placed without VAT: nothing, and not an order of the figures.
  await order(shop.id, ada.id, {
    lines: [{ name: 'Bread knife', cents: 3_000 }],
    placed: '2026-10-12T08:00:00.000Z',
    status: 'refunded',
    refunded: 3_000,
    vatBp: null,
  });
  // Never counted: a canceled paid order, an unpaid transfer, one paid the day after, another
  // shop's, an erased customer's... which counts (the shop's accounts keep it), in the period
  // before.
  await order(shop.id, ada.id, {
    lines: [{ name: 'Gyuto 210', cents: 5_000 }],
    placed: '2026-10-11T08:00:00.000Z',
    status: 'canceled',
    refunded: 5_000,
  });
  await order(shop.id, ada.id, {
    lines: [{ name: 'Gyuto 210', cents: 9_000 }],
    placed: '2026-10-09T08:00:00.000Z',
    status: 'awaiting_payment',
    paid: null,
  });
  await order(shop.id, ada.id, {
    lines: [{ name: 'Gyuto 210', cents: 7_000 }],
    placed: '2026-10-14T22:00:00.000Z',
    paid: '2026-10-15T00:00:00.000Z',
  });
  await order(other.id, stranger.id, {
    lines: [{ name: 'Other shop piece', cents: 99_900 }],
    placed: '2026-10-09T08:00:00.000Z',
  });
  // The period before, 2026-10-01 to 2026-10-07: one order of 140.00, from the erased customer.
  await order(shop.id, erased.id, {
    lines: [{ name: 'Santoku', cents: 14_000 }],
    placed: '2026-10-03T08:00:00.000Z',
    fullname: 'Grace Gone',
  });
  await t.app.db
    .updateTable('users')
    .set({
      email: `erased-${erased.id}@invalid`,
      username: `erased_${erased.id}`,
      erased_at: new Date().toISOString(),
    })
    .where('id', '=', erased.id)
    .execute();

  // Ada's own message (sent signed in), and one a visitor sent from her unverified address.
  const message = (userId: number | null, subject: string) => ({
    tenant_id: shop.id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_number: null,
    subject,
    message: 'Could the gyuto carry my initials?',
    client_address: '192.0.2.10',
    user_id: userId,
    created_at: '2026-10-09T12:00:00.000Z',
  });
  await t.app.db
    .insertInto('contact_messages')
    .values([message(ada.id, 'Engraving'), message(null, 'Someone else at her address')])
    .execute();
});

const headers = async (who: TestStaff, token = shop.token) =>
  asStaff(token, await staffTokenFor(t.app, who));
const get = async <T>(who: TestStaff, path: string) =>
  call<T>(t.app, 'GET', `/admin/${path}`, await headers(who));

const RANGE = 'from=2026-10-08&to=2026-10-14';

describe('GET /admin/sales/', () => {
  it('counts paid orders that are not canceled, by the day paid, less refunds, with VAT apart', async () => {
    const answer = await get<Schemas['SalesReport']>(owner, `sales/?period=range&${RANGE}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body;
    expect(report).toMatchObject({
      currency: 'GBP',
      time_zone: 'UTC',
      period: 'range',
      from: '2026-10-08',
      to: '2026-10-14',
      previous_from: '2026-10-01',
      previous_to: '2026-10-07',
    });
    // 205.00 (A) + 75.00 (B less its refund) + 0 (C, refunded in full).
    // VAT: A 20.00 + 13.33 + 0.83; B 16.67 less the refund's 4.17; C none.
    expect(report.current).toEqual({
      revenue: '280.00',
      vat: '46.66',
      revenue_excluding_vat: '233.34',
      refunded: '55.00',
      orders: 2,
      average_order: '140.00',
    });
    expect(report.previous).toEqual({
      revenue: '140.00',
      vat: '23.33',
      revenue_excluding_vat: '116.67',
      refunded: '0.00',
      orders: 1,
      average_order: '140.00',
    });
    expect(report.changes).toEqual({
      revenue: { percent: '100.0', direction: 'up' },
      orders: { percent: '100.0', direction: 'up' },
      average_order: { percent: '0.0', direction: 'same' },
    });
    expect(report.days).toHaveLength(7);
    expect(report.days.filter((d) => d.revenue !== '0.00')).toEqual([
      { date: '2026-10-08', revenue: '205.00', orders: 1 },
      { date: '2026-10-10', revenue: '75.00', orders: 1 },
    ]);
    expect(report.days.find((d) => d.date === '2026-10-12')).toEqual({
      date: '2026-10-12',
      revenue: '0.00',
      orders: 0,
    });
    // B's 25.00 refund is spread over its one line; the refunded bread knife brought nothing.
    expect(report.top_products).toEqual([
      { product_id: null, name: 'Gyuto 210', quantity: 2, revenue: '195.00' },
      { product_id: null, name: 'Petty knife', quantity: 2, revenue: '80.00' },
    ]);
    expect(report.top_categories).toEqual([
      { category_id: null, name: 'Pieces no longer in the catalogue', revenue: '275.00' },
    ]);
  });

  it('compares with a period before that had nothing as nothing to compare', async () => {
    const answer = await get<Schemas['SalesReport']>(owner, 'sales/?from=2026-10-01&to=2026-10-07');
    expect(answer.body.changes.revenue).toEqual({ percent: null, direction: 'none' });
    const down = await get<Schemas['SalesReport']>(owner, 'sales/?from=2026-10-15&to=2026-10-21');
    // 70.00 paid on the 15th against 280.00 the week before.
    expect(down.body.current.revenue).toBe('70.00');
    expect(down.body.changes.revenue).toEqual({ percent: '75.0', direction: 'down' });
  });

  it('reads today and the last days from the UTC day of the request', async () => {
    const answer = await get<Schemas['SalesReport']>(owner, 'sales/?period=last_30_days');
    expect(answer.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.body.to).toBe(today);
    expect(answer.body.days).toHaveLength(30);
    expect((await get<Schemas['SalesReport']>(owner, 'sales/?period=today')).body.from).toBe(today);
  });

  it('refuses staff, and another shop’s owner sees only their own shop', async () => {
    const refused = await get(staff, `sales/?${RANGE}`);
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect((await get(staff, `sales/exports/orders/?${RANGE}`)).status).toBe(403);
    const otherOwner = await createStaff(t.app.db, { tenantId: other.id, role: 'owner' });
    const theirs = await call<Schemas['SalesReport']>(
      t.app,
      'GET',
      `/admin/sales/?${RANGE}`,
      await headers(otherOwner, other.token),
    );
    expect(theirs.body.current.revenue).toBe('999.00');
  });

  it.each([
    [
      'from after to',
      'from=2026-10-14&to=2026-10-08',
      { to: ['The last day cannot be before the first.'] },
    ],
    ['a huge range', 'from=2024-01-01&to=2026-10-08', { to: ['Choose at most 366 days.'] }],
    [
      'a day that does not exist',
      'from=2026-02-30&to=2026-03-02',
      { from: ['Enter a valid date.'] },
    ],
    [
      'a range without its end',
      'period=range&from=2026-10-01',
      { to: ['Choose the first and the last day.'] },
    ],
  ])('refuses %s with the field’s words', async (_, query, body) => {
    const answer = await get(owner, `sales/?${query}`);
    expect(answer).toMatchObject({ status: 400, body });
    const csv = await get(owner, `sales/exports/refunds/?${query}`);
    expect(csv.status).toBe(400);
  });

  it.each(['from=2026-10-01%00&to=2026-10-02', 'from=1e999&to=2026-10-02', 'period=forever'])(
    'refuses %s with a DRF body',
    async (query) => {
      const answer = await get<Record<string, unknown>>(owner, `sales/?${query}`);
      expect(answer.status).toBe(400);
      for (const messages of Object.values(answer.body)) {
        expect(Array.isArray(messages) || typeof messages === 'string').toBe(true);
      }
    },
  );
});

/** A CSV's rows as arrays of cells, read by csv-parse (RFC 4180). */
const parseCsv = (text: string): string[][] => parse(text);

const centsOf = (amount: string) => Math.round(Number(amount) * 100);

describe('GET /admin/sales/exports/{kind}/', () => {
  it('writes the orders as a UTF-8 CSV with a BOM whose amounts add up to the sales view', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/sales/exports/orders/?${RANGE}`,
      headers: await headers(owner),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-10-08-to-2026-10-14.csv"',
    );
    expect(answer.body.startsWith('\uFEFForder_number,paid_on,')).toBe(true);
    const [header, ...rows] = parseCsv(answer.body.slice(1));
    const col = (name: string) => header!.indexOf(name);
    const sum = (name: string) => rows.reduce((s, r) => s + centsOf(r[col(name)]!), 0);
    expect(sum('amount')).toBe(28_000);
    expect(sum('vat')).toBe(4_666);
    expect(sum('amount_excluding_vat')).toBe(23_334);
    expect(new Set(rows.map((r) => r[col('currency')]))).toEqual(new Set(['GBP']));
    expect(rows.map((r) => r[col('row')])).toEqual([
      'line',
      'line',
      'shipping',
      'line',
      'refund',
      'line',
      'refund',
    ]);
    // The shopper who called themselves a formula is text in a spreadsheet.
    const evil = rows.find((r) => r[col('customer')]!.includes('HYPERLINK'))!;
    expect(evil[col('customer')]).toBe(`'${EVIL_NAME}`);
    expect(rows.find((r) => r[col('row')] === 'refund')![col('amount')]).toBe('-25.00');
  });

  it('writes the refunds by the day made, their reasons neutralised, and the payments', async () => {
    const refunds = await get<string>(
      owner,
      'sales/exports/refunds/?from=2026-10-11&to=2026-10-11',
    );
    const [header, ...rows] = parseCsv(refunds.body.slice(1));
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(row).toMatchObject({
      refunded_on: '2026-10-11',
      amount: '25.00',
      vat: '4.17',
      currency: 'GBP',
      status: 'manual',
      refunded_through: 'by hand',
      reason: "'+1-1 chipped tip",
    });
    const payments = await get<string>(owner, `sales/exports/payments/?${RANGE}`);
    expect(payments.status).toBe(200);
    expect(parseCsv(payments.body.slice(1))[0]![0]).toBe('received_on');
  });
});

describe('GET /admin/customers/', () => {
  it('lists live customers with what they spent, and finds them by e-mail or name', async () => {
    const list = await get<Schemas['CustomerList']>(staff, 'customers/');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      id: ada.id,
      email: 'ada@example.com',
      orders: 3,
      total_spent: '350.00',
      last_order_at: '2026-10-14T22:00:00.000Z',
    });
    // Her latest order's name.
    expect(list.body.results[0]!.name).toBe('Ada Lovelace');
    for (const term of ['ADA@', 'lovelace', 'hyperlink']) {
      const found = await get<Schemas['CustomerList']>(
        staff,
        `customers/?search=${encodeURIComponent(term)}`,
      );
      expect(
        found.body.results.map((c) => c.id),
        term,
      ).toEqual([ada.id]);
    }
    for (const term of ['gone', 'Grace', 'nobody']) {
      const found = await get<Schemas['CustomerList']>(owner, `customers/?search=${term}`);
      expect(found.body.count, term).toBe(0);
    }
    expect(await get(owner, 'customers/?search=a%00b')).toMatchObject({
      status: 400,
      body: { search: ['Null characters are not allowed.'] },
    });
    expect(await get(owner, 'customers/?page=9')).toMatchObject({
      status: 404,
      body: { detail: 'Invalid page.' },
    });
  });

  it('opens a customer with their orders, addresses, own messages and consent; never an erased one', async () => {
    const answer = await get<Schemas['Customer']>(staff, `customers/${ada.id}/`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const customer = answer.body;
    expect(customer).toMatchObject({
      orders: 3,
      total_spent: '350.00',
      refunded: '55.00',
      average_order: '116.67',
      email_verified: false,
      consent: { marketing: 'not_recorded', newsletter: 'not_recorded' },
    });
    expect(customer.orders_list).toHaveLength(6);
    expect(customer.orders_list.filter((o) => o.counted)).toHaveLength(4);
    expect(customer.orders_list.find((o) => o.status === 'awaiting_payment')!.counted).toBe(false);
    expect(customer.addresses).toEqual([
      expect.objectContaining({ fullname: 'Ada Lovelace', city: 'York', source: 'order' }),
      expect.objectContaining({ fullname: EVIL_NAME, source: 'order' }),
    ]);
    // Only the message sent signed in: her address is not verified.
    expect(customer.messages.map((m) => m.subject)).toEqual(['Engraving']);

    expect(await get(owner, `customers/${erased.id}/`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    const otherShops = await createShopper(t.app.db, other.id);
    expect((await get(owner, `customers/${otherShops.id}/`)).status).toBe(404);
  });
});

describe('an export of more orders than a page', () => {
  it('reads them a page at a time, each once, even when they were all paid at the same instant', async () => {
    const big = await createShop(t.app.db);
    const buyer = await createShopper(t.app.db, big.id);
    const paid = '2026-09-01T12:00:00.000Z';
    const count = 2 * EXPORT_PAGE_SIZE + 50;
    for (let start = 0; start < count; start += 500) {
      await t.app.db
        .insertInto('orders')
        .values(
          Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
            tenant_id: big.id,
            user_id: buyer.id,
            order_number: `ORD-BULK-${String(start + i).padStart(5, '0')}`,
            status: 'paid' as const,
            payment_method: 'bank_transfer' as const,
            total_cents: 1_000,
            total_items: 1,
            street: '1 Long Row',
            city: 'Leeds',
            postal_code: 'LS1 1AA',
            country: 'GB',
            fullname: 'Bulk Buyer',
            contact_number: '+44 113 496 0000',
            payment_instructions: null,
            payment_redirect_url: null,
            idempotency_key: null,
            request_hash: null,
            created_at: paid,
            paid_at: paid,
            updated_at: paid,
            expires_at: null,
            closed_at: null,
            subtotal_cents: 1_000,
          })),
        )
        .execute();
    }
    await sql`insert into order_items (order_id, product_id, product_name, product_slug, thumb_path,
        customization, quantity, unit_price_cents, line_total_cents)
      select id, null, 'Tea bowl', 'tea-bowl', null, '{}', 1, 1000, 1000 from orders
      where tenant_id = ${big.id}`.execute(t.app.db);

    const file = await salesExport(t.app.db, big.id, 'orders', '2026-09-01', '2026-09-01');
    let text = '';
    for await (const chunk of file.body) text += String(chunk);
    const [header, ...rows] = parseCsv(text.slice(1));
    const numbers = rows.map((r) => r[header!.indexOf('order_number')]);
    expect(numbers).toHaveLength(count);
    expect(new Set(numbers).size).toBe(count);
    expect(rows.reduce((s, r) => s + centsOf(r[header!.indexOf('amount')]!), 0)).toBe(
      count * 1_000,
    );

    // A download aborted after its first rows stops the reading of the rest.
    const from = vi.spyOn(Readable, 'from');
    const aborted = await salesExport(t.app.db, big.id, 'orders', '2026-09-01', '2026-09-01');
    const source = from.mock.results[0]!.value as Readable;
    from.mockRestore();
    for await (const chunk of aborted.body) {
      expect(String(chunk)).not.toBe('');
      break; // destroys the body, as a closed connection does
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
    expect(source.readableEnded).toBe(false);
  });
});
