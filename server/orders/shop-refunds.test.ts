/**
 * An owner refunds part or all of an order from the back office: through the card payment's own
 * provider (the sandbox gateway, the fake Stripe), or by hand for money received by hand; never
 * more than was paid, even when two refunds race; a provider that refuses gives the amount
 * back, one that cannot be reached keeps it reserved until the sweep hears back (staff may not
 * refund at all: the door refuses them, server/http/admin/role-matrix.test.ts). On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import {
  createActor,
  createShopper,
  insertOrder,
  payByCard,
  payByHand,
} from '../test/order-fixtures.ts';
import { tenantId } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { lockOrder } from './order-lock.ts';
import { journalOf } from '../staff/activity-log.ts';
import type { OrderActing } from './staff-actions.ts';
import { settlePendingShopRefunds } from './refund-settling.ts';
import { REFUND_MESSAGES, refundInFull, refundOrder } from './shop-refunds.ts';
import { REFUND_LINE_MESSAGES } from './refund-lines.ts';
import { cancelByShop } from './shop-cancel.ts';

const STRIPE = {
  secretKey: 'sk_test_51FakeStoreSecretKey0123456789',
  webhookSecret: 'whsec_FakeWebhookSecret0123456789',
};

let t: TestApp;
let app: FastifyInstance;
let fakeStripe: FakeStripe;
let demo: number;
let owner: OrderActing;

beforeAll(async () => {
  fakeStripe = await startFakeStripe(STRIPE);
  t = await createTestApp({ stripeApiBase: fakeStripe.apiBase });
  app = t.app;
  demo = await tenantId(app, 'demo-handcraft');
  // The shop moves from the sandbox to Stripe; the sandbox's credentials are kept for the
  // payments it took (both are used below).
  await app.paymentProviders.configure(demo, 'stripe', STRIPE);
  expect(await app.paymentProviders.providerOf(demo, 'sandbox')).not.toBeNull();
  owner = await createActor(app.db, demo, 'owner');
});
afterAll(async () => {
  await t.close();
  await fakeStripe.close();
});

/** A paid order of a new shopper: by card through `provider`, or by hand. */
async function paidOrder(how: 'sandbox' | 'stripe' | 'hand', cents = 47_500) {
  const shopper = await createShopper(app.db, demo);
  const order = await insertOrder(app.db, demo, {
    userId: shopper.id,
    method: how === 'hand' ? 'bank_transfer' : 'card_2c2p',
    lines: [{ cents }],
  });
  const payment =
    how === 'hand'
      ? (await payByHand(app.db, demo, order), null)
      : await payByCard(app, demo, order, how, fakeStripe);
  return { ...order, shopper, payment };
}

const orderOf = (id: number) =>
  app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (id: number) =>
  app.db.selectFrom('refunds').selectAll().where('order_id', '=', id).orderBy('id').execute();
const activityOf = (number: string) =>
  app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('object_type', '=', 'order')
    .where('object_id', '=', number)
    .orderBy('id')
    .execute();
const refundEmails = async (id: number) =>
  (
    await app.db
      .selectFrom('email_outbox')
      .select(['kind', 'recipient', 'data'])
      .where('order_id', '=', id)
      .where('kind', '=', 'order_refunded')
      .orderBy('id')
      .execute()
  ).map((row) => ({ ...row, data: JSON.parse(row.data) as { refund: Record<string, unknown> } }));

