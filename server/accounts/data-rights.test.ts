/**
 * The shopper's data rights (UK GDPR / GDPR art. 15, 17 and 20): `GET /accounts/me/data/`, a
 * download of everything the shop keeps about them and nothing of anyone else's, and
 * `POST /accounts/me/delete/`, which erases the account (it cannot log in, refresh or use an
 * access token it already holds; its e-mail can register again; addresses, sessions and cart
 * go; reviews and comments stay under "Former customer") while the orders stay, with their
 * name and address, on the shop's order backOffice. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) is set.
 */
import type { components } from '../../common/storefront-api';
import { firstPost } from '../test/blog.ts';
import {
  DEMO,
  NOT_VALID,
  PASSWORD,
  STOREFRONT,
  TOKEN_INVALID,
  tenantIdOf,
  useAccountsApi,
} from '../test/accounts.ts';
import { randomUUID } from 'node:crypto';
import { insertOrder } from '../test/order-fixtures.ts';
import { productsInStock, tenantId, type TestCustomer } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor } from '../test/staff.ts';
import { EmailOutbox, UNDELIVERABLE } from '../platform/mail/outbox.ts';
import { ERASURE_MESSAGES, tombstoneEmail } from './erasure.ts';
import { FORMER_CUSTOMER } from '../content/erased-authors.ts';

type AccountDataExport = components['schemas']['AccountDataExport'];
type Comment = components['schemas']['Comment'];

const { t, call, loginAs, loginStatus, refresh, newCustomer, post } = useAccountsApi({
  storefrontUrl: STOREFRONT,
});

const HOME = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 1904 496 0123',
  street: '7 Wren Close',
  city: 'York',
  postalCode: 'YO1 7HH',
  country: 'United Kingdom',
};

/** A new shopper with a saved address, a placed order, a review, a comment and a cart line. */
async function busyShopper(tag: string) {
  const { email, pair } = await newCustomer();
  const token = pair.access;
  const who: TestCustomer = {
    id: pair.user.id,
    tenantId: tenantIdOf(token),
    headers: { ...DEMO, authorization: `Bearer ${token}` },
  };
  const address = { ...HOME, street: `${tag} Wren Close` };
  expect((await call('POST', '/accounts/addresses/', { token, body: address })).status).toBe(201);

  const [first, second] = await productsInStock(t.app, 'demo-handcraft', 5);
  // The order as checkout stores it (its rules are tested with checkout), paid by card.
  const order = await insertOrder(t.app.db, who.tenantId, {
    userId: who.id,
    fullname: `${tag} Lovelace`,
    lines: [{ name: first!.name, cents: first!.price_cents }],
  });
  const now = new Date().toISOString();
  await t.app.db
    .insertInto('payments')
    .values({
      uuid: randomUUID(),
      tenant_id: who.tenantId,
      order_id: order.id,
      user_id: who.id,
      amount_cents: order.total_cents,
      currency: 'USD',
      status: 'succeeded',
      gateway_transaction_ref: null,
      error_message: null,
      created_at: now,
      updated_at: now,
      provider: 'sandbox',
      provider_ref: `cs_test_${tag}_provider_session`,
      captured_at: now,
      refund_status: null,
      refund_ref: null,
      checked_at: null,
    })
    .execute();
  // A line left in the cart after the order.
  expect(
    (
      await call('POST', '/orders/cart/add-item/', {
        token,
        body: { product_id: second!.id, quantity: 2 },
      })
    ).status,
  ).toBe(200);

  const review = `${tag}: holds its edge beautifully.`;
  await t.app.db
    .insertInto('reviews')
    .values({
      tenant_id: who.tenantId,
      product_id: first!.id,
      username: pair.user.username,
      user_id: who.id,
      rating: 5,
      comment: review,
      is_verified_purchase: 1,
      status: 'approved',
      created_at: new Date().toISOString(),
    })
    .execute();
  t.app.catalogCache.invalidate(who.tenantId);
  const comment = `${tag}: lovely to see the forge at work.`;
  const posted = await call('POST', '/blog/comments/', {
    token,
    body: { post: await postId(), content: comment },
  });
  expect(posted.status).toBe(201);
  // Sent through the form while signed in: the message is the account's.
  const sent = await call('POST', '/contact/messages/', {
    token,
    ip: '203.0.113.9',
    body: {
      name: `${tag} Lovelace`,
      email: email.toUpperCase(),
      subject: `${tag} question`,
      message: 'Do you sharpen knives?',
    },
  });
  expect(sent.status).toBe(201);
  return { email, pair, who, order, product: first!, review, comment, address };
}

