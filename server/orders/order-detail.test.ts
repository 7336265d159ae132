/**
 * One order as the back office shows it: lines with their options, shipments with what the shop
 * did with them and the carrier's tracking link, the money (payments, refunds, what is left to
 * refund), the e-mails about it, a timeline naming who did what, and the moves the caller's
 * role may make now; another shop's order is not found. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from './tables.ts';
import type { OrderActing } from './staff-actions.ts';
import {
  createActor,
  createShop,
  createShopper,
  insertOrder,
  payByHand,
} from '../test/order-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { getAdminOrder } from './order-detail.ts';

const t = useTestApp({}, { seed: false });
let db: Kysely<Database>;
let shop: number;
let owner: OrderActing;
let staff: OrderActing;

beforeAll(async () => {
  db = t.app.db;
  shop = (await createShop(db)).id;
  owner = await createActor(db, shop, 'owner', 'Maya Hart');
  staff = await createActor(db, shop, 'staff', 'Tom Reed');
});

/** An order of a new shopper in the shop. */
async function order(
  status: OrderStatus = 'awaiting_payment',
  method: PaymentMethod = 'bank_transfer',
  shipments: { kind: 'delivery' | 'collection' }[] = [{ kind: 'delivery' }],
) {
  const shopper = await createShopper(db, shop);
  return insertOrder(db, shop, {
    userId: shopper.id,
    status,
    method,
    shipments,
    placedAt: new Date('2026-11-19T10:44:00Z'),
  });
}

