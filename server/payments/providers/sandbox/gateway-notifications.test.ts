/**
 * Notifications of the sandbox gateway (`POST /payments/gateway/notify/`): a verified success pays
 * the order; a wrong signature, a stale timestamp or another amount changes nothing; a replay is
 * acknowledged and ignored; and money taken is never ignored, whatever order the news comes in.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../common/storefront-api';
import { signatureHeader } from './signature.ts';
import { call } from '../../../test/shop.ts';
import { NOT_FOUND, event, usePaymentsApi } from '../../../test/payments.ts';

type Order = components['schemas']['Order'];

const { t, initiate, paymentRow, orderRow, secretOf, notify, initiatedPayment } = usePaymentsApi();

describe('gateway notifications', () => {
  it('a verified succeeded marks the payment succeeded and the order paid', async () => {
    const { me, order, payment, amount } = await initiatedPayment();
    const answer = await notify(event(payment.payment_uuid, { amount }));
    expect(answer).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'succeeded',
      gateway_transaction_ref: 'SBX-20261122-TEST01',
    });
    const paid = await orderRow(order.id);
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    const detail = await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, me.headers);
    expect(detail.body).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
      latest_payment: { status: 'succeeded', gateway_transaction_ref: 'SBX-20261122-TEST01' },
    });
  });

  /** Asserts that the payment and its order are exactly as they were. */
  async function expectUnchanged(uuid: string, orderId: number) {
    expect(await paymentRow(uuid)).toMatchObject({
      status: 'initiated',
      gateway_transaction_ref: null,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'awaiting_payment', paid_at: null });
    const events = await t.app.db
      .selectFrom('payment_notifications as n')
      .innerJoin('payments as p', 'p.id', 'n.payment_id')
      .select('n.id')
      .where('p.uuid', '=', uuid)
      .execute();
    expect(events).toEqual([]);
  }

  it('refuses a wrong or malformed signature and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const body = event(payment.payment_uuid, { amount });
    const invalid = { status: 400, body: { detail: 'Invalid signature.' } };
    expect(await notify(body, { secret: 'not-the-shop-secret' })).toEqual(invalid);
    // Signed with the other shop's secret.
    expect(await notify(body, { secret: await secretOf('demo-pottery') })).toEqual(invalid);
    for (const signature of [
      '',
      'garbage',
      't=123',
      `v1=${'a'.repeat(64)}`,
      `t=x,v1=${'a'.repeat(64)}`,
    ]) {
      expect((await notify(body, { signature })).status).toBe(400);
    }
    // Signed, then changed: the signature covers the exact bytes.
    const secret = await secretOf('demo-handcraft');
    const now = Math.floor(Date.now() / 1000);
    const signed = signatureHeader(secret, now, JSON.stringify(body));
    expect(
      await notify(body, { signature: signed, raw: JSON.stringify({ ...body, amount: '0.01' }) }),
    ).toEqual(invalid);
    expect(await notify(body, { signature: signed, raw: JSON.stringify(body, null, 1) })).toEqual(
      invalid,
    );
    await expectUnchanged(payment.payment_uuid, order.id);
  });

  it('refuses a timestamp more than 5 minutes old or ahead, and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    // The clock is read at each call: on a loaded machine seconds pass between the calls.
    const secondsFromNow = (offset: number) => Math.floor(Date.now() / 1000) + offset;
    const stale = { status: 400, body: { detail: 'Timestamp outside the tolerance zone.' } };
    expect(
      await notify(event(payment.payment_uuid, { amount }), { timestamp: secondsFromNow(-310) }),
    ).toEqual(stale);
    expect(
      await notify(event(payment.payment_uuid, { amount }), { timestamp: secondsFromNow(310) }),
    ).toEqual(stale);
    await expectUnchanged(payment.payment_uuid, order.id);
    // Within the tolerance it is accepted.
    expect(
      (await notify(event(payment.payment_uuid, { amount }), { timestamp: secondsFromNow(-250) }))
        .status,
    ).toBe(200);
  });

  it('refuses an amount or currency that differs from the payment’s, and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const mismatch = {
      status: 400,
      body: { detail: 'Amount or currency does not match the payment.' },
    };
    const cents = Math.round(Number(amount) * 100);
    expect(
      await notify(event(payment.payment_uuid, { amount: ((cents - 1) / 100).toFixed(2) })),
    ).toEqual(mismatch);
    expect(await notify(event(payment.payment_uuid, { amount, currency: 'EUR' }))).toEqual(
      mismatch,
    );
    expect(await notify(event(payment.payment_uuid, { amount: 'lots' }))).toMatchObject({
      status: 400,
    });
    await expectUnchanged(payment.payment_uuid, order.id);
  });

  it('answers 404 for a payment the shop does not have, and 400 for a bad body', async () => {
    const { payment, amount } = await initiatedPayment();
    expect(await notify(event(randomUUID(), { amount }))).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    // Sent as the pottery (card payments off, but its sandbox secret still verifies what the
    // sandbox reports of its own charges): it has no such payment.
    expect(
      await notify(event(payment.payment_uuid, { amount }), { token: 'demo-pottery' }),
    ).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await notify(event(payment.payment_uuid, { amount, status: 'refunded' }))).status).toBe(
      400,
    );
    expect((await notify(event(payment.payment_uuid, { amount, event_id: 'x' }))).status).toBe(400);
    expect(
      await notify(
        event(payment.payment_uuid, { amount, status: 'failed', error_message: 'a\u0000b' }),
      ),
    ).toMatchObject({ status: 400, body: { error_message: ['Null characters are not allowed.'] } });
    expect((await paymentRow(payment.payment_uuid)).status).toBe('initiated');
  });

  it('acknowledges a replayed event and changes nothing', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const pending = event(payment.payment_uuid, {
      amount,
      status: 'pending',
      gateway_transaction_ref: null,
    });
    expect((await notify(pending)).body).toEqual({
      detail: 'Notification processed.',
      payment_status: 'pending',
    });
    const first = event(payment.payment_uuid, {
      amount,
      status: 'failed',
      error_message: 'Declined.',
    });
    expect((await notify(first)).status).toBe(200);
    // The same event again, and the pending one again: acknowledged, ignored.
    expect(await notify(pending)).toEqual({
      status: 200,
      body: { detail: 'Notification already processed.', payment_status: 'failed' },
    });
    expect(await notify({ ...first, status: 'succeeded' })).toEqual({
      status: 200,
      body: { detail: 'Notification already processed.', payment_status: 'failed' },
    });
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'Declined.',
    });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
  });

  it('failed and canceled keep the order awaiting payment, with the reason stored', async () => {
    const failed = await initiatedPayment();
    await notify(
      event(failed.payment.payment_uuid, {
        amount: failed.amount,
        status: 'failed',
        error_message: null,
        gateway_transaction_ref: null,
      }),
    );
    expect(await paymentRow(failed.payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'The card was declined.',
    });
    expect((await orderRow(failed.order.id)).status).toBe('awaiting_payment');

    const canceled = await initiatedPayment();
    await notify(
      event(canceled.payment.payment_uuid, {
        amount: canceled.amount,
        status: 'canceled',
        error_message: null,
        gateway_transaction_ref: null,
      }),
    );
    expect(await paymentRow(canceled.payment.payment_uuid)).toMatchObject({
      status: 'canceled',
      error_message: 'The payment was canceled.',
    });
    expect((await orderRow(canceled.order.id)).status).toBe('awaiting_payment');
    // The shopper may pay again.
    expect((await initiate(canceled.me, canceled.order.id)).status).toBe(201);
  });

  it('never ignores money taken after a cancel, and ignores anything after a success', async () => {
    const { order, payment, amount } = await initiatedPayment();
    await notify(
      event(payment.payment_uuid, { amount, status: 'canceled', gateway_transaction_ref: null }),
    );
    // The provider took the money after all: recorded, and the waiting order is paid by it.
    const late = await notify(event(payment.payment_uuid, { amount }));
    expect(late).toEqual({
      status: 200,
      body: { detail: 'Notification processed.', payment_status: 'succeeded' },
    });
    expect((await paymentRow(payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(order.id)).status).toBe('paid');
    const failedLater = await notify(event(payment.payment_uuid, { amount, status: 'canceled' }));
    expect(failedLater.body).toEqual({
      detail: 'The payment is already final; notification ignored.',
      payment_status: 'succeeded',
    });

    const paid = await initiatedPayment();
    await notify(event(paid.payment.payment_uuid, { amount: paid.amount }));
    await notify(event(paid.payment.payment_uuid, { amount: paid.amount, status: 'failed' }));
    expect((await paymentRow(paid.payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(paid.order.id)).status).toBe('paid');
  });

  it('ends succeeded whichever of a racing success and failure comes first', async () => {
    const { order, payment, amount } = await initiatedPayment();
    const [success, failure] = await Promise.all([
      notify(event(payment.payment_uuid, { amount })),
      notify(
        event(payment.payment_uuid, { amount, status: 'failed', gateway_transaction_ref: null }),
      ),
    ]);
    // Money taken is never ignored: a failure first is overtaken, a failure last is ignored.
    expect((await paymentRow(payment.payment_uuid)).status).toBe('succeeded');
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(success!.body).toEqual({
      detail: 'Notification processed.',
      payment_status: 'succeeded',
    });
    // (Its answer names the state it left, or the success it found.)
    expect([
      'Notification processed.',
      'The payment is already final; notification ignored.',
    ]).toContain(failure!.body.detail);
  });
});
