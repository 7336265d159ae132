/**
 * Gift cards (issue 42, decision 090): bought as a product and e-mailed with a code on their
 * day, redeemed at checkout over several orders, raced by two checkouts, given back when an
 * unpaid order expires, refunded to, and looked up on the throttled balance page. On SQLite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
import { asTenant } from '../test/test-app.ts';
import {
  ADDRESS,
  call,
  checkoutBody,
  createCustomer,
  postOrder,
  productStock,
  type TestCustomer,
} from '../test/shop.ts';
import { centsOf, refusalOf, useOrderMoves } from '../test/order-moves.ts';
import { markOrderPaid } from '../orders/mark-paid.ts';
import { refundOrder } from '../orders/shop-refunds.ts';
import { getAdminOrder } from '../orders/order-detail.ts';
import { salesExport } from '../orders/sales-exports.ts';
import { outboxMessagesTo, partOf } from '../platform/mail/outbox-reader.ts';
import {
  BACKFILLED_REASON,
  backfillGiftCardRefunds,
} from '../platform/db/migrations/2026-042-refunds-to-gift-cards.ts';
import type { AnyDb } from '../platform/db/migrations/schema-helpers.ts';
import { reopenOrder } from '../orders/reopen.ts';
import { deliverDueCards } from './gift-card-issue.ts';
import { normalizeCode } from './gift-card-codes.ts';
import type { components } from '../../common/storefront-api';
import { actingOf } from '../staff/activity-log.ts';
import { updateProduct } from '../catalog/product-editing.ts';
import { getAdminProduct } from '../catalog/product-admin-read.ts';
import { cancelCard, giftCardDetail, issueCredit } from './gift-cards-admin.ts';
import { includedVatCents } from '../../common/vat.ts';

type Order = components['schemas']['Order'];
type Cart = components['schemas']['Cart'];

const backOffice = useOrderMoves();
const { t } = backOffice;
const anonymous = asTenant('demo-handcraft');
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A fresh product of the demo shop made a gift card of 25.00 or 50.00, or 10.00 to 200.00. */
async function giftCardProduct() {
  const product = await backOffice.freshProduct(0);
  await t.app.db
    .updateTable('products')
    .set({
      gift_card: 1,
      gift_card_amounts: '[2500,5000]',
      gift_card_min_cents: 1000,
      gift_card_max_cents: 20000,
    })
    .where('id', '=', product.id)
    .execute();
  return product;
}

const choice = (overrides: Record<string, unknown> = {}) => ({
  amount: '50.00',
  recipient_name: 'Ada Lovelace',
  recipient_email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
  message: 'Happy birthday!\nChoose a good knife.',
  deliver_on: today(),
  ...overrides,
});

const addGiftCard = (who: TestCustomer, productId: number, gift: object) =>
  call<Cart>(t.app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: productId,
    quantity: 1,
    gift_card: gift,
  });

/** Buys a gift card of `amount` for the recipient by transfer, and the shop marks it paid. */
async function buyCard(amount = '50.00', deliverOn = today()) {
  const buyer = await createCustomer(t.app);
  const product = await giftCardProduct();
  const gift = choice({ amount, deliver_on: deliverOn });
  const added = await addGiftCard(buyer, product.id, gift);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await postOrder<Order>(t.app, buyer, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  await markOrderPaid(backOffice.ctx(), backOffice.owner, placed.body.order_number, {
    amountCents: centsOf(placed.body.total_price),
    payerReference: placed.body.order_number,
  });
  return { order: placed.body, recipient: gift.recipient_email };
}

/** The code e-mailed to `recipient` (the outbox row's data): the only place it exists. */
async function codeSentTo(recipient: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('email_outbox')
    .select(['kind', 'data'])
    .where('recipient', '=', recipient)
    .where('kind', '=', 'gift_card')
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.data) as { code: string }).code;
}

/** A fresh product that is no gift card (the supply goes round: an earlier test made some). */
async function ordinaryProduct() {
  for (;;) {
    const product = await backOffice.freshProduct(10);
    const row = await t.app.db
      .selectFrom('products')
      .select('gift_card')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    if (!row.gift_card) return product;
  }
}

/** A shopper's cart of one ordinary piece at `priceCents`, ready to order. */
async function shopperWithPiece(priceCents: number) {
  const me = await createCustomer(t.app);
  const product = await ordinaryProduct();
  await t.app.db
    .updateTable('products')
    .set({ price_cents: priceCents })
    .where('id', '=', product.id)
    .execute();
  const added = await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
    product_id: product.id,
    quantity: 1,
  });
  expect(added.status).toBe(200);
  return me;
}

