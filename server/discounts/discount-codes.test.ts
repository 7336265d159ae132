/**
 * Discount codes from the shopper's side (issue 42, decision 088): applied to the cart in any
 * case and refused with the reason, taken off with a notice once when they stop applying, in
 * the quote's and the order's totals (a tampered total is refused), their own line on the order
 * with each line's VAT on its discounted amount, the last use raced by two checkouts (one
 * order), once per customer, and the use given back when an unpaid order is canceled. On
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { components } from '../../common/storefront-api';
import { includedVatCents } from '../../common/vat.ts';
import {
  ADDRESS,
  call,
  checkoutBody,
  createCustomer,
  postOrder,
  quoteShipping,
  setProduct,
  type TestCustomer,
} from '../test/shop.ts';
import { useOrdersApi } from '../test/orders.ts';
import { queuedEmails } from '../test/sandbox.ts';
import { renderEmail } from '../orders/emails/render-email.ts';
import type { EmailData } from '../orders/emails/email-kinds.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];

const { t, add, order, freshProduct } = useOrdersApi();

let made = 0;
/** Inserts a code into the demo shop (defaults: 10 % off the order, no limits). */
async function makeCode(values: Record<string, unknown> = {}) {
  const tenant = await t.app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', 'demo-handcraft')
    .executeTakeFirstOrThrow();
  const code = (values.code as string | undefined) ?? `TEST${++made}X${process.pid}`;
  const now = new Date().toISOString();
  return t.app.db
    .insertInto('discount_codes')
    .values({
      tenant_id: tenant.id,
      code,
      code_key: code.toUpperCase(),
      kind: 'percent',
      value: 1000,
      scope: 'order',
      once_per_customer: 0,
      combinable_with_sale: 1,
      active: 1,
      created_at: now,
      updated_at: now,
      ...values,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const apply = (who: TestCustomer, code: string) =>
  call<Cart & Record<string, string[]>>(t.app, 'POST', '/orders/cart/discount/', who.headers, {
    code,
  });
const getCart = (who: TestCustomer) => call<Cart>(t.app, 'GET', '/orders/cart/', who.headers);

/** A customer with one line of a fresh product priced `cents` (quantity `quantity`). */
async function shopperWith(cents: number, quantity = 1, stock = 20) {
  const me = await createCustomer(t.app);
  const product = await freshProduct(stock);
  await setProduct(t.app, product.id, { price_cents: cents });
  expect((await add(t, me, product.id, quantity)).status).toBe(200);
  return { me, product };
}

describe('applying a code to the cart', () => {
  it('applies a code typed in any case and shows the discount as its own figure', async () => {
    const code = await makeCode({ code: `Ten${process.pid}` });
    const { me } = await shopperWith(4550, 2);
    const answer = await apply(me, `  ten${process.pid} `);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total_price: '91.00',
      discount: { code: code.code, amount: '9.10', free_delivery: false },
      discount_notice: null,
      total_after_discount: '81.90',
    });
    // Kept on the server's cart: the next answer has it too.
    expect((await getCart(me)).body.discount).toEqual({
      code: code.code,
      amount: '9.10',
      free_delivery: false,
    });
    // Taken off.
    const removed = await call<Cart>(t.app, 'DELETE', '/orders/cart/discount/', me.headers);
    expect(removed.body).toMatchObject({ discount: null, total_after_discount: '91.00' });
  });

  it('refuses each code that does not apply, with its reason, and keeps the cart as it was', async () => {
    const { me, product } = await shopperWith(2000);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ active: 0 }, 'This code is no longer available.'],
      [{ starts_at: future }, 'This code is not valid yet.'],
      [{ ends_at: past }, 'This code has expired.'],
      [{ usage_limit: 3, uses: 3 }, 'This code has been used up.'],
      [{ minimum_cents: 5000 }, 'This code needs an order of at least $50.00.'],
      [
        { scope: 'products', target_ids: JSON.stringify([product.id + 100000]) },
        'This code does not apply to the items in your cart.',
      ],
    ];
    for (const [values, message] of cases) {
      const code = await makeCode(values);
      expect(await apply(me, code.code)).toMatchObject({ status: 400, body: { code: [message] } });
    }
    expect(await apply(me, 'NO-SUCH-CODE')).toMatchObject({
      status: 400,
      body: { code: ['This code is not valid.'] },
    });
    expect(await apply(me, 'A\u0000B')).toMatchObject({
      status: 400,
      body: { code: ['This code is not valid.'] },
    });
    expect((await getCart(me)).body.discount).toBeNull();
  });

  it('refuses another shop’s code and a body that is not JSON', async () => {
    const { me } = await shopperWith(2000);
    const code = await makeCode();
    const other = await createCustomer(t.app, 'demo-pottery');
    expect((await apply(other, code.code)).body).toEqual({ code: ['This code is not valid.'] });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cart/discount/',
      headers: { ...me.headers, 'content-type': 'text/plain' },
      payload: code.code,
    });
    expect(wrongType.statusCode).toBe(415);
    expect((await apply(me, 'x'.repeat(41))).status).toBe(400);
  });

  it('takes a code off the cart when the cart falls below its minimum, saying why once', async () => {
    const { me } = await shopperWith(3000, 2);
    const code = await makeCode({ minimum_cents: 5000 });
    expect((await apply(me, code.code)).status).toBe(200);
    const line = (await getCart(me)).body.items[0]!;
    const lowered = await call<Cart>(t.app, 'PATCH', `/orders/cart/items/${line.id}/`, me.headers, {
      quantity: 1,
    });
    expect(lowered.body).toMatchObject({
      discount: null,
      discount_notice: `The code ${code.code} was removed. This code needs an order of at least $50.00.`,
      total_after_discount: '30.00',
    });
    expect((await getCart(me)).body).toMatchObject({ discount: null, discount_notice: null });
  });

  it('takes an expired or deactivated code off at the next answer', async () => {
    const { me } = await shopperWith(3000);
    const code = await makeCode();
    expect((await apply(me, code.code)).status).toBe(200);
    await t.app.db
      .updateTable('discount_codes')
      .set({ active: 0 })
      .where('id', '=', code.id)
      .execute();
    expect((await getCart(me)).body.discount_notice).toBe(
      `The code ${code.code} was removed. This code is no longer available.`,
    );
  });
});

