/**
 * The back office ships a paid order's deliveries: each with its carrier and tracking number, the
 * shopper e-mailed the tracking link, the order moving on (processing while another shipment
 * is to go, shipped when all are), and every move in the activity log. On SQLite and on
 * PostgreSQL.
 */
import { markOrderPaid } from './mark-paid.ts';
import { shipShipment } from './fulfilment.ts';
import type { OrderShippedEmailData } from './emails/staff-move-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { productBySlug, setProduct } from '../test/shop.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;

/** An order of `lines` placed and marked paid. */
async function paidOrder(lines: Parameters<typeof backOffice.placeOrder>[0]) {
  const order = await backOffice.placeOrder(lines);
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
  return order;
}

const fulfilments = (orderId: number) =>
  t.app.db
    .selectFrom('order_fulfilments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('shipment_index')
    .execute();

describe('shipping a paid order', () => {
  it('ships its only delivery: shipped, tracking link e-mailed, logged', async () => {
    const order = await paidOrder([{ productId: (await backOffice.freshProduct()).id }]);
    const moved = await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
      shipmentIndex: 0,
      carrier: 'royal_mail',
      trackingNumber: ' AB123456789GB ',
    });
    expect(moved.status).toBe('shipped');
    const row = await backOffice.orderRow(order.order_number);
    expect(row.status).toBe('shipped');
    expect(row.fulfilled_at).not.toBeNull();
    expect(await fulfilments(order.id)).toEqual([
      expect.objectContaining({
        shipment_index: 0,
        kind: 'delivery',
        status: 'shipped',
        carrier: 'royal_mail',
        tracking_number: 'AB123456789GB',
        staff_id: backOffice.staff.id,
      }),
    ]);

    const data = await backOffice.emailData<OrderShippedEmailData>(
      order.order_number,
      'order_shipped',
    );
    expect(data).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      stillToCome: 0,
      shipment: { method: 'Royal Mail Tracked 48', adultSignature: false },
    });
    const email = await renderEmail(data);
    expect(email.subject).toBe(`Order ${order.order_number} is on its way`);
    expect(email.text).toContain(
      'Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(email.text).toMatch(/^Tracking number: AB123456789GB$/m);
    expect(email.text).not.toContain('Adult signature required');

    expect((await backOffice.activityOf(order.order_number)).at(-1)).toEqual({
      staff_id: backOffice.staff.id,
      action: 'order.ship',
      before: { status: 'paid', shipment: 0, fulfilment: null },
      after: {
        status: 'shipped',
        shipment: 0,
        fulfilment: 'shipped',
        carrier: 'royal_mail',
        tracking_number: 'AB123456789GB',
      },
    });
  });

  it('is processing after the first of two deliveries, and shipped after the second', async () => {
    const order = await paidOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'uk-standard' },
      { productId: (await backOffice.freshProduct()).id, ship: 'uk-express' },
    ]);
    expect(order.shipments.map((s) => s.kind)).toEqual(['delivery', 'delivery']);
    const ship = (shipmentIndex: number, carrier: string, trackingNumber: string) =>
      shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
        shipmentIndex,
        carrier,
        trackingNumber,
      });

    expect((await ship(1, 'dpd', '15501 2345 6789')).status).toBe('processing');
    const first = await backOffice.emailData<OrderShippedEmailData>(
      order.order_number,
      'order_shipped',
    );
    // A space in the number is encoded in the link.
    expect(first).toMatchObject({
      stillToCome: 1,
      trackingUrl: 'https://track.dpd.co.uk/parcels/15501%202345%206789',
    });
    expect((await renderEmail(first)).subject).toBe(
      `Part of order ${order.order_number} is on its way`,
    );
    expect((await backOffice.orderRow(order.order_number)).fulfilled_at).toBeNull();

    expect((await ship(0, 'other', 'HAND-DELIVERED')).status).toBe('shipped');
    const second = await backOffice.emailData<OrderShippedEmailData>(
      order.order_number,
      'order_shipped',
    );
    // Another carrier has no tracking page: the number only.
    expect(second.trackingUrl).toBeUndefined();
    expect(second).toMatchObject({ carrier: 'Other carrier', stillToCome: 0 });
    expect((await renderEmail(second)).text).toContain('View your order: ');
    expect((await backOffice.activityOf(order.order_number)).map((a) => a.action)).toEqual([
      'order.mark_paid',
      'order.ship',
      'order.ship',
    ]);
  });

  it('says "Adult signature required" for an age-restricted piece', async () => {
    const knife = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await setProduct(t.app, knife.id, { stock: 5 });
    const order = await paidOrder([
      { productId: knife.id, ship: 'uk-age-verified', customization: { handle: 'walnut' } },
    ]);
    await shipShipment(backOffice.ctx(), backOffice.owner, order.order_number, {
      shipmentIndex: 0,
      carrier: 'dpd',
      trackingNumber: '15501234',
    });
    const data = await backOffice.emailData<OrderShippedEmailData>(
      order.order_number,
      'order_shipped',
    );
    expect(data.shipment).toEqual({
      method: 'Age-verified delivery (DPD)',
      lines: [{ name: 'Damascus Gyuto 210mm', quantity: 1 }],
      adultSignature: true,
    });
    const email = await renderEmail(data);
    expect(email.text).toContain('Adult signature required');
    expect(email.html).toContain('Adult signature required');
  });
});