/** A card of `amount` bought and delivered: its code (as e-mailed) and its row. */
async function boughtCard(amount: string) {
  const { recipient } = await buyCard(amount);
  const code = await codeSentTo(recipient);
  return { code, card: await cardByLastFour(lastFourOf(code)) };
}

/**
 * The code of a card of `amount` made a single-purpose voucher at 20 % (what a shop of one rate
 * and one country sells).
 */
async function spvCard(amount: string): Promise<string> {
  const code = (await boughtCard(amount)).code;
  await t.app.db
    .updateTable('gift_cards')
    .set({ voucher: 'spv', vat_rate_bp: 2000 })
    .where('last_four', '=', lastFourOf(code))
    .execute();
  return code;
}

const cardByLastFour = (lastFour: string) =>
  t.app.db
    .selectFrom('gift_cards')
    .selectAll()
    .where('last_four', '=', lastFour)
    .executeTakeFirstOrThrow();

const lastFourOf = (code: string) => normalizeCode(code)!.slice(-4);

const movesOf = async (cardId: number) =>
  (
    await t.app.db
      .selectFrom('gift_card_moves')
      .select(['kind', 'amount_cents', 'order_id'])
      .where('gift_card_id', '=', cardId)
      .orderBy('id')
      .execute()
  ).map((m) => [m.kind, m.amount_cents]);

