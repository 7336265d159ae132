/**
 * "E-mail me when it is back" (issue 42, decision 092) through HTTP:
 * - asking for a sold-out piece stores a pending request (the token only hashed) and queues the
 *   double opt-in e-mail; a pending request is never e-mailed about the piece;
 * - following the link makes it active; the owner's restock then queues one "back in stock"
 *   e-mail and the request is gone; another rise, or two at once, sends nothing more;
 * - stock given back by a canceled order or a refund, a bulk stock set and a product put back on sale with
 *   stock count as rises; confirming when the piece is back already sends at once;
 * - asking again while pending sends a new link (the old one stops working), once confirmed
 *   says so; an expired pending request is pruned and its link refused;
 * - refusals: another shop's product (404), a piece in stock or made to order (409), NUL bytes,
 *   a huge or malformed address, ids past 2^31, 1e999, a body that is not JSON, a bad token;
 *   past the client address's asks: 429;
 * - the shopper's data download lists their requests and the erasure deletes them.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { AddressThrottle } from '../platform/credentials/throttle.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { markOrderPaid } from '../orders/mark-paid.ts';
import { centsOf, useOrderMoves } from '../test/order-moves.ts';
import { call, createCustomer, setProduct } from '../test/shop.ts';
import { asStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { asTenant } from '../test/test-app.ts';
import { BACK_IN_STOCK_MESSAGES as M, backInStock } from './back-in-stock.ts';
import { renderBackInStockEmail } from './emails/back-in-stock-email.tsx';
import type {
  BackInStockConfirmEmailData,
  BackInStockEmailData,
} from './emails/back-in-stock-email-data.ts';

const backOffice = useOrderMoves();
const { t } = backOffice;
const DEMO = asTenant('demo-handcraft');

let addresses = 0;
/** A fresh address for each ask (the per-address e-mail count stays out of the way). */
const newAddress = () => `waiting${++addresses}-${process.pid}@example.com`;

/** A sold-out product of the demo shop (its stock set to 0). */
async function soldOut() {
  return backOffice.freshProduct(0);
}

const ask = (product: unknown, email: unknown, headers = DEMO) =>
  call<{ detail: string }>(t.app, 'POST', '/products/back-in-stock/', headers, { product, email });

const confirm = (token: unknown) =>
  call<{ detail: string; product: { name: string; slug: string } }>(
    t.app,
    'POST',
    '/products/back-in-stock/confirm/',
    DEMO,
    { token },
  );

/** The outbox rows to `email` of `kind`, oldest first, with their data parsed. */
async function mailTo<T>(email: string, kind: 'back_in_stock_confirm' | 'back_in_stock') {
  const rows = await t.app.db
    .selectFrom('email_outbox')
    .select(['data', 'dedupe_key', 'order_id'])
    .where('recipient', '=', email)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as T }));
}

/** The token of the last confirmation link e-mailed to `email`. */
async function linkTokenOf(email: string): Promise<string> {
  const mails = await mailTo<BackInStockConfirmEmailData>(email, 'back_in_stock_confirm');
  return new URL(mails.at(-1)!.data.confirmUrl).searchParams.get('token')!;
}

const requestsOf = (email: string) =>
  t.app.db.selectFrom('back_in_stock_requests').selectAll().where('email', '=', email).execute();

