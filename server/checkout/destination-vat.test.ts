/**
 * VAT where the buyer is, and the One-Stop Shop return (issue 41, decision 087; Directive
 * 2006/112/EC arts 33(a), 59c, 146, 369a-369k): an Irish shop in euros at 23 % charging VAT at
 * destination taxes an order to France at 20 % and to Germany at 19 % (prices kept gross, or
 * recomputed from the net), an Irish order at 23 % and an export to the United States at 0 %;
 * each order keeps its rate and country whatever the settings become; the quarter's return
 * counts the French and German orders by country and rate to the cent, less a refund, in JSON
 * and CSV; a UK shop cannot choose destination mode; staff and bad quarters are refused. On
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { parse } from 'csv-parse/sync';
import type { EmailData } from '../orders/emails/email-kinds.ts';
import { queuedEmails } from '../test/sandbox.ts';
import { ADDRESS, call, createCustomer, postOrder, type TestCustomer } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';

const SHOP = 'demo-handcraft';
const t = useTestApp();

let tenantId: number;
let owner: Record<string, string>;
let staff: Record<string, string>;
let pieceId: number;

interface Quote {
  total_price: string;
  subtotal: string;
  vat_rate: string | null;
  vat_country: string | null;
  vat_export: boolean;
  lines: { item_id: number; method: string | null; unit_price: string }[];
}
interface OrderAnswer {
  id: number;
  order_number: string;
  total_price: string;
  subtotal: string;
  shipping_price: string;
  vat_rate: string | null;
  vat_country: string | null;
  vat_total: string | null;
  shipping_vat: string | null;
  items: { unit_price: string; vat_amount: string | null }[];
}

const address = (country: string) => ({ ...ADDRESS, country, postalCode: '75001' });

async function patchSite(headers: Record<string, string>, body: unknown) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings/site/',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
  };
}

/** A new buyer with one unit of the 70.00 piece in their cart. */
async function buyerWithPiece(): Promise<TestCustomer> {
  const buyer = await createCustomer(t.app, SHOP);
  const added = await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
    product_id: pieceId,
    quantity: 1,
  });
  expect(added.status).toBeLessThan(300);
  return buyer;
}

const quote = async (buyer: TestCustomer, country: string) =>
  call<Quote>(t.app, 'POST', '/orders/cart/shipping-quote/', buyer.headers, {
    country,
    choices: [],
  });

/**
 * Places a bank-transfer order of the piece to `country`, by the cheapest delivery, and answers
 * it with a way to read it again as its buyer.
 */
async function placeTo(
  country: string,
): Promise<OrderAnswer & { readAgain(): Promise<OrderAnswer> }> {
  const buyer = await buyerWithPiece();
  const placed = await postOrder<OrderAnswer>(t.app, buyer, {
    payment_method: 'bank_transfer',
    delivery_address: address(country),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const readAgain = async () =>
    (await call<OrderAnswer>(t.app, 'GET', `/orders/orders/${placed.body.id}/`, buyer.headers))
      .body;
  return { ...placed.body, readAgain };
}

/** Marks an order paid at `at` (a day of the quarter the test means, whatever today is). */
async function paidAt(orderId: number, at: string) {
  await t.app.db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: at, expires_at: null })
    .where('id', '=', orderId)
    .execute();
}

const ownerGet = (url: string, headers = owner) =>
  t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers });

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, SHOP);
  owner = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'staff' })),
  );
  // A piece any method may carry (not age-restricted), at 70.00, with stock for every order.
  const piece = await t.app.db
    .selectFrom('products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .where('options', 'is', null)
    .where('made_to_order', '=', 0)
    .where('age_restricted', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  pieceId = piece.id;
  await t.app.db
    .updateTable('products')
    .set({ price_cents: 7000, stock: 100 })
    .where('id', '=', pieceId)
    .execute();
  // The demo shop's orders are in dollars; this shop is in euros from here on.
  await t.app.db
    .updateTable('tenants')
    .set({ currency: 'EUR' })
    .where('id', '=', tenantId)
    .execute();
});