describe('a refund through the card payment’s own provider', () => {
  it('refunds part through the sandbox, leaves the status, and the shopper is told', async () => {
    const order = await paidOrder('sandbox');
    const outcomes = await refundOrder(app.orders, owner, order.order_number, {
      amount: '90.00',
      reason: 'One of the two mugs arrived chipped.',
    });
    expect(outcomes).toEqual([
      { refundId: expect.any(Number), amountCents: 9000, status: 'succeeded' },
    ]);
    expect(await refundsOf(order.id)).toMatchObject([
      {
        amount_cents: 9000,
        status: 'succeeded',
        provider_ref: expect.stringMatching(new RegExp(`^${order.payment!.providerRef}-RF-`)),
        reason: 'One of the two mugs arrived chipped.',
        staff_id: owner.staff.id,
        settled_at: expect.anything(),
      },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refunded_cents: 9000 });
    const emails = await refundEmails(order.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: order.shopper.email });
    expect(emails[0]!.data.refund).toEqual({
      amount: '90.00',
      method: 'card',
      reason: 'One of the two mugs arrived chipped.',
      refundedTotal: '90.00',
      paidTotal: '475.00',
      refundedAt: expect.any(String),
    });
    expect(
      (await activityOf(order.order_number)).map((a) => [a.action, a.staff_id, a.before, a.after]),
    ).toEqual([
      [
        'order.refund',
        owner.staff.id,
        JSON.stringify({ refunded_total: '0.00' }),
        JSON.stringify({ refunded_total: '90.00' }),
      ],
    ]);
  });

  it('refunds the rest later, and the order becomes refunded', async () => {
    const order = await paidOrder('sandbox');
    await refundOrder(app.orders, owner, order.order_number, { amount: '75', reason: 'Late.' });
    await refundOrder(app.orders, owner, order.order_number, {
      amount: '400.00',
      reason: 'We could not finish the handle.',
    });
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refunded_cents: 47_500 });
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => [r.amount_cents, r.status])).toEqual([
      [7500, 'succeeded'],
      [40_000, 'succeeded'],
    ]);
    // Each refund is its own at the provider.
    expect(new Set(refunds.map((r) => r.provider_ref)).size).toBe(2);
    expect((await refundEmails(order.id)).map((e) => e.data.refund.refundedTotal)).toEqual([
      '75.00',
      '475.00',
    ]);
    expect((await activityOf(order.order_number)).map((a) => a.action)).toEqual([
      'order.refund',
      'order.refund',
      'order.fully_refunded',
    ]);
  });

  it('refunds through Stripe, each part a refund of its own with its own idempotency key', async () => {
    const order = await paidOrder('stripe');
    await refundOrder(app.orders, owner, order.order_number, { amount: '100.00', reason: 'A.' });
    await refundOrder(app.orders, owner, order.order_number, { amount: '375.00', reason: 'B.' });
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => [r.amount_cents, r.status])).toEqual([
      [10_000, 'succeeded'],
      [37_500, 'succeeded'],
    ]);
    for (const refund of refunds) {
      expect(fakeStripe.refunds.get(refund.provider_ref!)).toMatchObject({
        amount: refund.amount_cents,
        metadata: { refund_id: refund.uuid },
      });
      const asked = fakeStripe.requests.find(
        (r) => r.path === '/v1/refunds' && r.headers['idempotency-key'] === `refund-${refund.uuid}`,
      );
      expect(asked).toBeDefined();
    }
    expect((await orderOf(order.id)).status).toBe('refunded');
  });

  it('keeps a shipped order refunded in full as refunded, and a canceled one canceled', async () => {
    const shipped = await paidOrder('sandbox');
    await app.db
      .updateTable('orders')
      .set({ status: 'shipped' })
      .where('id', '=', shipped.id)
      .execute();
    await refundOrder(app.orders, owner, shipped.order_number, {
      amount: '475.00',
      reason: 'Lost.',
    });
    expect((await orderOf(shipped.id)).status).toBe('refunded');

    const canceled = await paidOrder('sandbox');
    await app.db
      .updateTable('orders')
      .set({ status: 'canceled' })
      .where('id', '=', canceled.id)
      .execute();
    await refundOrder(app.orders, owner, canceled.order_number, { amount: '475.00', reason: 'X.' });
    expect(await orderOf(canceled.id)).toMatchObject({
      status: 'canceled',
      refunded_cents: 47_500,
    });
  });
});

