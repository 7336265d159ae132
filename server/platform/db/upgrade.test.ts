/**
 * Upgrades (issue 39): today's code started on a database the last release made and used keeps
 * every row of it and runs the shop on it. The database is the upgrade fixture
 * (server/test/upgrade-fixture.ts, made by scripts/make-upgrade-fixture.ts with the release's
 * own code): the demo shops, customers who registered, a cart, orders paid, shipped, waiting,
 * canceled and refunded, a review, a blog comment, a contact message and card-provider
 * credentials sealed under the key file kept beside it. Through the HTTP API: the shops, their
 * products and orders are all there, the release's customers sign in with their passwords and
 * find their orders and carts unchanged, the shop's first owner sees the orders, the comment and
 * the message and takes a bank transfer, the sealed credentials still open and reach the
 * provider, and a new order is placed and paid by card. Migrating again does nothing.
 * On SQLite, and on PostgreSQL (the fixture's `pg_dump`) when TEST_DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../app.ts';
import { loadConfig, paymentSecretsKeyPath, type AppConfig } from '../../config/config.ts';
import { loadPaymentSecretsKey, openCredentials } from '../../payments/credentials.ts';
import { createStaffMember } from '../../staff/members.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { ADDRESS, call, postOrder, tenantId, type TestCustomer } from '../../test/shop.ts';
import { asTenant, testDatabaseUrl } from '../../test/test-app.ts';
import {
  fixtureKey,
  openUpgradeFixture,
  readUpgradeManifest,
  upgradeFixtureVersions,
  type FixtureCustomer,
  type FixtureDatabase,
  type FixtureOrder,
  type UpgradedDatabase,
} from '../../test/upgrade-fixture.ts';
import type { DbHandle } from './connection.ts';
import { appliedMigrations, migrateToLatest, migrations } from './migrations.ts';

const version = upgradeFixtureVersions().at(-1)!;
const manifest = readUpgradeManifest(version);

/** The owner a maker adds after the upgrade (`npm run staff:create`): the release had none. */
const OWNER_PASSWORD = 'upgraded-owner-42';

/** Rows of each of the release's tables now. */
async function rowsNow(handle: DbHandle, tables: string[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const { n } = await handle.db
      .selectFrom(table as never)
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(n);
  }
  return rows;
}

/** Signs a customer in through the storefront's API; who they are and their request headers. */
async function signIn(app: FastifyInstance, who: FixtureCustomer): Promise<TestCustomer> {
  const answer = await call<{ access: string; user: { id: number } }>(
    app,
    'POST',
    '/accounts/login/',
    asTenant(who.tenant),
    { email: who.email, password: who.password },
  );
  expect(answer.status, `${who.email} signs in: ${JSON.stringify(answer.body)}`).toBe(200);
  return {
    id: answer.body.user.id,
    tenantId: await tenantId(app, who.tenant),
    headers: { ...asTenant(who.tenant), authorization: `Bearer ${answer.body.access}` },
  };
}

/** What the storefront shows of an order, in the manifest's fields. */
function orderView(order: FixtureOrder): FixtureOrder {
  const { order_number, status, payment_method, total_price, refund_status, total_items } = order;
  return { order_number, status, payment_method, total_price, refund_status, total_items };
}