/** The database id of the demo shop's first published post. */
async function postId(): Promise<number> {
  const row = await t.app.db
    .selectFrom('blog_posts')
    .select('id')
    .where('slug', '=', firstPost.slug)
    .where('tenant_id', '=', await tenantId(t.app, 'demo-handcraft'))
    .executeTakeFirstOrThrow();
  return row.id;
}

const exportOf = (token: string) => call('GET', '/accounts/me/data/', { token });

const erase = (token: string, password: unknown = PASSWORD) =>
  call('POST', '/accounts/me/delete/', { token, body: { password } });

describe('GET /accounts/me/data/', () => {
  it("downloads the shopper's account, addresses, orders, payments, reviews, comments, messages and cart", async () => {
    const me = await busyShopper('Export');
    const answer = await exportOf(me.pair.access);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.body as AccountDataExport;
    expect(data.account).toMatchObject({ id: me.who.id, email: me.email });
    expect(data.addresses).toEqual([expect.objectContaining({ street: 'Export Wren Close' })]);
    expect(data.orders.map((o) => o.order_number)).toEqual([me.order.order_number]);
    expect(data.orders[0]!.delivery_address.fullname).toBe('Export Lovelace');
    expect(data.orders[0]!.items[0]!.product_name).toBe(me.product.name);
    expect(data.payments).toEqual([
      expect.objectContaining({ order_number: me.order.order_number, status: 'succeeded' }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ comment: me.review, status: 'approved', rating: 5 }),
    ]);
    expect(data.blog_comments).toEqual([
      expect.objectContaining({
        content: me.comment,
        post: expect.objectContaining({ id: await postId() }),
      }),
    ]);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ subject: 'Export question', replies: [] }),
    ]);
    expect(data.cart?.items).toHaveLength(1);
    expect(data.cart?.items[0]?.quantity).toBe(2);
  });

  it('holds no password hash, no token and no provider secret', async () => {
    const me = await busyShopper('Private');
    const text = JSON.stringify((await exportOf(me.pair.access)).body);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', me.who.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(row.password_hash);
    expect(text).not.toContain('scrypt$');
    expect(text).not.toMatch(/password|refresh|access_token|secret|credential|client_address/i);
    expect(text).not.toContain(me.pair.refresh);
    expect(text).not.toContain(me.pair.access);
    expect(text).not.toContain('203.0.113.9');
    expect(text).not.toContain('cs_test_Private_provider_session');
  });

  it("never holds another shopper's data", async () => {
    const mine = await busyShopper('Mine');
    const theirs = await busyShopper('Theirs');
    const text = JSON.stringify((await exportOf(mine.pair.access)).body);
    for (const foreign of [
      theirs.email,
      theirs.order.order_number,
      theirs.review,
      theirs.comment,
      'Theirs Lovelace',
      'Theirs Wren Close',
      'Theirs question',
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('gives a shopper with nothing yet an empty file, and creates no cart', async () => {
    const { pair } = await newCustomer();
    const data = (await exportOf(pair.access)).body as AccountDataExport;
    expect(data).toMatchObject({
      addresses: [],
      orders: [],
      payments: [],
      reviews: [],
      blog_comments: [],
      contact_messages: [],
      cart: null,
    });
    const carts = await t.app.db
      .selectFrom('carts')
      .select('id')
      .where('user_id', '=', pair.user.id)
      .execute();
    expect(carts).toEqual([]);
  });

  it('needs a bearer token', async () => {
    expect((await call('GET', '/accounts/me/data/')).status).toBe(401);
  });
});

describe('POST /accounts/me/delete/', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const { email, pair } = await newCustomer();
    expect(await erase(pair.access, 'not-my-password')).toMatchObject({
      status: 400,
      body: { password: [ERASURE_MESSAGES.passwordWrong] },
    });
    expect(
      await call('POST', '/accounts/me/delete/', { token: pair.access, body: {} }),
    ).toMatchObject({
      status: 400,
      body: { password: ['This field is required.'] },
    });
    expect((await erase(pair.access, '')).status).toBe(400);
    expect((await call('GET', '/accounts/me/', { token: pair.access })).status).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(200);
  });

  it('counts wrong passwords as failed logins: 429 after LOGIN_MAX_FAILURES', async () => {
    const { pair } = await newCustomer();
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      expect((await erase(pair.access, 'guess-guess')).status).toBe(400);
    }
    const throttled = await erase(pair.access, 'guess-guess');
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it('erases the account: no login, no refresh, no access token, the e-mail free to register again', async () => {
    const me = await busyShopper('Erased');
    const other = await loginAs(me.email, PASSWORD);
    const answer = await erase(me.pair.access);
    expect(answer).toMatchObject({ status: 204, body: null });

    expect(await loginStatus(me.email, PASSWORD)).toBe(401);
    expect(await loginStatus(me.pair.user.username, PASSWORD)).toBe(401);
    expect(await refresh(me.pair.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    expect(await refresh(other.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    for (const token of [me.pair.access, other.access]) {
      const refused = await call('GET', '/accounts/me/', { token });
      expect(refused).toMatchObject({ status: 401, body: NOT_VALID });
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="api"');
      expect((await exportOf(token)).status).toBe(401);
    }

    // Nothing personal is left in the account's row, its addresses, sessions or cart.
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.who.id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toBe(me.email);
    expect(row.username).not.toBe(me.pair.user.username);
    expect(row.password_hash).not.toMatch(/^scrypt\$/);
    expect(row.erased_at).not.toBeNull();
    for (const table of [
      'user_addresses',
      'refresh_tokens',
      'password_reset_tokens',
      'email_verification_tokens',
      'contact_messages',
      'carts',
    ] as const) {
      const left = await t.app.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', me.who.id)
        .execute();
      expect(left, table).toEqual([]);
    }

    // The e-mail registers a new, separate account, which sees none of the old data.
    const again = await post('/accounts/register/', {
      email: me.email,
      password: 'a-new-start-2026',
      password_confirm: 'a-new-start-2026',
    });
    expect(again.status).toBe(201);
    const fresh = await loginAs(me.email, 'a-new-start-2026');
    expect(fresh.user.id).not.toBe(me.who.id);
    const data = (await exportOf(fresh.access)).body as AccountDataExport;
    expect(data.orders).toEqual([]);
    expect(data.reviews).toEqual([]);
    // The contact message the old account sent went with it: nobody registering its address
    // after it reads what it wrote (email-verification.test.ts has the rest of the rule).
    expect(data.contact_messages).toEqual([]);
  });

  it("keeps the orders, with name and address, on the shop's back office", async () => {
    const me = await busyShopper('Kept');
    expect((await erase(me.pair.access)).status).toBe(204);
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', me.order.order_number)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: me.who.id,
      fullname: 'Kept Lovelace',
      street: '7 Wren Close',
    });
    expect(
      await t.app.db
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', order.id)
        .execute(),
    ).not.toEqual([]);

    const owner = await createStaff(t.app.db, { tenantId: me.who.tenantId, role: 'owner' });
    const backOffice = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${me.order.order_number}/`,
      headers: asStaff('demo-handcraft', await staffTokenFor(t.app, owner)),
    });
    expect(backOffice.statusCode).toBe(200);
    expect(backOffice.json()).toMatchObject({
      order_number: me.order.order_number,
      address: expect.objectContaining({ fullname: 'Kept Lovelace' }),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/?search=${me.order.order_number}`,
      headers: asStaff('demo-handcraft', await staffTokenFor(t.app, owner)),
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(me.order.order_number);
  });

  it('keeps reviews and comments on the storefront under "Former customer"', async () => {
    const me = await busyShopper('Anon');
    expect((await erase(me.pair.access)).status).toBe(204);

    const product = await call('GET', `/products/products/${me.product.slug}/`);
    expect(product.status).toBe(200);
    const reviews = (product.body as { reviews: { comment: string; user: unknown }[] }).reviews;
    const mine = reviews.find((r) => r.comment === me.review);
    expect(mine).toBeDefined();
    expect(JSON.stringify(mine)).toContain(FORMER_CUSTOMER);
    expect(JSON.stringify(reviews)).not.toContain(me.pair.user.username);

    const thread = await call('GET', `/blog/comments/?post=${await postId()}`);
    const comment = (thread.body as Comment[]).find((c) => c.content === me.comment);
    expect(comment?.user).toEqual({ username: FORMER_CUSTOMER });
  });

  it("gives up e-mails to the erased address at once (the kept orders' e-mails)", async () => {
    const { pair } = await newCustomer();
    expect((await erase(pair.access)).status).toBe(204);
    const sent: unknown[] = [];
    const sender = new EmailOutbox({
      db: t.app.db,
      mailer: {
        mode: 'smtp',
        async send(message) {
          sent.push(message);
          return { via: 'smtp', messageId: '' };
        },
        close() {},
      },
      // Never called: the row is given up before it is rendered.
      render: () => Promise.reject(new Error('not rendered')),
      fromFor: async () => 'hello@emberandoak.example',
      log: t.app.log,
    });
    const now = new Date().toISOString();
    const { id } = await t.app.db
      .insertInto('email_outbox')
      .values({
        tenant_id: await tenantId(t.app, 'demo-handcraft'),
        kind: 'order_shipped',
        recipient: tombstoneEmail(pair.user.id),
        data: '{}',
        dedupe_key: `erased:${pair.user.id}`,
        status: 'pending',
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sender.drain();
    expect(sent).toEqual([]);
    const row = await t.app.db
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: UNDELIVERABLE });
  });

  it('a second erasure with the old token is refused (401)', async () => {
    const { pair } = await newCustomer();
    expect((await erase(pair.access)).status).toBe(204);
    expect((await erase(pair.access)).status).toBe(401);
  });
});

describe('hostile input to the data-rights operations', () => {
  it('answers 4xx in DRF shape, never a 5xx', async () => {
    const { pair } = await newCustomer();
    const raw = (body: string, type: string) =>
      call('POST', '/accounts/me/delete/', {
        token: pair.access,
        raw: body,
        headers: { ...DEMO, 'content-type': type },
      });
    for (const [body, type] of [
      ['password=correct-horse-42', 'application/x-www-form-urlencoded'],
      ['correct-horse-42', 'text/plain'],
      ['{"password": ', 'application/json'],
      ['[]', 'application/json'],
      ['null', 'application/json'],
      ['{"password": {"$ne": null}}', 'application/json'],
      ['{"password": 42}', 'application/json'],
    ] as const) {
      const answer = await raw(body, type);
      expect(answer.status, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${type} ${body}`).toBeLessThan(500);
      expect(answer.body).toEqual(expect.any(Object));
    }
    expect(await erase(pair.access, 'correct-horse-42\u0000')).toMatchObject({
      status: 400,
      body: { password: ['Null characters are not allowed.'] },
    });
    const huge = await erase(pair.access, 'x'.repeat(100_000));
    expect(huge.status).toBe(400);
    const enormous = await call('POST', '/accounts/me/delete/', {
      token: pair.access,
      raw: JSON.stringify({ password: 'y'.repeat(2_000_000) }),
    });
    expect([400, 413]).toContain(enormous.status);
    // The account survived all of it.
    expect((await call('GET', '/accounts/me/', { token: pair.access })).status).toBe(200);
  });
});