describe('never more than was paid', () => {
  it('lets exactly one of two refunds of 60% each through when they race', async () => {
    const order = await paidOrder('sandbox', 50_000);
    const results = await Promise.allSettled([
      refundOrder(app.orders, owner, order.order_number, { amount: '300.00', reason: 'First.' }),
      refundOrder(app.orders, owner, order.order_number, { amount: '300.00', reason: 'Second.' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({
      code: 'refund_too_large',
      field: 'amount',
      message: 'At most 200.00 can be refunded.',
    });
    expect((await refundsOf(order.id)).map((r) => [r.amount_cents, r.status])).toEqual([
      [30_000, 'succeeded'],
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refunded_cents: 30_000 });
  });

  it('refuses more than is left, nothing paid, and nothing left, and stores nothing', async () => {
    const order = await paidOrder('hand');
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '475.01', reason: 'Too much.' }),
    ).rejects.toMatchObject({
      code: 'refund_too_large',
      field: 'amount',
      message: 'At most 475.00 can be refunded.',
    });
    expect(await refundsOf(order.id)).toEqual([]);

    await refundOrder(app.orders, owner, order.order_number, { amount: '475.00', reason: 'All.' });
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '1.00', reason: 'More.' }),
    ).rejects.toMatchObject({ code: 'order_move_refused', message: REFUND_MESSAGES.nothingLeft });

    const shopper = await createShopper(app.db, demo);
    const unpaid = await insertOrder(app.db, demo, { userId: shopper.id });
    await expect(
      refundOrder(app.orders, owner, unpaid.order_number, { amount: '1.00', reason: 'Why.' }),
    ).rejects.toMatchObject({
      code: 'order_move_refused',
      message: 'This order has not been paid.',
    });
    expect(await refundsOf(unpaid.id)).toEqual([]);
  });

  it.each([
    ['0', 'Ensure this value is greater than or equal to 0.01.'],
    ['0.00', 'Ensure this value is greater than or equal to 0.01.'],
    ['-5.00', 'Ensure this value is greater than or equal to 0.01.'],
    ['1.234', 'Ensure that there are no more than 2 decimal places.'],
    ['Infinity', 'A valid number is required.'],
    ['NaN', 'A valid number is required.'],
    ['1e3', 'A valid number is required.'],
    ['', 'A valid number is required.'],
  ])('refuses the amount %j', async (amount, message) => {
    const order = await paidOrder('hand');
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount, reason: 'Because.' }),
    ).rejects.toMatchObject({ code: 'invalid_order_input', fields: { amount: [message] } });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('refuses a blank or over-long reason, or one with control characters', async () => {
    const order = await paidOrder('hand');
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '1.00', reason: '   ' }),
    ).rejects.toMatchObject({ fields: { reason: ['This field may not be blank.'] } });
    await expect(
      refundOrder(app.orders, owner, order.order_number, {
        amount: '1.00',
        reason: 'x'.repeat(501),
      }),
    ).rejects.toMatchObject({
      fields: { reason: ['Ensure this field has no more than 500 characters.'] },
    });
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '1.00', reason: 'a\u0000b' }),
    ).rejects.toMatchObject({ fields: { reason: ['Enter text without control characters.'] } });
    // Line breaks are kept: the shopper reads the note as written.
    await refundOrder(app.orders, owner, order.order_number, {
      amount: '1.00',
      reason: 'Sorry.\nKeep it.',
    });
    expect((await refundsOf(order.id))[0]!.reason).toBe('Sorry.\nKeep it.');
  });

  it('does not find another shop’s order, nor one of no such number', async () => {
    const other = await createActor(app.db, await tenantId(app, 'demo-pottery'), 'owner');
    const order = await paidOrder('hand');
    await expect(
      refundOrder(app.orders, other, order.order_number, { amount: '1.00', reason: 'No.' }),
    ).rejects.toMatchObject({ code: 'order_not_found', message: 'Not found.' });
    await expect(
      refundOrder(app.orders, owner, 'ORD-ZZZZ-ZZZZ', { amount: '1.00', reason: 'No.' }),
    ).rejects.toMatchObject({ code: 'order_not_found' });
  });
});

describe('money received by hand', () => {
  it('is refunded by hand: recorded as manual, no provider asked, the shopper told', async () => {
    const order = await paidOrder('hand');
    const before = fakeStripe.requests.length;
    const outcomes = await refundOrder(app.orders, owner, order.order_number, {
      amount: '475.00',
      reason: 'We cannot make it this year.',
    });
    expect(outcomes).toEqual([
      { refundId: expect.any(Number), amountCents: 47_500, status: 'manual' },
    ]);
    expect(fakeStripe.requests.length).toBe(before);
    expect(await refundsOf(order.id)).toMatchObject([
      { payment_id: null, status: 'manual', provider_ref: null, settled_at: expect.anything() },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refunded_cents: 47_500 });
    expect((await refundEmails(order.id))[0]!.data.refund).toMatchObject({
      method: 'manual',
      amount: '475.00',
      refundedTotal: '475.00',
      paidTotal: '475.00',
    });
  });
});