describe('a code at checkout', () => {
  it('is in the quote, the order and its lines, each line’s VAT on its discounted amount', async () => {
    const me = await createCustomer(t.app);
    const a = await freshProduct();
    const b = await freshProduct();
    await setProduct(t.app, a.id, { price_cents: 10001 });
    await setProduct(t.app, b.id, { price_cents: 5000 });
    await add(t, me, a.id, 1);
    await add(t, me, b.id, 1);
    const code = await makeCode({ kind: 'amount', value: 1000 });
    await apply(me, code.code);
    const quote = await quoteShipping(t.app, me, 'GB');
    const body = quote.body as unknown as { subtotal: string; shipping_price: string };
    const shipping = Math.round(Number(body.shipping_price) * 100);
    expect(quote.body.total_price).toBe(((15001 - 1000 + shipping) / 100).toFixed(2));

    // The total without the code (a tampered one) is refused as any changed total is.
    const tampered = await postOrder<{ detail: string }>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      expected_total_price: ((15001 + shipping) / 100).toFixed(2),
    });
    expect(tampered.status).toBe(409);
    expect(tampered.body.detail).toContain('has changed to');

    const placed = await order(me);
    expect(placed.status).toBe(201);
    const o = placed.body;
    expect(o.discount).toEqual({ code: code.code, amount: '10.00', free_delivery: false });
    expect(o.subtotal).toBe('150.01');
    expect(o.total_price).toBe(((15001 - 1000 + shipping) / 100).toFixed(2));
    // 1000 spread 10001 : 5000 -> 666 and the remainder 334 on the last line.
    const byProduct = new Map(o.items.map((item) => [item.product_id, item]));
    expect(byProduct.get(a.id)!.discount_amount).toBe('6.66');
    expect(byProduct.get(b.id)!.discount_amount).toBe('3.34');
    const rate = Number(o.vat_rate) * 100;
    expect(byProduct.get(a.id)!.vat_amount).toBe(
      (includedVatCents(10001 - 666, rate) / 100).toFixed(2),
    );
    expect(byProduct.get(b.id)!.vat_amount).toBe(
      (includedVatCents(5000 - 334, rate) / 100).toFixed(2),
    );
    // The demo shop's 20 %: 93.35 -> 15.56 and 46.66 -> 7.78 (not 16.67 and 8.33 undiscounted).
    expect(rate).toBe(2000);
    expect(byProduct.get(a.id)!.vat_amount).toBe('15.56');
    expect(byProduct.get(b.id)!.vat_amount).toBe('7.78');
    // The order e-mail has the discount as its own line, and its VAT on the discounted lines.
    const mail = (await queuedEmails(t.app, o.order_number)).find(
      (e) => e.kind === 'order_placed',
    )!;
    const email = await renderEmail(JSON.parse(mail.data) as EmailData);
    expect(email.text).toMatch(new RegExp(`^Discount \\(${code.code}\\): −\\$10\\.00$`, 'm'));
    expect(email.text).toContain(`Includes VAT at 20%: $${o.vat_total}.`);
    // The cart is empty and without its code; the code counts one use.
    expect((await getCart(me)).body).toMatchObject({ items: [], discount: null });
    const after = await t.app.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(after.uses).toBe(1);
  });

  it('makes the delivery free with a free-delivery code', async () => {
    const { me } = await shopperWith(2000);
    const code = await makeCode({ kind: 'free_delivery', value: 0 });
    await apply(me, code.code);
    const quote = await quoteShipping(t.app, me, 'GB');
    expect(quote.body).toMatchObject({
      shipping_price: '0.00',
      total_price: '20.00',
      discount: { code: code.code, amount: '0.00', free_delivery: true },
    });
    const placed = await order(me);
    expect(placed.body).toMatchObject({ shipping_price: '0.00', total_price: '20.00' });
  });

  it('takes 10 % off and waives the delivery with a percent code that has free delivery too', async () => {
    const { me } = await shopperWith(2000);
    const code = await makeCode({ free_delivery: 1, minimum_cents: 1500 });
    await apply(me, code.code);
    const quote = await quoteShipping(t.app, me, 'GB');
    expect(quote.body).toMatchObject({
      shipping_price: '0.00',
      total_price: '18.00',
      discount: { code: code.code, amount: '2.00', free_delivery: true },
    });
    const placed = await order(me);
    expect(placed.body).toMatchObject({ shipping_price: '0.00', total_price: '18.00' });
  });

  it('gives the last use to one of two shoppers racing for it; the other gets a 409 and no order', async () => {
    const code = await makeCode({ usage_limit: 1 });
    const first = await shopperWith(2500);
    const second = await shopperWith(2500);
    expect((await apply(first.me, code.code)).status).toBe(200);
    expect((await apply(second.me, code.code)).status).toBe(200);
    // Both were shown the total with the code; then both place their orders at once.
    const bodies = await Promise.all(
      [first.me, second.me].map((me) =>
        checkoutBody(t.app, me, { payment_method: 'bank_transfer', delivery_address: ADDRESS }),
      ),
    );
    const answers = await Promise.all(
      [first.me, second.me].map((me, i) =>
        call<Order & { detail: string }>(t.app, 'POST', '/orders/orders/', me.headers, bodies[i]),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body).toMatchObject({
      detail: `The code ${code.code} could not be used. This code has been used up. Please check your total and try again.`,
      cart: { discount: null },
    });
    const loser = answers[0]!.status === 409 ? first.me : second.me;
    expect(
      await t.app.db.selectFrom('orders').select('id').where('user_id', '=', loser.id).execute(),
    ).toEqual([]);
    const row = await t.app.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  it('lets a customer use a once-per-customer code once, and again after canceling that order', async () => {
    const code = await makeCode({ once_per_customer: 1 });
    const { me, product } = await shopperWith(2500);
    await apply(me, code.code);
    const placed = await order(me);
    expect(placed.status).toBe(201);
    await add(t, me, product.id, 1);
    expect(await apply(me, code.code)).toMatchObject({
      status: 400,
      body: { code: ['You have already used this code.'] },
    });
    // Canceling the unpaid order gives the use back.
    const canceled = await call(
      t.app,
      'POST',
      `/orders/orders/${placed.body.id}/cancel/`,
      me.headers,
    );
    expect(canceled.status).toBe(200);
    expect((await apply(me, code.code)).status).toBe(200);
    const row = await t.app.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(0);
  });

  it('refuses an order whose code stopped applying since the total was shown, and takes it off', async () => {
    const code = await makeCode();
    const { me } = await shopperWith(2500);
    await apply(me, code.code);
    const body = await checkoutBody(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    await t.app.db
      .updateTable('discount_codes')
      .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', code.id)
      .execute();
    const refused = await call(t.app, 'POST', '/orders/orders/', me.headers, body);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        detail: `The code ${code.code} could not be used. This code has expired. Please check your total and try again.`,
        cart: { discount: null, total_after_discount: '25.00' },
      },
    });
    expect(
      await t.app.db.selectFrom('orders').select('id').where('user_id', '=', me.id).execute(),
    ).toEqual([]);
    // Without the code, at the total now shown, the order goes through.
    expect((await order(me)).status).toBe(201);
  });
});
