/**
 * An owner reopens an expired order (a transfer that arrived late): it takes its stock again and
 * waits for its payment with a new deadline, or is refused naming every piece that is gone.
 * Staff may not. On SQLite and on PostgreSQL.
 */
import { markOrderPaid } from './mark-paid.ts';
import { reopenOrder } from './reopen.ts';
import { setProduct } from '../test/shop.ts';
import { stockOf } from '../test/sandbox.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;

const WEEK_MS = 7 * 24 * 3600 * 1000;

describe('reopening an expired order', () => {
  it('takes its stock again, gives it a new week to pay, and logs it; then it can be paid', async () => {
    const product = await backOffice.freshProduct(5);
    const order = await backOffice.placeOrder([{ productId: product.id, quantity: 2 }]);
    await backOffice.expire(order.order_number);
    expect(await stockOf(t.app, product.id)).toBe(5);

    const now = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const moved = await reopenOrder(backOffice.ctx(now), backOffice.owner, order.order_number);
    expect(moved.status).toBe('awaiting_payment');
    const row = await backOffice.orderRow(order.order_number);
    expect(row).toMatchObject({ status: 'awaiting_payment', closed_at: null });
    expect(new Date(row.expires_at!).getTime()).toBe(now.getTime() + WEEK_MS);
    expect(await stockOf(t.app, product.id)).toBe(3);
    expect(await backOffice.activityOf(order.order_number)).toEqual([
      {
        staff_id: backOffice.owner.id,
        action: 'order.reopen',
        before: { status: 'expired', expired_at: expect.any(String) },
        after: { status: 'awaiting_payment', expires_at: new Date(row.expires_at!).toISOString() },
      },
    ]);

    await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
      amountCents: centsOf(order.total_price),
      payerReference: order.order_number,
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('paid');
    expect(await stockOf(t.app, product.id)).toBe(3);
  });

  it('is refused, naming every piece that is gone, and takes nothing', async () => {
    const sold = await backOffice.freshProduct(3);
    const retired = await backOffice.freshProduct(3);
    const there = await backOffice.freshProduct(3);
    const order = await backOffice.placeOrder([
      { productId: sold.id, quantity: 2 },
      { productId: retired.id },
      { productId: there.id },
    ]);
    await backOffice.expire(order.order_number);
    await setProduct(t.app, sold.id, { stock: 1 });
    await setProduct(t.app, retired.id, { is_active: 0 });

    expect(
      await refusalOf(reopenOrder(backOffice.ctx(), backOffice.owner, order.order_number)),
    ).toEqual({
      status: 409,
      code: 'stock_gone',
      body: {
        detail: `${sold.name} and ${retired.name} are out of stock, so this order cannot be reopened.`,
      },
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('expired');
    expect(await stockOf(t.app, sold.id)).toBe(1);
    expect(await stockOf(t.app, there.id)).toBe(3);
    expect(await backOffice.activityOf(order.order_number)).toEqual([]);
    await setProduct(t.app, retired.id, { is_active: 1 });
  });

  it('reopens only an expired order, once', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    expect(
      await refusalOf(reopenOrder(backOffice.ctx(), backOffice.owner, order.order_number)),
    ).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: 'Only an expired order can be reopened.' },
    });
    await backOffice.expire(order.order_number);
    // A member of staff is refused at the door (server/http/admin/permissions.ts), before any
    // rule runs: server/http/admin/role-matrix.test.ts walks every operation as one.

    // Twice at once: reopened once, its stock taken once.
    const results = await Promise.allSettled([
      reopenOrder(backOffice.ctx(), backOffice.owner, order.order_number),
      reopenOrder(backOffice.ctx(), backOffice.owner, order.order_number),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(
      (await backOffice.activityOf(order.order_number)).filter((a) => a.action === 'order.reopen'),
    ).toHaveLength(1);
  });
});
