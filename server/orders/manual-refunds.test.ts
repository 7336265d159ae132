/**
 * Money the shop owes by hand, marked paid back by an owner: a `manual` refund and a card
 * payment the order could not keep leave today's list once, with one activity entry however
 * many clicks; staff may not; another shop's is not found; and a canceled order whose refund in
 * full the provider refused may be refunded again from its page. On SQLite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import {
  createActor,
  createShop,
  createShopper,
  insertOrder,
  payByCard,
  payByHand,
} from '../test/order-fixtures.ts';
import { tenantId } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { cancelByShop } from './shop-cancel.ts';
import { getAdminOrder } from './order-detail.ts';
import { getToday } from './today.ts';
import { loadOrder } from './order-history.ts';
import type { OrderActing } from './staff-actions.ts';
import {
  PAID_BACK_MESSAGES,
  settleManualPaymentRefund,
  settleManualRefund,
} from './manual-refunds.ts';
import { refundOrder } from './shop-refunds.ts';

const STRIPE = {
  secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
  webhookSecret: 'whsec_FakeWebhookSecret0123456789',
};

let t: TestApp;
let app: FastifyInstance;
let fakeStripe: FakeStripe;
let demo: number;
let owner: OrderActing;
let staff: OrderActing;

beforeAll(async () => {
  fakeStripe = await startFakeStripe(STRIPE);
  t = await createTestApp({ stripeApiBase: fakeStripe.apiBase });
  app = t.app;
  demo = await tenantId(app, 'demo-handcraft');
  await app.paymentProviders.configure(demo, 'stripe', STRIPE);
  owner = await createActor(app.db, demo, 'owner');
  staff = await createActor(app.db, demo, 'staff');
});
afterAll(async () => {
  await t.close();
  await fakeStripe.close();
});

/** An order paid by bank transfer, 45.00 of it refunded by hand (a `manual` refund). */
async function refundedByHand() {
  const shopper = await createShopper(app.db, demo);
  const order = await insertOrder(app.db, demo, {
    userId: shopper.id,
    method: 'bank_transfer',
    lines: [{ cents: 13_000 }],
  });
  await payByHand(app.db, demo, order);
  await refundOrder(app.orders, owner, order.order_number, {
    amount: '45.00',
    reason: 'One mug arrived chipped.',
  });
  const refund = await app.db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { ...order, refund };
}

/** An order that expired unpaid, whose late card payment its provider could not refund. */
async function lateCardToPayBack() {
  const shopper = await createShopper(app.db, demo);
  const order = await insertOrder(app.db, demo, { userId: shopper.id, method: 'card_2c2p' });
  const payment = await payByCard(app, demo, order, 'sandbox');
  await app.db
    .updateTable('payments')
    .set({ refund_status: 'manual' })
    .where('uuid', '=', payment.uuid)
    .execute();
  await app.db
    .updateTable('orders')
    .set({ status: 'expired', paid_at: null, closed_at: new Date().toISOString() })
    .where('id', '=', order.id)
    .execute();
  return { ...order, userId: shopper.id, payment };
}

const activityOf = (number: string, action: string) =>
  app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('object_type', '=', 'order')
    .where('object_id', '=', number)
    .where('action', '=', action)
    .execute();
const todayNumbers = async () =>
  (await getToday(app.db, demo, new Date())).manual_refunds.map((r) => r.order_number);

