/**
 * Collections at the workshop: the back office marks one ready (the shopper is e-mailed where and
 * when to collect it), then collected (nothing more is sent: the shopper was there), and the
 * order's status follows its shipments: ready_to_collect once every delivery is sent,
 * completed once everything is handed over. On SQLite and on PostgreSQL.
 */
import { markOrderPaid } from './mark-paid.ts';
import { markShipmentCollected, markShipmentReady, shipShipment } from './fulfilment.ts';
import type { OrderReadyToCollectEmailData } from './emails/staff-move-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';

const backOffice = useOrderMoves();

async function paidOrder(lines: Parameters<typeof backOffice.placeOrder>[0]) {
  const order = await backOffice.placeOrder(lines);
  await markOrderPaid(backOffice.ctx(), backOffice.owner, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
  return order;
}

describe('a collection', () => {
  it('made ready tells the shopper where to collect it; collected, the order is completed', async () => {
    const order = await paidOrder([
      { productId: (await backOffice.freshProduct()).id, quantity: 2, ship: 'collection' },
    ]);
    const at = { shipmentIndex: 0 };
    expect(
      (await markShipmentReady(backOffice.ctx(), backOffice.staff, order.order_number, at)).status,
    ).toBe('ready_to_collect');
    const data = await backOffice.emailData<OrderReadyToCollectEmailData>(
      order.order_number,
      'order_ready_to_collect',
    );
    // The workshop as the shop's contact page lists it, and the method's own words.
    expect(data).toMatchObject({
      collectFrom: {
        name: 'The Forge (workshop and showroom)',
        address: '12 Forge Lane, Sheffield S1 2AB, United Kingdom',
        phone: '+44 114 496 0000',
      },
      instructions: '12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
      shipment: { method: 'Collect from the workshop', adultSignature: false },
    });
    expect(data.shipment.lines).toEqual([{ name: order.items[0]!.product_name, quantity: 2 }]);
    const email = await renderEmail(data);
    expect(email.subject).toBe(`Order ${order.order_number} is ready to collect`);
    expect(email.text).toContain('The Forge (workshop and showroom)\n12 Forge Lane');
    expect((await backOffice.orderRow(order.order_number)).fulfilled_at).toBeNull();

    expect(
      (await markShipmentCollected(backOffice.ctx(), backOffice.staff, order.order_number, at))
        .status,
    ).toBe('completed');
    const row = await backOffice.orderRow(order.order_number);
    expect(row.status).toBe('completed');
    expect(row.fulfilled_at).not.toBeNull();
    // Collected sends nothing.
    expect(await backOffice.emailKinds(order.order_number)).toEqual([
      'order_placed',
      'shop_order_awaiting_payment',
      'payment_received',
      'order_ready_to_collect',
    ]);
    expect((await backOffice.activityOf(order.order_number)).slice(1)).toEqual([
      {
        staff_id: backOffice.staff.id,
        action: 'order.ready_to_collect',
        before: { status: 'paid', shipment: 0, fulfilment: null },
        after: { status: 'ready_to_collect', shipment: 0, fulfilment: 'ready' },
      },
      {
        staff_id: backOffice.staff.id,
        action: 'order.collected',
        before: { status: 'ready_to_collect', shipment: 0, fulfilment: 'ready' },
        after: { status: 'completed', shipment: 0, fulfilment: 'collected' },
      },
    ]);
  });

  it('beside a delivery: processing until the delivery is sent, then ready to collect', async () => {
    const order = await paidOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'uk-standard' },
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    const delivery = order.shipments.findIndex((s) => s.kind === 'delivery');
    const collection = order.shipments.findIndex((s) => s.kind === 'collection');
    const ctx = backOffice.ctx();
    expect(
      (
        await markShipmentReady(ctx, backOffice.staff, order.order_number, {
          shipmentIndex: collection,
        })
      ).status,
    ).toBe('processing');
    expect(
      (
        await shipShipment(ctx, backOffice.staff, order.order_number, {
          shipmentIndex: delivery,
          carrier: 'royal_mail',
          trackingNumber: 'AB123456789GB',
        })
      ).status,
    ).toBe('ready_to_collect');
    const shipped = await backOffice.emailData(order.order_number, 'order_shipped');
    expect(shipped).toMatchObject({ stillToCome: 1 });
    expect(
      (
        await markShipmentCollected(ctx, backOffice.staff, order.order_number, {
          shipmentIndex: collection,
        })
      ).status,
    ).toBe('completed');
  });
});

describe('what a collection refuses', () => {
  it('collected before it is ready, ready twice, collected twice, a delivery made ready, an unpaid order', async () => {
    const order = await paidOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
      { productId: (await backOffice.freshProduct()).id, ship: 'uk-standard' },
    ]);
    const collection = order.shipments.findIndex((s) => s.kind === 'collection');
    const delivery = order.shipments.findIndex((s) => s.kind === 'delivery');
    const ready = (shipmentIndex: number, number = order.order_number) =>
      markShipmentReady(backOffice.ctx(), backOffice.staff, number, { shipmentIndex });
    const collected = (shipmentIndex: number) =>
      markShipmentCollected(backOffice.ctx(), backOffice.staff, order.order_number, {
        shipmentIndex,
      });
    const detail = async (move: Promise<unknown>) => (await refusalOf(move)).body.detail;

    expect(await detail(collected(collection))).toBe(
      'Mark this shipment ready before it is collected.',
    );
    expect(await detail(ready(delivery))).toBe('This shipment is delivered, not collected.');
    expect(await detail(collected(delivery))).toBe('This shipment is delivered, not collected.');
    await ready(collection);
    expect(await detail(ready(collection))).toBe('This shipment is already ready to collect.');
    await collected(collection);
    expect(await detail(collected(collection))).toBe('This shipment has already been collected.');
    expect(await detail(ready(collection))).toBe('This shipment has already been collected.');
    expect(
      (await backOffice.emailKinds(order.order_number)).filter(
        (k) => k === 'order_ready_to_collect',
      ),
    ).toHaveLength(1);

    const unpaid = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    expect(await refusalOf(ready(0, unpaid.order_number))).toEqual({
      status: 409,
      code: 'order_move_refused',
      body: { detail: 'Only a paid order can be made ready.' },
    });
  });
});
