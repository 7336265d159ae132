/**
 * Today's work on the back office: transfers to confirm, parcels to send, collections waiting,
 * money to pay back by hand, and made-to-order pieces due within a week, each oldest first and
 * only the shop's own. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import {
  createShop,
  createShopper,
  insertOrder,
  payByHand,
  type TestOrder,
} from '../test/order-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { getToday } from './today.ts';

const t = useTestApp({}, { seed: false });
let db: Kysely<Database>;
let shop: number;
let userId: number;

const NOW = new Date('2026-11-24T09:00:00Z');
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));

beforeAll(async () => {
  db = t.app.db;
  shop = (await createShop(db)).id;
  userId = (await createShopper(db, shop, 'ada@example.com')).id;
});

const place = (number: string, order: Omit<TestOrder, 'userId' | 'number'>) =>
  insertOrder(db, shop, { userId, number, ...order });

async function fulfil(
  order: { id: number },
  index: number,
  kind: 'delivery' | 'collection',
  status: 'shipped' | 'ready' | 'collected',
) {
  await db
    .insertInto('order_fulfilments')
    .values({
      tenant_id: shop,
      order_id: order.id,
      shipment_index: index,
      kind,
      status,
      carrier: kind === 'delivery' ? 'dpd' : null,
      tracking_number: kind === 'delivery' ? '15501234' : null,
      staff_id: null,
      shipped_at: status === 'shipped' ? NOW.toISOString() : null,
      ready_at: status !== 'shipped' ? NOW.toISOString() : null,
      collected_at: status === 'collected' ? NOW.toISOString() : null,
    })
    .execute();
}

describe('today on the back office', () => {
  it('lists what needs doing, each list oldest first', async () => {
    // Transfers and the shop's own method to confirm; a card order waits on its own.
    await place('ORD-TRAN-0002', {
      status: 'awaiting_payment',
      method: 'custom',
      placedAt: at(20),
    });
    await place('ORD-TRAN-0001', { status: 'awaiting_payment', placedAt: at(18) });
    await place('ORD-CARD-0001', {
      status: 'awaiting_payment',
      method: 'card_2c2p',
      placedAt: at(19),
    });

    // To ship: paid with a delivery to send; processing with one sent and one to send.
    const paid = await place('ORD-SHIP-0001', {
      placedAt: at(15),
      lines: [
        { cents: 9000, madeToOrder: true, dispatchLatest: '2026-11-28', name: 'Carved Oak Wren' },
      ],
    });
    await payByHand(db, shop, paid);
    const twoParcels = await place('ORD-SHIP-0002', {
      placedAt: at(10),
      shipments: [{ kind: 'delivery' }, { kind: 'delivery' }],
    });
    await payByHand(db, shop, twoParcels, { status: 'processing' });
    await fulfil(twoParcels, 0, 'delivery', 'shipped');
    // All sent: nothing to do.
    const sent = await place('ORD-SENT-0001', { placedAt: at(9) });
    await payByHand(db, shop, sent, { status: 'shipped' });
    await fulfil(sent, 0, 'delivery', 'shipped');

    // A collection ready at the workshop; another already collected.
    const ready = await place('ORD-COLL-0001', {
      placedAt: at(12),
      shipments: [{ kind: 'collection' }],
      lines: [{ cents: 4500, madeToOrder: true, dispatchLatest: '2026-11-20', name: 'Tea Bowl' }],
    });
    await payByHand(db, shop, ready, { status: 'ready_to_collect' });
    await fulfil(ready, 0, 'collection', 'ready');
    const collected = await place('ORD-COLL-0002', {
      placedAt: at(11),
      shipments: [{ kind: 'collection' }],
    });
    await payByHand(db, shop, collected, { status: 'completed' });
    await fulfil(collected, 0, 'collection', 'collected');

    // Made to order: due within a week, past due, and not due yet.
    const making = await place('ORD-MAKE-0001', {
      placedAt: at(5),
      lines: [
        { cents: 20_000, madeToOrder: true, dispatchLatest: '2026-12-01', name: 'Walnut Bowl' },
        { cents: 20_000, madeToOrder: true, dispatchLatest: '2026-11-22', name: 'Chef Knife' },
        { cents: 20_000, madeToOrder: true, dispatchLatest: '2026-12-02', name: 'Ash Stool' },
        { cents: 20_000, madeToOrder: false, dispatchLatest: '2026-11-25', name: 'Mug' },
      ],
    });
    await payByHand(db, shop, making);

    // Money to pay back by hand: a refund, and a card payment an order could not keep.
    const refunded = await place('ORD-REFD-0001', { placedAt: at(3) });
    await payByHand(db, shop, refunded, { status: 'shipped' });
    await fulfil(refunded, 0, 'delivery', 'shipped');
    await db
      .insertInto('refunds')
      .values({
        uuid: '0b5e2c7a-1d3f-4a6b-8c9d-0e1f2a3b4c5d',
        tenant_id: shop,
        order_id: refunded.id,
        payment_id: null,
        amount_cents: 4500,
        reason: 'Chipped.',
        status: 'manual',
        provider_ref: null,
        staff_id: null,
        created_at: '2026-11-23T10:00:00.000Z',
        settled_at: '2026-11-23T10:00:00.000Z',
      })
      .execute();
    const late = await place('ORD-LATE-0001', {
      status: 'canceled',
      method: 'card_2c2p',
      placedAt: at(2),
    });
    await db
      .insertInto('payments')
      .values({
        uuid: '7c1e9a2b-3d4f-4e5a-9b6c-7d8e9f0a1b2c',
        tenant_id: shop,
        order_id: late.id,
        user_id: userId,
        amount_cents: 47_500,
        currency: 'USD',
        status: 'succeeded',
        gateway_transaction_ref: null,
        error_message: null,
        created_at: '2026-11-21T08:00:00.000Z',
        updated_at: '2026-11-21T08:05:00.000Z',
        provider: '2c2p',
        provider_ref: 'ORDLATE0001A1',
        captured_at: '2026-11-21T08:00:00.000Z',
        refund_status: 'manual',
        refund_ref: null,
        checked_at: null,
      })
      .execute();

    // Another shop's work is not ours.
    const elsewhere = (await createShop(db)).id;
    const theirShopper = await createShopper(db, elsewhere);
    await insertOrder(db, elsewhere, { userId: theirShopper.id, status: 'awaiting_payment' });

    const today = await getToday(db, shop, NOW);
    const numbers = (list: { order_number: string }[]) => list.map((o) => o.order_number);
    expect(numbers(today.transfers_to_confirm)).toEqual(['ORD-TRAN-0001', 'ORD-TRAN-0002']);
    expect(today.transfers_to_confirm[0]).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      email: 'ada@example.com',
      total: '475.00',
    });
    expect(numbers(today.to_ship)).toEqual(['ORD-MAKE-0001', 'ORD-SHIP-0002', 'ORD-SHIP-0001']);
    expect(numbers(today.collections_waiting)).toEqual(['ORD-COLL-0001']);
    expect(today.manual_refunds).toEqual([
      {
        order_number: 'ORD-LATE-0001',
        customer_name: 'Ada Lovelace',
        amount: '475.00',
        source: 'payment',
        created_at: '2026-11-21T08:05:00.000Z',
      },
      {
        order_number: 'ORD-REFD-0001',
        customer_name: 'Ada Lovelace',
        amount: '45.00',
        source: 'refund',
        created_at: '2026-11-23T10:00:00.000Z',
      },
    ]);
    // Due by 1 December (today + 7), past due first; the ready collection's line is done.
    expect(
      today.due_this_week.map((d) => [d.order_number, d.product_name, d.dispatch_latest]),
    ).toEqual([
      ['ORD-MAKE-0001', 'Chef Knife', '2026-11-22'],
      ['ORD-SHIP-0001', 'Carved Oak Wren', '2026-11-28'],
      ['ORD-MAKE-0001', 'Walnut Bowl', '2026-12-01'],
    ]);
    expect(today.due_this_week[0]).toMatchObject({
      customer_name: 'Ada Lovelace',
      quantity: 1,
      line_id: expect.any(Number),
    });
  });
});
