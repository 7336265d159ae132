/**
 * The order lifecycle through the API (decision 038), on SQLite and on PostgreSQL: money that
 * arrives for an order that cannot keep it is recorded and refunded, through the provider or by
 * the shop by hand, with the e-mails of each event queued.
 */
import type { components } from '../../common/storefront-api';
import {
  notifySandbox,
  orderOne,
  orderRow,
  paySandbox,
  paymentRow,
  queuedEmails,
  startPayment,
} from '../test/sandbox.ts';
import { call } from '../test/shop.ts';
import { useLifecycleApi } from '../test/order-lifecycle.ts';

type Order = components['schemas']['Order'];

const { t, cancel, makeDue } = useLifecycleApi();

describe('money that arrives for an order that cannot keep it', () => {
  it('is recorded for a canceled order and refunded through the provider, and both are told', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    expect((await cancel(me.headers, order.id)).status).toBe(200);
    // The provider's page was still open in another tab and the shopper paid.
    const late = await paySandbox(t.app, payment.payment_uuid, order.total_price);
    expect(late).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      captured_at: expect.anything(),
      refund_status: 'refunded',
      refund_ref: expect.stringMatching(/-RF$/),
    });
    expect((await orderRow(t.app, order.id)).status).toBe('canceled');
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body).toMatchObject({ status: 'canceled', refund_status: 'refunded' });
    const status = await call(
      t.app,
      'GET',
      `/payments/history/${payment.payment_uuid}/`,
      me.headers,
    );
    expect(status.body).toMatchObject({ status: 'succeeded', refund_status: 'refunded' });
    const emails = await queuedEmails(t.app, order.order_number);
    expect(emails.map((e) => e.kind)).toEqual([
      'order_placed',
      'order_closed',
      'late_payment_refund',
      'shop_refund_needed',
    ]);
    expect(emails.at(-1)!.data).toContain('"refundedAutomatically":true');
    expect(emails.at(-2)!.data).toContain('"reason":"order_canceled"');
  });

  it('pays the waiting order when a superseded attempt is paid after all, and closes the newer one', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const older = await startPayment(t.app, me, order.id);
    const newer = await startPayment(t.app, me, order.id);
    expect((await paymentRow(t.app, older.payment_uuid)).status).toBe('canceled');
    await paySandbox(t.app, older.payment_uuid, order.total_price);
    expect((await orderRow(t.app, order.id)).status).toBe('paid');
    expect(await paymentRow(t.app, older.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: null,
    });
    expect((await paymentRow(t.app, newer.payment_uuid)).status).toBe('canceled');

    // Now the newer page is paid too (a second tab): a duplicate, refunded.
    await paySandbox(t.app, newer.payment_uuid, order.total_price);
    expect(await paymentRow(t.app, newer.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: 'refunded',
    });
    const shopMail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'shop_refund_needed',
    );
    expect(shopMail?.data).toContain('"reason":"duplicate_payment"');
  });

  it('is left for the shop to refund by hand when the provider cannot refund, and the shop is told so', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    await makeDue(order.id);
    await t.app.sweepOrders();
    expect((await orderRow(t.app, order.id)).status).toBe('expired');
    // As a provider whose adapter cannot refund (2C2P's) answers.
    const provider = (await t.app.orders.providerFor(me.tenantId))!;
    const refund = vi.spyOn(provider, 'refundPayment').mockResolvedValue(null);
    try {
      await notifySandbox(t.app, payment.payment_uuid, order.total_price);
    } finally {
      refund.mockRestore();
    }
    expect(await paymentRow(t.app, payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      refund_status: 'manual',
    });
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body.refund_status).toBe('pending');
    const shopMail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'shop_refund_needed',
    );
    expect(shopMail?.data).toContain('"refundedAutomatically":false');
    expect(shopMail?.data).toContain('"reason":"order_expired"');
  });

  it('refuses a report of another amount, and changes nothing', async () => {
    const { me, order } = await orderOne(t.app, 'card_2c2p');
    const payment = await startPayment(t.app, me, order.id);
    const wrong = await notifySandbox(t.app, payment.payment_uuid, '0.01');
    expect(wrong).toMatchObject({
      status: 400,
      body: { detail: 'Amount or currency does not match the payment.' },
    });
    expect((await paymentRow(t.app, payment.payment_uuid)).status).toBe('initiated');
    expect((await orderRow(t.app, order.id)).status).toBe('awaiting_payment');
  });
});
