/**
 * The 14-day right to cancel (UK Consumer Contracts Regulations 2013 regs 28(1)(b), 29-38;
 * Directive 2011/83/EU arts 9-16), as the shopper meets it: which pieces and lines are exempt
 * (the product answers, the cart, the order's lines kept as they were), the order's window, the
 * request and each refusal's words, the acknowledgement e-mail, and the order confirmation's
 * cancellation information and model form. On SQLite and on PostgreSQL.
 */
import type { components } from '../../common/storefront-api';
import { markOrderPaid } from './mark-paid.ts';
import { markShipmentCollected, markShipmentReady, shipShipment } from './fulfilment.ts';
import { cancelByShop } from './shop-cancel.ts';
import { cancellationState, CANCELLATION_MESSAGES } from './cancellation-window.ts';
import type {
  CancellationRequestedEmailData,
  OrderPlacedEmailData,
} from './emails/order-email-data.ts';
import { renderEmail } from './emails/render-email.ts';
import { call, createCustomer } from '../test/shop.ts';
import { getAdminOrder } from './order-detail.ts';
import { listShopOrders } from './order-list.ts';
import { updateProduct } from '../catalog/product-editing.ts';
import { getAdminProduct } from '../catalog/product-admin-read.ts';
import { centsOf, useOrderMoves } from '../test/order-moves.ts';

type Order = components['schemas']['Order'];
type Product = components['schemas']['Product'];
type Cart = components['schemas']['Cart'];

const backOffice = useOrderMoves();
const { t } = backOffice;

const DAY = 24 * 60 * 60 * 1000;
const OPTIONS = JSON.stringify([
  {
    key: 'handle',
    label: 'Handle wood',
    kind: 'choice',
    required: true,
    values: [{ value: 'walnut', label: 'Walnut', price_delta_cents: 0 }],
  },
  {
    key: 'engraving_text',
    label: 'Engraving',
    kind: 'text',
    required: false,
    max_length: 24,
    price_delta_cents: 0,
  },
]);

/** A fresh piece with the handle and engraving options, its flags as given. */
async function piece(flags: { exempt?: boolean; madeToOrder?: boolean } = {}) {
  const p = await backOffice.freshProduct(10);
  await t.app.db
    .updateTable('products')
    .set({
      options: OPTIONS,
      price_before_discount_cents: null,
      cancellation_exempt: flags.exempt ? 1 : 0,
      made_to_order: flags.madeToOrder ? 1 : 0,
      lead_time_days_min: flags.madeToOrder ? 5 : null,
      lead_time_days_max: flags.madeToOrder ? 10 : null,
    })
    .where('id', '=', p.id)
    .execute();
  const slug = (
    await t.app.db
      .selectFrom('products')
      .select('slug')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
  ).slug;
  return { ...p, slug };
}

const walnut = { handle: 'walnut' };
const engraved = { handle: 'walnut', engraving_text: 'For Ada' };

async function paid(order: Order) {
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
}

/** Ships shipment `index`, then moves its shipped_at to `at`. */
async function shippedOn(order: Order, at: Date, index = 0) {
  await shipShipment(backOffice.ctx(), backOffice.staff, order.order_number, {
    shipmentIndex: index,
    carrier: 'royal_mail',
    trackingNumber: 'AB123456789GB',
  });
  await t.app.db
    .updateTable('order_fulfilments')
    .set({ shipped_at: at.toISOString() })
    .where('order_id', '=', order.id)
    .where('shipment_index', '=', index)
    .execute();
}

const request = (
  order: Order,
  body: unknown = {},
  headers = backOffice.shopperOf(order.order_number).headers,
) =>
  call<Order & { detail?: string; reason?: string[] }>(
    t.app,
    'POST',
    `/orders/orders/${order.id}/cancellation-request/`,
    headers,
    body,
  );

const read = (order: Order) =>
  call<Order>(
    t.app,
    'GET',
    `/orders/orders/${order.id}/`,
    backOffice.shopperOf(order.order_number).headers,
  );