let nextAddress = 0;
/** The balance page's call, from an address of its own (each counts in its own throttle). */
async function balance(code: string, remoteAddress = `203.0.113.${++nextAddress}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/gift-cards/balance/',
    headers: anonymous,
    remoteAddress,
    payload: { code },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
    headers: response.headers,
  };
}

describe('buying a gift card', () => {
  it('is e-mailed with its code when paid, kept only as a hash and its last four', async () => {
    const { order, recipient } = await buyCard('50.00');
    const code = await codeSentTo(recipient);
    expect(code).toMatch(/^GIFT(-[2-9A-HJKMNP-TV-Z]{4}){5}$/);
    const card = await cardByLastFour(lastFourOf(code));
    expect(card).toMatchObject({ status: 'active', balance_cents: 5000, initial_cents: 5000 });
    expect(card.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // The code is nowhere in the card's row.
    expect(JSON.stringify(card)).not.toContain(normalizeCode(code)!);
    // The order line keeps the choice, never shipped: no shipment names it.
    const stored = await call<Order>(
      t.app,
      'GET',
      `/orders/orders/${order.id}/`,
      await buyerHeaders(order),
    );
    expect(stored.body.items[0]!.gift_card).toMatchObject({
      amount: '50.00',
      recipient_email: recipient,
      deliver_on: today(),
    });
    expect(stored.body.shipments).toEqual([]);
    expect(await balance(code.toLowerCase().replaceAll('-', ' '))).toMatchObject({
      status: 200,
      body: {
        last_four: lastFourOf(code),
        balance: '50.00',
        expires_at: null,
        status: 'active',
      },
    });
  });

  it('keeps its code in the database only until its e-mail is sent', async () => {
    const { recipient } = await buyCard('50.00');
    const code = await codeSentTo(recipient);
    await t.app.emailOutbox.drain();
    const row = await t.app.db
      .selectFrom('email_outbox')
      .select(['status', 'data'])
      .where('recipient', '=', recipient)
      .where('kind', '=', 'gift_card')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.data).not.toContain(code);
    expect(JSON.parse(row.data)).toMatchObject({ code: '', amount: '50.00' });
    // The recipient's e-mail has it.
    const [sent] = await outboxMessagesTo(t.config.outboxDir, recipient);
    expect(partOf(sent!, 'text/plain')).toContain(code);
  });

  it('dated tomorrow waits without a code, and the sweep e-mails it on the day', async () => {
    const { recipient } = await buyCard('25.00', tomorrow());
    const waiting = await t.app.db
      .selectFrom('gift_cards')
      .selectAll()
      .where('recipient_email', '=', recipient)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'scheduled', code_hash: null, last_four: null });
    const origin = (tenantId: number) => t.app.orders.storefrontOrigin(tenantId);
    expect(await deliverDueCards(t.app.db, { origin, now: new Date() })).not.toContain(waiting.id);
    const later = new Date(Date.now() + 86_400_000);
    expect(await deliverDueCards(t.app.db, { origin, now: later })).toContain(waiting.id);
    // Twice on the day (two processes) e-mails it once.
    expect(await deliverDueCards(t.app.db, { origin, now: later })).not.toContain(waiting.id);
    const code = await codeSentTo(recipient);
    expect((await cardByLastFour(lastFourOf(code))).status).toBe('active');
  });

  it('refuses a choice the product does not offer, a past date, or a card for an ordinary piece', async () => {
    const me = await createCustomer(t.app);
    const product = await giftCardProduct();
    expect(await addGiftCard(me, product.id, choice({ amount: '5.00' }))).toMatchObject({
      status: 400,
      body: { 'gift_card.amount': ['Choose an amount from 10.00 to 200.00.'] },
    });
    expect(
      await addGiftCard(me, product.id, choice({ deliver_on: '2020-01-01', recipient_name: ' ' })),
    ).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          'gift_card.deliver_on': ['Choose today or a later date.'],
          'gift_card.recipient_name': ['This field may not be blank.'],
        },
      }),
    );
    expect(await addGiftCard(me, product.id, choice({ recipient_email: 'x' }))).toMatchObject({
      status: 400,
      body: { 'gift_card.recipient_email': ['Enter a valid email address.'] },
    });
    const custom = await addGiftCard(me, product.id, choice({ amount: '37.50' }));
    expect(custom.status).toBe(200);
    expect(custom.body.items[0]).toMatchObject({ unit_price: '37.50', line_total: '37.50' });
    const ordinary = await ordinaryProduct();
    expect(await addGiftCard(me, ordinary.id, choice())).toMatchObject({
      status: 400,
      body: { gift_card: ['This product is not a gift card.'] },
    });
    expect(
      await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
        product_id: product.id,
        quantity: 1,
      }),
    ).toMatchObject({
      status: 400,
      body: { gift_card: ['Choose the amount, the recipient and the date of the gift card.'] },
    });
  });
});

/** The headers of the shopper who placed `order`. */
async function buyerHeaders(order: Order) {
  const row = await t.app.db
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const access = await t.app.auth.tokens.issueAccessToken(row.user_id, backOffice.tenantId);
  return { ...anonymous, authorization: `Bearer ${access}` };
}

describe('spending a gift card', () => {
  it('pays a first order in full at once, then part of a second whose rest the transfer pays', async () => {
    const { code, card } = await boughtCard('50.00');

    // 1. A piece of 30.00 + shipping, paid by the card alone: paid at once.
    const first = await shopperWithPiece(3000);
    const one = await postOrder<Order>(t.app, first, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    const firstTotal = centsOf(one.body.total_price);
    expect(firstTotal).toBeLessThan(5000);
    expect(one.body).toMatchObject({
      status: 'paid',
      gift_card_paid: one.body.total_price,
      amount_due: '0.00',
    });
    const left = 5000 - firstTotal;
    expect((await balance(code)).body).toMatchObject({ balance: (left / 100).toFixed(2) });
    // Its e-mail says the cards paid it all; the shop is not told to wait for a payment.
    expect(await backOffice.emailKinds(one.body.order_number)).toEqual(['order_placed']);
    expect((await backOffice.emailData(one.body.order_number, 'order_placed')).giftCards).toEqual({
      paid: one.body.total_price,
      due: '0.00',
    });

    // 2. A piece of 40.00: the card pays what is left, the transfer the rest.
    const second = await shopperWithPiece(4000);
    const two = await postOrder<Order>(t.app, second, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const secondTotal = centsOf(two.body.total_price);
    expect(two.body).toMatchObject({
      status: 'awaiting_payment',
      gift_card_paid: (left / 100).toFixed(2),
      amount_due: ((secondTotal - left) / 100).toFixed(2),
    });
    expect((await backOffice.emailData(two.body.order_number, 'order_placed')).giftCards).toEqual({
      paid: (left / 100).toFixed(2),
      due: ((secondTotal - left) / 100).toFixed(2),
    });
    await markOrderPaid(backOffice.ctx(), backOffice.owner, two.body.order_number, {
      amountCents: secondTotal - left,
      payerReference: two.body.order_number,
    });
    expect((await backOffice.orderRow(two.body.order_number)).status).toBe('paid');
    expect((await balance(code)).body).toMatchObject({ balance: '0.00' });
    expect(await movesOf(card.id)).toEqual([
      ['issued', 5000],
      ['spent', firstTotal],
      ['spent', left],
    ]);

    // 3. An empty card is refused by name, never by its code.
    const third = await shopperWithPiece(1000);
    expect(
      await postOrder(t.app, third, {
        payment_method: 'bank_transfer',
        delivery_address: ADDRESS,
        gift_cards: [code],
      }),
    ).toMatchObject({
      status: 400,
      body: { gift_cards: [`The gift card ending ${lastFourOf(code)} has no balance left.`] },
    });
  });

  it('spent by five checkouts at once never goes below zero', async () => {
    const { code, card } = await boughtCard('50.00');
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWithPiece(3000)));
    const answers = await Promise.all(
      shoppers.map((me) =>
        postOrder<Order>(t.app, me, {
          payment_method: 'bank_transfer',
          delivery_address: ADDRESS,
          gift_cards: [code],
        }),
      ),
    );
    for (const answer of answers) {
      if (answer.status === 201) continue;
      expect([400, 409]).toContain(answer.status);
      expect(answer.body).toEqual(
        answer.status === 409
          ? { detail: 'A gift card was just used elsewhere. Please check your order again.' }
          : { gift_cards: [`The gift card ending ${lastFourOf(code)} has no balance left.`] },
      );
    }
    const placed = answers.filter((a) => a.status === 201).map((a) => a.body);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const spent = placed.reduce((sum, o) => sum + centsOf(o.gift_card_paid ?? '0.00'), 0);
    const after = await cardByLastFour(lastFourOf(code));
    expect(after.balance_cents).toBeGreaterThanOrEqual(0);
    expect(spent).toBe(5000 - after.balance_cents);
    expect(spent).toBeLessThanOrEqual(5000);
    const moved = (await movesOf(card.id)).filter(([kind]) => kind === 'spent');
    expect(moved.reduce((sum, [, cents]) => sum + Number(cents), 0)).toBe(spent);
  });

  it('comes back on the card when the unpaid order it part-paid expires', async () => {
    const { code, card } = await boughtCard('25.00');
    const me = await shopperWithPiece(6000);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    expect(placed.body).toMatchObject({ status: 'awaiting_payment', gift_card_paid: '25.00' });
    expect((await balance(code)).body).toMatchObject({ balance: '0.00' });
    await backOffice.expire(placed.body.order_number);
    expect((await balance(code)).body).toMatchObject({ balance: '25.00' });
    expect(await movesOf(card.id)).toEqual([
      ['issued', 2500],
      ['spent', 2500],
      ['given_back', 2500],
    ]);
    // Reopened (the transfer came late): the whole total is due, the card keeps its 25.00.
    await reopenOrder(backOffice.ctx(new Date()), backOffice.owner, placed.body.order_number);
    const reopened = await call<Order>(
      t.app,
      'GET',
      `/orders/orders/${placed.body.id}/`,
      me.headers,
    );
    expect(reopened.body).toMatchObject({ status: 'awaiting_payment' });
    expect(reopened.body.gift_card_paid ?? null).toBeNull();
    expect((await balance(code)).body).toMatchObject({ balance: '25.00' });
  });

  it('is refunded last: the transfer first, then what is left back on the card', async () => {
    const { code, card } = await boughtCard('20.00');
    const me = await shopperWithPiece(5000);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    const total = centsOf(placed.body.total_price);
    const byTransfer = total - 2000;
    await markOrderPaid(backOffice.ctx(), backOffice.owner, placed.body.order_number, {
      amountCents: byTransfer,
      payerReference: placed.body.order_number,
    });
    // A refund of the transfer's part and 5.00 more: the transfer first, 5.00 to the card.
    await refundOrder(t.app.orders, backOffice.owner, placed.body.order_number, {
      amount: ((byTransfer + 500) / 100).toFixed(2),
      reason: 'The blade was chipped.',
    });
    expect((await balance(code)).body).toMatchObject({ balance: '5.00' });
    // Two refund rows: the transfer's, owed by hand, and the card's, made at once.
    const refunds = () =>
      t.app.db
        .selectFrom('refunds')
        .select(['amount_cents', 'status', 'gift_card_id'])
        .where('order_id', '=', placed.body.id)
        .orderBy('id')
        .execute();
    expect(await refunds()).toEqual([
      { amount_cents: byTransfer, status: 'manual', gift_card_id: null },
      { amount_cents: 500, status: 'succeeded', gift_card_id: card.id },
    ]);
    // The rest of what the card paid goes back on it; nothing more can be refunded.
    await refundOrder(t.app.orders, backOffice.owner, placed.body.order_number, {
      amount: '15.00',
      reason: 'The blade was chipped.',
    });
    expect((await balance(code)).body).toMatchObject({ balance: '20.00' });
    expect(await movesOf(card.id)).toEqual([
      ['issued', 2000],
      ['spent', 2000],
      ['refunded', 500],
      ['refunded', 1500],
    ]);
    const row = await backOffice.orderRow(placed.body.order_number);
    expect(row).toMatchObject({ status: 'refunded', refunded_cents: total });
    expect((await refunds()).map((r) => r.amount_cents)).toEqual([byTransfer, 500, 1500]);
  });

  it('paid by the card alone and refunded by a line: a refund of its own, e-mailed, the piece back in stock', async () => {
    const { code, card } = await boughtCard('200.00');
    const me = await createCustomer(t.app);
    const product = await ordinaryProduct();
    await t.app.db
      .updateTable('products')
      .set({ price_cents: 4000, stock: 5 })
      .where('id', '=', product.id)
      .execute();
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: product.id,
      quantity: 2,
    });
    expect(added.status).toBe(200);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    expect(placed.body).toMatchObject({ status: 'paid', amount_due: '0.00' });
    const total = centsOf(placed.body.total_price);
    const number = placed.body.order_number;
    const stock = () => productStock(t.app, product.id);
    expect(await stock()).toBe(3);

    // One of the two knives refunded and put back in stock.
    await refundOrder(t.app.orders, backOffice.owner, number, {
      amount: '40.00',
      reason: 'One knife had a chipped tip.',
      lines: [{ item_id: placed.body.items[0]!.id, quantity: 1, restock: true }],
    });
    expect((await balance(code)).body).toMatchObject({
      balance: ((20000 - total + 4000) / 100).toFixed(2),
    });
    expect(await stock()).toBe(4);
    const detail = await getAdminOrder(t.app.db, backOffice.tenantId, number, backOffice.owner);
    expect(detail.refunds).toMatchObject([
      {
        amount: '40.00',
        status: 'succeeded',
        reason: 'One knife had a chipped tip.',
        gift_card_last_four: lastFourOf(code),
      },
    ]);
    expect(detail.lines[0]).toMatchObject({ refunded_quantity: 1, restocked_quantity: 1 });
    // Its Payments panel names the card, what it paid and what went back on it.
    expect(detail.gift_card_payments).toEqual([
      { last_four: lastFourOf(code), amount: placed.body.total_price, refunded: '40.00' },
    ]);
    expect(await backOffice.emailData(number, 'order_refunded')).toMatchObject({
      refund: {
        amount: '40.00',
        method: 'gift_card',
        giftCardLastFour: lastFourOf(code),
        reason: 'One knife had a chipped tip.',
        refundedTotal: '40.00',
        paidTotal: placed.body.total_price,
      },
    });
    expect((await backOffice.orderRow(number)).status).toBe('paid');
    // The accountant's refunds file has it, and says where it went.
    const file = await salesExport(t.app.db, backOffice.tenantId, 'refunds', today(), today());
    let csv = '';
    for await (const chunk of file.body) csv += String(chunk);
    const line = csv.split('\r\n').find((row) => row.includes(number));
    expect(line).toContain(`,40.00,`);
    expect(line).toContain(`,succeeded,gift card ending ${lastFourOf(code)},`);

    // The rest: everything the card paid is back on it, and the order is refunded.
    await refundOrder(t.app.orders, backOffice.owner, number, {
      amount: ((total - 4000) / 100).toFixed(2),
      reason: 'The second knife too.',
    });
    expect((await balance(code)).body).toMatchObject({ balance: '200.00' });
    expect(await backOffice.emailKinds(number)).toEqual([
      'order_placed',
      'order_refunded',
      'order_refunded',
    ]);
    expect(await backOffice.orderRow(number)).toMatchObject({
      status: 'refunded',
      refunded_cents: total,
    });
    expect(await movesOf(card.id)).toEqual([
      ['issued', 20000],
      ['spent', total],
      ['refunded', 4000],
      ['refunded', total - 4000],
    ]);
  });
});

describe('a gift card is never discounted', () => {
  it('takes no part of a 10 % order code, and no sale reduces it', async () => {
    const me = await shopperWithPiece(10000);
    const card = await giftCardProduct();
    expect((await addGiftCard(me, card.id, choice({ amount: '50.00' }))).status).toBe(200);
    // A sale of 20 % on the gift card product itself: it stays at the amount chosen.
    const now = new Date().toISOString();
    const sale = await t.app.db
      .insertInto('sales')
      .values({
        tenant_id: backOffice.tenantId,
        name: 'Everything',
        percent: 20,
        category_id: null,
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('sale_products')
      .values({ sale_id: sale.id, product_id: card.id, tenant_id: backOffice.tenantId })
      .execute();
    const code = `GIFTLESS${process.pid}`;
    await t.app.db
      .insertInto('discount_codes')
      .values({
        tenant_id: backOffice.tenantId,
        code,
        code_key: code,
        kind: 'percent',
        value: 1000,
        scope: 'order',
        once_per_customer: 0,
        combinable_with_sale: 1,
        active: 1,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const cart = await call<Cart>(t.app, 'POST', '/orders/cart/discount/', me.headers, { code });
    expect(cart.status).toBe(200);
    const gift = cart.body.items.find((line) => line.product.id === card.id)!;
    expect(gift.unit_price).toBe('50.00');
    // 10 % of the 100.00 piece, nothing of the 50.00 card.
    expect(cart.body.discount).toMatchObject({ code, amount: '10.00' });
    expect(cart.body.total_after_discount).toBe('140.00');
  });
});

describe('the balance page', () => {
  it('answers an unknown code as not valid, and throttles guessing per address', async () => {
    const guess = 'GIFT-2222-2222-2222-2222-2222';
    const first = await balance(guess, '198.51.100.77');
    expect(first).toMatchObject({
      status: 404,
      body: { detail: 'This gift card code is not valid.' },
    });
    let last = first;
    for (let i = 0; i < 10; i++) last = await balance(guess, '198.51.100.77');
    expect(last.status).toBe(429);
    // Another address is not held back.
    expect((await balance(guess, '198.51.100.78')).status).toBe(404);
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('the VAT of gift cards', () => {
  /** The demo shop charges 20 % VAT in `single` mode for these tests. */
  async function chargeVat() {
    await t.app.db
      .updateTable('site_settings')
      .set({ vat_registered: 1, vat_rate_bp: 2000, vat_country: 'GB', vat_mode: 'single' })
      .where('tenant_id', '=', backOffice.tenantId)
      .execute();
  }

  it('sells an MPV without VAT, keeps the goods VAT of an order it pays, and never taxes what an SPV paid twice', async () => {
    await chargeVat();
    // The demo shop ships abroad too: its cards are multi-purpose.
    const { order, recipient } = await buyCard('50.00');
    const sold = await call<Order>(
      t.app,
      'GET',
      `/orders/orders/${order.id}/`,
      await buyerHeaders(order),
    );
    expect(sold.body.items[0]).toMatchObject({
      gift_card: { voucher: 'mpv' },
      vat_amount: '0.00',
    });
    expect(sold.body.vat_total).toBe(sold.body.shipping_vat);

    // Spent on a piece: the order's VAT is the same as if paid by any other means.
    const code = await codeSentTo(recipient);
    const me = await shopperWithPiece(3000);
    const paidByCard = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    const other = await shopperWithPiece(3000);
    const paidOtherwise = await postOrder<Order>(t.app, other, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(paidOtherwise.status, JSON.stringify(paidOtherwise.body)).toBe(201);
    expect(paidByCard.body.total_price).toBe(paidOtherwise.body.total_price);
    expect(paidByCard.body.vat_total).toBe(paidOtherwise.body.vat_total);
    expect(Number(paidByCard.body.vat_total)).toBeGreaterThan(0);

    // An SPV (the shop of one rate and one country) was taxed when sold: what it pays is not.
    const spvCode = await spvCard('50.00');
    const third = await shopperWithPiece(3000);
    const paidBySpv = await postOrder<Order>(t.app, third, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [spvCode],
    });
    expect(paidBySpv.body.total_price).toBe(paidOtherwise.body.total_price);
    expect(paidBySpv.body).toMatchObject({ status: 'paid', vat_total: '0.00' });
  });
  /** The VAT note of the order's placed e-mail (what the shopper reads under the total). */
  const vatNoteOf = async (orderNumber: string) =>
    (await backOffice.emailData<{ order: { vatNote: string } }>(orderNumber, 'order_placed')).order
      .vatNote;

  it('says in the e-mail the VAT of the order: none on an MPV card bought with a knife', async () => {
    await chargeVat();
    const me = await shopperWithPiece(3000);
    const card = await giftCardProduct();
    expect((await addGiftCard(me, card.id, choice({ amount: '50.00' }))).status).toBe(200);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const gift = placed.body.items.find((line) => line.gift_card)!;
    expect(gift).toMatchObject({ gift_card: { voucher: 'mpv' }, vat_amount: '0.00' });
    // The knife's 30.00 carries 5.00; the shipping its own; the 50.00 card nothing.
    const shippingVat = includedVatCents(centsOf(placed.body.shipping_price), 2000);
    expect(centsOf(placed.body.vat_total!)).toBe(500 + shippingVat);
    expect(await vatNoteOf(placed.body.order_number)).toBe(
      `Includes VAT at 20%: $${placed.body.vat_total}.`,
    );
  });

  it('says in the e-mail the VAT of an order part-paid by an SPV: what the card paid is not taxed again', async () => {
    await chargeVat();
    const spvCode = await spvCard('20.00');
    const me = await shopperWithPiece(6000);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [spvCode],
    });
    expect(placed.body).toMatchObject({ status: 'awaiting_payment', gift_card_paid: '20.00' });
    const total = centsOf(placed.body.total_price);
    const shipping = centsOf(placed.body.shipping_price);
    // The 20.00 the card paid is taken off the piece and the shipping by their shares.
    const rest = total - 2000;
    const pieceShare = Math.floor((6000 * rest) / total);
    const vat =
      shipping > 0
        ? includedVatCents(pieceShare, 2000) + includedVatCents(rest - pieceShare, 2000)
        : includedVatCents(rest, 2000);
    expect(centsOf(placed.body.vat_total!)).toBe(vat);
    expect(vat).toBeLessThan(includedVatCents(total, 2000) - 300);
    expect(await vatNoteOf(placed.body.order_number)).toBe(
      `Includes VAT at 20%: $${placed.body.vat_total}.`,
    );
  });
});

describe('the back office', () => {
  it('issues store credit e-mailed at once, shows its history, cancels it, and logs each change', async () => {
    const owner = actingOf(backOffice.owner);
    const delivery = {
      origin: (tenantId: number) => t.app.orders.storefrontOrigin(tenantId),
      now: new Date(),
    };
    const recipient = `credit-${Date.now()}@example.com`;
    const card = await issueCredit(
      t.app.db,
      owner,
      {
        amount: '40.00',
        recipient_name: 'Grace Hopper',
        recipient_email: recipient,
        reason: 'The commissioned knife could not be made.',
      },
      delivery,
    );
    const code = await codeSentTo(recipient);
    expect(card).toMatchObject({
      last_four: lastFourOf(code),
      balance: '40.00',
      status: 'active',
      source: 'store_credit',
      voucher: 'mpv',
    });
    expect((await balance(code)).body).toMatchObject({ balance: '40.00' });

    // Spent in part, then cancelled: its history tells it all, by order number.
    const me = await shopperWithPiece(1000);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    const spent = centsOf(placed.body.gift_card_paid!);
    const cancelled = await cancelCard(t.app.db, owner, card.id, 'Issued twice.', new Date());
    expect(cancelled).toMatchObject({ status: 'cancelled', balance: '0.00' });
    const detail = await giftCardDetail(t.app.db, backOffice.tenantId, card.id);
    expect(detail.history.map((m) => [m.kind, m.amount, m.order_number])).toEqual([
      ['issued', '40.00', null],
      ['spent', (spent / 100).toFixed(2), placed.body.order_number],
      ['cancelled', ((4000 - spent) / 100).toFixed(2), null],
    ]);
    expect((await balance(code)).body).toMatchObject({ balance: '0.00', status: 'cancelled' });
    await expect(cancelCard(t.app.db, owner, card.id, 'Again.', new Date())).rejects.toMatchObject({
      code: 'gift_card_cancelled',
    });
    // A cancelled card pays for nothing.
    const later = await shopperWithPiece(1000);
    expect(
      (
        await postOrder(t.app, later, {
          payment_method: 'bank_transfer',
          delivery_address: ADDRESS,
          gift_cards: [code],
        })
      ).body,
    ).toEqual({ gift_cards: [`The gift card ending ${lastFourOf(code)} cannot be used.`] });

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'before', 'after'])
      .where('object_type', '=', 'gift_card')
      .where('object_id', '=', String(card.id))
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['gift_card.issue', 'gift_card.cancel']);
    // The log names the card by its last four, never its code.
    expect(JSON.stringify(log)).not.toContain(normalizeCode(code)!);
    // Another shop's owner does not see it.
    await expect(
      giftCardDetail(t.app.db, backOffice.tenantId + 1000, card.id),
    ).rejects.toMatchObject({ code: 'gift_card_not_found' });
  });
});

describe("the owner's gift card product", () => {
  it('is made from the product editor with its amounts, answered to the storefront, and refused without any', async () => {
    const owner = actingOf(backOffice.owner);
    const product = await ordinaryProduct();
    await updateProduct(t.app.db, owner, product.id, {
      gift_card: { amounts: ['50.00', '25.00'], min_amount: '10.00', max_amount: '200.00' },
    });
    const admin = await getAdminProduct(t.app.db, backOffice.tenantId, product.id);
    expect(admin.gift_card).toEqual({
      amounts: ['25.00', '50.00'],
      min_amount: '10.00',
      max_amount: '200.00',
    });
    t.app.catalogCache.invalidateProducts(backOffice.tenantId, [admin.slug]);
    const page = await call<{
      gift_card?: unknown;
      price_before_discount: unknown;
      delivery_from: unknown;
    }>(t.app, 'GET', `/products/products/${admin.slug}/`, anonymous);
    expect(page.body.gift_card).toEqual(admin.gift_card);
    expect(page.body.price_before_discount).toBeNull();
    // It is e-mailed: no "+ delivery from" beside its price.
    expect(page.body.delivery_from).toBeNull();
    await expect(
      updateProduct(t.app.db, owner, product.id, {
        gift_card: { amounts: [], min_amount: '20.00', max_amount: '10.00' },
      }),
    ).rejects.toMatchObject({
      fields: {
        'gift_card.min_amount': [
          'Give the lowest and the highest custom amount, the lowest first.',
        ],
      },
    });
    await updateProduct(t.app.db, owner, product.id, { gift_card: null });
    expect((await getAdminProduct(t.app.db, backOffice.tenantId, product.id)).gift_card).toBeNull();
  });
});

describe('guessing codes at checkout', () => {
  it('counts only wrong codes, and answers 429 past ten from one address', async () => {
    const me = await shopperWithPiece(1000);
    const body = await checkoutBody(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: ['GIFT-2222-3333-4444-5555-6666'],
    });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/orders/',
        headers: me.headers,
        remoteAddress: '192.0.2.50',
        payload: body as object,
      });
    for (let i = 0; i < 10; i++) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        gift_cards: ['This gift card code is not valid.'],
      });
    }
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(
      await t.app.db.selectFrom('orders').select('id').where('user_id', '=', me.id).execute(),
    ).toEqual([]);
  });
});

describe('refunds to gift cards made before they were refund rows (migration 2026_042)', () => {
  it('get their rows back from the ledger, so the order still cannot be refunded twice', async () => {
    const { code, card } = await boughtCard('25.00');
    const me = await shopperWithPiece(1000);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      gift_cards: [code],
    });
    const number = placed.body.order_number;
    await refundOrder(t.app.orders, backOffice.owner, number, {
      amount: placed.body.total_price,
      reason: 'Sold out.',
    });
    // The shop as it was before the migration: the ledger's moves, no refund rows for them.
    await t.app.db.deleteFrom('refunds').where('gift_card_id', 'is not', null).execute();
    await backfillGiftCardRefunds(t.app.db as unknown as AnyDb);

    const detail = await getAdminOrder(t.app.db, backOffice.tenantId, number, backOffice.owner);
    expect(detail.refunds).toMatchObject([
      {
        amount: placed.body.total_price,
        status: 'succeeded',
        reason: BACKFILLED_REASON,
        gift_card_last_four: lastFourOf(code),
        by: null,
      },
    ]);
    expect(detail.refundable).toBe('0.00');
    const refusal = await refusalOf(
      refundOrder(t.app.orders, backOffice.owner, number, { amount: '1.00', reason: 'Again.' }),
    );
    expect(refusal.status).toBe(409);
    expect((await cardByLastFour(card.last_four!)).balance_cents).toBe(2500);
  });
});
