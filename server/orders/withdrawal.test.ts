/**
 * The withdrawal function (Directive 2011/83/EU art. 11a, added by Directive (EU) 2023/2673;
 * the UK's Consumer Contracts Regulations 2013 regs 32 and 36(5)): the confirmation
 * (`POST /orders/orders/{id}/cancellation-request/`) is recorded once with its full timestamp,
 * and acknowledged on a durable medium, an e-mail queued in the same transaction, stating the
 * order, the lines withdrawn from, the date and time received, the seller and what happens next.
 * Refusals queue no acknowledgement. On SQLite and on PostgreSQL.
 */
import type { components } from '../../common/storefront-api';
import { markOrderPaid } from './mark-paid.ts';
import { shipShipment } from './fulfilment.ts';
import { requestCancellation } from './cancellation.ts';
import { CANCELLATION_MESSAGES } from './cancellation-window.ts';
import type { CancellationRequestedEmailData } from './emails/order-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { journalOf } from '../staff/activity-log.ts';
import { call, createCustomer } from '../test/shop.ts';
import { queuedEmails } from '../test/sandbox.ts';
import { centsOf, useOrderMoves } from '../test/order-moves.ts';
import { refusalOf } from '../test/order-moves.ts';
import { toIsoString } from '../platform/db/mapping.ts';

type Order = components['schemas']['Order'];

const backOffice = useOrderMoves();
const { t } = backOffice;

/** Shipped on 20 November 2026: delivered (assumed) on the 27th, the period ends 11 December. */
const SHIPPED = new Date('2026-11-20T10:00:00Z');
/** A moment inside the period, with seconds and milliseconds the record must keep. */
const RECEIVED = new Date('2026-11-25T14:07:09.250Z');

const ENGRAVABLE = JSON.stringify([
  {
    key: 'engraving_text',
    label: 'Engraving',
    kind: 'text',
    required: false,
    max_length: 24,
    price_delta_cents: 0,
  },
]);

/** A fresh piece that takes an engraving (filled in, the line is exempt). */
async function piece(flags: { madeToOrder?: boolean } = {}) {
  const p = await backOffice.freshProduct(10);
  await t.app.db
    .updateTable('products')
    .set({
      options: ENGRAVABLE,
      cancellation_exempt: 0,
      made_to_order: flags.madeToOrder ? 1 : 0,
      lead_time_days_min: flags.madeToOrder ? 5 : null,
      lead_time_days_max: flags.madeToOrder ? 10 : null,
    })
    .where('id', '=', p.id)
    .execute();
  return p;
}

/** A paid order of `lines`, its one shipment shipped on SHIPPED. */
async function shippedOrder(
  lines: { productId: number; quantity?: number; customization?: Record<string, string> }[],
): Promise<Order> {
  const order = await backOffice.placeOrder(lines);
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
  await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
    shipmentIndex: 0,
    carrier: 'royal_mail',
    trackingNumber: 'AB123456789GB',
  });
  await t.app.db
    .updateTable('order_fulfilments')
    .set({ shipped_at: SHIPPED.toISOString() })
    .where('order_id', '=', order.id)
    .execute();
  return order;
}

/** The shopper confirms the withdrawal with the clock at `at`. */
const withdrawAt = (order: Order, at: Date, reason?: string) =>
  requestCancellation(
    backOffice.ctx(at),
    { tenantId: backOffice.tenantId, userId: backOffice.shopperOf(order.order_number).id },
    order.id,
    reason,
    journalOf(null, backOffice.tenantId),
  );

const acknowledgements = async (order: Order) =>
  (await queuedEmails(t.app, order.order_number)).filter(
    (e) => e.kind === 'cancellation_requested',
  );

