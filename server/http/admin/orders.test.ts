/**
 * The back office's reads and the refund through the back office's API (openapi/admin.yaml):
 * the list with its page links and tabs' counts, one order, an owner's refund (a member of
 * staff is refused before anything changes), a refund owed by hand marked paid back, today's
 * lists, and the owner's activity log.
 */
import type { components } from '../../../common/admin-api';
import {
  createShop,
  createShopper,
  insertOrder,
  payByCard,
  payByHand,
} from '../../test/order-fixtures.ts';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, type TestStaff } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type Schemas = components['schemas'];

/** The characters of an order number. */
const CODE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

const t = useTestApp();
let shop: { id: number; token: string };
let demo: number;
let owner: TestStaff;
let staff: TestStaff;
let demoOwner: TestStaff;
let demoStaff: TestStaff;

beforeAll(async () => {
  shop = await createShop(t.app.db);
  owner = await createStaff(t.app.db, { tenantId: shop.id, role: 'owner', name: 'Maya Hart' });
  staff = await createStaff(t.app.db, { tenantId: shop.id, role: 'staff', name: 'Tom Reed' });
  demo = (
    await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow()
  ).id;
  demoOwner = await createStaff(t.app.db, { tenantId: demo, role: 'owner' });
  demoStaff = await createStaff(t.app.db, { tenantId: demo, role: 'staff' });
  const shopper = await createShopper(t.app.db, shop.id, 'ada@example.com');
  for (let i = 0; i < 27; i++) {
    await insertOrder(t.app.db, shop.id, {
      userId: shopper.id,
      number: `ORD-DESK-AAA${CODE[i]}`,
      status: i % 3 === 0 ? 'paid' : 'shipped',
      placedAt: new Date(Date.UTC(2026, 9, 1, i)),
    });
  }
});

const headers = async (who: TestStaff, token = 'demo-handcraft') =>
  asStaff(token, await staffTokenFor(t.app, who));
const get = async <T>(who: TestStaff, path: string, token?: string) =>
  call<T>(t.app, 'GET', `/admin/${path}`, await headers(who, token ?? shop.token));

describe('GET /admin/orders/', () => {
  it('answers a page with its links and the tabs’ counts', async () => {
    const first = await get<Schemas['AdminOrderList']>(staff, 'orders/');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ count: 27, previous: null });
    expect(first.body.next).toMatch(/\/api\/admin\/orders\/\?page=2$/);
    expect(first.body.results).toHaveLength(25);
    expect(first.body.results[0]).toMatchObject({
      order_number: 'ORD-DESK-AAAW',
      email: 'ada@example.com',
      customer_name: 'Ada Lovelace',
      total: '475.00',
    });
    expect(first.body.status_counts).toMatchObject({
      to_ship: 9,
      shipped: 18,
      awaiting_payment: 0,
    });

    const tab = await get<Schemas['AdminOrderList']>(
      staff,
      'orders/?status=to_ship&search=ord-desk',
    );
    expect(tab.body.results.map((o) => o.order_number).slice(0, 2)).toEqual([
      'ORD-DESK-AAAT',
      'ORD-DESK-AAAQ',
    ]);
    expect(tab.body.count).toBe(9);
    const second = await get<Schemas['AdminOrderList']>(owner, 'orders/?page=2');
    expect(second.body).toMatchObject({ count: 27, next: null });
    expect(second.body.previous).toMatch(/\/api\/admin\/orders\/$/);
  });

  it('refuses a tab or a date that is not one, and a page past the last', async () => {
    expect((await get(staff, 'orders/?status=sent')).status).toBe(400);
    expect(await get(staff, 'orders/?placed_from=2026-02-30')).toMatchObject({
      status: 400,
      body: { placed_from: ['Enter a valid date.'] },
    });
    expect(await get(staff, 'orders/?page=3')).toMatchObject({
      status: 404,
      body: { detail: 'Invalid page.' },
    });
  });
});

describe('GET /admin/orders/{order_number}/', () => {
  it('answers the order as the back office shows it, and 404 for another shop’s', async () => {
    const shown = await get<Schemas['AdminOrder']>(staff, 'orders/ORD-DESK-AAA2/');
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({ order_number: 'ORD-DESK-AAA2', status: 'paid' });
    expect(shown.body.timeline[0]).toMatchObject({ actor: 'Shopper', action: 'Placed the order' });
    const theirs = await get(demoStaff, 'orders/ORD-DESK-AAA2/', 'demo-handcraft');
    expect(theirs).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
  });
});

