/**
 * What the shopper's order answer (`GET /orders/orders/`, `/orders/orders/{id}/`) says of the
 * shop's work on it: each shipment's fulfilment (shipped with its carrier, tracking number and
 * tracking link; ready at the workshop; collected), what the shop refunded, and the new
 * statuses, read in a fixed number of queries however many orders a page holds.
 */
import { toMinorUnits } from '../../common/money.ts';
import type { components } from '../../common/storefront-api';
import { QueryCounter } from '../test/query-counter.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  productsInStock,
  quoteShipping,
  type TestCustomer,
} from '../test/shop.ts';
import { useTestApp } from '../test/test-app.ts';

type Order = components['schemas']['Order'];
type OrderPage = components['schemas']['PaginatedOrderList'];

const queries = new QueryCounter();
const t = useTestApp({}, { plugins: [queries] });

let nextProduct = 0;

/**
 * Places a paid order of two pieces for `who`: the first sent by a delivery method (shipment 0),
 * the second collected from the workshop (shipment 1).
 */
async function paidOrderWithTwoShipments(who: TestCustomer): Promise<Order> {
  const products = await productsInStock(t.app, 'demo-handcraft', 5);
  for (let i = 0; i < 2; i++) {
    const product = products[nextProduct++ % products.length]!;
    await call(t.app, 'POST', '/orders/cart/add-item/', who.headers, {
      product_id: product.id,
      quantity: 1,
    });
  }
  const quote = await quoteShipping(t.app, who, 'GB');
  const [sent, collected] = (
    quote.body as unknown as { lines: { item_id: number; methods: string[] }[] }
  ).lines;
  const delivery = sent!.methods.find((code) => code !== 'collection')!;
  const placed = await postOrder<Order>(t.app, who, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
    shipping: [
      { item_id: sent!.item_id, method: delivery },
      { item_id: collected!.item_id, method: 'collection' },
    ],
  });
  expect(placed.status).toBe(201);
  await t.app.db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: new Date().toISOString(), expires_at: null })
    .where('id', '=', placed.body.id)
    .execute();
  return placed.body;
}

/** Records what the back office did with shipment `index` of the order, as the back office's table holds it. */
async function fulfil(
  order: Order,
  index: number,
  values: {
    kind: 'delivery' | 'collection';
    status: 'shipped' | 'ready' | 'collected';
    carrier?: 'royal_mail' | 'dpd' | 'parcelforce' | 'dhl' | 'ups' | 'other' | null;
    tracking_number?: string | null;
    shipped_at?: string | null;
    ready_at?: string | null;
    collected_at?: string | null;
  },
): Promise<void> {
  const { tenant_id } = await t.app.db
    .selectFrom('orders')
    .select('tenant_id')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('order_fulfilments')
    .values({
      tenant_id,
      order_id: order.id,
      shipment_index: index,
      carrier: null,
      tracking_number: null,
      staff_id: null,
      ...values,
    })
    .execute();
}

const setOrder = (order: Order, values: { status?: Order['status']; refunded_cents?: number }) =>
  t.app.db.updateTable('orders').set(values).where('id', '=', order.id).execute();

const getOrder = async (who: TestCustomer, order: Order) =>
  (await call<Order>(t.app, 'GET', `/orders/orders/${order.id}/`, who.headers)).body;

