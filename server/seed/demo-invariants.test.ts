/**
 * The demo shops hold only states a real shop reaches through its own moves
 * (decisions 059 and 060): every paid order has its money recorded, at least its total and nothing
 * above it that an owner did not confirm, and every order the back office counts as to ship is one
 * the desk can ship (or make ready for collection). And the back office counts the same orders to
 * ship on Today as in the list's To ship tab, asked through the back office's API as a member of
 * each shop would.
 */
import type { components } from '../../common/admin-api';
import { orderMoney } from '../orders/order-money.ts';
import type { OrderStatus } from '../orders/tables.ts';
import { call } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';
import { seedBackOfficeIfMissing } from './back-office-seed.ts';

type AdminOrder = components['schemas']['AdminOrder'];
type AdminOrderList = components['schemas']['AdminOrderList'];
type Today = components['schemas']['Today'];

const t = useTestApp();

beforeAll(async () => {
  // The back office's demo on top of the shops' (the app seeds it on a real start).
  await seedBackOfficeIfMissing(t.app.db, { passwordHashCost: 10 });
});

/** The statuses of an order that has been paid for (whatever became of it since). */
const PAID: readonly OrderStatus[] = [
  'paid',
  'processing',
  'ready_to_collect',
  'shipped',
  'completed',
  'refunded',
];

describe('the seeded demo', () => {
  it('has the money of every paid order recorded: at least its total, all of it confirmed', async () => {
    const orders = await t.app.db
      .selectFrom('orders')
      .select(['id', 'order_number', 'status', 'total_cents', 'paid_at'])
      .execute();
    const paid = orders.filter((o) => o.paid_at !== null || PAID.includes(o.status));
    expect(paid.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const order of paid) {
      const money = await orderMoney(t.app.db, order.id);
      if (order.paid_at === null) wrong.push(`${order.order_number}: ${order.status}, no paid_at`);
      if (money.paidCents < order.total_cents) {
        wrong.push(
          `${order.order_number}: ${order.status}, ${money.paidCents} received of ${order.total_cents}`,
        );
      }
      if (money.unconfirmedCents > 0) {
        wrong.push(`${order.order_number}: ${money.unconfirmedCents} above the total unconfirmed`);
      }
    }
    expect(wrong).toEqual([]);
  });

  for (const shop of ['demo-handcraft', 'demo-pottery']) {
    it(`counts the same orders to ship on Today as in the list (${shop}), each one the back office can ship`, async () => {
      const owner = await createStaff(t.app.db, {
        tenantId: await tenantIdOf(t.app.db, shop),
        role: 'owner',
      });
      const headers = asStaff(shop, await staffTokenFor(t.app, owner));
      const get = <T>(path: string) => call<T>(t.app, 'GET', `/admin/${path}`, headers);

      const listed: string[] = [];
      let count = 0;
      for (let page = 1; ; page += 1) {
        const answer = await get<AdminOrderList>(`orders/?status=to_ship&page=${page}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        count = answer.body.count;
        listed.push(...answer.body.results.map((o) => o.order_number));
        if (answer.body.next === null) break;
      }
      const today = await get<Today>('today/');
      expect(today.status).toBe(200);
      expect(listed).toHaveLength(count);
      expect(today.body.to_ship.map((o) => o.order_number).sort()).toEqual([...listed].sort());

      for (const number of listed) {
        const order = await get<AdminOrder>(`orders/${number}/`);
        const moves = order.body.actions.filter((a) => a === 'ship' || a === 'mark_ready');
        expect(moves, `${number} (${order.body.status}) has nothing to ship`).not.toEqual([]);
      }
    });
  }

  it("lists the back office demo's two parcels to send on Today, and no order without a shipment", async () => {
    const shop = await tenantIdOf(t.app.db, 'demo-handcraft');
    const owner = await createStaff(t.app.db, { tenantId: shop, role: 'owner' });
    const today = await call<Today>(
      t.app,
      'GET',
      '/admin/today/',
      asStaff('demo-handcraft', await staffTokenFor(t.app, owner)),
    );
    const numbers = today.body.to_ship.map((o) => o.order_number);
    expect(numbers.filter((n) => n.startsWith('ORD-SEED-'))).toHaveLength(2);
    const withoutShipments = await t.app.db
      .selectFrom('orders')
      .select('order_number')
      .where('shipments', '=', '[]')
      .execute();
    expect(withoutShipments).toEqual([]);
  });
});
