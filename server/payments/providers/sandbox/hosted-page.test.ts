/**
 * The sandbox gateway's hosted page (server/http/sandbox-gateway.ts, ./page.ts): what it shows
 * and how it is protected, what each button and test card decides for the charge and the order,
 * where it sends the shopper back, and its Luhn check and amount formatting.
 */
import type { components } from '../../../../common/storefront-api';
import { formatAmount, passesLuhn, STYLE_HASH } from './page.ts';
import { ADDRESS, call, createCustomer, postOrder, productsInStock } from '../../../test/shop.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

type Order = components['schemas']['Order'];
type Initiation = components['schemas']['CardPaymentInitiation'];

const DELAY_MS = 60;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxDelayedResultMs: DELAY_MS });
});
afterAll(async () => {
  await t?.close();
});

/** A card order of a new demo customer and its initiated payment. */
async function startPayment(app = t) {
  const me = await createCustomer(app.app);
  const product = (await productsInStock(app.app))[0]!;
  await call(app.app, 'POST', '/orders/cart/add-item/', me.headers, {
    product_id: product.id,
    quantity: 1,
  });
  const order = (
    await postOrder<Order>(app.app, me, {
      payment_method: 'card_2c2p',
      delivery_address: ADDRESS,
    })
  ).body;
  const payment = (
    await call<Initiation>(app.app, 'POST', '/payments/card/initiate/', me.headers, {
      order_id: order.id,
      currency: 'USD',
    })
  ).body;
  const path = new URL(payment.redirectUrl).pathname;
  return { me, order, payment, path };
}

function page(path: string, app = t) {
  return app.app.inject({ method: 'GET', url: path });
}