describe('which pieces and lines are exempt', () => {
  it('a product says so in the list and the detail: the owner’s flag or made to order', async () => {
    const plain = await piece();
    const flagged = await piece({ exempt: true });
    const made = await piece({ madeToOrder: true });
    const me = await createCustomer(t.app);
    for (const [p, exempt] of [
      [plain, false],
      [flagged, true],
      [made, true],
    ] as const) {
      const detail = await call<Product>(t.app, 'GET', `/products/products/${p.slug}/`, me.headers);
      expect(detail.body.cancellation_exempt).toBe(exempt);
      const list = await call<{ results: Product[] }>(
        t.app,
        'GET',
        `/products/products/?search=${encodeURIComponent(p.name)}`,
        me.headers,
      );
      const found = list.body.results.find((r) => r.id === p.id);
      expect(found?.cancellation_exempt).toBe(exempt);
    }
  });

  it('a cart line is exempt when an engraving is filled in, not for a standard choice', async () => {
    const p = await piece();
    const me = await createCustomer(t.app);
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: p.id,
      quantity: 1,
      customization: walnut,
    });
    const cart = await call<Cart>(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: p.id,
      quantity: 1,
      customization: engraved,
    });
    expect(cart.status).toBe(200);
    const byText = (text: string | undefined) =>
      cart.body.items.find((i) => i.customization.engraving_text === text);
    expect(byText(undefined)?.cancellation_exempt).toBe(false);
    expect(byText('For Ada')?.cancellation_exempt).toBe(true);
  });

  it('an order keeps each line’s exemption as it was at checkout', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([
      { productId: p.id, customization: walnut },
      { productId: p.id, customization: engraved },
    ]);
    expect(order.items.map((i) => i.cancellation_exempt)).toEqual([false, true]);
    // The owner flags the piece afterwards: the order's lines do not change.
    await t.app.db
      .updateTable('products')
      .set({ cancellation_exempt: 1 })
      .where('id', '=', p.id)
      .execute();
    expect((await read(order)).body.items.map((i) => i.cancellation_exempt)).toEqual([false, true]);
  });
});

