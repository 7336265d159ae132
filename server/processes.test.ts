/**
 * Real API processes (`tsx server/main.ts`) on one database.
 *
 * - Two processes on one PostgreSQL (needs TEST_DATABASE_URL): a login on one refreshes on the
 *   other; the login throttle counts across both; 50 concurrent checkouts of the last unit
 *   spread over both place exactly one order; one Idempotency-Key sent to both places one order.
 * - kill -9 during a burst of checkouts, then a restart: every order that got a 201 is there
 *   with its lines and its stock decremented, and nothing is half-written (on the engine of the
 *   pass: SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
 * - SIGTERM drains: the request in flight finishes, new ones are refused, the database closes.
 */
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  type ApiProcess,
  PROCESS_JWT_SECRET,
  PROCESS_PAYMENT_SECRETS_KEY,
  processEnv,
  request,
  startApi,
  stopApi,
} from './test/api-process.ts';
import {
  ADDRESS,
  call,
  checkoutBody,
  createCustomer,
  postOrder,
  type TestCustomer,
} from './test/shop.ts';
import { createTestApp, type TestApp, testDatabaseUrl } from './test/test-app.ts';

const DEMO = { 'x-tenant-token': 'demo-handcraft' };
/** The customer's bank-transfer checkout of their cart, as the storefront would send it. */
const orderBody = (t: TestApp, customer: TestCustomer) =>
  checkoutBody(t.app, customer, { payment_method: 'bank_transfer', delivery_address: ADDRESS });
const engine = testDatabaseUrl ? 'PostgreSQL' : 'SQLite';

async function setup(): Promise<TestApp> {
  return createTestApp({
    jwtSecret: PROCESS_JWT_SECRET,
    paymentSecretsKey: Buffer.from(PROCESS_PAYMENT_SECRETS_KEY, 'hex'),
  });
}

async function productWithStock(t: TestApp, stock: number): Promise<number> {
  const product = await t.app.db
    .selectFrom('products')
    .innerJoin('tenants', 'tenants.id', 'products.tenant_id')
    .select(['products.id'])
    .where('tenants.token', '=', 'demo-handcraft')
    .where('products.is_active', '=', 1)
    // A piece in stock without options: the cart takes it as it is.
    .where('products.options', 'is', null)
    .where('products.made_to_order', '=', 0)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  await t.app.db.updateTable('products').set({ stock }).where('id', '=', product.id).execute();
  return product.id;
}

async function customersWithCart(
  t: TestApp,
  n: number,
  productId: number,
): Promise<TestCustomer[]> {
  const customers: TestCustomer[] = [];
  for (let i = 0; i < n; i++) {
    const customer = await createCustomer(t.app);
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
      product_id: productId,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    customers.push(customer);
  }
  return customers;
}

if (!testDatabaseUrl) {
  console.log(
    'processes.test.ts: the two-processes-on-one-PostgreSQL tests are SKIPPED: no TEST_DATABASE_URL given (CI gives one through .ci/run)',
  );
}