/** POST the confirmation over HTTP as the order's shopper, with the body and type given. */
const post = (order: Order, payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/orders/${order.id}/cancellation-request/`,
    headers: { ...backOffice.shopperOf(order.order_number).headers, 'content-type': contentType },
    payload,
  });

describe('the acknowledgement on a durable medium (art. 11a(3))', () => {
  it('states the order, the lines withdrawn, the date and time received to the second, the seller and what next', async () => {
    const p = await piece();
    const order = await shippedOrder([
      { productId: p.id, quantity: 2 },
      { productId: p.id, customization: { engraving_text: 'For Ada' } },
    ]);
    const answer = await withdrawAt(order, RECEIVED, '  Smaller than I hoped.  ');
    // The moment is kept whole: the row, the answer and the e-mail's data agree to the millisecond.
    expect(answer.cancellation.requested_at).toBe('2026-11-25T14:07:09.250Z');
    const row = await backOffice.orderRow(order.order_number);
    expect(toIsoString(row.cancellation_requested_at!)).toBe('2026-11-25T14:07:09.250Z');
    const read = await call<Order>(
      t.app,
      'GET',
      `/orders/orders/${order.id}/`,
      backOffice.shopperOf(order.order_number).headers,
    );
    expect(read.body.cancellation.requested_at).toBe('2026-11-25T14:07:09.250Z');

    const queued = await acknowledgements(order);
    expect(queued).toHaveLength(1);
    const customer = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', backOffice.shopperOf(order.order_number).id)
      .executeTakeFirstOrThrow();
    expect(queued[0]!.recipient).toBe(customer.email);
    const data = JSON.parse(queued[0]!.data) as CancellationRequestedEmailData;
    expect(data.requestedAt).toBe('2026-11-25T14:07:09.250Z');
    expect(data.withdrawnLines).toEqual([`${p.name} × 2`]);
    expect(data.exemptLines).toEqual([p.name]);

    const email = await renderEmail(data);
    expect(email.subject).toBe(`We received your withdrawal from order ${order.order_number}`);
    const html = email.html.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
    for (const part of [html, email.text]) {
      expect(part).toContain(order.order_number);
      expect(part).toContain('25 November 2026, 14:07:09 UTC');
      expect(part).toContain(`${p.name} × 2`);
      expect(part).toContain('Smaller than I hoped.');
      expect(part).toContain(data.seller.name);
      expect(part).toContain(data.seller.email);
      expect(part).toContain('Please send the pieces back');
      expect(part).toContain('within 14 days of receiving the pieces');
    }
  });

  it('is written once per order: a second confirmation is refused and queues nothing', async () => {
    const p = await piece();
    const order = await shippedOrder([{ productId: p.id }]);
    await withdrawAt(order, RECEIVED);
    const again = await refusalOf(withdrawAt(order, new Date(RECEIVED.getTime() + 60_000)));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(CANCELLATION_MESSAGES.alreadyRequested(RECEIVED.toISOString()));
    expect(await acknowledgements(order)).toHaveLength(1);
    const row = await backOffice.orderRow(order.order_number);
    expect(toIsoString(row.cancellation_requested_at!)).toBe(RECEIVED.toISOString());
  });
});

describe('refused, with no acknowledgement', () => {
  it('after the period: one second past the end of its last day', async () => {
    const p = await piece();
    const order = await shippedOrder([{ productId: p.id }]);
    const late = await refusalOf(withdrawAt(order, new Date('2026-12-12T00:00:00Z')));
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      'The 14-day cancellation period of this order ended on 11 December 2026.',
    );
    expect(await acknowledgements(order)).toHaveLength(0);
    // The last second of the period is still in it.
    await withdrawAt(order, new Date('2026-12-11T23:59:59Z'));
    expect(await acknowledgements(order)).toHaveLength(1);
  });

  it('for an order whose every line is exempt', async () => {
    const made = await piece({ madeToOrder: true });
    const order = await shippedOrder([{ productId: made.id }]);
    const refused = await refusalOf(withdrawAt(order, RECEIVED));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(CANCELLATION_MESSAGES.exempt);
    expect(await acknowledgements(order)).toHaveLength(0);
  });

  it('for another shopper’s order and another shop’s shopper: 404', async () => {
    const p = await piece();
    const order = await shippedOrder([{ productId: p.id }]);
    const path = `/orders/orders/${order.id}/cancellation-request/`;
    const stranger = await createCustomer(t.app);
    expect((await call(t.app, 'POST', path, stranger.headers, {})).status).toBe(404);
    const elsewhere = await createCustomer(t.app, 'demo-pottery');
    expect((await call(t.app, 'POST', path, elsewhere.headers, {})).status).toBe(404);
    expect(await acknowledgements(order)).toHaveLength(0);
    expect((await backOffice.orderRow(order.order_number)).cancellation_requested_at).toBeNull();
  });

  it('for a body that is not a JSON object with a short, clean reason: 4xx, never a 500', async () => {
    const p = await piece();
    const order = await shippedOrder([{ productId: p.id }]);
    const tries: [string, string, string][] = [
      ['wrong content type', 'reason=I changed my mind', 'text/plain'],
      ['a form', 'reason=I+changed+my+mind', 'application/x-www-form-urlencoded'],
      ['a NUL byte', JSON.stringify({ reason: 'I changed\u0000 my mind' }), 'application/json'],
      ['an oversized reason', JSON.stringify({ reason: 'x'.repeat(1001) }), 'application/json'],
      ['a number', '{"reason": 1e999}', 'application/json'],
      ['an unknown field', JSON.stringify({ lines: [1] }), 'application/json'],
      ['broken JSON', '{"reason":', 'application/json'],
      ['an array', '[]', 'application/json'],
    ];
    for (const [what, payload, type] of tries) {
      const answer = await post(order, payload, type);
      expect(answer.statusCode, `${what}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, what).toBeLessThan(500);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(
        'detail' in body || Object.values(body).every(Array.isArray),
        `${what}: ${answer.body}`,
      ).toBe(true);
    }
    const nul = JSON.parse(
      (await post(order, JSON.stringify({ reason: 'a\u0000b' }))).body,
    ) as Record<string, unknown>;
    expect(nul.reason).toBeDefined();
    expect(await acknowledgements(order)).toHaveLength(0);
    expect((await backOffice.orderRow(order.order_number)).cancellation_requested_at).toBeNull();
    // The same order then withdraws with a plain reason of the longest length allowed.
    const ok = await post(order, JSON.stringify({ reason: 'x'.repeat(1000) }));
    expect(ok.statusCode).toBe(200);
    expect(await acknowledgements(order)).toHaveLength(1);
  });
});
