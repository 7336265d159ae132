/**
 * The back office marks an order paid when the shop's bank statement (or its till) shows the money:
 * the order is paid by the same rule as a card capture, stops expiring, the shopper is told,
 * and the activity log says who did it. On SQLite and on PostgreSQL.
 */
import { cancelOrder } from './closing.ts';
import { markOrderPaid } from './mark-paid.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';
import { createStaff, tenantIdOf } from '../test/staff.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;

const paidWith = (amount: string, payerReference = 'ORD REF A LOVELACE') => ({
  amountCents: centsOf(amount),
  payerReference,
});

describe('marking a bank transfer paid', () => {
  it('pays the order, stops its expiry, tells the shopper and logs who did it', async () => {
    const product = await backOffice.freshProduct(5);
    const order = await backOffice.placeOrder([{ productId: product.id }]);
    expect(order).toMatchObject({ status: 'awaiting_payment', expires_at: expect.any(String) });

    const moved = await markOrderPaid(
      backOffice.ctx(),
      backOffice.staff,
      order.order_number,
      paidWith(order.total_price, `  ${order.order_number} A LOVELACE  `),
    );
    expect(moved).toEqual({
      orderId: order.id,
      orderNumber: order.order_number,
      status: 'paid',
    });
    const row = await backOffice.orderRow(order.order_number);
    expect(row).toMatchObject({ status: 'paid', expires_at: null });
    expect(row.paid_at).not.toBeNull();
    const money = await t.app.db
      .selectFrom('manual_payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(money).toEqual([
      expect.objectContaining({
        amount_cents: centsOf(order.total_price),
        payer_reference: `${order.order_number} A LOVELACE`,
        staff_id: backOffice.staff.id,
      }),
    ]);

    // The shopper's "payment received", in the shop's words for the method.
    expect(await backOffice.emailKinds(order.order_number)).toEqual([
      'order_placed',
      'shop_order_awaiting_payment',
      'payment_received',
    ]);
    expect(await backOffice.emailData(order.order_number, 'payment_received')).toMatchObject({
      payment: { amount: order.total_price, method: 'bank_transfer', provider: 'Bank transfer' },
    });
    expect(await backOffice.activityOf(order.order_number)).toEqual([
      {
        staff_id: backOffice.staff.id,
        action: 'order.mark_paid',
        before: { status: 'awaiting_payment' },
        after: {
          status: 'paid',
          amount: order.total_price,
          payer_reference: `${order.order_number} A LOVELACE`,
        },
      },
    ]);

    // Its old deadline passing changes nothing: it is paid.
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await t.app.sweepOrders();
    expect((await backOffice.orderRow(order.order_number)).status).toBe('paid');
  });

  it('makes it once when clicked twice at the same moment: one payment, one e-mail, one entry', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const results = await Promise.allSettled([
      markOrderPaid(
        backOffice.ctx(),
        backOffice.owner,
        order.order_number,
        paidWith(order.total_price),
      ),
      markOrderPaid(
        backOffice.ctx(),
        backOffice.staff,
        order.order_number,
        paidWith(order.total_price),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const second = results.find((r) => r.status === 'rejected')!;
    expect(await refusalOf(Promise.reject(second.reason))).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: 'This order is already paid.' },
    });
    const payments = await t.app.db
      .selectFrom('manual_payments')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(
      (await backOffice.emailKinds(order.order_number)).filter((k) => k === 'payment_received'),
    ).toHaveLength(1);
    expect(await backOffice.activityOf(order.order_number)).toHaveLength(1);
  });

  it('refuses less than the total, and more unless an owner confirms the overpayment', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const total = centsOf(order.total_price);
    const mark = (
      actor: typeof backOffice.staff,
      amountCents: number,
      confirmOverpayment?: boolean,
    ) =>
      markOrderPaid(backOffice.ctx(), actor, order.order_number, {
        amountCents,
        payerReference: 'A LOVELACE',
        ...(confirmOverpayment === undefined ? {} : { confirmOverpayment }),
      });
    expect(await refusalOf(mark(backOffice.staff, total - 1))).toEqual({
      status: 400,
      code: 'invalid_order_input',
      body: {
        amount: [`The amount received is less than the order's total of $${order.total_price}.`],
      },
    });
    // Staff never record more than the total, confirmed or not.
    for (const confirm of [undefined, true]) {
      expect((await refusalOf(mark(backOffice.staff, total + 500, confirm))).body).toEqual({
        amount: [
          `The amount received is more than the order's total of $${order.total_price}; only an owner can record an overpayment.`,
        ],
      });
    }
    // An owner confirms it, or it is refused too.
    expect((await refusalOf(mark(backOffice.owner, total + 500, false))).body).toEqual({
      amount: [
        `The amount received is $5.00 more than the order's total of $${order.total_price}. Confirm the overpayment to record it.`,
      ],
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('awaiting_payment');
    expect(await backOffice.activityOf(order.order_number)).toEqual([]);

    await mark(backOffice.owner, total + 500, true);
    const row = await t.app.db
      .selectFrom('manual_payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      amount_cents: total + 500,
      staff_id: backOffice.owner.id,
      overpayment_confirmed_by: backOffice.owner.id,
    });
    expect(row.overpayment_confirmed_at).not.toBeNull();
    expect(await backOffice.emailData(order.order_number, 'payment_received')).toMatchObject({
      payment: { amount: ((total + 500) / 100).toFixed(2) },
    });
    expect((await backOffice.activityOf(order.order_number))[0]).toMatchObject({
      action: 'order.mark_paid',
      after: {
        amount: ((total + 500) / 100).toFixed(2),
        overpayment: '5.00',
        overpayment_confirmed: true,
      },
    });
  });

  it('answers each bad field in DRF words', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const mark = (amountCents: number, payerReference: string) =>
      refusalOf(
        markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
          amountCents,
          payerReference,
        }),
      );
    expect((await mark(0, ' ')).body).toEqual({
      amount: ['Ensure this value is greater than or equal to 0.01.'],
      payer_reference: ['This field may not be blank.'],
    });
    expect((await mark(10_000_001, 'x'.repeat(141))).body).toEqual({
      amount: ['Ensure this value is less than or equal to 100000.00.'],
      payer_reference: ['Ensure this field has no more than 140 characters.'],
    });
    expect((await mark(1.5, 'A\nB')).body).toEqual({
      amount: ['A valid integer is required.'],
      payer_reference: ['Enter text without control characters.'],
    });
  });

  it("names the shop's own method for a custom payment", async () => {
    await t.app.db
      .updateTable('payment_settings')
      .set({ enable_custom_payment: 1, custom_payment_label: 'Pay at the workshop' })
      .where('tenant_id', '=', backOffice.tenantId)
      .execute();
    const order = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'custom',
    );
    await markOrderPaid(
      backOffice.ctx(),
      backOffice.staff,
      order.order_number,
      paidWith(order.total_price),
    );
    expect(await backOffice.emailData(order.order_number, 'payment_received')).toMatchObject({
      payment: { method: 'custom', provider: 'Pay at the workshop' },
    });
  });
});