describe(`a shop database made by release ${version}`, () => {
  let fixture: UpgradedDatabase;
  let expected: FixtureDatabase;
  let fakeStripe: FakeStripe;
  let config: AppConfig;
  let app: FastifyInstance;
  let migratedBefore: string[];

  beforeAll(async () => {
    fixture = await openUpgradeFixture(version, manifest);
    expected = fixture.expected;
    const sealed = expected.sealed_credentials.credentials;
    fakeStripe = await startFakeStripe({
      secretKey: sealed.secretKey!,
      webhookSecret: sealed.webhookSecret!,
    });
    const { database } = fixture;
    config = {
      ...loadConfig({}),
      sqlitePath: database.sqlitePath,
      mediaDir: `${database.dir}/media`,
      outboxDir: `${database.dir}/outbox`,
      distDir: `${database.dir}/no-dist`,
      serveSpa: false,
      logLevel: 'silent',
      catalogCacheTtlMs: 0,
      catalogCountTtlMs: 0,
      pageCacheTtlMs: 0,
      passwordHashCost: 10,
      stripeApiBase: fakeStripe.apiBase,
      // SQLite: the keys are read from the files beside the database, as in a data folder.
      // PostgreSQL: given, as a deployment there must (the same keys the release was given).
      jwtSecret: testDatabaseUrl ? fixtureKey(version, 'jwtSecret') : null,
      paymentSecretsKey: testDatabaseUrl
        ? new Uint8Array(Buffer.from(fixtureKey(version, 'paymentSecretsKey'), 'base64'))
        : null,
    };
    migratedBefore = await appliedMigrations(database.handle);
    // No demo seed, as in production: whatever is there came from the release. (The sandbox
    // gateway stays on: the demo shops take cards through it with the keys the release sealed.)
    app = await buildApp({
      config,
      database: database.handle,
      seed: false,
      logger: false,
      background: false,
    });
  });

  afterAll(async () => {
    await app?.close();
    await fixture?.database.drop();
    await fakeStripe?.close();
  });

  it("is migrated forward to today's schema at the start, once", async () => {
    expect(migratedBefore).toEqual(manifest.migrations);
    const today = Object.keys(migrations(fixture.database.handle.dialect));
    expect(today.slice(0, manifest.migrations.length)).toEqual(manifest.migrations);
    expect(await appliedMigrations(fixture.database.handle)).toEqual(today);
    expect(await migrateToLatest(fixture.database.handle)).toEqual([]);
  });

  it('keeps every row of every table the release wrote', async () => {
    expect(await rowsNow(fixture.database.handle, Object.keys(expected.rows))).toEqual(
      expected.rows,
    );
  });

  it("leaves the release's orders taxed where they were, and its shops at one rate (issue 41)", async () => {
    const orders = await app.db
      .selectFrom('orders as o')
      .innerJoin('site_settings as s', 's.tenant_id', 'o.tenant_id')
      .select(['o.vat_rate_bp', 'o.vat_country', 's.vat_country as shop_country'])
      .execute();
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      // An order with a rate was taxed at home (every order was, before destination VAT).
      expect(order.vat_country).toBe(order.vat_rate_bp === null ? null : order.shop_country);
    }
    // One rate until the owner chooses otherwise; a country from the one the shop opened with,
    // else from its VAT number.
    const shops = await app.db
      .selectFrom('site_settings')
      .select(['vat_country', 'vat_mode', 'vat_prices', 'vat_number'])
      .execute();
    for (const shop of shops) {
      expect(shop).toMatchObject({ vat_mode: 'single', vat_prices: 'same_gross' });
      if (shop.vat_number?.startsWith('GB')) expect(shop.vat_country).toBe('GB');
    }
  });

  it('shows every shop with its products, and its owner every order', async () => {
    for (const shop of expected.shops) {
      const site = await call<{ site_title: string }>(
        app,
        'GET',
        '/pages/site-settings/',
        asTenant(shop.token),
      );
      expect(site.body.site_title).toBe(shop.site_title);
      const products = await call<{ count: number }>(
        app,
        'GET',
        '/products/products/',
        asTenant(shop.token),
      );
      expect(products.body.count).toBe(shop.listed_products);

      const owner = await ownerOf(shop.token);
      const orders = await call<{ count: number; results: { order_number: string }[] }>(
        app,
        'GET',
        '/admin/orders/',
        owner,
      );
      expect(orders.status).toBe(200);
      expect(orders.body.count).toBe(shop.order_numbers.length);
      expect(orders.body.results.map((o) => o.order_number).sort()).toEqual(
        [...shop.order_numbers].sort(),
      );
    }
  });

  it("lets the release's customers sign in with their passwords and find their orders and carts", async () => {
    for (const customer of expected.customers) {
      const me = await signIn(app, customer);
      const orders = await call<{ results: FixtureOrder[] }>(
        app,
        'GET',
        '/orders/orders/?page_size=50',
        me.headers,
      );
      expect(orders.body.results.map(orderView), customer.email).toEqual(customer.orders);
      const cart = await call<{ items: { product: { id: number }; quantity: number }[] }>(
        app,
        'GET',
        '/orders/cart/',
        me.headers,
      );
      expect(
        cart.body.items.map((line) => ({ product_id: line.product.id, quantity: line.quantity })),
        customer.email,
      ).toEqual(customer.cart);
    }
  });

  it('answers the product page with its reviews, the one the release took included', async () => {
    const { product } = expected;
    const page = await call<{
      name: string;
      price: string;
      review_count: number;
      reviews: { comment: string; is_verified_purchase: boolean }[];
    }>(app, 'GET', `/products/products/${product.slug}/`, asTenant(product.tenant));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      name: product.name,
      price: product.price,
      review_count: product.review_count,
    });
    expect(page.body.reviews).toContainEqual(
      expect.objectContaining({
        comment: 'Arrived well packed; as sharp as promised.',
        is_verified_purchase: true,
      }),
    );
  });

  it("shows the release's blog comment where it was, and its contact message to the owner", async () => {
    const comment = expected.blog_comment;
    const status = comment.approved ? 'approved' : 'pending';
    const comments = await call<{
      results: { content: string; post: { id: number; slug: string } }[];
    }>(app, 'GET', `/admin/moderation/comments/?status=${status}`, await ownerOf(comment.tenant));
    const listed = comments.body.results.find((c) => c.content === comment.content);
    expect(listed?.post.slug, `the comment is ${status}`).toBe(comment.post_slug);
    const shown = await call<{ content: string }[]>(
      app,
      'GET',
      `/blog/comments/?post=${listed!.post.id}`,
      asTenant(comment.tenant),
    );
    expect(shown.body.some((c) => c.content === comment.content)).toBe(comment.approved);
    const message = expected.contact_message;
    const inbox = await call<{ results: { subject: string; email: string }[] }>(
      app,
      'GET',
      '/admin/inbox/messages/',
      await ownerOf(message.tenant),
    );
    expect(inbox.body.results).toContainEqual(
      expect.objectContaining({ subject: message.subject, email: message.email }),
    );
  });

  it('opens the card-provider credentials the release sealed, and the provider accepts them', async () => {
    const { tenant, provider, credentials } = expected.sealed_credentials;
    const shopId = await tenantId(app, tenant);
    // server/payments/registry.ts opens them with the key file kept beside the database.
    const row = await app.db
      .selectFrom('payment_settings')
      .select(['provider', 'credentials'])
      .where('tenant_id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(row.provider).toBe(provider);
    const key = loadPaymentSecretsKey(config.paymentSecretsKey, paymentSecretsKeyPath(config));
    expect(await openCredentials(row.credentials!, key)).toEqual(credentials);
    expect(await app.paymentProviders.providerOf(shopId, 'stripe')).not.toBeNull();

    // The owner tests the keys from Settings › Payments: the provider is called with them.
    const checked = await call<{ card_provider: { credentials_checked_mode: string | null } }>(
      app,
      'POST',
      '/admin/settings/payments/card-provider/check/',
      await ownerOf(tenant),
    );
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.card_provider.credentials_checked_mode).toBe('test');
    expect(fakeStripe.requests.at(-1)?.headers.authorization).toBe(
      `Bearer ${credentials.secretKey}`,
    );
  });

  it('takes the money of an order the release left waiting for a bank transfer', async () => {
    const customer = expected.customers.find((c) =>
      c.orders.some((o) => o.payment_method === 'bank_transfer' && o.status === 'awaiting_payment'),
    )!;
    const order = customer.orders.find(
      (o) => o.payment_method === 'bank_transfer' && o.status === 'awaiting_payment',
    )!;
    const marked = await call(
      app,
      'POST',
      `/admin/orders/${order.order_number}/mark-paid/`,
      await ownerOf(customer.tenant),
      { amount: order.total_price, payer_reference: `${order.order_number} TRANSFER` },
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const me = await signIn(app, customer);
    const mine = await call<{ results: FixtureOrder[] }>(app, 'GET', '/orders/orders/', me.headers);
    expect(mine.body.results.find((o) => o.order_number === order.order_number)).toMatchObject({
      status: 'paid',
      total_price: order.total_price,
    });
  });

  it('takes a new order from a customer of the release, paid by card through its sealed sandbox keys', async () => {
    const customer = expected.customers.find((c) => c.cart.length > 0)!;
    const me = await signIn(app, customer);
    const placed = await postOrder<{ id: number; status: string; total_price: string }>(app, me, {
      payment_method: 'card_2c2p',
      delivery_address: ADDRESS,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const started = await call<{ redirectUrl: string }>(
      app,
      'POST',
      '/payments/card/initiate/',
      me.headers,
      { order_id: placed.body.id, currency: 'USD' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const paid = await app.inject({
      method: 'POST',
      url: new URL(started.body.redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&card_number=4242424242424242',
    });
    expect(paid.statusCode).toBe(303);
    const order = await call<{ status: string; total_price: string }>(
      app,
      'GET',
      `/orders/orders/${placed.body.id}/`,
      me.headers,
    );
    expect(order.body).toMatchObject({ status: 'paid', total_price: placed.body.total_price });
    const cart = await call<{ items: unknown[] }>(app, 'GET', '/orders/cart/', me.headers);
    expect(cart.body.items).toEqual([]);
  });

  /** The signed-in owner of each shop, made on first use as `npm run staff:create` makes one. */
  const owners = new Map<string, Record<string, string>>();
  async function ownerOf(token: string): Promise<Record<string, string>> {
    const known = owners.get(token);
    if (known) return known;
    const email = `owner@${token}.example`;
    await createStaffMember(
      app.db,
      {
        tenantId: await tenantId(app, token),
        email,
        name: 'Owner',
        role: 'owner',
        password: OWNER_PASSWORD,
      },
      { passwordHashCost: config.passwordHashCost },
    );
    const tokens = await call<{ access: string }>(
      app,
      'POST',
      '/admin/auth/login/',
      asTenant(token),
      {
        email,
        password: OWNER_PASSWORD,
      },
    );
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const headers = { ...asTenant(token), authorization: `Bearer ${tokens.body.access}` };
    owners.set(token, headers);
    return headers;
  }
});