describe('a refund paid back by hand', () => {
  it('is paid back once: the note kept, the totals unchanged, gone from today, logged', async () => {
    const order = await refundedByHand();
    expect(await todayNumbers()).toContain(order.order_number);
    const before = await getAdminOrder(app.db, demo, order.order_number, owner);
    expect(before.actions).toEqual(['ship', 'cancel', 'refund', 'mark_paid_back']);

    await settleManualRefund(app.orders, owner, order.order_number, order.refund.id, {
      note: '  Transfer 24 Nov, ref REFUND ORD  ',
    });

    const after = await getAdminOrder(app.db, demo, order.order_number, owner);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        id: order.refund.id,
        amount: '45.00',
        status: 'paid_back',
        provider_ref: 'Transfer 24 Nov, ref REFUND ORD',
      }),
    ]);
    expect(after).toMatchObject({
      status: before.status,
      refunded_total: '45.00',
      refundable: '85.00',
      actions: ['ship', 'cancel', 'refund'],
    });
    expect(after.timeline.at(-1)).toMatchObject({
      actor: owner.staff.name,
      action: 'Paid back by hand',
      detail: '45.00, note: Transfer 24 Nov, ref REFUND ORD',
    });
    expect(await todayNumbers()).not.toContain(order.order_number);
    const logged = await activityOf(order.order_number, 'order.refund_paid_back');
    expect(logged.map((a) => [a.staff_id, JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([
      [
        owner.staff.id,
        { refund_id: order.refund.id, amount: '45.00', status: 'manual' },
        {
          refund_id: order.refund.id,
          amount: '45.00',
          status: 'paid_back',
          note: 'Transfer 24 Nov, ref REFUND ORD',
        },
      ],
    ]);
  });

  it('makes one change of a double click: the second is refused and logs nothing', async () => {
    const order = await refundedByHand();
    const results = await Promise.allSettled([
      settleManualRefund(app.orders, owner, order.order_number, order.refund.id, {}),
      settleManualRefund(app.orders, owner, order.order_number, order.refund.id, {}),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'order_move_refused', message: PAID_BACK_MESSAGES.refundAlreadyPaidBack },
    });
    expect(await activityOf(order.order_number, 'order.refund_paid_back')).toHaveLength(1);
    await expect(
      settleManualRefund(app.orders, owner, order.order_number, order.refund.id, {}),
    ).rejects.toMatchObject({ message: 'This refund is already paid back.' });
  });

  it('refuses a refund that is not to be paid by hand', async () => {
    const shopper = await createShopper(app.db, demo);
    const order = await insertOrder(app.db, demo, { userId: shopper.id, method: 'card_2c2p' });
    await payByCard(app, demo, order, 'sandbox');
    await refundOrder(app.orders, owner, order.order_number, { amount: '1.00', reason: 'Chip.' });
    const refund = await app.db
      .selectFrom('refunds')
      .select(['id', 'status'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(refund.status).toBe('succeeded');
    await expect(
      settleManualRefund(app.orders, owner, order.order_number, refund.id, {}),
    ).rejects.toMatchObject({
      code: 'order_move_refused',
      message: 'Only a refund to pay by hand can be marked paid back.',
    });
  });

  it('is not offered to a member of staff', async () => {
    const order = await refundedByHand();
    // A member of staff is refused at the door (server/http/admin/permissions.ts), before any
    // rule runs: server/http/admin/role-matrix.test.ts walks every operation as one.
    expect(await todayNumbers()).toContain(order.order_number);
    const asStaff = await getAdminOrder(app.db, demo, order.order_number, staff);
    expect(asStaff.actions).not.toContain('mark_paid_back');
  });

  it('does not find another shop’s refund, nor one of another order', async () => {
    const order = await refundedByHand();
    const other = await refundedByHand();
    const elsewhere = await createShop(app.db);
    const stranger = await createActor(app.db, elsewhere.id, 'owner');
    await expect(
      settleManualRefund(app.orders, stranger, order.order_number, order.refund.id, {}),
    ).rejects.toMatchObject({ code: 'order_not_found', message: 'Not found.' });
    await expect(
      settleManualRefund(app.orders, owner, order.order_number, other.refund.id, {}),
    ).rejects.toMatchObject({ code: 'order_not_found' });
    expect(await todayNumbers()).toEqual(
      expect.arrayContaining([order.order_number, other.order_number]),
    );
  });

  it('refuses a note over 200 characters or with a line break', async () => {
    const order = await refundedByHand();
    for (const [note, message] of [
      ['x'.repeat(201), 'Ensure this field has no more than 200 characters.'],
      ['REF\n1', 'Enter text without control characters.'],
    ]) {
      await expect(
        settleManualRefund(app.orders, owner, order.order_number, order.refund.id, { note }),
      ).rejects.toMatchObject({ code: 'invalid_order_input', fields: { note: [message] } });
    }
    expect(await todayNumbers()).toContain(order.order_number);
  });
});