describe.skipIf(!testDatabaseUrl)('two API processes on one PostgreSQL', () => {
  let t: TestApp;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    t = await setup();
    const env = { ...processEnv(t.database), LOGIN_MAX_FAILURES: '4' };
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await t?.close();
  });

  it('a login on one process refreshes on the other', async () => {
    const login = await request(a.base, 'POST', '/accounts/login/', DEMO, {
      login_id: 'customer',
      password: 'demo-customer-2026',
    });
    expect(login.status).toBe(200);
    const refreshed = await request(b.base, 'POST', '/accounts/token/refresh/', DEMO, {
      refresh: login.body.refresh,
    });
    expect(refreshed.status).toBe(200);
    const cart = await request(a.base, 'GET', '/orders/cart/', {
      ...DEMO,
      authorization: `Bearer ${refreshed.body.access}`,
    });
    expect(cart.status).toBe(200);
  });

  it('the login throttle counts failures made on both processes', async () => {
    const wrong = { login_id: 'customer@riversidepottery.example', password: 'wrong-password' };
    const pottery = { 'x-tenant-token': 'demo-pottery' };
    for (let i = 0; i < 4; i++) {
      const answer = await request(
        i % 2 ? b.base : a.base,
        'POST',
        '/accounts/login/',
        pottery,
        wrong,
      );
      expect(answer.status).toBe(401);
    }
    for (const api of [a, b]) {
      const answer = await request(api.base, 'POST', '/accounts/login/', pottery, wrong);
      expect(answer.status).toBe(429);
    }
  });

  it('50 concurrent checkouts of the last unit, spread over both, place exactly one order', async () => {
    const productId = await productWithStock(t, 50);
    const customers = await customersWithCart(t, 50, productId);
    await t.app.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    const bodies = await Promise.all(customers.map((c) => orderBody(t, c)));
    const answers = await Promise.all(
      customers.map((c, i) =>
        request(i % 2 ? b.base : a.base, 'POST', '/orders/orders/', c.headers, bodies[i]),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const stock = await t.app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const orders = await t.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(
        'user_id',
        'in',
        customers.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(1);
  });

  it('one Idempotency-Key sent to both processes places one order', async () => {
    const productId = await productWithStock(t, 10);
    const [customer] = await customersWithCart(t, 1, productId);
    const headers = { ...customer!.headers, 'idempotency-key': `twin-${Date.now()}` };
    const body = await orderBody(t, customer!);
    const answers = await Promise.all(
      [a, b, a, b].map((api) => request(api.base, 'POST', '/orders/orders/', headers, body)),
    );
    for (const answer of answers) expect([200, 201]).toContain(answer.status);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', customer!.id)
      .execute();
    expect(orders).toHaveLength(1);
  });
});

describe.skipIf(!testDatabaseUrl)('the catalogue caches of two processes on one PostgreSQL', () => {
  it('drop a piece that the other process sold within a second, though they keep answers a minute', async () => {
    const t = await setup();
    const env = { ...processEnv(t.database), CATALOG_CACHE_TTL_MS: '60000' };
    const [a, b] = await Promise.all([startApi(env), startApi(env)]);
    try {
      const productId = await productWithStock(t, 1);
      const { slug } = await t.app.db
        .selectFrom('products')
        .select('slug')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      const stockOn = async (api: ApiProcess) =>
        (await request(api.base, 'GET', `/products/products/${slug}/`, DEMO)).body.stock as number;
      expect(await stockOn(b)).toBe(1);
      const [customer] = await customersWithCart(t, 1, productId);
      const placed = await request(
        a.base,
        'POST',
        '/orders/orders/',
        customer!.headers,
        await orderBody(t, customer!),
      );
      expect(placed.status).toBe(201);
      const soldAt = Date.now();
      let stock = await stockOn(b);
      while (stock !== 0 && Date.now() - soldAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        stock = await stockOn(b);
      }
      expect(stock, 'process B still shows the sold piece a second later').toBe(0);
    } finally {
      await Promise.all([stopApi(a), stopApi(b)]);
      await t.close();
    }
  }, 120_000);
});

describe(`kill -9 during a burst of checkouts, then a restart (${engine})`, () => {
  it('keeps every 201 order with its lines and stock, and nothing half-written', async () => {
    const t = await setup();
    let api: ApiProcess | undefined;
    try {
      const initialStock = 500;
      const productId = await productWithStock(t, initialStock);
      const customers = await customersWithCart(t, 150, productId);
      const bodies = await Promise.all(customers.map((c) => orderBody(t, c)));
      const env = processEnv(t.database);
      api = await startApi(env);
      const placed: number[] = [];
      const burst = customers.map((c, i) =>
        new Promise((r) => setTimeout(r, i * 3))
          .then(() => request(api!.base, 'POST', '/orders/orders/', c.headers, bodies[i]))
          .then((r) => {
            if (r.status === 201) placed.push(r.body.id as number);
          })
          .catch(() => undefined),
      );
      // Let some checkouts finish, then kill the process in the middle of the rest.
      for (let i = 0; i < 400 && placed.length < 10; i++)
        await new Promise((r) => setTimeout(r, 5));
      api.child.kill('SIGKILL');
      await Promise.all(burst);
      await api.exited;
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.length).toBeLessThan(customers.length);

      api = await startApi(env);
      const db = t.app.db;
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where(
          'user_id',
          'in',
          customers.map((c) => c.id),
        )
        .execute();
      const ids = new Set(orders.map((o) => o.id));
      for (const id of placed) expect(ids.has(id), `order ${id} answered 201`).toBe(true);
      // Every order has its line; no line without an order.
      const lines = await db
        .selectFrom('order_items')
        .select(['order_id', 'quantity'])
        .where('product_id', '=', productId)
        .execute();
      expect(new Set(lines.map((l) => l.order_id))).toEqual(ids);
      const sold = lines.reduce((sum, l) => sum + l.quantity, 0);
      const stock = await db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(initialStock - sold);
      // A buyer whose order exists has an empty cart; the others still have theirs.
      for (const customer of customers) {
        const cart = await request(api.base, 'GET', '/orders/cart/', customer.headers);
        expect(cart.status).toBe(200);
        const ordered = orders.some((o) => o.user_id === customer.id);
        expect(cart.body.items.length, `customer ${customer.id}`).toBe(ordered ? 0 : 1);
      }
    } finally {
      await stopApi(api);
      await t.close();
    }
  }, 120_000);
});