function submit(path: string, fields: Record<string, string>, app = t) {
  return app.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function paymentRow(uuid: string, app = t) {
  return app.app.db
    .selectFrom('payments')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
}

async function orderStatus(id: number, app = t) {
  return (
    await app.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
}

const CARD = { cardholder: 'Ada Lovelace', expiry: '12/34', cvc: '123' };

describe('the hosted payment page', () => {
  it('shows the merchant, the order, the amount, a labelled test card form and three buttons', async () => {
    const { order, path } = await startPayment();
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Sandbox Pay');
    expect(html).toContain('<h1>Pay Ember &#38; Oak Workshop</h1>');
    expect(html).toContain(order.order_number);
    expect(html).toContain(formatAmount(order.total_price, 'USD'));
    for (const [id, label] of [
      ['cardholder', 'Cardholder name'],
      ['card_number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('value="12/34"');
    expect(html).toContain('value="123"');
    for (const action of ['pay', 'fail', 'cancel']) {
      expect(html).toMatch(new RegExp(`<button type="submit" name="action" value="${action}"`));
    }
    expect(html).toContain('4000 0000 0000 0002');
    expect(html).toContain('4000 0000 0000 0077');
    expect(html).not.toMatch(/<script|style="/);
  });

  it('sends a strict CSP that allows only its own style, and no caching or referrer', async () => {
    const { path } = await startPayment();
    const response = await page(path);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(
      `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; form-action 'self' http://127.0.0.1:8080; frame-ancestors 'none'; base-uri 'none'`,
    );
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)![1]!;
    const { createHash } = await import('node:crypto');
    expect(STYLE_HASH).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
  });

  it('escapes what it shows', async () => {
    const { me, path } = await startPayment();
    await t.app.db
      .updateTable('site_settings')
      .set({ site_title: '<img src=x onerror=alert(1)> "Shop"' })
      .where('tenant_id', '=', me.tenantId)
      .execute();
    try {
      const html = (await page(path)).body;
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('Pay &#60;img src=x onerror=alert(1)&#62; &#34;Shop&#34;');
    } finally {
      await t.app.db
        .updateTable('site_settings')
        .set({ site_title: 'Ember & Oak Workshop' })
        .where('tenant_id', '=', me.tenantId)
        .execute();
    }
  });

  it('answers an unknown or malformed payment link with a 404 page', async () => {
    for (const uuid of ['3fa85f64-5717-4562-b3fc-2c963f66afa6', 'not-a-uuid', '%00']) {
      const response = await page(`/api/payments/sandbox/checkout/${uuid}/`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Payment not found');
      const posted = await submit(`/api/payments/sandbox/checkout/${uuid}/`, { action: 'pay' });
      expect(posted.statusCode).toBe(404);
    }
  });

  it('needs no tenant header: the payment names its shop', async () => {
    const { path } = await startPayment();
    expect((await t.app.inject({ method: 'GET', url: path, headers: {} })).statusCode).toBe(200);
  });
});

describe('submitting the form', () => {
  it('Pay with the default card: succeeded with a reference, order paid, 303 to the return page', async () => {
    const { order, payment, path } = await startPayment();
    const response = await submit(path, {
      ...CARD,
      card_number: '4242 4242 4242 4242',
      action: 'pay',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `http://127.0.0.1:8080/payment/return?paymentId=${payment.payment_uuid}`,
    );
    const row = await paymentRow(payment.payment_uuid);
    expect(row.status).toBe('succeeded');
    expect(row.gateway_transaction_ref).toMatch(/^SBX-\d{8}-[23456789A-Z]{6}$/);
    expect(await orderStatus(order.id)).toBe('paid');
    // It went through the signed notification, which recorded its event.
    const events = await t.app.db
      .selectFrom('payment_notifications')
      .select('status')
      .where('payment_id', '=', row.id)
      .execute();
    expect(events).toEqual([{ status: 'succeeded' }]);
  });

  it('Fail: failed with "The card was declined.", order still awaiting payment', async () => {
    const { order, payment, path } = await startPayment();
    const response = await submit(path, {
      ...CARD,
      card_number: '4242424242424242',
      action: 'fail',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain(
      `/payment/return?paymentId=${payment.payment_uuid}`,
    );
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'The card was declined.',
    });
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
  });

  it('Cancel: canceled with "The payment was canceled."', async () => {
    const { order, payment, path } = await startPayment();
    const response = await submit(path, { action: 'cancel' });
    expect(response.statusCode).toBe(303);
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'canceled',
      error_message: 'The payment was canceled.',
    });
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
  });

  it('Pay with the declined test card: failed', async () => {
    const { payment, path } = await startPayment();
    await submit(path, { ...CARD, card_number: '4000 0000 0000 0002', action: 'pay' });
    expect(await paymentRow(payment.payment_uuid)).toMatchObject({
      status: 'failed',
      error_message: 'The card was declined.',
    });
  });

  it('Pay with a number that fails the Luhn check: the form again with an error, nothing sent', async () => {
    const { payment, path } = await startPayment();
    const response = await submit(path, {
      ...CARD,
      card_number: '4242 4242 4242 4241',
      action: 'pay',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('The card number is not valid.');
    expect(response.body).toContain('value="4242 4242 4242 4241"');
    expect(response.body).toContain('value="Ada Lovelace"');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const row = await paymentRow(payment.payment_uuid);
    expect(row.status).toBe('initiated');
    expect(
      await t.app.db
        .selectFrom('payment_notifications')
        .select('id')
        .where('payment_id', '=', row.id)
        .execute(),
    ).toEqual([]);
    // An unknown action is refused the same way.
    expect((await submit(path, { action: 'refund' })).statusCode).toBe(400);
  });

  it('Pay with the delayed test card: pending at once, succeeded a little later', async () => {
    const { order, payment, path } = await startPayment();
    const response = await submit(path, {
      ...CARD,
      card_number: '4000000000000077',
      action: 'pay',
    });
    expect(response.statusCode).toBe(303);
    expect((await paymentRow(payment.payment_uuid)).status).toBe('pending');
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
    await vi.waitFor(
      async () => expect((await paymentRow(payment.payment_uuid)).status).toBe('succeeded'),
      { timeout: 5_000, interval: 20 },
    );
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('a second submit of a closed payment only redirects', async () => {
    const { payment, path } = await startPayment();
    await submit(path, { action: 'cancel' });
    const again = await submit(path, { ...CARD, card_number: '4242424242424242', action: 'pay' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain(payment.payment_uuid);
    expect((await paymentRow(payment.payment_uuid)).status).toBe('canceled');

    const closed = await page(path);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain('This payment is no longer open.');
    expect(closed.body).toContain(
      `href="http://127.0.0.1:8080/payment/return?paymentId=${payment.payment_uuid}"`,
    );
    expect(closed.body).not.toContain('<form');
  });

  it('refuses a body that is not a form with a 4xx', async () => {
    const { payment, path } = await startPayment();
    const json = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: '{"action":',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect((await paymentRow(payment.payment_uuid)).status).toBe('initiated');
  });
});

describe('with STOREFRONT_URL', () => {
  it('sends the shopper to the configured storefront and allows it as a form target', async () => {
    const other = await createTestApp({
      storefrontUrl: 'http://127.0.0.1:5173',
      sandboxDelayedResultMs: 60_000,
    });
    try {
      const { payment, path } = await startPayment(other);
      expect((await page(path, other)).headers['content-security-policy']).toContain(
        "form-action 'self' http://127.0.0.1:5173;",
      );
      const response = await submit(
        path,
        { ...CARD, card_number: '4000000000000077', action: 'pay' },
        other,
      );
      expect(response.headers.location).toBe(
        `http://127.0.0.1:5173/payment/return?paymentId=${payment.payment_uuid}`,
      );
    } finally {
      // The delayed result is still scheduled: closing must cancel it and not wait for it.
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('passesLuhn', () => {
  it('accepts the test cards and refuses a wrong check digit or a short number', () => {
    for (const card of [
      '4242424242424242',
      '4000000000000002',
      '4000000000000077',
      '5555555555554444',
    ]) {
      expect(passesLuhn(card)).toBe(true);
    }
    for (const card of ['4242424242424241', '1234', '', '42424242424242424242', 'abcd']) {
      expect(passesLuhn(card)).toBe(false);
    }
  });
});

describe('formatAmount', () => {
  it('groups thousands and keeps the decimal string exact, as a gateway page shows an amount', () => {
    expect(formatAmount('1205.00', 'USD')).toBe('$1,205.00 USD');
    expect(formatAmount('45.50', 'USD')).toBe('$45.50 USD');
    expect(formatAmount('12345678901234.99', 'USD')).toBe('$12,345,678,901,234.99 USD');
  });
});