describe('a card payment the order could not keep, paid back by hand', () => {
  it('is paid back once, leaves today, and the shopper reads it refunded', async () => {
    const order = await lateCardToPayBack();
    expect(await todayNumbers()).toContain(order.order_number);
    const shopper = { tenantId: demo, userId: order.userId };
    expect((await loadOrder(app.orders, shopper, order.id)).refund_status).toBe('pending');
    expect((await getAdminOrder(app.db, demo, order.order_number, owner)).actions).toEqual([
      'reopen',
      'mark_paid_back',
    ]);

    await settleManualPaymentRefund(app.orders, owner, order.order_number, order.payment.uuid, {
      note: 'BACS 24 Nov',
    });
    await expect(
      settleManualPaymentRefund(app.orders, owner, order.order_number, order.payment.uuid, {}),
    ).rejects.toMatchObject({
      code: 'order_move_refused',
      message: 'This payment is already paid back.',
    });

    const after = await getAdminOrder(app.db, demo, order.order_number, owner);
    expect(after.payments).toEqual([
      expect.objectContaining({ uuid: order.payment.uuid, refund_status: 'paid_back' }),
    ]);
    expect(after.actions).toEqual(['reopen']);
    expect(after.timeline.map((e) => [e.action, e.detail])).toEqual(
      expect.arrayContaining([
        ['A payment the order could not keep', '475.00 paid back by hand'],
        ['Paid back by hand', '475.00, note: BACS 24 Nov'],
      ]),
    );
    expect(await todayNumbers()).not.toContain(order.order_number);
    expect(await activityOf(order.order_number, 'order.payment_paid_back')).toHaveLength(1);
    const row = await app.db
      .selectFrom('payments')
      .select(['refund_status', 'refund_ref'])
      .where('uuid', '=', order.payment.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ refund_status: 'paid_back', refund_ref: 'BACS 24 Nov' });
    expect((await loadOrder(app.orders, shopper, order.id)).refund_status).toBe('refunded');
  });

  it('refuses a payment the order keeps, and another shop', async () => {
    const order = await lateCardToPayBack();
    const elsewhere = await createShop(app.db);
    const stranger = await createActor(app.db, elsewhere.id, 'owner');
    await expect(
      settleManualPaymentRefund(app.orders, stranger, order.order_number, order.payment.uuid, {}),
    ).rejects.toMatchObject({ code: 'order_not_found' });

    const shopper = await createShopper(app.db, demo);
    const kept = await insertOrder(app.db, demo, { userId: shopper.id, method: 'card_2c2p' });
    const payment = await payByCard(app, demo, kept, 'sandbox');
    await expect(
      settleManualPaymentRefund(app.orders, owner, kept.order_number, payment.uuid, {}),
    ).rejects.toMatchObject({
      code: 'order_move_refused',
      message: 'Only a payment to pay back by hand can be marked paid back.',
    });
    // Another order's payment is not this order's.
    await expect(
      settleManualPaymentRefund(app.orders, owner, kept.order_number, order.payment.uuid, {}),
    ).rejects.toMatchObject({ code: 'order_not_found' });
    expect(await todayNumbers()).toContain(order.order_number);
  });
});

describe('a canceled order whose refund in full the provider refused', () => {
  it('offers a refund again, and the refund is accepted', async () => {
    const shopper = await createShopper(app.db, demo);
    const order = await insertOrder(app.db, demo, { userId: shopper.id, method: 'card_2c2p' });
    const payment = await payByCard(app, demo, order, 'stripe', fakeStripe);
    // Refunded in Stripe's dashboard already: Stripe refuses the cancel's refund.
    const session = fakeStripe.sessions.get(payment.providerRef)!;
    fakeStripe.paymentIntents.get(session.payment_intent as string)!.amount_refunded =
      order.total_cents;
    await cancelByShop(app.orders, owner, order.order_number, { reason: 'Cracked.' }).catch(
      (error: unknown) => error,
    );
    const canceled = await getAdminOrder(app.db, demo, order.order_number, owner);
    expect(canceled).toMatchObject({ status: 'canceled', refundable: '475.00' });
    expect(canceled.actions).toEqual(['refund']);
    expect((await getAdminOrder(app.db, demo, order.order_number, staff)).actions).toEqual([]);

    // Once Stripe would refund it again, the owner refunds it from the order's page.
    fakeStripe.paymentIntents.get(session.payment_intent as string)!.amount_refunded = 0;
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '475.00', reason: 'Cracked.' }),
    ).resolves.toEqual([expect.objectContaining({ status: 'succeeded' })]);
    const after = await getAdminOrder(app.db, demo, order.order_number, owner);
    expect(after).toMatchObject({ status: 'canceled', refundable: '0.00', actions: [] });
  });
});
