/**
 * Money received by hand above an order's total, through the back office's API: staff cannot
 * record it, an owner records it only by confirming it, the order shows it, and nothing that
 * pays money back (a cancel's refund in full, a refund, today's list of refunds to pay by hand,
 * the shopper's e-mails) ever pays more than was received and confirmed, even for a payment
 * recorded before overpayments needed an owner. Decision 058.
 */
import type { components } from '../../../common/admin-api';
import { renderEmail } from '../../orders/emails/render-email.ts';
import type { EmailData } from '../../orders/emails/email-kinds.ts';
import { queuedEmails } from '../../test/sandbox.ts';
import { call, setProduct } from '../../test/shop.ts';
import { useOrderMoves } from '../../test/order-moves.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';

type AdminOrder = components['schemas']['AdminOrder'];
type Today = components['schemas']['Today'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

const post = <T = AdminOrder>(headers: Record<string, string>, path: string, body?: unknown) =>
  call<T>(t.app, 'POST', `/admin/orders/${path}`, headers, body ?? {});
const get = <T = AdminOrder>(headers: Record<string, string>, path: string) =>
  call<T>(t.app, 'GET', `/admin/${path}`, headers);

/** A bank transfer order of one piece at $366.50, sent free by Royal Mail: its total is $366.50. */
async function orderOf36650() {
  const piece = await backOffice.freshProduct();
  await setProduct(t.app, piece.id, { price_cents: 36_650 });
  const order = await backOffice.placeOrder([{ productId: piece.id }]);
  expect(order.total_price).toBe('366.50');
  return order;
}

/** The plain text of the order's last e-mail of `kind`, as the shopper reads it. */
async function emailText(orderNumber: string, kind: string): Promise<string> {
  const row = (await queuedEmails(t.app, orderNumber)).filter((e) => e.kind === kind).at(-1);
  if (!row) throw new Error(`No ${kind} e-mail for ${orderNumber}.`);
  return (await renderEmail(JSON.parse(row.data) as EmailData)).text;
}

const STAFF_REFUSAL =
  "The amount received is more than the order's total of $366.50; only an owner can record an overpayment.";

describe('money received above the total', () => {
  it('is refused to staff on its field, confirmed or not, and nothing is recorded', async () => {
    const order = await orderOf36650();
    const staff = await as('staff');
    for (const body of [
      { amount: '100000.00', payer_reference: 'LOVELACE' },
      { amount: '100000.00', payer_reference: 'LOVELACE', confirm_overpayment: true },
      { amount: '366.51', payer_reference: 'LOVELACE' },
    ]) {
      const answer = await post(staff, `${order.order_number}/mark-paid/`, body);
      expect(answer).toMatchObject({ status: 400, body: { amount: [STAFF_REFUSAL] } });
    }
    const shown = await get(staff, `orders/${order.order_number}/`);
    expect(shown.body).toMatchObject({
      status: 'awaiting_payment',
      payments: [],
      paid_total: '0.00',
    });
    expect(await backOffice.emailKinds(order.order_number)).not.toContain('payment_received');
    expect(await backOffice.activityOf(order.order_number)).toEqual([]);

    // The total itself is staff's to record.
    const paid = await post(staff, `${order.order_number}/mark-paid/`, {
      amount: '366.50',
      payer_reference: 'LOVELACE',
      confirm_overpayment: true,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paid_total: '366.50' });
    expect(paid.body.payments).toEqual([expect.objectContaining({ overpayment: null })]);
  });

  it('is recorded for an owner who confirms it, shown on the order, and refunded in full on a cancel', async () => {
    const order = await orderOf36650();
    const owner = await as('owner');
    const unconfirmed = await post(owner, `${order.order_number}/mark-paid/`, {
      amount: '400.00',
      payer_reference: 'LOVELACE',
    });
    expect(unconfirmed).toMatchObject({
      status: 400,
      body: {
        amount: [
          "The amount received is $33.50 more than the order's total of $366.50. Confirm the overpayment to record it.",
        ],
      },
    });

    const paid = await post(owner, `${order.order_number}/mark-paid/`, {
      amount: '400.00',
      payer_reference: 'LOVELACE',
      confirm_overpayment: true,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'paid',
      total: '366.50',
      paid_total: '400.00',
      refundable: '400.00',
    });
    expect(paid.body.payments).toEqual([
      expect.objectContaining({
        kind: 'manual',
        amount: '400.00',
        overpayment: {
          amount: '33.50',
          confirmed_at: expect.any(String),
          confirmed_by: backOffice.owner.name,
        },
      }),
    ]);
    expect(paid.body.timeline).toContainEqual(
      expect.objectContaining({
        action: 'Marked paid',
        detail: '400.00, reference LOVELACE (33.50 over the total, confirmed as an overpayment)',
      }),
    );
    expect(await emailText(order.order_number, 'payment_received')).toContain('$400.00');

    const canceled = await post(owner, `${order.order_number}/cancel/`, {
      reason: 'The piece cracked in the kiln.',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      refunded_total: '400.00',
      refundable: '0.00',
    });
    expect(canceled.body.refunds.map((r) => [r.amount, r.status])).toEqual([['400.00', 'manual']]);
    expect(await emailText(order.order_number, 'order_canceled_by_shop')).toContain('$400.00');
    expect(await emailText(order.order_number, 'order_refunded')).toContain('$400.00');
    const today = await get<Today>(owner, 'today/');
    expect(today.body.manual_refunds.filter((r) => r.order_number === order.order_number)).toEqual([
      expect.objectContaining({ amount: '400.00', source: 'refund' }),
    ]);
  });
});

describe('a payment recorded above the total before owners confirmed overpayments', () => {
  /**
   * A $366.50 order a staff member marked paid with 100000.00 as the back office used to accept:
   * the row as the old rule wrote it, with no owner's confirmation.
   */
  async function paidWith100000() {
    const order = await orderOf36650();
    await t.app.db
      .insertInto('manual_payments')
      .values({
        tenant_id: backOffice.tenantId,
        order_id: order.id,
        amount_cents: 10_000_000,
        payer_reference: 'LOVELACE',
        received_at: new Date().toISOString(),
        staff_id: backOffice.staff.id,
      })
      .execute();
    const now = new Date().toISOString();
    await t.app.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: now, expires_at: null, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    return order;
  }

  it('counts only the total as paid, and a cancel refunds the total, in the e-mails and on Today', async () => {
    const order = await paidWith100000();
    const owner = await as('owner');
    const shown = await get(owner, `orders/${order.order_number}/`);
    expect(shown.body).toMatchObject({ paid_total: '366.50', refundable: '366.50' });
    expect(shown.body.payments).toEqual([
      expect.objectContaining({
        amount: '100000.00',
        overpayment: { amount: '99633.50', confirmed_at: null, confirmed_by: null },
      }),
    ]);

    const canceled = await post(owner, `${order.order_number}/cancel/`, {
      reason: 'Sold at the gallery this morning.',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', refunded_total: '366.50' });
    expect(canceled.body.refunds.map((r) => r.amount)).toEqual(['366.50']);
    for (const kind of ['order_canceled_by_shop', 'order_refunded']) {
      const text = await emailText(order.order_number, kind);
      expect(text).toContain('$366.50');
      expect(text).not.toContain('100,000');
    }
    const today = await get<Today>(owner, 'today/');
    expect(today.body.manual_refunds.filter((r) => r.order_number === order.order_number)).toEqual([
      expect.objectContaining({ amount: '366.50' }),
    ]);
  });

  it('refunds in parts never more than the total', async () => {
    const order = await paidWith100000();
    const owner = await as('owner');
    const refund = (amount: string) =>
      post(owner, `${order.order_number}/refunds/`, { amount, reason: 'Arrived chipped.' });
    expect(await refund('100000.00')).toMatchObject({
      status: 400,
      body: { amount: ['At most 366.50 can be refunded.'] },
    });
    expect((await refund('300.00')).status).toBe(200);
    expect(await refund('66.51')).toMatchObject({
      status: 400,
      body: { amount: ['At most 66.50 can be refunded.'] },
    });
    const last = await refund('66.50');
    expect(last.body).toMatchObject({ status: 'refunded', refunded_total: '366.50' });
    expect((await post(owner, `${order.order_number}/cancel/`, { reason: 'Gone.' })).status).toBe(
      409,
    );
  });
});

describe('mark paid, as an attacker would call it', () => {
  it('answers 400 on the field for amounts that are not money or past the limit, and records nothing', async () => {
    const order = await orderOf36650();
    const owner = await as('owner');
    const path = `${order.order_number}/mark-paid/`;
    for (const amount of [
      '1e9',
      'NaN',
      'Infinity',
      '-5.00',
      '-366.50',
      '0.00',
      '100000.01',
      '999999999.99',
      '99999999999999999999.00',
      '366.5',
      '366.500',
      '366.50\u0000',
      ' 366.50',
      '',
      null,
      ['366.50'],
      { value: '366.50' },
    ]) {
      const answer = await post(owner, path, {
        amount,
        payer_reference: 'LOVELACE',
        confirm_overpayment: true,
      });
      expect(answer.status, `${JSON.stringify(amount)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body, JSON.stringify(amount)).toHaveProperty('amount');
    }
    // A JSON number too large for a double, and a number where the contract wants a string.
    for (const raw of ['1e309', '366.5', '-1']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${path}`,
        headers: { ...owner, 'content-type': 'application/json' },
        payload: `{"amount": ${raw}, "payer_reference": "LOVELACE"}`,
      });
      expect(answer.statusCode, `${raw}: ${answer.body}`).toBe(400);
    }
    // The confirmation is a boolean, and nothing else rides along.
    expect(
      await post(owner, path, {
        amount: '400.00',
        payer_reference: 'LOVELACE',
        confirm_overpayment: 'please',
      }),
    ).toMatchObject({ status: 400, body: { confirm_overpayment: [expect.any(String)] } });
    expect(
      await post(owner, path, { amount: '366.50', payer_reference: 'LOVELACE', paid_total: '1' }),
    ).toMatchObject({ status: 400, body: { paid_total: ['Unexpected field.'] } });
    expect(
      await post(owner, path, { amount: '366.50', payer_reference: 'LOVE\u0000LACE' }),
    ).toMatchObject({ status: 400, body: { payer_reference: [expect.any(String)] } });
    // Not JSON.
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${path}`,
      headers: { ...owner, 'content-type': 'text/plain' },
      payload: 'amount=100000.00&payer_reference=X',
    });
    expect(text.statusCode).toBe(415);

    expect((await get(owner, `orders/${order.order_number}/`)).body).toMatchObject({
      status: 'awaiting_payment',
      payments: [],
    });
  });

  it("finds no other shop's order, whoever asks and whatever they send", async () => {
    const order = await orderOf36650();
    const elsewhere = await createStaff(t.app.db, {
      tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
      role: 'owner',
    });
    const theirs = asStaff('demo-pottery', await staffTokenFor(t.app, elsewhere));
    const answer = await post(theirs, `${order.order_number}/mark-paid/`, {
      amount: '100000.00',
      payer_reference: 'LOVELACE',
      confirm_overpayment: true,
    });
    expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    // Their token with this shop's header is no member of this shop.
    const crossed = { ...theirs, 'x-tenant-token': 'demo-handcraft' };
    expect(
      (
        await post(crossed, `${order.order_number}/mark-paid/`, {
          amount: '366.50',
          payer_reference: 'LOVELACE',
        })
      ).status,
    ).toBe(401);
    expect((await backOffice.orderRow(order.order_number)).status).toBe('awaiting_payment');
  });
});
