/**
 * The sweep reminds a shopper once, two days before an order they pay by hand expires, and
 * sends each shop one list a day of the orders still waiting for such money. On SQLite and on
 * PostgreSQL.
 */
import {
  DIGEST_HOUR_UTC,
  sendAwaitingPaymentDigests,
  sendPaymentReminders,
} from './payment-reminders.ts';
import { markOrderPaid } from './mark-paid.ts';
import type {
  PaymentReminderEmailData,
  ShopAwaitingPaymentsDigestEmailData,
} from './emails/staff-move-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { centsOf, useOrderMoves } from '../test/order-moves.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;

const HOUR = 3600 * 1000;

/** The clock `ms` after the order's placing. */
const after = (order: { created_at: string }, ms: number) =>
  new Date(Date.parse(order.created_at) + ms);

describe('the payment reminder', () => {
  it('goes once, two days before a bank transfer expires, with how to pay', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const reminded = async (at: Date) =>
      (await sendPaymentReminders(backOffice.ctx(at))).includes(order.id);

    // Five days in: not yet. Just inside the last 48 hours: now, once.
    expect(await reminded(after(order, 5 * 24 * HOUR - HOUR))).toBe(false);
    expect(await reminded(after(order, 5 * 24 * HOUR + HOUR))).toBe(true);
    expect(await reminded(after(order, 5 * 24 * HOUR + 2 * HOUR))).toBe(false);
    expect(await reminded(after(order, 6 * 24 * HOUR))).toBe(false);
    expect((await backOffice.orderRow(order.order_number)).reminder_sent_at).not.toBeNull();

    const kinds = await backOffice.emailKinds(order.order_number);
    expect(kinds.filter((k) => k === 'payment_reminder')).toHaveLength(1);
    const data = await backOffice.emailData<PaymentReminderEmailData>(
      order.order_number,
      'payment_reminder',
    );
    expect(data.payment).toMatchObject({ method: 'bank_transfer', expiresAt: order.expires_at });
    const email = await renderEmail(data);
    expect(email.subject).toBe(`Reminder: order ${order.order_number} is waiting for your payment`);
    expect(email.text).toContain(`Payment reference: ${order.order_number}`);
  });

  it('is not sent for a paid order, a card order, or one placed inside its last two days', async () => {
    const paid = await backOffice.placeOrder([{ productId: (await backOffice.freshProduct()).id }]);
    await markOrderPaid(backOffice.ctx(), backOffice.staff, paid.order_number, {
      amountCents: centsOf(paid.total_price),
      payerReference: paid.order_number,
    });
    const card = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'card_2c2p',
    );
    const late = await backOffice.placeOrder([{ productId: (await backOffice.freshProduct()).id }]);
    // A shop whose transfers must arrive within a day: the order e-mail said so already.
    const deadline = new Date(Date.parse(late.created_at) + 24 * HOUR).toISOString();
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: deadline })
      .where('id', '=', late.id)
      .execute();
    const at = after(card, 30 * 60 * 1000);
    const reminded = await sendPaymentReminders(backOffice.ctx(at));
    for (const order of [paid, card, late]) {
      expect(reminded).not.toContain(order.id);
      expect(await backOffice.emailKinds(order.order_number)).not.toContain('payment_reminder');
    }
  });

  it('goes once when two sweeps run at the same moment', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const at = after(order, 6 * 24 * HOUR);
    await Promise.all([
      sendPaymentReminders(backOffice.ctx(at)),
      sendPaymentReminders(backOffice.ctx(at)),
    ]);
    expect(
      (await backOffice.emailKinds(order.order_number)).filter((k) => k === 'payment_reminder'),
    ).toHaveLength(1);
  });
});

describe("the shop's daily list of orders awaiting payment", () => {
  const day = (date: string, hour: number) =>
    new Date(`${date}T${String(hour).padStart(2, '0')}:05:00Z`);

  const digests = () =>
    t.app.db
      .selectFrom('email_outbox')
      .select(['recipient', 'data', 'dedupe_key', 'order_id'])
      .where('kind', '=', 'shop_awaiting_payments_digest')
      .orderBy('id')
      .execute();

  it('goes to the shop once a day from the morning, listing its transfers to confirm', async () => {
    const waiting = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const card = await backOffice.placeOrder(
      [{ productId: (await backOffice.freshProduct()).id }],
      'card_2c2p',
    );
    const before = (await digests()).length;

    expect(
      await sendAwaitingPaymentDigests(backOffice.ctx(day('2030-03-04', DIGEST_HOUR_UTC - 1))),
    ).toEqual([]);
    expect(
      await sendAwaitingPaymentDigests(backOffice.ctx(day('2030-03-04', DIGEST_HOUR_UTC))),
    ).toContain(backOffice.tenantId);
    expect(
      await sendAwaitingPaymentDigests(backOffice.ctx(day('2030-03-04', DIGEST_HOUR_UTC + 5))),
    ).not.toContain(backOffice.tenantId);

    const sent = (await digests()).slice(before);
    const ours = sent.filter((d) => d.dedupe_key.startsWith(`shop:${backOffice.tenantId}:`));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      recipient: 'hello@emberandoak.example',
      dedupe_key: `shop:${backOffice.tenantId}:awaiting_payments:2030-03-04:shop`,
      order_id: null,
    });
    const data = JSON.parse(ours[0]!.data) as ShopAwaitingPaymentsDigestEmailData;
    const numbers = data.orders.map((o) => o.number);
    expect(numbers).toContain(waiting.order_number);
    expect(numbers).not.toContain(card.order_number);
    expect(data.orders.find((o) => o.number === waiting.order_number)).toMatchObject({
      total: waiting.total_price,
      method: 'Bank transfer',
      orderUrl: expect.stringMatching(new RegExp(`/admin/orders/${waiting.order_number}$`)),
    });
    // Soonest deadline first.
    const deadlines = data.orders.map((o) => o.expiresAt ?? '');
    expect([...deadlines].sort()).toEqual(deadlines);
    const email = await renderEmail(data);
    expect(email.subject).toMatch(/^\[Ember & Oak Workshop\] \d+ orders awaiting payment$/);
    expect(email.text).toContain(`${waiting.order_number}: Ada Lovelace, $${waiting.total_price}`);

    // The next day, another.
    expect(await sendAwaitingPaymentDigests(backOffice.ctx(day('2030-03-05', 9)))).toContain(
      backOffice.tenantId,
    );
  });
});