/** Asks for `productId` as `email` and follows the e-mailed link. */
async function askAndConfirm(productId: number, email: string) {
  expect((await ask(productId, email)).status).toBe(202);
  const confirmed = await confirm(await linkTokenOf(email));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

/** The owner adds `quantity` to the product's stock in the back office. */
async function restock(productId: number, quantity = 3) {
  const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
  const done = await call(t.app, 'POST', `/admin/products/${productId}/stock/`, owner, {
    mode: 'adjust',
    quantity,
    reason: 'received',
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

describe('asking to be e-mailed when a sold-out piece is back', () => {
  it('stores a pending request, its token only hashed, and e-mails the link to confirm', async () => {
    const piece = await soldOut();
    const email = newAddress();
    const answer = await ask(piece.id, email.toUpperCase());
    expect(answer).toMatchObject({ status: 202, body: { detail: M.sent(email) } });
    expect(answer.body.detail).toBe(
      `Check your inbox: we have sent a link to ${email}. Follow it within 7 days and we will e-mail you once when this piece is back.`,
    );
    const [row] = await requestsOf(email);
    expect(row).toMatchObject({ product_id: piece.id, variant_id: null, confirmed_at: null });
    const mails = await mailTo<BackInStockConfirmEmailData>(email, 'back_in_stock_confirm');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ productName: piece.name });
    const token = await linkTokenOf(email);
    expect(mails[0]!.data.confirmUrl).toMatch(/\/back-in-stock\/confirm\?token=[\w-]{43}$/);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Pending for 7 days.
    const ttl =
      new Date(String(row!.expires_at)).getTime() - new Date(String(row!.created_at)).getTime();
    expect(ttl).toBe(7 * 24 * 60 * 60 * 1000);

    const email2 = await renderBackInStockEmail(mails[0]!.data);
    expect(email2.subject).toBe(`Confirm: e-mail me when ${piece.name} is back`);
    expect(email2.text).toContain(`Confirm: ${mails[0]!.data.confirmUrl}`);
  });

  it('never e-mails a request that was not confirmed, even when the piece comes back', async () => {
    const piece = await soldOut();
    const email = newAddress();
    expect((await ask(piece.id, email)).status).toBe(202);
    await restock(piece.id);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(0);
    expect(await requestsOf(email)).toHaveLength(1);
  });

  it('e-mails a confirmed request once when the owner restocks, then forgets the address', async () => {
    const piece = await soldOut();
    const email = newAddress();
    expect((await ask(piece.id, email)).status).toBe(202);
    const token = await linkTokenOf(email);
    const confirmed = await confirm(token);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { detail: M.confirmed(piece.name), product: { name: piece.name } },
    });
    expect(confirmed.body.detail).toBe(
      `Confirmed: we will e-mail you once when ${piece.name} is back in stock, then forget your address.`,
    );
    // The link followed twice answers the same.
    expect((await confirm(token)).body.detail).toBe(M.confirmed(piece.name));
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(0);
    // The back office counts the shoppers waiting (confirmed only).
    const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
    const waiting = () =>
      call<{ back_in_stock_waiting: number }>(
        t.app,
        'GET',
        `/admin/products/${piece.id}/stock/`,
        owner,
      );
    expect((await waiting()).body.back_in_stock_waiting).toBe(1);

    await restock(piece.id);
    expect((await waiting()).body.back_in_stock_waiting).toBe(0);
    const sent = await mailTo<BackInStockEmailData>(email, 'back_in_stock');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ productName: piece.name });
    expect(sent[0]!.data.productUrl).toMatch(/\/products\/[\w-]+$/);
    expect(sent[0]!.dedupe_key).toMatch(/^back-in-stock:\d+$/);
    expect(await requestsOf(email)).toHaveLength(0);
    const rendered = await renderBackInStockEmail(sent[0]!.data);
    expect(rendered.subject).toBe(`Back in stock: ${piece.name}`);

    // Sold out and back again: nothing more (the address is gone), and the link is dead.
    await setProduct(t.app, piece.id, { stock: 0 });
    await restock(piece.id);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);
    expect(await confirm(token)).toMatchObject({
      status: 400,
      body: { token: [M.invalidToken] },
    });
  });

  it('sends once when two transactions bring the stock back at the same time', async () => {
    const piece = await soldOut();
    const email = newAddress();
    await askAndConfirm(piece.id, email);
    await setProduct(t.app, piece.id, { stock: 2 });
    const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
    const rise = () =>
      t.app.db.transaction().execute((trx) => backInStock(trx, tenantId, piece.id, null));
    const queued = await Promise.all([rise(), rise()]);
    expect(queued.sort()).toEqual([0, 1]);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);
  });

  it('counts stock a canceled order gives back, and a bulk stock set, as the piece coming back', async () => {
    const piece = await backOffice.freshProduct(1);
    const order = await backOffice.placeOrder([{ productId: piece.id }]);
    const email = newAddress();
    await askAndConfirm(piece.id, email);
    const shopper = backOffice.shopperOf(order.order_number);
    const canceled = await call(
      t.app,
      'POST',
      `/orders/orders/${order.id}/cancel/`,
      shopper.headers,
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);

    const other = await soldOut();
    const email2 = newAddress();
    await askAndConfirm(other.id, email2);
    const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
    const bulk = await call(t.app, 'POST', '/admin/products/bulk/', owner, {
      action: 'set_stock',
      product_ids: [other.id],
      stock: 4,
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await mailTo(email2, 'back_in_stock')).toHaveLength(1);
  });

  it('counts a refund that puts the last piece back in stock as the piece coming back', async () => {
    const piece = await backOffice.freshProduct(1);
    const order = await backOffice.placeOrder([{ productId: piece.id }]);
    await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
      amountCents: centsOf(order.total_price),
      payerReference: order.order_number,
    });
    const email = newAddress();
    await askAndConfirm(piece.id, email);
    const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
    const detail = await call<{ lines: { id: number; unit_price: string }[] }>(
      t.app,
      'GET',
      `/admin/orders/${order.order_number}/`,
      owner,
    );
    const line = detail.body.lines[0]!;
    const refunded = await call(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/refunds/`,
      owner,
      {
        amount: line.unit_price,
        reason: 'It came back unused.',
        lines: [{ item_id: line.id, quantity: 1, restock: true }],
      },
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);
    expect(await requestsOf(email)).toHaveLength(0);
  });

  it('counts a product put back on sale with stock as the piece coming back', async () => {
    const piece = await soldOut();
    const email = newAddress();
    await askAndConfirm(piece.id, email);
    // Taken off sale, stocked meanwhile (nobody could order it), then back on sale.
    await setProduct(t.app, piece.id, { is_active: 0, stock: 2 });
    const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
    const saved = await call(t.app, 'PATCH', `/admin/products/${piece.id}/`, owner, {
      status: 'active',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);
    expect(await requestsOf(email)).toHaveLength(0);
  });

  it('sends at once when the link is followed after the piece came back', async () => {
    const piece = await soldOut();
    const email = newAddress();
    expect((await ask(piece.id, email)).status).toBe(202);
    await setProduct(t.app, piece.id, { stock: 1 });
    const confirmed = await confirm(await linkTokenOf(email));
    expect(confirmed.body.detail).toBe(
      `Good news: ${piece.name} is back in stock. We have e-mailed you its link.`,
    );
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(1);
    expect(await requestsOf(email)).toHaveLength(0);
  });

  it('sends a new link while pending, and says so once confirmed', async () => {
    const piece = await soldOut();
    const email = newAddress();
    expect((await ask(piece.id, email)).status).toBe(202);
    const first = await linkTokenOf(email);
    expect((await ask(piece.id, email)).body.detail).toBe(M.sent(email));
    const second = await linkTokenOf(email);
    expect(second).not.toBe(first);
    expect(await requestsOf(email)).toHaveLength(1);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);

    const again = await ask(piece.id, email);
    expect(again).toMatchObject({ status: 202, body: { detail: M.already } });
    expect(again.body.detail).toBe(
      'This address is already on the list for this piece: we will e-mail it once when it is back.',
    );
    expect(await mailTo(email, 'back_in_stock_confirm')).toHaveLength(2);
  });

  it('deletes a pending request after 7 days; its link no longer works', async () => {
    const piece = await soldOut();
    const email = newAddress();
    expect((await ask(piece.id, email)).status).toBe(202);
    const token = await linkTokenOf(email);
    await t.app.db
      .updateTable('back_in_stock_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect(await confirm(token)).toMatchObject({ status: 400, body: { token: [M.invalidToken] } });
    expect(await requestsOf(email)).toHaveLength(0);
  });

  it('answers the same for an address with an account as for one without', async () => {
    const piece = await soldOut();
    const customer = await createCustomer(t.app);
    const { email } = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    const stranger = newAddress();
    const withAccount = await ask(piece.id, email);
    const without = await ask(piece.id, stranger);
    expect(withAccount.status).toBe(without.status);
    expect(withAccount.body.detail.replace(email, 'X')).toBe(
      without.body.detail.replace(stranger, 'X'),
    );
  });
});

describe('refusals', () => {
  it('answers 404 for another shop’s product and an unknown or inactive one', async () => {
    const pottery = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirs = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', pottery)
      .executeTakeFirstOrThrow();
    await setProduct(t.app, theirs.id, { stock: 0 });
    expect(await ask(theirs.id, newAddress())).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await ask(2_147_483_647, newAddress())).status).toBe(404);
    const hidden = await soldOut();
    await setProduct(t.app, hidden.id, { is_active: 0 });
    expect((await ask(hidden.id, newAddress())).status).toBe(404);
    await setProduct(t.app, hidden.id, { is_active: 1 });
  });

  it('answers 409 for a piece in stock or made to order', async () => {
    const inStock = await backOffice.freshProduct(2);
    expect(await ask(inStock.id, newAddress())).toMatchObject({
      status: 409,
      body: { detail: 'This piece is in stock: you can order it now.' },
    });
    const made = await soldOut();
    await t.app.db
      .updateTable('products')
      .set({ made_to_order: 1 })
      .where('id', '=', made.id)
      .execute();
    expect((await ask(made.id, newAddress())).status).toBe(409);
    await t.app.db
      .updateTable('products')
      .set({ made_to_order: 0 })
      .where('id', '=', made.id)
      .execute();
  });

  it('answers 400 for NUL bytes, huge or malformed input, and stores nothing', async () => {
    const piece = await soldOut();
    const before = await t.app.db
      .selectFrom('back_in_stock_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = [
      [piece.id, 'nul\u0000@example.com', 'email'],
      [piece.id, `${'a'.repeat(250)}@example.com`, 'email'],
      [piece.id, 'not-an-address', 'email'],
      [piece.id, '', 'email'],
      [piece.id, 42, 'email'],
      [2_147_483_648, newAddress(), 'product'],
      [-3, newAddress(), 'product'],
      [undefined, newAddress(), 'product'],
    ] as const;
    for (const [product, email, field] of bad) {
      const answer = await ask(product, email);
      expect(answer.status, `${String(product)} ${String(email)}`).toBe(400);
      expect(Object.keys(answer.body as object)).toContain(field);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/products/back-in-stock/',
      headers: { ...DEMO, 'content-type': 'application/json' },
      payload: `{"product": 1e999, "email": "a@example.com"}`,
    });
    expect(huge.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/products/back-in-stock/',
      headers: { ...DEMO, 'content-type': 'text/plain' },
      payload: 'product=1',
    });
    expect(text.statusCode).toBe(415);
    expect(await confirm('not a token!')).toMatchObject({
      status: 400,
      body: { token: [M.invalidToken] },
    });
    expect(await confirm('A'.repeat(43))).toMatchObject({ status: 400 });
    expect((await confirm('x\u0000y')).status).toBe(400);
    const after = await t.app.db
      .selectFrom('back_in_stock_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 429 once the client address has used its asks of the hour', async () => {
    const piece = await soldOut();
    const throttles = t.app.backInStockThrottles;
    const kept = throttles.asks;
    throttles.asks = new AddressThrottle(t.app.db, {
      scope: 'back-in-stock-test',
      attempts: 2,
      windowSeconds: 3600,
    });
    try {
      expect((await ask(piece.id, newAddress())).status).toBe(202);
      expect((await ask(piece.id, newAddress())).status).toBe(202);
      const third = await ask(piece.id, newAddress());
      expect(third.status).toBe(429);
      expect(third.body.detail).toMatch(
        /^Request was throttled\. Expected available in \d+ seconds\.$/,
      );
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      throttles.asks = kept;
    }
  });

  it('sends at most five links an hour to one address, answering the same', async () => {
    const email = newAddress();
    for (let i = 0; i < 6; i += 1) {
      const piece = await soldOut();
      const answer = await ask(piece.id, email);
      expect(answer).toMatchObject({ status: 202, body: { detail: M.sent(email) } });
    }
    expect(await mailTo(email, 'back_in_stock_confirm')).toHaveLength(5);
  });
});

describe('the shopper’s data', () => {
  it('lists the signed-in shopper’s requests in their data download, and the erasure deletes them', async () => {
    const password = 'correct-horse-42';
    const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
    const email = newAddress();
    const { id } = await t.app.db
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        email,
        username: `waiting_${process.pid}_${addresses}`,
        password_hash: await hashPassword(password, { log2Cost: 10 }),
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const access = await t.app.auth.tokens.issueAccessToken(id, tenantId);
    const me = { ...DEMO, authorization: `Bearer ${access}` };
    const piece = await soldOut();
    // Signed in, for another address they typed: still theirs.
    const typed = newAddress();
    expect((await ask(piece.id, typed, me)).status).toBe(202);

    const data = await call<{ back_in_stock_requests: unknown[] }>(
      t.app,
      'GET',
      '/accounts/me/data/',
      me,
    );
    expect(data.status).toBe(200);
    expect(data.body.back_in_stock_requests).toEqual([
      expect.objectContaining({
        product: { id: piece.id, name: piece.name, slug: expect.any(String) },
        variant_id: null,
        email: typed,
        status: 'pending',
      }),
    ]);

    expect(await mailTo(typed, 'back_in_stock_confirm')).toHaveLength(1);
    const erased = await call(t.app, 'POST', '/accounts/me/delete/', me, { password });
    expect(erased.status, JSON.stringify(erased.body)).toBe(204);
    expect(await requestsOf(typed)).toHaveLength(0);
    // The link, if not sent yet, goes with it.
    const pending = await t.app.db
      .selectFrom('email_outbox')
      .select('id')
      .where('recipient', '=', typed)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });
});