describe('an order on the back office', () => {
  it('shows its lines, shipments, money, e-mails and timeline, naming who did what', async () => {
    const shopper = await createShopper(db, shop, 'alan@example.com');
    const placed = await insertOrder(db, shop, {
      userId: shopper.id,
      number: 'ORD-9WQP-3HTN',
      fullname: 'Alan Turing',
      status: 'awaiting_payment',
      placedAt: new Date('2026-11-19T10:44:00Z'),
      lines: [
        { name: 'Damascus Gyuto 210mm', cents: 38_500 },
        {
          name: 'Carved Oak Wren',
          cents: 4500,
          quantity: 2,
          madeToOrder: true,
          dispatchLatest: '2026-12-03',
        },
      ],
      shipments: [{ kind: 'delivery' }, { kind: 'collection' }],
    });
    const [knife] = await db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', placed.id)
      .orderBy('id')
      .execute();
    const chosen = [
      {
        key: 'handle',
        label: 'Handle wood',
        value: 'walnut',
        display_value: 'Walnut',
        price_delta: '0.00',
      },
      {
        key: 'engraving',
        label: 'Engraving',
        value: 'For Ada',
        display_value: 'For Ada',
        price_delta: '15.00',
      },
    ];
    await db
      .updateTable('order_items')
      .set({ options: JSON.stringify(chosen) })
      .where('id', '=', knife!.id)
      .execute();

    // Tom marks the transfer received and ships the parcel; Maya refunds a mug by hand.
    await payByHand(db, shop, placed, {
      staffId: staff.staff.id,
      reference: 'TURING ORD-9WQP-3HTN',
    });
    await db
      .updateTable('manual_payments')
      .set({ received_at: '2026-11-20T09:15:00.000Z' })
      .where('order_id', '=', placed.id)
      .execute();
    await db
      .insertInto('order_fulfilments')
      .values([
        {
          tenant_id: shop,
          order_id: placed.id,
          shipment_index: 0,
          kind: 'delivery',
          status: 'shipped',
          carrier: 'royal_mail',
          tracking_number: 'TT987654321GB',
          staff_id: staff.staff.id,
          shipped_at: '2026-11-21T13:00:00.000Z',
        },
        {
          tenant_id: shop,
          order_id: placed.id,
          shipment_index: 1,
          kind: 'collection',
          status: 'ready',
          carrier: null,
          tracking_number: null,
          staff_id: staff.staff.id,
          ready_at: '2026-11-22T08:00:00.000Z',
        },
      ])
      .execute();
    // The log names who made the collection ready: Maya, not the row's last member.
    await owner.journal(
      db,
      {
        action: 'order.ready_to_collect',
        objectType: 'order',
        objectId: 'ORD-9WQP-3HTN',
        before: { status: 'processing', shipment: 1, fulfilment: null },
        after: { status: 'ready_to_collect', shipment: 1, fulfilment: 'ready' },
      },
      new Date('2026-11-22T08:00:00Z'),
    );
    await db
      .updateTable('orders')
      .set({ status: 'ready_to_collect', refunded_cents: 4500 })
      .where('id', '=', placed.id)
      .execute();
    await db
      .insertInto('refunds')
      .values({
        uuid: '9d1f6c2e-5b8a-4e3f-a7c1-2b4d6e8f0a13',
        tenant_id: shop,
        order_id: placed.id,
        payment_id: null,
        amount_cents: 4500,
        reason: 'One mug arrived chipped.',
        status: 'manual',
        provider_ref: null,
        staff_id: owner.staff.id,
        created_at: '2026-11-24T10:00:00.000Z',
        settled_at: '2026-11-24T10:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('email_outbox')
      .values(
        [
          ['order_placed', 'alan@example.com', 'sent', '2026-11-19T10:44:00.000Z'],
          ['payment_received', 'alan@example.com', 'pending', '2026-11-20T09:15:00.000Z'],
        ].map(([kind, recipient, status, at], i) => ({
          tenant_id: shop,
          order_id: placed.id,
          kind: kind!,
          recipient: recipient!,
          data: '{}',
          dedupe_key: `desk-order-test:${placed.id}:${i}`,
          status: status as 'sent' | 'pending',
          attempts: 0,
          next_attempt_at: at!,
          locked_until: null,
          last_error: null,
          created_at: at!,
          sent_at: status === 'sent' ? at! : null,
        })),
      )
      .execute();

    const shown = await getAdminOrder(db, shop, 'ORD-9WQP-3HTN', owner);
    expect(shown).toMatchObject({
      order_number: 'ORD-9WQP-3HTN',
      status: 'ready_to_collect',
      payment_method: 'bank_transfer',
      placed_at: '2026-11-19T10:44:00.000Z',
      customer_name: 'Alan Turing',
      email: 'alan@example.com',
      total: '475.00',
      items: 3,
      address: {
        fullname: 'Alan Turing',
        street: '7 Wren Close',
        city: 'York',
        postal_code: 'YO1 7HH',
        country: 'GB',
      },
      contact_number: '+44 1904 496 0123',
      needs_adult_signature: false,
      attestation: null,
      subtotal: '475.00',
      shipping: '0.00',
      paid_total: '475.00',
      refunded_total: '45.00',
      refundable: '430.00',
      expires_at: null,
      cancel_reason: null,
    });
    expect(shown.lines).toEqual([
      {
        id: knife!.id,
        product_name: 'Damascus Gyuto 210mm',
        product_slug: 'piece-1',
        quantity: 1,
        unit_price: '385.00',
        line_total: '385.00',
        options: chosen,
        made_to_order: false,
        dispatch_earliest: null,
        dispatch_latest: null,
        age_restricted: false,
        refunded_quantity: 0,
        restocked_quantity: 0,
      },
      expect.objectContaining({
        product_name: 'Carved Oak Wren',
        quantity: 2,
        line_total: '90.00',
        options: [],
        made_to_order: true,
        dispatch_latest: '2026-12-03',
      }),
    ]);
    expect(shown.shipments.map((s) => [s.index, s.kind, s.fulfilment])).toEqual([
      [
        0,
        'delivery',
        {
          status: 'shipped',
          carrier: 'royal_mail',
          tracking_number: 'TT987654321GB',
          tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/TT987654321GB',
          shipped_at: '2026-11-21T13:00:00.000Z',
          ready_at: null,
          collected_at: null,
        },
      ],
      [
        1,
        'collection',
        expect.objectContaining({
          status: 'ready',
          tracking_url: null,
          ready_at: '2026-11-22T08:00:00.000Z',
        }),
      ],
    ]);
    expect(shown.payments).toEqual([
      {
        kind: 'manual',
        amount: '475.00',
        payer_reference: 'TURING ORD-9WQP-3HTN',
        received_at: '2026-11-20T09:15:00.000Z',
        by: 'Tom Reed',
        overpayment: null,
      },
    ]);
    expect(shown.refunds).toEqual([
      {
        id: expect.any(Number),
        amount: '45.00',
        reason: 'One mug arrived chipped.',
        status: 'manual',
        provider_ref: null,
        gift_card_last_four: null,
        by: 'Maya Hart',
        created_at: '2026-11-24T10:00:00.000Z',
      },
    ]);
    expect(shown.emails).toEqual([
      {
        kind: 'order_placed',
        recipient: 'alan@example.com',
        status: 'sent',
        created_at: '2026-11-19T10:44:00.000Z',
        sent_at: '2026-11-19T10:44:00.000Z',
      },
      {
        kind: 'payment_received',
        recipient: 'alan@example.com',
        status: 'pending',
        created_at: '2026-11-20T09:15:00.000Z',
        sent_at: null,
      },
    ]);
    expect(shown.timeline).toEqual([
      {
        at: '2026-11-19T10:44:00.000Z',
        actor: 'Shopper',
        action: 'Placed the order',
        detail: 'Bank transfer',
      },
      {
        at: '2026-11-20T09:15:00.000Z',
        actor: 'Tom Reed',
        action: 'Marked paid',
        detail: '475.00, reference TURING ORD-9WQP-3HTN',
      },
      {
        at: '2026-11-21T13:00:00.000Z',
        actor: 'Tom Reed',
        action: 'Shipped',
        detail: 'Royal Mail TT987654321GB',
      },
      {
        at: '2026-11-22T08:00:00.000Z',
        actor: 'Maya Hart',
        action: 'Ready to collect',
        detail: 'Collect from the workshop',
      },
      {
        at: '2026-11-24T10:00:00.000Z',
        actor: 'Maya Hart',
        action: 'Refunded',
        detail: '45.00 by hand: One mug arrived chipped.',
      },
    ]);
    // The refund made by hand is still owed: an owner may mark it paid back; the shipped
    // delivery's tracking may be corrected.
    expect(shown.actions).toEqual([
      'mark_collected',
      'cancel',
      'refund',
      'mark_paid_back',
      'correct_tracking',
    ]);
  });

  it('tells a shopper’s cancel, an expiry and the shop’s cancel apart', async () => {
    const mine = await order('canceled');
    expect((await getAdminOrder(db, shop, mine.order_number, owner)).timeline.at(-1)).toMatchObject(
      {
        actor: 'Shopper',
        action: 'Canceled the order',
      },
    );
    const expired = await order('expired');
    expect(
      (await getAdminOrder(db, shop, expired.order_number, owner)).timeline.at(-1),
    ).toMatchObject({
      actor: 'System',
      action: 'Expired unpaid',
    });
    const theirs = await order('canceled');
    await owner.journal(
      db,
      {
        action: 'order.cancel',
        objectType: 'order',
        objectId: theirs.order_number,
        before: { status: 'awaiting_payment' },
        after: { status: 'canceled', reason: 'Out of walnut.' },
      },
      new Date('2026-11-20T00:00:00Z'),
    );
    const shown = await getAdminOrder(db, shop, theirs.order_number, owner);
    expect(shown.timeline.slice(1)).toEqual([
      {
        at: '2026-11-20T00:00:00.000Z',
        actor: 'Maya Hart',
        action: 'Canceled the order',
        detail: 'Out of walnut.',
      },
    ]);
  });

  it('does not find another shop’s order, nor one of no such number', async () => {
    const elsewhere = (await createShop(db)).id;
    const shopper = await createShopper(db, elsewhere);
    const theirs = await insertOrder(db, elsewhere, { userId: shopper.id });
    await expect(getAdminOrder(db, shop, theirs.order_number, owner)).rejects.toMatchObject({
      code: 'order_not_found',
      message: 'Not found.',
    });
    await expect(getAdminOrder(db, shop, 'ORD-ZZZZ-ZZZZ', owner)).rejects.toMatchObject({
      code: 'order_not_found',
    });
  });
});

describe('the moves the back office offers', () => {
  const actionsOf = async (o: { order_number: string }, who: OrderActing) =>
    (await getAdminOrder(db, shop, o.order_number, who)).actions;

  it('an order waiting for a transfer: both may mark it paid or cancel it', async () => {
    const waiting = await order('awaiting_payment', 'bank_transfer');
    expect(await actionsOf(waiting, staff)).toEqual(['mark_paid', 'cancel']);
    expect(await actionsOf(waiting, owner)).toEqual(['mark_paid', 'cancel']);
    // A card order is paid through its card payment, never by hand.
    const card = await order('awaiting_payment', 'card_2c2p');
    expect(await actionsOf(card, staff)).toEqual(['cancel']);
  });

  it('a paid order: staff fulfil it; only an owner cancels or refunds it', async () => {
    const paid = await order('awaiting_payment', 'bank_transfer', [
      { kind: 'delivery' },
      { kind: 'collection' },
    ]);
    await payByHand(db, shop, paid);
    expect(await actionsOf(paid, staff)).toEqual(['ship', 'mark_ready']);
    expect(await actionsOf(paid, owner)).toEqual(['ship', 'mark_ready', 'cancel', 'refund']);
  });

  it('a shipped order: nothing for staff; an owner may refund what is left', async () => {
    const shipped = await order('awaiting_payment');
    await payByHand(db, shop, shipped, { status: 'shipped' });
    expect(await actionsOf(shipped, staff)).toEqual([]);
    expect(await actionsOf(shipped, owner)).toEqual(['refund']);
  });

  it('an expired order: only an owner may reopen it', async () => {
    const expired = await order('expired');
    expect(await actionsOf(expired, staff)).toEqual([]);
    expect(await actionsOf(expired, owner)).toEqual(['reopen']);
  });
});