describe('what cannot be shipped', () => {
  it('an unpaid order, a canceled one, and a shipment that is not a delivery or not there', async () => {
    const unpaid = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const ship = (orderNumber: string, shipmentIndex = 0) =>
      refusalOf(
        shipShipment(backOffice.ctx(), backOffice.staff, orderNumber, {
          shipmentIndex,
          carrier: 'royal_mail',
          trackingNumber: 'AB1',
        }),
      );
    expect(await ship(unpaid.order_number)).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: 'Only a paid order can be shipped.' },
    });

    const collected = await paidOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    expect((await ship(collected.order_number)).body).toEqual({
      detail: 'This shipment is collected from the workshop, not sent.',
    });
    expect(await ship(collected.order_number, 3)).toEqual({
      status: 404,
      code: 'shipment_not_found',
      body: { detail: 'Not found.' },
    });
    expect((await ship('ORD-2222-2222')).status).toBe(404);
    for (const order of [unpaid, collected]) {
      expect(await fulfilments(order.id)).toEqual([]);
      expect(await backOffice.emailKinds(order.order_number)).not.toContain('order_shipped');
    }
  });

  it('the same shipment twice: sent once, one e-mail, one log entry, even at the same moment', async () => {
    const order = await paidOrder([{ productId: (await backOffice.freshProduct()).id }]);
    const ship = () =>
      shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
        shipmentIndex: 0,
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
      });
    const results = await Promise.allSettled([ship(), ship()]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await refusalOf(ship())).body).toEqual({
      detail: 'This shipment has already been sent.',
    });
    expect(await fulfilments(order.id)).toHaveLength(1);
    expect(
      (await backOffice.emailKinds(order.order_number)).filter((k) => k === 'order_shipped'),
    ).toHaveLength(1);
    expect(
      (await backOffice.activityOf(order.order_number)).filter((a) => a.action === 'order.ship'),
    ).toHaveLength(1);
  });

  it('answers a carrier it does not know and a tracking number it cannot link, by field', async () => {
    const order = await paidOrder([{ productId: (await backOffice.freshProduct()).id }]);
    const ship = (carrier: string, trackingNumber: string) =>
      refusalOf(
        shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
          shipmentIndex: 0,
          carrier,
          trackingNumber,
        }),
      );
    expect(await ship('fedex', '  ')).toEqual({
      status: 400,
      code: 'invalid_order_input',
      body: {
        carrier: ['"fedex" is not a valid choice.'],
        tracking_number: ['This field may not be blank.'],
      },
    });
    expect((await ship('dhl', 'AB/12?x=1')).body).toEqual({
      tracking_number: ['Enter letters, digits, spaces and hyphens only.'],
    });
    expect((await ship('dhl', '9'.repeat(65))).body).toEqual({
      tracking_number: ['Ensure this field has no more than 64 characters.'],
    });
    expect((await backOffice.orderRow(order.order_number)).status).toBe('paid');
  });
});