describe('what cannot be marked paid', () => {
  it('an expired order (reopen it first), a canceled one, a card order', async () => {
    const expired = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    await backOffice.expire(expired.order_number);
    const closedAt = new Date((await backOffice.orderRow(expired.order_number)).closed_at!);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(closedAt);
    const mark = (number: string, total: string) =>
      refusalOf(markOrderPaid(backOffice.ctx(), backOffice.staff, number, paidWith(total)));
    expect(await mark(expired.order_number, expired.total_price)).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: `This order expired on ${day}; reopen it first.` },
    });

    const canceled = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const shopper = await t.app.db
      .selectFrom('orders')
      .select(['user_id', 'tenant_id'])
      .where('id', '=', canceled.id)
      .executeTakeFirstOrThrow();
    await cancelOrder(
      backOffice.ctx(),
      { tenantId: shopper.tenant_id, userId: shopper.user_id },
      canceled.id,
    );
    expect((await mark(canceled.order_number, canceled.total_price)).body).toEqual({
      detail: 'This order was canceled.',
    });

    const card = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'card_2c2p',
    );
    expect((await mark(card.order_number, card.total_price)).body).toEqual({
      detail: 'A card order is paid through its card payment.',
    });

    // Nothing was recorded for any of them.
    for (const order of [expired, canceled, card]) {
      expect(await backOffice.activityOf(order.order_number)).toEqual([]);
      expect(await backOffice.emailKinds(order.order_number)).not.toContain('payment_received');
    }
  });

  it("answers 404 for another shop's order", async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const elsewhere = await createStaff(t.app.db, {
      tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
      role: 'owner',
    });
    expect(
      await refusalOf(
        markOrderPaid(backOffice.ctx(), elsewhere, order.order_number, paidWith(order.total_price)),
      ),
    ).toEqual({ status: 404, code: 'order_not_found', body: { detail: 'Not found.' } });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('awaiting_payment');
  });
});