describe.skipIf(!testDatabaseUrl)('the expiry sweep in two processes on one PostgreSQL', () => {
  it('expires each due order once and gives its stock back once', async () => {
    const t = await setup();
    let a: ApiProcess | undefined;
    let b: ApiProcess | undefined;
    try {
      const productId = await productWithStock(t, 30);
      const customers = await customersWithCart(t, 12, productId);
      const ids: number[] = [];
      for (const customer of customers) {
        const placed = await postOrder<{ id: number }>(t.app, customer, {
          payment_method: 'bank_transfer',
          delivery_address: ADDRESS,
        });
        expect(placed.status).toBe(201);
        ids.push(placed.body.id);
      }
      await t.app.db
        .updateTable('orders')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', 'in', ids)
        .execute();
      const env = { ...processEnv(t.database), ORDER_SWEEP_INTERVAL_S: '1' };
      [a, b] = await Promise.all([startApi(env), startApi(env)]);
      await vi.waitFor(
        async () => {
          const orders = await t.app.db
            .selectFrom('orders')
            .select('status')
            .where('id', 'in', ids)
            .execute();
          expect(orders.map((o) => o.status)).toEqual(Array(12).fill('expired'));
        },
        { timeout: 20_000, interval: 200 },
      );
      // Let both processes sweep again, then count.
      await new Promise((r) => setTimeout(r, 2500));
      const stock = await t.app.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(30);
      const closed = await t.app.db
        .selectFrom('email_outbox')
        .select('dedupe_key')
        .where('kind', '=', 'order_closed')
        .execute();
      for (const id of ids) {
        expect(closed.filter((e) => e.dedupe_key === `order:${id}:closed:shopper`)).toHaveLength(1);
      }
    } finally {
      await Promise.all([stopApi(a), stopApi(b)]);
      await t.close();
    }
  }, 90_000);
});