describe("the shop's work on an order, as the shopper reads it", () => {
  it('answers every shipment without a fulfilment and nothing refunded before the shop acts', async () => {
    const me = await createCustomer(t.app);
    const order = await paidOrderWithTwoShipments(me);
    expect(order.shipments.map((s) => [s.kind, s.fulfilment])).toEqual([
      ['delivery', null],
      ['collection', null],
    ]);
    expect(order.refunded_total).toBe('0.00');
    const read = await getOrder(me, order);
    expect(read.status).toBe('paid');
    expect(read.shipments.map((s) => s.fulfilment)).toEqual([null, null]);
    expect(read.refunded_total).toBe('0.00');
  });

  it("shows the tracking number and the carrier's tracking link once a parcel is shipped, and the collection ready at the workshop", async () => {
    const me = await createCustomer(t.app);
    const order = await paidOrderWithTwoShipments(me);
    await fulfil(order, 0, {
      kind: 'delivery',
      status: 'shipped',
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
      shipped_at: '2026-11-24T15:10:00.000Z',
    });
    await fulfil(order, 1, {
      kind: 'collection',
      status: 'ready',
      ready_at: '2026-11-25T11:30:00.000Z',
    });
    await setOrder(order, { status: 'ready_to_collect' });

    const read = await getOrder(me, order);
    expect(read.status).toBe('ready_to_collect');
    expect(read.shipments[0]!.fulfilment).toEqual({
      status: 'shipped',
      carrier: 'royal_mail',
      carrier_name: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      shipped_at: '2026-11-24T15:10:00.000Z',
      ready_at: null,
      collected_at: null,
    });
    expect(read.shipments[1]!.fulfilment).toEqual({
      status: 'ready_to_collect',
      carrier: null,
      carrier_name: null,
      tracking_number: null,
      tracking_url: null,
      shipped_at: null,
      ready_at: '2026-11-25T11:30:00.000Z',
      collected_at: null,
    });

    // The history answers the same shipments.
    const page = await call<OrderPage>(t.app, 'GET', '/orders/orders/', me.headers);
    expect(page.body.results.find((o) => o.id === order.id)!.shipments).toEqual(read.shipments);
  });

  it('gives no tracking link for a carrier without a tracking page, and says when a collection was handed over', async () => {
    const me = await createCustomer(t.app);
    const order = await paidOrderWithTwoShipments(me);
    await fulfil(order, 0, {
      kind: 'delivery',
      status: 'shipped',
      carrier: 'other',
      tracking_number: 'LOCAL-778',
      shipped_at: '2026-11-24T15:10:00.000Z',
    });
    await fulfil(order, 1, {
      kind: 'collection',
      status: 'collected',
      ready_at: '2026-11-25T11:30:00.000Z',
      collected_at: '2026-11-27T14:00:00.000Z',
    });
    await setOrder(order, { status: 'completed' });

    const read = await getOrder(me, order);
    expect(read.status).toBe('completed');
    expect(read.shipments[0]!.fulfilment).toMatchObject({
      carrier: 'other',
      tracking_number: 'LOCAL-778',
      tracking_url: null,
    });
    expect(read.shipments[1]!.fulfilment).toMatchObject({
      status: 'collected',
      collected_at: '2026-11-27T14:00:00.000Z',
    });
  });

  it('gives a tracking link for the number with its spaces encoded, and none without a number', async () => {
    const me = await createCustomer(t.app);
    const order = await paidOrderWithTwoShipments(me);
    await fulfil(order, 0, {
      kind: 'delivery',
      status: 'shipped',
      carrier: 'dpd',
      tracking_number: '15501 234',
      shipped_at: '2026-11-24T15:10:00.000Z',
    });
    expect((await getOrder(me, order)).shipments[0]!.fulfilment!.tracking_url).toBe(
      'https://track.dpd.co.uk/parcels/15501%20234',
    );

    const other = await paidOrderWithTwoShipments(me);
    await fulfil(other, 0, { kind: 'delivery', status: 'shipped', carrier: 'ups' });
    expect((await getOrder(me, other)).shipments[0]!.fulfilment).toMatchObject({
      carrier_name: 'UPS',
      tracking_number: null,
      tracking_url: null,
    });
  });

  it('says what the shop refunded, in part and then in full', async () => {
    const me = await createCustomer(t.app);
    const order = await paidOrderWithTwoShipments(me);
    await setOrder(order, { refunded_cents: 4500 });
    expect(await getOrder(me, order)).toMatchObject({ status: 'paid', refunded_total: '45.00' });

    await setOrder(order, {
      refunded_cents: toMinorUnits(order.total_price)!,
      status: 'refunded',
    });
    expect(await getOrder(me, order)).toMatchObject({
      status: 'refunded',
      refunded_total: order.total_price,
    });
  });

  it('reads a page of orders with their fulfilments in as many queries for five orders as for one', async () => {
    const one = await createCustomer(t.app);
    const first = await paidOrderWithTwoShipments(one);
    await fulfil(first, 0, {
      kind: 'delivery',
      status: 'shipped',
      carrier: 'dpd',
      tracking_number: '1',
    });

    const five = await createCustomer(t.app);
    for (let i = 0; i < 5; i++) {
      const order = await paidOrderWithTwoShipments(five);
      await fulfil(order, 0, {
        kind: 'delivery',
        status: 'shipped',
        carrier: 'dpd',
        tracking_number: `${i}`,
      });
      await fulfil(order, 1, { kind: 'collection', status: 'ready' });
    }

    const count = async (who: TestCustomer) => {
      await call(t.app, 'GET', '/orders/orders/', who.headers); // warms the tenant and user lookups
      queries.reset();
      const page = await call<OrderPage>(t.app, 'GET', '/orders/orders/', who.headers);
      return { total: queries.total, fulfilments: queries.touching('order_fulfilments'), page };
    };
    const small = await count(one);
    const large = await count(five);
    expect(large.page.body.results).toHaveLength(5);
    expect(large.page.body.results.every((o) => o.shipments.every((s) => s.fulfilment))).toBe(true);
    expect(large.total).toBe(small.total);
    expect(large.fulfilments).toBe(1);
  });
});
