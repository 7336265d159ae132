/**
 * The one writer of an order's status (./lifecycle.ts `moveOrderStatus`, decision 038): a move
 * the lifecycle allows is made once, with its columns, and only from the state it names; of two
 * writers racing for one move, one makes it; a move the lifecycle does not list writes nothing.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createShop, createShopper, insertOrder } from '../test/order-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { moveOrderStatus } from './lifecycle.ts';

const t = useTestApp({}, { seed: false });

async function newOrder(status: 'awaiting_payment' | 'shipped' = 'awaiting_payment') {
  const db = t.app.db;
  const shop = await createShop(db);
  const shopper = await createShopper(db, shop.id, `s${Date.now()}${Math.random()}@example.com`);
  return (await insertOrder(db, shop.id, { userId: shopper.id, status })).id;
}

const statusOf = async (id: number) =>
  await t.app.db
    .selectFrom('orders')
    .select(['status', 'paid_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('moveOrderStatus, the one writer of an order status', () => {
  it('moves an order awaiting payment to paid, with the columns given', async () => {
    const id = await newOrder();
    const paidAt = '2026-11-29T10:00:00.000Z';
    const moved = await t.app.db
      .transaction()
      .execute((trx) => moveOrderStatus(trx, id, 'awaiting_payment', 'paid', { paid_at: paidAt }));
    expect(moved).toBe(true);
    const row = await statusOf(id);
    expect(row.status).toBe('paid');
    expect(new Date(row.paid_at!).toISOString()).toBe(paidAt);
  });

  it('lets only one of two writers make the same move', async () => {
    const id = await newOrder();
    const first = await t.app.db
      .transaction()
      .execute((trx) => moveOrderStatus(trx, id, 'awaiting_payment', 'canceled'));
    const second = await t.app.db
      .transaction()
      .execute((trx) => moveOrderStatus(trx, id, 'awaiting_payment', 'expired'));
    expect([first, second]).toEqual([true, false]);
    expect((await statusOf(id)).status).toBe('canceled');
  });

  it('writes nothing for a move the lifecycle does not list', async () => {
    const id = await newOrder('shipped');
    const moved = await t.app.db
      .transaction()
      .execute((trx) => moveOrderStatus(trx, id, 'shipped', 'canceled'));
    expect(moved).toBe(false);
    expect((await statusOf(id)).status).toBe('shipped');
  });
});
