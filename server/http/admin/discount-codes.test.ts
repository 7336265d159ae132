/**
 * The owner's discount codes in the back office (openapi/admin.yaml `listDiscountCodes`,
 * `createDiscountCode`, `updateDiscountCode`, `getDiscountReport`; issue 42): made and changed
 * with every field checked, unique without regard to case, deactivated (and then refused at the
 * cart), each change in the activity log, the owner's only, one shop's codes never another's,
 * and the report of each code's uses, discount and revenue. On SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { toMinorUnits } from '../../../common/money.ts';
import type { components } from '../../../common/admin-api';
import { call, createCustomer, postOrder, ADDRESS, productBySlug } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type DiscountCode = components['schemas']['DiscountCode'];
type Report = components['schemas']['DiscountReport'];

const t = useTestApp();
let owner: Record<string, string>;
let staff: Record<string, string>;
let potteryOwner: Record<string, string>;
let demo: number;

beforeAll(async () => {
  demo = await tenantIdOf(t.app.db, 'demo-handcraft');
  owner = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: demo, role: 'owner' })),
  );
  staff = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: demo, role: 'staff' })),
  );
  const pottery = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
    role: 'owner',
  });
  potteryOwner = asStaff('demo-pottery', await staffTokenFor(t.app, pottery));
});

const create = (body: unknown, headers = owner) =>
  call<DiscountCode & Record<string, string[]>>(
    t.app,
    'POST',
    '/admin/discount-codes/',
    headers,
    body,
  );
const update = (id: number, body: unknown, headers = owner) =>
  call<DiscountCode & Record<string, string[]>>(
    t.app,
    'PATCH',
    `/admin/discount-codes/${id}/`,
    headers,
    body,
  );

async function journal(action: string) {
  return t.app.db
    .selectFrom('activity_log')
    .select(['action', 'object_type', 'object_id', 'before', 'after'])
    .where('tenant_id', '=', demo)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

describe('making and changing codes', () => {
  it('makes a code, lists it, and writes it to the activity log', async () => {
    const made = await create({
      code: 'Spring10',
      kind: 'percent',
      value: '10',
      scope: 'order',
      minimum_spend: '50',
      ends_at: '2027-01-01T00:00:00Z',
      usage_limit: 100,
      once_per_customer: true,
      combinable_with_sale: false,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code: 'Spring10',
      kind: 'percent',
      value: '10.00',
      scope: 'order',
      minimum_spend: '50.00',
      starts_at: null,
      ends_at: '2027-01-01T00:00:00.000Z',
      usage_limit: 100,
      uses: 0,
      once_per_customer: true,
      combinable_with_sale: false,
      active: true,
    });
    const list = await call<{ results: DiscountCode[] }>(
      t.app,
      'GET',
      '/admin/discount-codes/',
      owner,
    );
    expect(list.body.results.map((c) => c.code)).toContain('Spring10');
    const [entry] = await journal('discount.create');
    expect(entry).toMatchObject({ object_type: 'settings', object_id: 'discount_codes' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ code: 'Spring10', value: '10.00' });
    // The same letters in another case are taken.
    expect(
      await create({ code: 'SPRING10', kind: 'amount', value: '5', scope: 'order' }),
    ).toMatchObject({
      status: 400,
      body: { code: ['Another code of the shop is SPRING10.'] },
    });
    // Another shop may have the same code, and does not see this one.
    expect(
      (await create({ code: 'SPRING10', kind: 'amount', value: '5', scope: 'order' }, potteryOwner))
        .status,
    ).toBe(201);
    const theirs = await call<{ results: DiscountCode[] }>(
      t.app,
      'GET',
      '/admin/discount-codes/',
      potteryOwner,
    );
    expect(theirs.body.results.map((c) => c.code)).toEqual(['SPRING10']);
    expect((await update(made.body.id, { active: false }, potteryOwner)).status).toBe(404);
  });

  it('refuses every wrong field at once, with words the owner understands', async () => {
    const answer = await create({
      code: 'has space',
      kind: 'percent',
      value: '150',
      scope: 'categories',
      category_ids: [],
      minimum_spend: '1e999',
      starts_at: '2027-01-02T00:00:00Z',
      ends_at: '2027-01-01T00:00:00Z',
      usage_limit: 0,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: expect.any(Array) });
    const direct = await create({ code: 'OK1', kind: 'percent', value: '150', scope: 'order' });
    expect(direct.body).toEqual({ value: ['A percentage between 0.01 and 100.'] });
    const dates = await create({
      code: 'OK2',
      kind: 'amount',
      value: '5',
      scope: 'order',
      starts_at: '2027-01-02T00:00:00Z',
      ends_at: '2027-01-01T00:00:00Z',
    });
    expect(dates.body).toEqual({ ends_at: ['The end must come after the start.'] });
    const pottery = await call<{ id: number }[]>(t.app, 'GET', '/admin/categories/', potteryOwner);
    const theirCategory = (pottery.body as unknown as { id: number }[])[0]?.id ?? 2147483647;
    const foreign = await create({
      code: 'OK3',
      kind: 'percent',
      value: '5',
      scope: 'categories',
      category_ids: [theirCategory],
    });
    expect(foreign.body).toEqual({ category_ids: ['Choose the shop’s own categories.'] });
    const none = await create({ code: 'OK4', kind: 'percent', value: '5', scope: 'products' });
    expect(none.body).toEqual({ product_ids: ['Choose at least one.'] });
    expect((await update(2147483647, { active: false })).status).toBe(404);
  });

  it('is the owner’s: staff may neither read nor make codes, nor read the report', async () => {
    expect((await call(t.app, 'GET', '/admin/discount-codes/', staff)).status).toBe(403);
    expect(
      (await create({ code: 'STAFF', kind: 'amount', value: '5', scope: 'order' }, staff)).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/admin/discount-codes/report/', staff)).status).toBe(403);
  });

  it('deactivates a code: the cart refuses it, the log says what changed', async () => {
    const made = await create({ code: 'BYE5', kind: 'amount', value: '5', scope: 'order' });
    const changed = await update(made.body.id, { active: false });
    expect(changed.body).toMatchObject({ active: false, code: 'BYE5' });
    const [entry] = await journal('discount.update');
    expect(JSON.parse(entry!.before!)).toEqual({ code: 'BYE5', active: true });
    expect(JSON.parse(entry!.after!)).toEqual({ code: 'BYE5', active: false });
    const shopper = await createCustomer(t.app);
    const answer = await call(t.app, 'POST', '/orders/cart/discount/', shopper.headers, {
      code: 'bye5',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: ['This code is no longer available.'] },
    });
  });
});

describe('the report', () => {
  it('counts each code’s orders, the discount given and the revenue; a canceled unpaid order gives its use back', async () => {
    const made = await create({ code: 'REPORT10', kind: 'percent', value: '10', scope: 'order' });
    const product = await productBySlug(t.app, 'tenmoku-tea-mug');
    await t.app.db
      .updateTable('products')
      .set({ stock: 50, price_cents: 4500 })
      .where('id', '=', product.id)
      .execute();
    const ids: number[] = [];
    let first: { order_number: string; total_price: string; items: { id: number }[] } | undefined;
    for (let i = 0; i < 2; i++) {
      const shopper = await createCustomer(t.app);
      await call(t.app, 'POST', '/orders/cart/add-item/', shopper.headers, {
        product_id: product.id,
        quantity: 2,
      });
      await call(t.app, 'POST', '/orders/cart/discount/', shopper.headers, { code: 'report10' });
      const placed = await postOrder<{
        id: number;
        total_price: string;
        order_number: string;
        items: { id: number }[];
      }>(t.app, shopper, {
        payment_method: 'bank_transfer',
        delivery_address: ADDRESS,
      });
      expect(placed.status).toBe(201);
      ids.push(placed.body.id);
      if (i === 0) first = placed.body;
      if (i === 1) {
        expect(
          (await call(t.app, 'POST', `/orders/orders/${placed.body.id}/cancel/`, shopper.headers))
            .status,
        ).toBe(200);
      }
    }
    const kept = await t.app.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    const vatToday = async () =>
      toMinorUnits(
        (
          await call<{ current: { vat: string } }>(
            t.app,
            'GET',
            `/admin/sales/?from=${today}&to=${today}`,
            owner,
          )
        ).body.current.vat,
      )!;
    const vatBefore = await vatToday();
    const paid = await call(
      t.app,
      'POST',
      `/admin/orders/${first!.order_number}/mark-paid/`,
      owner,
      {
        amount: first!.total_price,
        payer_reference: first!.order_number,
      },
    );
    expect(paid.status).toBe(200);
    // Sales counts the VAT on what the lines were charged, 81.00 (20 % included: 13.50), and
    // the 6.50 delivery's 1.08: not on the 90.00 before the code.
    expect((await vatToday()) - vatBefore).toBe(1350 + 108);
    // The back office's order adds up: subtotal less the discount plus the shipping.
    const detail = await call<{ discount: unknown; subtotal: string }>(
      t.app,
      'GET',
      `/admin/orders/${first!.order_number}/`,
      owner,
    );
    expect(detail.body).toMatchObject({
      subtotal: '90.00',
      discount: { code: 'REPORT10', amount: '9.00', free_delivery: false },
    });
    const report = await call<Report>(t.app, 'GET', '/admin/discount-codes/report/', owner);
    expect(report.body.results.find((row) => row.code_id === made.body.id)).toEqual({
      code_id: made.body.id,
      code: 'REPORT10',
      uses: 1,
      discount_given: '9.00',
      revenue: (Number(kept.total_cents) / 100).toFixed(2),
      paid_revenue: (Number(kept.total_cents) / 100).toFixed(2),
    });
    // A refund of the discounted line is worth what it was paid: 90.00 less its 9.00.
    const line = first!.items[0]!.id;
    const tooMuch = await call(
      t.app,
      'POST',
      `/admin/orders/${first!.order_number}/refunds/`,
      owner,
      {
        amount: '90.00',
        reason: 'Both mugs back.',
        lines: [{ item_id: line, quantity: 2 }],
      },
    );
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { amount: ['At most 81.00 for the pieces picked.'] },
    });
    const one = await call(t.app, 'POST', `/admin/orders/${first!.order_number}/refunds/`, owner, {
      amount: '41.00',
      reason: 'One mug back.',
      lines: [{ item_id: line, quantity: 1 }],
    });
    expect(one).toMatchObject({
      status: 400,
      body: { amount: ['At most 40.50 for the pieces picked.'] },
    });
    const list = await call<{ results: DiscountCode[] }>(
      t.app,
      'GET',
      '/admin/discount-codes/',
      owner,
    );
    expect(list.body.results.find((c) => c.id === made.body.id)!.uses).toBe(1);
  });
});
