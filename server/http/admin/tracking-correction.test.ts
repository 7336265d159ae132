/**
 * A member corrects a shipped delivery's carrier and tracking number through the back office's
 * API (`POST /admin/orders/{n}/shipments/{i}/tracking/`): the shipment shows the new pair and
 * keeps its shipped time, the timeline and the activity log say what it was and what it became,
 * and the shopper gets a short corrected-tracking e-mail when the shipped one had gone (a shipped
 * e-mail still waiting is rewritten instead). Refused, with nothing changed: a delivery not
 * shipped, a collection, the same pair, another shop's token, a body that is not JSON. Owners
 * and staff alike. On SQLite and on PostgreSQL.
 */
import type { components } from '../../../common/admin-api';
import { markOrderPaid } from '../../orders/mark-paid.ts';
import { shipShipment } from '../../orders/fulfilment.ts';
import type {
  OrderShippedEmailData,
  OrderTrackingCorrectedEmailData,
} from '../../orders/emails/staff-move-email-data.ts';
import { renderEmail } from '../../orders/emails/render-email.ts';
import { createShop } from '../../test/order-fixtures.ts';
import { centsOf, useOrderMoves } from '../../test/order-moves.ts';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, type TestStaff } from '../../test/staff.ts';

type AdminOrder = components['schemas']['AdminOrder'];

const backOffice = useOrderMoves();
const { t } = backOffice;

const headers = async (who: TestStaff, token = 'demo-handcraft') =>
  asStaff(token, await staffTokenFor(t.app, who));

const correct = async (
  who: TestStaff,
  number: string,
  index: number,
  body: unknown,
  token?: string,
) =>
  call<AdminOrder & Record<string, string[]>>(
    t.app,
    'POST',
    `/admin/orders/${number}/shipments/${index}/tracking/`,
    await headers(who, token),
    body,
  );

/** A paid order of two deliveries; the first shipped with a mistyped number. */
async function shippedOrder() {
  const order = await backOffice.placeOrder([
    { productId: (await backOffice.freshProduct()).id, ship: 'uk-standard' },
    { productId: (await backOffice.freshProduct()).id, ship: 'uk-express' },
  ]);
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
  await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
    shipmentIndex: 0,
    carrier: 'royal_mail',
    trackingNumber: 'AB123456789GB',
  });
  return order;
}

/** Marks the order's e-mails sent, as the outbox would have. */
const sendAll = (orderId: number) =>
  t.app.db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: new Date().toISOString() })
    .where('order_id', '=', orderId)
    .execute();

describe('correcting a tracking number', () => {
  it('by staff, after the shipped e-mail went: new pair, history, log, a short e-mail', async () => {
    const order = await shippedOrder();
    await sendAll(order.id);
    const shippedAt = (
      await t.app.db
        .selectFrom('order_fulfilments')
        .select('shipped_at')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).shipped_at;

    const answer = await correct(backOffice.staff, order.order_number, 0, {
      carrier: 'dpd',
      tracking_number: ' 15501234567890 ',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.actions).toContain('correct_tracking');
    expect(answer.body.shipments[0]!.fulfilment).toMatchObject({
      status: 'shipped',
      carrier: 'dpd',
      tracking_number: '15501234567890',
      tracking_url: 'https://track.dpd.co.uk/parcels/15501234567890',
    });
    const row = await t.app.db
      .selectFrom('order_fulfilments')
      .select('shipped_at')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.shipped_at!).toISOString()).toBe(new Date(shippedAt!).toISOString());
    expect(answer.body.timeline.at(-1)).toMatchObject({
      action: 'Corrected the tracking',
      detail: 'Royal Mail AB123456789GB → DPD 15501234567890',
    });
    expect((await backOffice.activityOf(order.order_number)).at(-1)).toEqual({
      staff_id: backOffice.staff.staff.id,
      action: 'order.tracking_corrected',
      before: { shipment: 0, carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
      after: { shipment: 0, carrier: 'dpd', tracking_number: '15501234567890' },
    });

    const data = await backOffice.emailData<OrderTrackingCorrectedEmailData>(
      order.order_number,
      'order_tracking_corrected',
    );
    expect(data).toMatchObject({
      carrier: 'DPD',
      trackingNumber: '15501234567890',
      previousTrackingNumber: 'AB123456789GB',
    });
    const email = await renderEmail(data);
    expect(email.subject).toBe(`A corrected tracking number for order ${order.order_number}`);
    expect(email.text).toContain('instead of AB123456789GB');
    expect(email.text).toContain(
      'Track your parcel: https://track.dpd.co.uk/parcels/15501234567890',
    );
    expect(answer.body.emails.map((e) => e.kind)).toContain('order_tracking_corrected');
  });

  it('rewrites a shipped e-mail still waiting, and sends no second one', async () => {
    const order = await shippedOrder();
    const answer = await correct(backOffice.owner, order.order_number, 0, {
      carrier: 'royal_mail',
      tracking_number: 'AB123456780GB',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await backOffice.emailKinds(order.order_number)).not.toContain(
      'order_tracking_corrected',
    );
    const shipped = await backOffice.emailData<OrderShippedEmailData>(
      order.order_number,
      'order_shipped',
    );
    expect(shipped).toMatchObject({
      trackingNumber: 'AB123456780GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456780GB',
    });
  });

  it('refuses what cannot be corrected, changing nothing', async () => {
    const order = await shippedOrder();
    const before = await backOffice.activityOf(order.order_number);
    const same = await correct(backOffice.staff, order.order_number, 0, {
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({
      tracking_number: ['This is the carrier and tracking number already recorded.'],
    });
    const notSent = await correct(backOffice.staff, order.order_number, 1, {
      carrier: 'dpd',
      tracking_number: '1234',
    });
    expect(notSent.status).toBe(409);
    expect(notSent.body).toEqual({
      detail: 'This shipment has not been sent yet: ship it with its tracking number.',
    });
    const noSuch = await correct(backOffice.staff, order.order_number, 7, {
      carrier: 'dpd',
      tracking_number: '1234',
    });
    expect(noSuch.status).toBe(404);
    const badNumber = await correct(backOffice.staff, order.order_number, 0, {
      carrier: 'dpd',
      tracking_number: 'AB\u0000123',
    });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body).toHaveProperty('tracking_number');

    const elsewhere = await createShop(t.app.db);
    const otherOwner = await createStaff(t.app.db, { tenantId: elsewhere.id, role: 'owner' });
    const foreign = await correct(
      otherOwner,
      order.order_number,
      0,
      { carrier: 'dpd', tracking_number: '1234' },
      elsewhere.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });

    const text = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.order_number}/shipments/0/tracking/`,
      headers: { ...(await headers(backOffice.owner)), 'content-type': 'text/plain' },
      payload: '{"carrier":"dpd","tracking_number":"1234"}',
    });
    expect(text.statusCode).toBe(415);

    expect(await backOffice.activityOf(order.order_number)).toEqual(before);
    const f = await t.app.db
      .selectFrom('order_fulfilments')
      .select(['carrier', 'tracking_number'])
      .where('order_id', '=', order.id)
      .execute();
    expect(f).toEqual([{ carrier: 'royal_mail', tracking_number: 'AB123456789GB' }]);
  });

  it('refuses a collection', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
      amountCents: centsOf(order.total_price),
      payerReference: order.order_number,
    });
    const refused = await correct(backOffice.staff, order.order_number, 0, {
      carrier: 'dpd',
      tracking_number: '1234',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: 'This shipment is collected from the workshop, not sent.',
    });
  });
});
