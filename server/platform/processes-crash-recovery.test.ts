/**
 * A real API process (`tsx server/main.ts`) killed with -9, then restarted, on the engine of the
 * pass (SQLite, or PostgreSQL when TEST_DATABASE_URL is set): every order that got a 201 during
 * a burst of checkouts is there with its lines and its stock, nothing is half-written, and the
 * e-mails of an order committed just before the kill are each sent once by the next process.
 */
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  type ApiProcess,
  logged,
  processEnv,
  request,
  startApi,
  stopApi,
} from '../test/api-process.ts';
import {
  customersWithCart,
  engine,
  orderBody,
  productWithStock,
  setup,
} from '../test/processes.ts';

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
      // Let some checkouts finish, then kill the process in the middle of the rest. On a busy
      // machine the first checkouts of a cold process can take seconds (a PostgreSQL pass under
      // load gave none in 2 s), so wait for ten as long as 20 s rather than kill it too early.
      for (let i = 0; i < 4000 && placed.length < 10; i++)
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
      // The outbox looked at every 200 ms, each look logged (debug), so the test can wait for
      // looks instead of sleeping through them.
      const env = {
        ...processEnv(t.database),
        EMAIL_SEND_LOCK_S: '2',
        EMAIL_POLL_MS: '200',
        LOG_LEVEL: 'debug',
        OUTBOX_DIR: outboxDir,
      };
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
          // The order's own e-mails (the shop's morning list names it too, but is no order's).
          .where('order_id', '=', placed.body.id as number)
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
      // Two e-mails, each written once, and no third after two more looks at the outbox (the
      // first may have begun before they were sent). (Files are named after their outbox row;
      // the shop's morning list of unpaid orders, sent by the sweep at start, is another e-mail.)
      const restarted = api;
      const looks = () => logged(restarted, 'looked for due e-mails');
      const seen = looks();
      await vi.waitFor(() => expect(looks()).toBeGreaterThanOrEqual(seen + 2), {
        timeout: 10_000,
        interval: 50,
      });
      const ids = (await rows()).map((r) => r.id);
      const files = (await readdir(outboxDir)).filter((name) =>
        ids.some((id) => name.endsWith(`-outbox-${id}.eml`)),
      );
      expect(files).toHaveLength(2);
    } finally {
      await stopApi(api);
      silent.close();
      await t.close();
    }
  }, 90_000);
});