describe('the window', () => {
  const facts = (over: Partial<Parameters<typeof cancellationState>[0]> = {}) => ({
    status: 'shipped' as const,
    requestedAt: null,
    lineExempt: [false],
    shipments: [{ kind: 'delivery' as const }],
    fulfilments: new Map([[0, { shipped_at: '2026-11-24T15:10:00Z', collected_at: null }]]),
    fulfilledAt: null,
    ...over,
  });

  it('ends at the end (UTC) of the 14th day after delivery, taken as 7 days after shipping', () => {
    const open = cancellationState(facts(), new Date('2026-12-15T23:59:59.500Z'));
    expect(open).toMatchObject({
      exempt: false,
      deadline: '2026-12-15T23:59:59Z',
      can_request: true,
      refusal: null,
    });
    const late = cancellationState(facts(), new Date('2026-12-16T00:00:00Z'));
    expect(late.can_request).toBe(false);
    expect(late.refusal).toBe(
      'The 14-day cancellation period of this order ended on 15 December 2026.',
    );
  });

  it('runs from the day a collection was collected, and from the last of several shipments', () => {
    const collected = cancellationState(
      facts({
        shipments: [{ kind: 'collection' }],
        fulfilments: new Map([[0, { shipped_at: null, collected_at: '2026-11-30T10:00:00Z' }]]),
      }),
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(collected.deadline).toBe('2026-12-14T23:59:59Z');
    const both = cancellationState(
      facts({
        shipments: [{ kind: 'delivery' }, { kind: 'collection' }],
        fulfilments: new Map([
          [0, { shipped_at: '2026-11-24T15:10:00Z', collected_at: null }],
          [1, { shipped_at: null, collected_at: '2026-12-05T10:00:00Z' }],
        ]),
      }),
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(both.deadline).toBe('2026-12-19T23:59:59Z');
  });

  it('has no deadline while a shipment is still to go, and none for an exempt order', () => {
    const waiting = cancellationState(
      facts({
        shipments: [{ kind: 'delivery' }, { kind: 'delivery' }],
      }),
      new Date('2027-06-01T00:00:00Z'),
    );
    expect(waiting).toMatchObject({ deadline: null, can_request: true });
    const exempt = cancellationState(facts({ lineExempt: [true, true] }), new Date());
    expect(exempt).toMatchObject({
      exempt: true,
      deadline: null,
      can_request: false,
      refusal: CANCELLATION_MESSAGES.exempt,
    });
    // One exempt line of two: the right covers the other.
    expect(cancellationState(facts({ lineExempt: [true, false] }), new Date()).exempt).toBe(false);
  });
});

describe('asking to cancel', () => {
  it('a paid order: accepted once, with the reason, logged, acknowledged by e-mail', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    const before = (await read(order)).body.cancellation;
    expect(before).toEqual({
      exempt: false,
      deadline: null,
      can_request: true,
      requested_at: null,
    });

    const answer = await request(order, { reason: '  The knife is heavier than I hoped.  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.cancellation.can_request).toBe(false);
    expect(answer.body.cancellation.requested_at).not.toBeNull();
    const row = await backOffice.orderRow(order.order_number);
    expect(row.cancellation_reason).toBe('The knife is heavier than I hoped.');
    expect(row.status).toBe('paid');
    expect(await backOffice.activityOf(order.order_number)).toContainEqual({
      staff_id: null,
      action: 'order.cancellation_request',
      before: null,
      after: { reason: 'The knife is heavier than I hoped.', deadline: null },
    });

    const data = await backOffice.emailData<CancellationRequestedEmailData>(
      order.order_number,
      'cancellation_requested',
    );
    expect(data.reason).toBe('The knife is heavier than I hoped.');
    const email = await renderEmail(data);
    expect(email.subject).toBe(`We received your withdrawal from order ${order.order_number}`);
    for (const part of [email.html, email.text]) {
      expect(part).toContain('The knife is heavier than I hoped.');
      expect(part).toContain('You pay the direct cost of sending them back.');
      expect(part).toContain('within 14 days of receiving the pieces');
    }

    const again = await request(order);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(
      /^You already asked to cancel this order on \d+ \w+ \d{4}\.$/,
    );
    expect(await backOffice.emailKinds(order.order_number)).toEqual(
      expect.arrayContaining(['cancellation_requested']),
    );
    expect(
      (await backOffice.emailKinds(order.order_number)).filter(
        (k) => k === 'cancellation_requested',
      ),
    ).toHaveLength(1);
  });

  it('needs no reason, and refuses one over 1000 characters', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    const long = await request(order, { reason: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.reason).toBeDefined();
    const ok = await request(order);
    expect(ok.status).toBe(200);
    expect((await backOffice.orderRow(order.order_number)).cancellation_reason).toBeNull();
  });

  it('refuses an unpaid order, pointing to its cancel', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    expect(order.cancellation).toEqual({
      exempt: false,
      deadline: null,
      can_request: false,
      requested_at: null,
    });
    const answer = await request(order);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ detail: CANCELLATION_MESSAGES.unpaid });
  });

  it('refuses an order whose every line is exempt, in words', async () => {
    const made = await piece({ madeToOrder: true });
    const p = await piece();
    const order = await backOffice.placeOrder([
      { productId: made.id, customization: walnut },
      { productId: p.id, customization: engraved },
    ]);
    await paid(order);
    expect((await read(order)).body.cancellation).toMatchObject({
      exempt: true,
      can_request: false,
    });
    const answer = await request(order);
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(
      'Every piece of this order is made to order or personalised, so the 14-day right to cancel does not apply to it.',
    );
  });

  it('gives the deadline once shipped, and refuses after it', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    const shipped = new Date(Date.now() - 3 * DAY);
    await shippedOn(order, shipped);
    const open = (await read(order)).body.cancellation;
    const day = new Date(shipped.getTime() + 21 * DAY).toISOString().slice(0, 10);
    expect(open).toEqual({
      exempt: false,
      deadline: `${day}T23:59:59Z`,
      can_request: true,
      requested_at: null,
    });

    await t.app.db
      .updateTable('order_fulfilments')
      .set({ shipped_at: new Date(Date.now() - 30 * DAY).toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    const late = await request(order);
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(
      /^The 14-day cancellation period of this order ended on \d+ \w+ \d{4}\.$/,
    );
    expect((await backOffice.orderRow(order.order_number)).cancellation_requested_at).toBeNull();
  });

  it('counts a collection from the day it was collected', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([
      { productId: p.id, customization: walnut, ship: 'collection' },
    ]);
    await paid(order);
    await markShipmentReady(backOffice.ctx(), backOffice.staff, order.order_number, {
      shipmentIndex: 0,
    });
    expect((await read(order)).body.cancellation.deadline).toBeNull();
    await markShipmentCollected(backOffice.ctx(), backOffice.staff, order.order_number, {
      shipmentIndex: 0,
    });
    const collected = (await backOffice.orderRow(order.order_number)).fulfilled_at;
    const day = new Date(new Date(collected!).getTime() + 14 * DAY).toISOString().slice(0, 10);
    expect((await read(order)).body.cancellation.deadline).toBe(`${day}T23:59:59Z`);
  });

  it('refuses a canceled order', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    await cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, {
      reason: 'Sold out.',
    });
    const answer = await request(order);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ detail: CANCELLATION_MESSAGES.closed });
  });

  it('answers 404 for another shopper’s order, and another shop’s', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    const stranger = await createCustomer(t.app);
    expect((await request(order, {}, stranger.headers)).status).toBe(404);
    const elsewhere = await createCustomer(t.app, 'demo-pottery');
    expect((await request(order, {}, elsewhere.headers)).status).toBe(404);
    expect((await backOffice.orderRow(order.order_number)).cancellation_requested_at).toBeNull();
  });
});