describe(`kill -9 between an order's commit and its e-mails, then a restart (${engine})`, () => {
  it('sends every e-mail of the order once, from the next process', async () => {
    const t = await setup();
    // A mail server that accepts the connection and never answers: the send hangs.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtpPort = (silent.address() as { port: number }).port;
    const outboxDir = join(t.database.dir, 'process-outbox');
    let api: ApiProcess | undefined;
    try {
      const productId = await productWithStock(t, 10);
      const [customer] = await customersWithCart(t, 1, productId);
      const env = { ...processEnv(t.database), EMAIL_SEND_LOCK_S: '2', OUTBOX_DIR: outboxDir };
      api = await startApi({ ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      const placed = await request(
        api.base,
        'POST',
        '/orders/orders/',
        customer!.headers,
        await orderBody(t, customer!),
      );
      expect(placed.status).toBe(201);
      const rows = () =>
        t.app.db
          .selectFrom('email_outbox')
          .select(['id', 'status', 'attempts', 'locked_until'])
          .where('data', 'like', `%${placed.body.order_number as string}%`)
          .execute();
      // Committed with the order; the sender took the first and is stuck at the mail server.
      await vi.waitFor(async () => {
        const taken = await rows();
        expect(taken).toHaveLength(2);
        expect(taken.some((r) => r.attempts === 1 && r.locked_until !== null)).toBe(true);
      });
      api.child.kill('SIGKILL');
      await api.exited;
      expect((await rows()).every((r) => r.status === 'pending')).toBe(true);

      api = await startApi(env);
      await vi.waitFor(
        async () => expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']),
        { timeout: 20_000, interval: 250 },
      );
      // Two e-mails, each written once, and no third after another poll.
      await new Promise((r) => setTimeout(r, 5500));
      const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(2);
    } finally {
      await stopApi(api);
      silent.close();
      await t.close();
    }
  }, 90_000);
});

describe('a production start', () => {
  it('with SEED_DEMO=0 serves no sandbox page nor sandbox route', async () => {
    const t = await setup();
    let api: ApiProcess | undefined;
    try {
      api = await startApi({
        ...processEnv(t.database),
        NODE_ENV: 'production',
        SEED_DEMO: '0',
        STOREFRONT_URL: 'https://shop.example',
      });
      const page = await fetch(`${api.base}/api/payments/sandbox/checkout/SBX-20261124-ABCDEF/`);
      expect(page.status).toBe(404);
      const form = await fetch(`${api.base}/api/payments/sandbox/checkout/SBX-20261124-ABCDEF/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay&card_number=4242424242424242',
      });
      expect(form.status).toBe(404);
      const notify = await request(
        api.base,
        'POST',
        '/payments/gateway/notify/',
        {
          ...DEMO,
          'x-gateway-signature': 't=1,v1=' + '0'.repeat(64),
        },
        {
          event_id: '0b7c6a52-1f7e-4c86-a3c5-6f9d2e8b1a40',
          payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
          status: 'succeeded',
          amount: '1.00',
          currency: 'USD',
        },
      );
      expect(notify.status).toBe(404);
      const options = await request(api.base, 'GET', '/payments/options/', DEMO);
      expect(options.body.enable_card_payment).toBe(false);
    } finally {
      await stopApi(api);
      await t.close();
    }
  }, 60_000);

  it('refuses to start with the sandbox on, saying why', async () => {
    const t = await setup();
    try {
      const failure = await startApi({
        ...processEnv(t.database),
        NODE_ENV: 'production',
        STOREFRONT_URL: 'https://shop.example',
        PAYMENT_SANDBOX: '1',
      }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/API exited early/);
      expect(failure).toMatch(/PAYMENT_SANDBOX is on with NODE_ENV=production/);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe(`SIGTERM (${engine})`, () => {
  it('lets the request in flight finish, refuses new ones, closes the database and exits 0', async () => {
    const t = await setup();
    let api: ApiProcess | undefined;
    try {
      // A slow password hash keeps a login in flight long enough to signal during it.
      await t.app.db
        .updateTable('users')
        .set({
          password_hash: await import('./auth/passwords.ts').then((m) =>
            m.hashPassword('slow-password-1', { log2Cost: 17 }),
          ),
        })
        .where('username', '=', 'customer')
        .execute();
      api = await startApi(processEnv(t.database));
      const inFlight = request(api.base, 'POST', '/accounts/login/', DEMO, {
        login_id: 'customer',
        password: 'slow-password-1',
      });
      // Long enough for the request to reach the server, well short of the hash's time.
      await new Promise((r) => setTimeout(r, 150));
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      // The signal is handled when the event loop gets to it (later on a busy CI machine):
      // from then on, while the login is still in flight, new requests are refused.
      let refused: number | string = 200;
      for (let i = 0; i < 100 && refused === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        refused = await fetch(`${api.base}/healthz`).then(
          (r) => r.status,
          () => 'refused',
        );
      }
      expect(refused === 'refused' || refused === 503).toBe(true);
      const answer = await inFlight;
      expect(Date.now()).toBeGreaterThan(signalledAt);
      expect(answer.status).toBe(200);
      expect(answer.body.access).toEqual(expect.any(String));
      expect(await api.exited).toBe(0);
      expect(api.output.join('')).toContain('database closed');
    } finally {
      await stopApi(api);
      await t.close();
    }
  }, 60_000);
});
