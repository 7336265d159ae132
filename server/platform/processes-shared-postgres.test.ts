/**
 * Two real API processes (`tsx server/main.ts`) on one PostgreSQL (needs TEST_DATABASE_URL): a
 * login on one refreshes on the other; the login throttle counts across both; 50 concurrent
 * checkouts of the last unit spread over both place exactly one order; one Idempotency-Key sent
 * to both places one order; each drops from its catalogue cache a piece the other sold; and
 * their expiry sweeps expire each due order once.
 */
import {
  type ApiProcess,
  logged,
  processEnv,
  request,
  startApi,
  stopApi,
} from '../test/api-process.ts';
import { ADDRESS, postOrder } from '../test/shop.ts';
import { type TestApp, testDatabaseUrl } from '../test/test-app.ts';
import { DEMO, customersWithCart, orderBody, productWithStock, setup } from '../test/processes.ts';

if (!testDatabaseUrl) {
  console.log(
    'processes-shared-postgres.test.ts: the two-processes-on-one-PostgreSQL tests are SKIPPED: no TEST_DATABASE_URL given (CI gives one through .ci/run)',
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
      // Each sweep logged (debug), so the test can wait for sweeps instead of sleeping.
      const env = { ...processEnv(t.database), ORDER_SWEEP_INTERVAL_S: '1', LOG_LEVEL: 'debug' };
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
      // Let both processes sweep twice more (the first may have begun before), then count.
      const sweeps = (api: ApiProcess) => logged(api, 'swept the orders');
      const seen = [sweeps(a), sweeps(b)];
      await vi.waitFor(
        () => {
          expect(sweeps(a!)).toBeGreaterThanOrEqual(seen[0]! + 2);
          expect(sweeps(b!)).toBeGreaterThanOrEqual(seen[1]! + 2);
        },
        { timeout: 15_000, interval: 100 },
      );
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