describe('the order confirmation e-mail', () => {
  it('carries each line’s right, the information and the model form with the seller', async () => {
    const p = await piece();
    const made = await piece({ madeToOrder: true });
    const order = await backOffice.placeOrder([
      { productId: p.id, customization: walnut },
      { productId: p.id, customization: engraved },
      { productId: made.id, customization: walnut },
    ]);
    const data = await backOffice.emailData<OrderPlacedEmailData>(
      order.order_number,
      'order_placed',
    );
    expect(data.cancellation?.returnCostsPaidBy).toBe('shopper');
    expect(data.cancellation?.lines.map((l) => l.exempt)).toEqual([false, true, true]);
    const email = await renderEmail(data);
    const html = email.html.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
    for (const part of [html, email.text]) {
      expect(part).toContain('Model cancellation form');
      expect(part).toContain('hereby give notice that I/We [*] cancel my/our [*] contract');
      expect(part).toContain(`To ${data.cancellation!.seller.name}`);
      expect(part).toContain(data.cancellation!.seller.email);
      expect(part).toContain('You have the right to cancel this contract within 14 days');
      expect(part).toContain('You will have to bear the direct cost of returning the goods.');
      expect(part).toContain('not later than 14 days after the day we receive back');
      expect(part).toContain('Personalised with your own text, so it cannot be cancelled');
      expect(part).toContain('Made to your order, so it cannot be cancelled');
      expect(part).toContain('you may cancel it within 14 days of delivery.');
    }
  });

  it('says an all-exempt order cannot be cancelled, without a form', async () => {
    const made = await piece({ madeToOrder: true });
    const order = await backOffice.placeOrder([{ productId: made.id, customization: walnut }]);
    const data = await backOffice.emailData<OrderPlacedEmailData>(
      order.order_number,
      'order_placed',
    );
    const email = await renderEmail(data);
    expect(email.text).toContain('Made to your order, so it cannot be cancelled');
    expect(email.text).not.toContain('Model cancellation form');
  });
});

describe('the back office', () => {
  it('shows the request on the back office’s order, its timeline and list, and filters open ones', async () => {
    const p = await piece();
    const order = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(order);
    const other = await backOffice.placeOrder([{ productId: p.id, customization: walnut }]);
    await paid(other);
    expect((await request(order, { reason: 'Too big for my kitchen.' })).status).toBe(200);

    const seen = await getAdminOrder(
      t.app.db,
      backOffice.tenantId,
      order.order_number,
      backOffice.owner,
    );
    expect(seen.cancellation_request).toEqual({
      requested_at: expect.any(String),
      reason: 'Too big for my kitchen.',
    });
    expect(seen.timeline).toContainEqual({
      at: seen.cancellation_request!.requested_at,
      actor: 'Shopper',
      action: 'Asked to cancel (14-day right)',
      detail: 'Too big for my kitchen.',
    });
    expect(seen.actions).toContain('refund');

    const open = await listShopOrders(t.app.db, backOffice.tenantId, {
      cancellationRequest: 'open',
    });
    const numbers = open.results.map((o) => o.order_number);
    expect(numbers).toContain(order.order_number);
    expect(numbers).not.toContain(other.order_number);
    expect(
      open.results.find((o) => o.order_number === order.order_number)?.cancellation_request,
    ).toMatchObject({ reason: 'Too big for my kitchen.' });
    const all = await listShopOrders(t.app.db, backOffice.tenantId, { search: other.order_number });
    expect(all.results[0]?.cancellation_request).toBeNull();

    // Refunded in full by the owner, the request is no longer open.
    await cancelByShop(backOffice.ctx(), backOffice.owner, order.order_number, {
      reason: 'Cancelled as you asked; refunded in full.',
    });
    const after = await listShopOrders(t.app.db, backOffice.tenantId, {
      cancellationRequest: 'open',
    });
    expect(after.results.map((o) => o.order_number)).not.toContain(order.order_number);
  });

  it('lets the product editor set the exemption, logged, and the shop shows it', async () => {
    const p = await piece();
    expect((await getAdminProduct(t.app.db, backOffice.tenantId, p.id)).cancellation_exempt).toBe(
      false,
    );
    expect(
      await updateProduct(t.app.db, backOffice.staff, p.id, { cancellation_exempt: true }),
    ).toBe(true);
    expect((await getAdminProduct(t.app.db, backOffice.tenantId, p.id)).cancellation_exempt).toBe(
      true,
    );
    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['before', 'after'])
      .where('object_type', '=', 'product')
      .where('object_id', '=', String(p.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.before!)).toEqual({ cancellation_exempt: false });
    expect(JSON.parse(log.after!)).toEqual({ cancellation_exempt: true });
    const me = await createCustomer(t.app);
    const detail = await call<Product>(t.app, 'GET', `/products/products/${p.slug}/`, me.headers);
    expect(detail.body.cancellation_exempt).toBe(true);
  });
});