/** Makes `order`'s one line a piece of a product of the shop, taken from its stock. */
async function lineOfAProduct(order: { id: number }) {
  const product = await app.db
    .selectFrom('products')
    .select(['id', 'stock'])
    .where('tenant_id', '=', demo)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const item = await app.db
    .updateTable('order_items')
    .set({ product_id: product.id, stock_taken: 1 })
    .where('order_id', '=', order.id)
    .returning(['id', 'product_name'])
    .executeTakeFirstOrThrow();
  return { product, item };
}

const stockOf = async (productId: number) =>
  (
    await app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
  ).stock;

/** Stripe refuses any further refund of `order` (the shop refunded it in Stripe already). */
function stripeRefuses(order: Awaited<ReturnType<typeof paidOrder>>) {
  const session = fakeStripe.sessions.get(order.payment!.providerRef)!;
  fakeStripe.paymentIntents.get(session.payment_intent as string)!.amount_refunded = 47_500;
}

describe('when the provider does not refund', () => {
  it('takes a restocked piece out of stock again when the provider refuses its refund', async () => {
    const order = await paidOrder('stripe');
    const { product, item } = await lineOfAProduct(order);
    const before = await stockOf(product.id);
    stripeRefuses(order);
    await expect(
      refundOrder(app.orders, owner, order.order_number, {
        amount: '100.00',
        reason: 'It came back.',
        lines: [{ item_id: item.id, quantity: 1, restock: true }],
      }),
    ).rejects.toMatchObject({ code: 'provider_unavailable' });
    // Nothing was paid back: the piece is not on the shelf, and may be refunded and put back.
    expect(await stockOf(product.id)).toBe(before);
    const lines = await app.db
      .selectFrom('refund_lines')
      .select('restocked')
      .where('order_id', '=', order.id)
      .execute();
    expect(lines).toEqual([{ restocked: 0 }]);
  });

  it('refuses to put back in stock a piece of a canceled order, whose cancel put it back', async () => {
    const order = await paidOrder('stripe');
    const { product, item } = await lineOfAProduct(order);
    stripeRefuses(order);
    // The cancel gives the piece back; Stripe refuses its refund, so money is left to refund.
    await cancelByShop(app.orders, owner, order.order_number, { reason: 'Out of glaze.' });
    expect(await orderOf(order.id)).toMatchObject({ status: 'canceled', refunded_cents: 0 });
    const afterCancel = await stockOf(product.id);
    await expect(
      refundOrder(app.orders, owner, order.order_number, {
        amount: '100.00',
        reason: 'Refund by hand.',
        lines: [{ item_id: item.id, quantity: 1, restock: true }],
      }),
    ).rejects.toMatchObject({
      code: 'invalid_order_input',
      fields: { lines: [REFUND_LINE_MESSAGES.backAlready(item.product_name)] },
    });
    expect(await stockOf(product.id)).toBe(afterCancel);
  });

  it('gives the amount back when the provider refuses, and says so', async () => {
    const order = await paidOrder('stripe');
    // The shop refunded it in Stripe's dashboard already: Stripe refuses another refund.
    const session = fakeStripe.sessions.get(order.payment!.providerRef)!;
    fakeStripe.paymentIntents.get(session.payment_intent as string)!.amount_refunded = 47_500;
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '100.00', reason: 'Chip.' }),
    ).rejects.toMatchObject({
      code: 'provider_unavailable',
      message: REFUND_MESSAGES.providerRefused,
    });
    expect(await refundsOf(order.id)).toMatchObject([
      { amount_cents: 10_000, status: 'failed', provider_ref: null },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refunded_cents: 0 });
    expect((await activityOf(order.order_number)).map((a) => [a.action, a.after])).toEqual([
      ['order.refund', JSON.stringify({ refunded_total: '100.00' })],
      ['order.refund_failed', JSON.stringify({ refunded_total: '0.00' })],
    ]);
    expect(await refundEmails(order.id)).toEqual([]);
  });

  it('keeps the amount reserved when the provider cannot be reached, and the sweep settles it', async () => {
    const order = await paidOrder('stripe');
    // Stripe's refunds are down for the request and the adapter's one retry.
    fakeStripe.failNext(503, 2, '/v1/refunds');
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '200.00', reason: 'Dent.' }),
    ).rejects.toMatchObject({
      code: 'provider_unavailable',
      message: REFUND_MESSAGES.providerUnreachable,
    });
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: 'pending', amount_cents: 20_000 });
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 20_000 });
    // Nothing more than what is left may be refunded meanwhile.
    await expect(
      refundOrder(app.orders, owner, order.order_number, { amount: '300.00', reason: 'More.' }),
    ).rejects.toMatchObject({ message: 'At most 275.00 can be refunded.' });

    // Too soon for the sweep: the request may still be asking. The sweep logs as the system.
    const systemJournal = (shop: number) => journalOf(null, shop);
    expect(await settlePendingShopRefunds(app.orders, systemJournal)).toBe(0);
    const later = { ...app.orders, now: () => new Date(Date.now() + 3 * 60_000) };
    expect(await settlePendingShopRefunds(later, systemJournal)).toBe(1);
    const [settled] = await refundsOf(order.id);
    expect(settled).toMatchObject({
      status: 'succeeded',
      provider_ref: expect.stringMatching(/^re_/),
    });
    // Asked three times (twice refused by the outage, once by the sweep), always as one refund.
    const asked = fakeStripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.metadata !== undefined,
    );
    const mine = asked.filter((r) => r.headers['idempotency-key'] === `refund-${settled!.uuid}`);
    expect(mine).toHaveLength(3);
    expect(fakeStripe.refunds.get(settled!.provider_ref!)).toMatchObject({ amount: 20_000 });
    expect((await refundEmails(order.id)).map((e) => e.data.refund.amount)).toEqual(['200.00']);
    const log = await activityOf(order.order_number);
    expect(log.map((a) => a.action)).toEqual(['order.refund']);
  });
});

