/**
 * The shop cancels an order with a reason the shopper reads: any member an unpaid one, only an
 * owner a paid one, which is refunded in full; the stock comes back once, however many cancels
 * race; a shipped order is refunded instead. On SQLite and on PostgreSQL.
 */
import { cancelByShop } from './shop-cancel.ts';
import { markOrderPaid } from './mark-paid.ts';
import { shipShipment } from './fulfilment.ts';
import type { OrderCanceledByShopEmailData } from './emails/staff-move-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { notifySandbox, startPayment, stockOf } from '../test/sandbox.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;

const REASON = 'The last one was sold at the gallery this morning. We are sorry.';

const refundsOf = (orderId: number) =>
  t.app.db
    .selectFrom('refunds')
    .select(['amount_cents', 'status', 'payment_id', 'reason', 'staff_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

async function markPaid(order: { order_number: string; total_price: string }) {
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
}

describe('canceling an unpaid order', () => {
  it('any member may: closed with the reason, stock back, the shopper told why, logged', async () => {
    const product = await backOffice.freshProduct(4);
    const order = await backOffice.placeOrder([{ productId: product.id, quantity: 2 }]);
    expect(await stockOf(t.app, product.id)).toBe(2);

    const moved = await cancelByShop(backOffice.ctx(), backOffice.staff, order.order_number, {
      reason: `  ${REASON}\n`,
    });
    expect(moved).toMatchObject({ status: 'canceled', refundedCents: 0, refunds: [] });
    const row = await backOffice.orderRow(order.order_number);
    expect(row).toMatchObject({ status: 'canceled', cancel_reason: REASON, expires_at: null });
    expect(row.closed_at).not.toBeNull();
    expect(await stockOf(t.app, product.id)).toBe(4);

    expect(await backOffice.emailKinds(order.order_number)).toEqual([
      'order_placed',
      'shop_order_awaiting_payment',
      'order_canceled_by_shop',
    ]);
    const data = await backOffice.emailData<OrderCanceledByShopEmailData>(
      order.order_number,
      'order_canceled_by_shop',
    );
    expect(data).toMatchObject({ reason: REASON, paymentMayStillArrive: false });
    expect(data.refund).toBeUndefined();
    const email = await renderEmail(data);
    expect(email.text).toContain(REASON);
    expect(email.text).toContain('Nothing was charged.');
    expect(await backOffice.activityOf(order.order_number)).toEqual([
      {
        staff_id: backOffice.staff.id,
        action: 'order.cancel',
        before: { status: 'awaiting_payment' },
        after: { status: 'canceled', reason: REASON },
      },
    ]);
  });

  it('gives the stock back once when two cancels race, and tells the shopper once', async () => {
    const product = await backOffice.freshProduct(3);
    const order = await backOffice.placeOrder([{ productId: product.id }]);
    const cancel = () =>
      cancelByShop(backOffice.ctx(), backOffice.staff, order.order_number, { reason: REASON });
    const results = await Promise.allSettled([cancel(), cancel(), cancel()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(3);
    expect((await refusalOf(cancel())).body).toEqual({ detail: 'This order is already closed.' });
    expect(
      (await backOffice.emailKinds(order.order_number)).filter(
        (k) => k === 'order_canceled_by_shop',
      ),
    ).toHaveLength(1);
    expect(await backOffice.activityOf(order.order_number)).toHaveLength(1);
  });

  it('waits while a card payment is being processed at its provider', async () => {
    const order = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'card_2c2p',
    );
    const payment = await startPayment(t.app, backOffice.shopperOf(order.order_number), order.id);
    await notifySandbox(t.app, payment.payment_uuid, order.total_price, { status: 'pending' });
    expect(
      await refusalOf(
        cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, { reason: REASON }),
      ),
    ).toMatchObject({ status: 409, code: 'payment_in_progress' });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('awaiting_payment');
  });

  it('needs a reason', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const cancel = (reason: string) =>
      refusalOf(cancelByShop(backOffice.ctx(), backOffice.staff, order.order_number, { reason }));
    expect(await cancel(' \n ')).toEqual({
      status: 400,
      code: 'invalid_order_input',
      body: { reason: ['This field may not be blank.'] },
    });
    expect((await cancel('x'.repeat(501))).body).toEqual({
      reason: ['Ensure this field has no more than 500 characters.'],
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('awaiting_payment');
  });
});

describe('canceling a paid order', () => {
  it('staff may not: refused, and nothing changes', async () => {
    const product = await backOffice.freshProduct(5);
    const order = await backOffice.placeOrder([{ productId: product.id }]);
    await markPaid(order);
    expect(
      await refusalOf(
        cancelByShop(backOffice.ctx(), backOffice.staff, order.order_number, { reason: REASON }),
      ),
    ).toEqual({
      status: 403,
      code: 'forbidden',
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('paid');
    expect(await stockOf(t.app, product.id)).toBe(4);
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await backOffice.activityOf(order.order_number)).map((a) => a.action)).toEqual([
      'order.mark_paid',
    ]);
  });

  it('an owner may: stock back, money received by hand refunded in full by hand', async () => {
    const product = await backOffice.freshProduct(5);
    const order = await backOffice.placeOrder([{ productId: product.id }]);
    await markPaid(order);
    const moved = await cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, {
      reason: REASON,
    });
    const total = centsOf(order.total_price);
    expect(moved).toMatchObject({ status: 'canceled', refundedCents: total });
    expect(moved.refunds).toEqual([
      expect.objectContaining({ amountCents: total, status: 'manual' }),
    ]);
    expect(await backOffice.orderRow(order.order_number)).toMatchObject({
      status: 'canceled',
      cancel_reason: REASON,
      refunded_cents: total,
    });
    expect(await stockOf(t.app, product.id)).toBe(5);
    expect(await refundsOf(order.id)).toEqual([
      {
        amount_cents: total,
        status: 'manual',
        payment_id: null,
        reason: REASON,
        staff_id: backOffice.owner.id,
      },
    ]);
    // The cancel first, with the refund it makes; the refund's own e-mail after it.
    expect((await backOffice.emailKinds(order.order_number)).slice(-2)).toEqual([
      'order_canceled_by_shop',
      'order_refunded',
    ]);
    const data = await backOffice.emailData<OrderCanceledByShopEmailData>(
      order.order_number,
      'order_canceled_by_shop',
    );
    expect(data.refund).toEqual({ amount: order.total_price });
    expect((await renderEmail(data)).text).toContain(
      `We're refunding your payment of $${order.total_price} in full`,
    );
    expect((await backOffice.activityOf(order.order_number)).at(-1)).toEqual({
      staff_id: backOffice.owner.id,
      action: 'order.cancel',
      before: { status: 'paid' },
      after: { status: 'canceled', reason: REASON, refunded: order.total_price },
    });
  });

  it('an owner cancels a card order: refunded through the provider that took the money', async () => {
    const order = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'card_2c2p',
    );
    await backOffice.payByCard(order);
    const moved = await cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, {
      reason: REASON,
    });
    expect(moved.refunds).toEqual([
      expect.objectContaining({ amountCents: centsOf(order.total_price), status: 'succeeded' }),
    ]);
    expect((await backOffice.orderRow(order.order_number)).status).toBe('canceled');
  });

  it('keeps out of stock what was already sent, and gives back the rest once', async () => {
    const sent = await backOffice.freshProduct(5);
    const kept = await backOffice.freshProduct(5);
    const order = await backOffice.placeOrder([
      { productId: sent.id, ship: 'uk-standard' },
      { productId: kept.id, ship: 'uk-express' },
    ]);
    await markPaid(order);
    const index = order.shipments.findIndex((s) => s.method === 'uk-standard');
    await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
      shipmentIndex: index,
      carrier: 'royal_mail',
      trackingNumber: 'AB123456789GB',
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('processing');
    const cancel = () =>
      cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, { reason: REASON });
    const results = await Promise.allSettled([cancel(), cancel()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(t.app, sent.id)).toBe(4);
    expect(await stockOf(t.app, kept.id)).toBe(5);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('a shipped order is refunded instead, and a closed one stays closed', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    await markPaid(order);
    await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
      shipmentIndex: 0,
      carrier: 'dpd',
      trackingNumber: '1550',
    });
    expect(
      await refusalOf(
        cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, { reason: REASON }),
      ),
    ).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: 'This order has been sent; refund it instead.' },
    });

    const expired = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    await backOffice.expire(expired.order_number);
    expect(
      (
        await refusalOf(
          cancelByShop(backOffice.ctx(), backOffice.owner, expired.order_number, {
            reason: REASON,
          }),
        )
      ).body,
    ).toEqual({ detail: 'This order is already closed.' });
  });
});