describe('the settings', () => {
  it('refuses destination mode to a UK shop and to one not VAT registered', async () => {
    expect(await patchSite(owner, { vat_country: 'GB', vat_mode: 'destination' })).toEqual({
      status: 400,
      body: {
        vat_mode: [
          "Charging VAT where the buyer is (the EU's One-Stop Shop) is for a shop established in an EU member state: set the shop's country to one first.",
        ],
      },
    });
    const pottery = asStaff(
      'demo-pottery',
      await staffTokenFor(
        t.app,
        await createStaff(t.app.db, {
          tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
          role: 'owner',
        }),
      ),
    );
    expect(await patchSite(pottery, { vat_country: 'IE', vat_mode: 'destination' })).toEqual({
      status: 400,
      body: { vat_mode: ['Charging VAT where the buyer is needs a VAT registered shop.'] },
    });
  });

  it('refuses a mode, a price rule, a country or an OSS number that is none', async () => {
    const refused = await patchSite(owner, {
      vat_mode: 'everywhere',
      vat_prices: 'cheapest',
      vat_country: 'XX',
      oss_number: 'OSS\u0000',
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual([
      'oss_number',
      'vat_country',
      'vat_mode',
      'vat_prices',
    ]);
  });

  it('lets only the owner choose, and says the choice to the storefront', async () => {
    expect((await patchSite(staff, { vat_mode: 'single' })).status).toBe(403);
    const saved = await patchSite(owner, {
      vat_number: 'IE1234567T',
      vat_rate: '23',
      vat_country: 'ie',
      vat_mode: 'destination',
      vat_prices: 'same_gross',
      oss_number: 'ie 1234567t',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      vat_country: 'IE',
      vat_mode: 'destination',
      vat_prices: 'same_gross',
      oss_number: 'IE1234567T',
      vat_rate: '23.00',
    });
    const site = await call<{ seller: Record<string, unknown> }>(
      t.app,
      'GET',
      '/pages/site-settings/',
      asTenant(SHOP),
    );
    expect(site.body.seller).toMatchObject({
      vat_rate: '23.00',
      vat_country: 'IE',
      vat_mode: 'destination',
    });
  });
});

describe('an Irish shop charging VAT where the buyer is, prices kept gross', () => {
  let france: Awaited<ReturnType<typeof placeTo>>;
  let germany: Awaited<ReturnType<typeof placeTo>>;

  it('quotes France at 20 % and the same price', async () => {
    const buyer = await buyerWithPiece();
    const answer = await quote(buyer, 'FR');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      vat_rate: '20.00',
      vat_country: 'FR',
      vat_export: false,
      subtotal: '70.00',
      total_price: '88.00',
    });
    expect(answer.body.lines[0]!.unit_price).toBe('70.00');
  });

  it('taxes an order to France at 20 % and one to Germany at 19 %: same total, other VAT', async () => {
    france = await placeTo('FR');
    // 70.00 + 18.00 delivery, VAT included at 20 %: 11.67 + 3.00.
    expect(france).toMatchObject({
      total_price: '88.00',
      vat_rate: '20.00',
      vat_country: 'FR',
      vat_total: '14.67',
      shipping_vat: '3.00',
    });
    germany = await placeTo('DE');
    // At 19 %: 70 × 19/119 = 11.176… -> 11.18; 18 × 19/119 = 2.873… -> 2.87.
    expect(germany).toMatchObject({
      total_price: '88.00',
      vat_rate: '19.00',
      vat_country: 'DE',
      vat_total: '14.05',
      shipping_vat: '2.87',
    });
  });

  it('taxes an Irish order at the shop’s 23 %, and an export to the US at 0 %', async () => {
    const home = await placeTo('IE');
    expect(home).toMatchObject({ vat_rate: '23.00', vat_country: 'IE', total_price: '88.00' });
    // 70 × 23/123 = 13.089… -> 13.09; 18 × 23/123 = 3.365… -> 3.37.
    expect(home.vat_total).toBe('16.46');
    const buyer = await buyerWithPiece();
    expect((await quote(buyer, 'US')).body).toMatchObject({
      vat_rate: '0.00',
      vat_country: 'US',
      vat_export: true,
    });
    const us = await placeTo('US');
    expect(us).toMatchObject({ vat_rate: '0.00', vat_country: 'US', vat_total: '0.00' });
    expect(us.items[0]!.unit_price).toBe('70.00');
  });

  it('says in the order e-mail where the order was taxed', async () => {
    const vatNoteOf = async (orderNumber: string) => {
      const mail = (await queuedEmails(t.app, orderNumber)).find((e) => e.kind === 'order_placed')!;
      return (JSON.parse(mail.data) as Extract<EmailData, { kind: 'order_placed' }>).order.vatNote;
    };
    expect(await vatNoteOf(france.order_number)).toBe('Includes VAT at 20% (France): €14.67.');
    expect(await vatNoteOf(germany.order_number)).toBe('Includes VAT at 19% (Germany): €14.05.');
    const us = await placeTo('US');
    expect(await vatNoteOf(us.order_number)).toBe('Export: no VAT charged.');
  });

  it('keeps each order’s rate and country when the settings change', async () => {
    expect((await patchSite(owner, { vat_mode: 'single', vat_rate: '21' })).status).toBe(200);
    try {
      // Read again by their buyers: still 20 % in France and 19 % in Germany, the same VAT.
      expect(await france.readAgain()).toMatchObject({
        vat_rate: '20.00',
        vat_country: 'FR',
        vat_total: '14.67',
      });
      expect(await germany.readAgain()).toMatchObject({
        vat_rate: '19.00',
        vat_country: 'DE',
        vat_total: '14.05',
      });
      // A new order to France now pays the single rate, taxed in Ireland.
      expect(await placeTo('FR')).toMatchObject({ vat_rate: '21.00', vat_country: 'IE' });
    } finally {
      expect((await patchSite(owner, { vat_mode: 'destination', vat_rate: '23' })).status).toBe(
        200,
      );
    }
  });
});