describe('refunding in full for a cancel', () => {
  it('reserves in the caller’s transaction, settles after the commit, and leaves the status', async () => {
    const order = await paidOrder('sandbox');
    const reserved = await app.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, { tenantId: demo });
      await trx
        .updateTable('orders')
        .set({ status: 'canceled' })
        .where('id', '=', order.id)
        .execute();
      return refundInFull(app.orders, trx, owner, order, 'We cannot make it.');
    });
    expect(reserved.amountCents).toBe(47_500);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['pending']);
    expect(await reserved.settle()).toEqual([
      { refundId: expect.any(Number), amountCents: 47_500, status: 'succeeded' },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'canceled', refunded_cents: 47_500 });
    expect((await refundEmails(order.id))[0]!.data.refund.reason).toBe('We cannot make it.');
  });

  it('asks no provider for a reservation that was rolled back', async () => {
    const order = await paidOrder('sandbox');
    let reserved: Awaited<ReturnType<typeof refundInFull>> | undefined;
    await expect(
      app.db.transaction().execute(async (trx) => {
        reserved = await refundInFull(app.orders, trx, owner, order, 'Oops.');
        throw new Error('the cancel failed');
      }),
    ).rejects.toThrow('the cancel failed');
    expect(await reserved!.settle()).toEqual([]);
    expect(await refundsOf(order.id)).toEqual([]);
    const charge = await app.db
      .selectFrom('sandbox_charges')
      .select('refunded_at')
      .where('ref', '=', order.payment!.providerRef)
      .executeTakeFirstOrThrow();
    expect(charge.refunded_at).toBeNull();
  });

  it('has nothing to do for an order with nothing left to refund', async () => {
    const shopper = await createShopper(app.db, demo);
    const unpaid = await insertOrder(app.db, demo, { userId: shopper.id });
    const reserved = await refundInFull(app.orders, undefined, owner, unpaid, 'Nothing.');
    expect(reserved).toMatchObject({ amountCents: 0, refunds: [] });
    expect(await reserved.settle()).toEqual([]);
  });
});