describe('POST /admin/orders/{order_number}/refunds/', () => {
  async function paidByCard() {
    const shopper = await createShopper(t.app.db, demo);
    const order = await insertOrder(t.app.db, demo, { userId: shopper.id, method: 'card_2c2p' });
    await payByCard(t.app, demo, order, 'sandbox');
    return order;
  }
  const refund = async (who: TestStaff, number: string, body: unknown) =>
    call<Schemas['AdminOrder']>(
      t.app,
      'POST',
      `/admin/orders/${number}/refunds/`,
      await headers(who),
      body,
    );

  it('refunds part for an owner and answers the order with the refund', async () => {
    const order = await paidByCard();
    const done = await refund(demoOwner, order.order_number, {
      amount: '45.00',
      reason: 'One mug arrived chipped.',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'paid',
      paid_total: '475.00',
      refunded_total: '45.00',
      refundable: '430.00',
    });
    expect(done.body.refunds).toEqual([
      expect.objectContaining({
        amount: '45.00',
        status: 'succeeded',
        reason: 'One mug arrived chipped.',
      }),
    ]);
    expect(
      await refund(demoOwner, order.order_number, { amount: '430.01', reason: 'Too much.' }),
    ).toMatchObject({ status: 400, body: { amount: ['At most 430.00 can be refunded.'] } });
  });

  it('refuses a member of staff with 403, and refunds nothing', async () => {
    const order = await paidByCard();
    expect(
      await refund(demoStaff, order.order_number, { amount: '1.00', reason: 'Nice.' }),
    ).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    const rows = await t.app.db
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 409 for an unpaid order and 400 for an amount that is not one', async () => {
    const shopper = await createShopper(t.app.db, demo);
    const unpaid = await insertOrder(t.app.db, demo, { userId: shopper.id });
    expect(
      await refund(demoOwner, unpaid.order_number, { amount: '1.00', reason: 'Why.' }),
    ).toMatchObject({
      status: 409,
      body: { detail: 'This order has not been paid.' },
    });
    await payByHand(t.app.db, demo, unpaid);
    expect(
      (await refund(demoOwner, unpaid.order_number, { amount: '0.00', reason: 'Zero.' })).status,
    ).toBe(400);
  });
});

describe('POST /admin/orders/{order_number}/refunds/{refund_id}/paid-back/', () => {
  /** An order paid by transfer with 45.00 refunded by hand: a `manual` refund. */
  async function refundedByHand() {
    const shopper = await createShopper(t.app.db, demo);
    const order = await insertOrder(t.app.db, demo, {
      userId: shopper.id,
      method: 'bank_transfer',
    });
    await payByHand(t.app.db, demo, order);
    const refunded = await call<Schemas['AdminOrder']>(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/refunds/`,
      await headers(demoOwner),
      { amount: '45.00', reason: 'One mug arrived chipped.' },
    );
    expect(refunded.body.refunds[0]).toMatchObject({ status: 'manual' });
    return { ...order, refundId: refunded.body.refunds[0]!.id };
  }
  const paidBack = async (who: TestStaff, number: string, id: number, body: unknown = {}) =>
    call<Schemas['AdminOrder']>(
      t.app,
      'POST',
      `/admin/orders/${number}/refunds/${id}/paid-back/`,
      await headers(who),
      body,
    );
  const todayOwed = async () =>
    (await get<Schemas['Today']>(demoStaff, 'today/', 'demo-handcraft')).body.manual_refunds.map(
      (r) => r.order_number,
    );

  it('marks it paid back for an owner, once: a second click answers 409', async () => {
    const order = await refundedByHand();
    expect(await todayOwed()).toContain(order.order_number);
    const done = await paidBack(demoOwner, order.order_number, order.refundId, {
      note: 'BACS 24 Nov',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refunds).toEqual([
      expect.objectContaining({ status: 'paid_back', provider_ref: 'BACS 24 Nov' }),
    ]);
    expect(done.body).toMatchObject({ refunded_total: '45.00', refundable: '430.00' });
    expect(done.body.actions).not.toContain('mark_paid_back');
    expect(await todayOwed()).not.toContain(order.order_number);
    expect(await paidBack(demoOwner, order.order_number, order.refundId)).toMatchObject({
      status: 409,
      body: { detail: 'This refund is already paid back.' },
    });
    const logged = await t.app.db
      .selectFrom('activity_log')
      .select('id')
      .where('object_id', '=', order.order_number)
      .where('action', '=', 'order.refund_paid_back')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses staff with 403, another shop’s refund with 404, a long note with 400', async () => {
    const order = await refundedByHand();
    expect(await paidBack(demoStaff, order.order_number, order.refundId)).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    // The other shop's owner, with the other shop's token, names this shop's order and refund.
    const other = await call(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/refunds/${order.refundId}/paid-back/`,
      await headers(owner, shop.token),
      {},
    );
    expect(other).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect((await paidBack(demoOwner, order.order_number, 2_000_000_000)).status).toBe(404);
    expect(
      await paidBack(demoOwner, order.order_number, order.refundId, { note: 'x'.repeat(201) }),
    ).toMatchObject({ status: 400 });
    expect(
      await paidBack(demoOwner, order.order_number, order.refundId, { amount: '1.00' }),
    ).toMatchObject({ status: 400, body: { amount: ['Unexpected field.'] } });
    expect(await todayOwed()).toContain(order.order_number);
  });
});

describe('GET /admin/today/ and GET /admin/activity/', () => {
  it('answers today’s lists for any member', async () => {
    const today = await get<Schemas['Today']>(staff, 'today/');
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.to_ship.map((o) => o.order_number)).toContain('ORD-DESK-AAA2');
    expect(today.body).toMatchObject({
      transfers_to_confirm: [],
      manual_refunds: [],
      due_this_week: [],
    });
  });

  it('answers the activity log to an owner only', async () => {
    const log = await get<Schemas['ActivityList']>(
      demoOwner,
      'activity/?object_type=order',
      'demo-handcraft',
    );
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.results.some((e) => e.action === 'order.refund')).toBe(true);
    expect(log.body).toMatchObject({ previous: null });
    expect((await get(demoStaff, 'activity/', 'demo-handcraft')).status).toBe(403);
  });
});