describe('an Irish shop recomputing prices from the net', () => {
  beforeAll(async () => {
    expect((await patchSite(owner, { vat_prices: 'recompute_net' })).status).toBe(200);
  });
  afterAll(async () => {
    await patchSite(owner, { vat_prices: 'same_gross' });
  });

  it('charges France 68.29 and Germany 67.72 for the 70.00 piece; Ireland 70.00', async () => {
    const buyer = await buyerWithPiece();
    // 70.00 / 1.23 × 1.20 = 68.292… -> 68.29; × 1.19 = 67.723… -> 67.72; delivery stays 18.00.
    expect((await quote(buyer, 'FR')).body).toMatchObject({
      subtotal: '68.29',
      total_price: '86.29',
      vat_rate: '20.00',
    });
    const france = await placeTo('FR');
    expect(france).toMatchObject({ total_price: '86.29', vat_rate: '20.00', vat_country: 'FR' });
    expect(france.items[0]).toMatchObject({ unit_price: '68.29', vat_amount: '11.38' });
    const germany = await placeTo('DE');
    expect(germany).toMatchObject({ total_price: '85.72', vat_rate: '19.00' });
    expect(germany.items[0]!.unit_price).toBe('67.72');
    expect(await placeTo('IE')).toMatchObject({ total_price: '88.00', vat_rate: '23.00' });
  });

  it('refuses an order at the total shown before the country was known, with the new one', async () => {
    const buyer = await buyerWithPiece();
    const refused = await postOrder<{ detail: string }>(t.app, buyer, {
      payment_method: 'bank_transfer',
      delivery_address: address('FR'),
      expected_total_price: '88.00',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('€86.29');
  });
});

describe('the One-Stop Shop return', () => {
  let q4: Awaited<ReturnType<typeof ownerGet>>;

  beforeAll(async () => {
    // Only this describe's orders count: the earlier ones are moved to the quarter before.
    await t.app.db
      .updateTable('orders')
      .set({ paid_at: '2026-09-15T10:00:00.000Z' })
      .where('tenant_id', '=', tenantId)
      .execute();
    const france = await placeTo('FR');
    const germany = await placeTo('DE');
    const home = await placeTo('IE');
    const us = await placeTo('US');
    // An unpaid order to France is no sale.
    await placeTo('FR');
    for (const order of [france, germany, home, us])
      await paidAt(order.id, '2026-11-10T10:00:00.000Z');
    // 10.00 of the French order refunded in the quarter.
    await t.app.db
      .insertInto('refunds')
      .values({
        uuid: crypto.randomUUID(),
        tenant_id: tenantId,
        order_id: france.id,
        payment_id: null,
        amount_cents: 1000,
        reason: 'Chipped handle',
        status: 'manual',
        provider_ref: null,
        staff_id: null,
        created_at: '2026-11-20T09:00:00.000Z',
      })
      .execute();
    await t.app.db
      .updateTable('orders')
      .set({ refunded_cents: 1000 })
      .where('id', '=', france.id)
      .execute();
    // Another shop's order taxed in France in the quarter is its own business, not this return's.
    const pottery = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirs = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', pottery)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('orders')
      .set({ vat_rate_bp: 2000, vat_country: 'FR', paid_at: '2026-11-12T10:00:00.000Z' })
      .where('id', '=', theirs.id)
      .execute();
    q4 = await ownerGet('/sales/oss/?quarter=2026-Q4');
  });

  it('counts the French and German sales by country and rate, to the cent, less the refund', () => {
    expect(q4.statusCode, q4.body).toBe(200);
    const report = JSON.parse(q4.body);
    expect(report).toMatchObject({
      quarter: '2026-Q4',
      from: '2026-10-01',
      to: '2026-12-31',
      currency: 'EUR',
      shop_country: 'IE',
      oss_number: 'IE1234567T',
      vat_mode: 'destination',
      conversion_note: null,
    });
    // Ireland (home) and the US (export) are not in an OSS return.
    expect(report.rows).toEqual([
      {
        country: 'DE',
        country_name: 'Germany',
        vat_rate: '19.00',
        orders: 1,
        // 88.00 less 14.05 VAT.
        sales_taxable_amount: '73.95',
        sales_vat: '14.05',
        refunds_taxable_amount: '0.00',
        refunds_vat: '0.00',
        taxable_amount: '73.95',
        vat: '14.05',
      },
      {
        country: 'FR',
        country_name: 'France',
        vat_rate: '20.00',
        orders: 1,
        sales_taxable_amount: '73.33',
        sales_vat: '14.67',
        // 10.00 refunded holds 1.67 of VAT at 20 %.
        refunds_taxable_amount: '8.33',
        refunds_vat: '1.67',
        taxable_amount: '65.00',
        vat: '13.00',
      },
    ]);
    expect(report).toMatchObject({ taxable_amount: '138.95', vat: '27.05' });
  });

  it('exports the same rows as a CSV file with a total', async () => {
    const file = await ownerGet('/sales/exports/oss/?quarter=2026-Q4');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="oss-2026-Q4.csv"');
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(file.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.country, r.vat_rate, r.taxable_amount, r.vat])).toEqual([
      ['DE', '19.00', '73.95', '14.05'],
      ['FR', '20.00', '65.00', '13.00'],
      ['total', '', '138.95', '27.05'],
    ]);
    expect(rows[1]).toMatchObject({ refunds_vat: '1.67', currency: 'EUR', quarter: '2026-Q4' });
  });

  it('subtracts a refund in a later quarter from that quarter, not the sale’s', async () => {
    const france = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('vat_country', '=', 'FR')
      .where('paid_at', '=', '2026-11-10T10:00:00.000Z')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('refunds')
      .values({
        uuid: crypto.randomUUID(),
        tenant_id: tenantId,
        order_id: france.id,
        payment_id: null,
        amount_cents: 7800,
        reason: 'Returned',
        status: 'manual',
        provider_ref: null,
        staff_id: null,
        created_at: '2027-01-05T09:00:00.000Z',
      })
      .execute();
    const q1 = JSON.parse((await ownerGet('/sales/oss/?quarter=2027-Q1')).body);
    // 78.00 at 20 %: 13.00 of VAT; nothing sold in the quarter.
    expect(q1.rows).toEqual([
      expect.objectContaining({
        country: 'FR',
        orders: 0,
        refunds_taxable_amount: '65.00',
        refunds_vat: '13.00',
        taxable_amount: '-65.00',
        vat: '-13.00',
      }),
    ]);
    // Q4 is as it was.
    expect(JSON.parse((await ownerGet('/sales/oss/?quarter=2026-Q4')).body).vat).toBe('27.05');
  });

  it('tells a shop not in euros to convert at the ECB rate of the quarter’s last day', async () => {
    await t.app.db
      .updateTable('tenants')
      .set({ currency: 'GBP' })
      .where('id', '=', tenantId)
      .execute();
    try {
      const report = JSON.parse((await ownerGet('/sales/oss/?quarter=2026-Q4')).body);
      expect(report.conversion_note).toBe(
        "Amounts are in GBP. Convert them to euros at the European Central Bank's rate of 31 December 2026 (art. 369h).",
      );
    } finally {
      await t.app.db
        .updateTable('tenants')
        .set({ currency: 'EUR' })
        .where('id', '=', tenantId)
        .execute();
    }
  });

  it('is the owner’s alone', async () => {
    expect((await ownerGet('/sales/oss/?quarter=2026-Q4', staff)).statusCode).toBe(403);
    expect((await ownerGet('/sales/exports/oss/?quarter=2026-Q4', staff)).statusCode).toBe(403);
    expect(
      (await ownerGet('/sales/oss/?quarter=2026-Q4', { 'x-tenant-token': SHOP })).statusCode,
    ).toBe(401);
  });

  it('refuses a quarter that is none, or before the OSS began, with a DRF body', async () => {
    for (const quarter of ['2026-Q5', '2026-q4', '26-Q4', '2026-Q4%00', 'NaN', '1e999', '']) {
      for (const path of ['/sales/oss/', '/sales/exports/oss/']) {
        const answer = await ownerGet(`${path}?quarter=${quarter}`);
        expect(answer.statusCode, `${path} ${quarter}`).toBe(400);
        expect(JSON.parse(answer.body), quarter).toHaveProperty('quarter');
      }
    }
    const early = await ownerGet('/sales/oss/?quarter=2021-Q2');
    expect(JSON.parse(early.body)).toEqual({
      quarter: ['The One-Stop Shop began on 1 July 2021: choose 2021-Q3 or later.'],
    });
    const missing = await ownerGet('/sales/oss/');
    expect(missing.statusCode).toBe(400);
  });
});
