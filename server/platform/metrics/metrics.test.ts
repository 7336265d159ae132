/**
 * Numbers to watch (issue 39): with METRICS on, `GET /metrics` answers Prometheus's text format
 * with the requests' latency by route pattern and status, the server renders and page-cache
 * lookups, the outbox's backlog and the orders and payments as the database has them; only the
 * addresses METRICS_ALLOW names may read it (a forged X-Forwarded-For changes nothing), and with
 * METRICS off the route does not exist and the process never loads prom-client.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { UNDELIVERABLE } from '../mail/outbox.ts';
import { HTML, loadSource, useFakeDist } from '../../test/pages.ts';
import { notifySandbox, orderOne, paySandbox, startPayment } from '../../test/sandbox.ts';
import { asTenant, createTestApp, type TestApp } from '../../test/test-app.ts';

const dist = useFakeDist();
const DEMO = asTenant('demo-handcraft');

/** Set to make every database query of the app fail (a database gone away). */
let databaseDown = false;
const failingDatabase: KyselyPlugin = {
  transformQuery(args) {
    if (databaseDown) throw new Error('the database went away');
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([
    createTestApp(
      {
        metrics: true,
        metricsAllow: ['127.0.0.1', '::1', '10.1.0.0/16'],
        serveSpa: true,
        distDir: dist.path,
        pageCacheTtlMs: 60_000,
      },
      { loadRenderer: loadSource, plugins: [failingDatabase] },
    ),
    createTestApp({ metrics: false }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

/** `GET /metrics` as the client at `remoteAddress` (with `headers`) asks it. */
function scrape(
  app: FastifyInstance,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
}

/** The exposition of a scrape from this machine (200 expected). */
async function metricsText(app: FastifyInstance = on.app): Promise<string> {
  const answer = await scrape(app);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** How many requests the histogram counted for method, route and status (0 when none). */
function requests(text: string, method: string, route: string, status: number): number {
  return (
    sample(text, 'http_request_duration_seconds_count', {
      method,
      route,
      status: String(status),
    }) ?? 0
  );
}

describe('GET /metrics with METRICS on', () => {
  it('times requests by route pattern, never by the URL a client chose', async () => {
    const before = await metricsText();
    for (const slug of ['damascus-gyuto-210mm', 'no-such-knife-4711']) {
      await on.app.inject({ method: 'GET', url: `/api/products/products/${slug}/`, headers: DEMO });
    }
    const after = await metricsText();
    const route = '/api/products/products/:slug/';
    expect(requests(after, 'GET', route, 200) - requests(before, 'GET', route, 200)).toBe(1);
    expect(requests(after, 'GET', route, 404) - requests(before, 'GET', route, 404)).toBe(1);
    expect(after).not.toContain('no-such-knife-4711');
    expect(after).not.toContain('damascus-gyuto-210mm');
    // A histogram: its buckets and its sum are there too.
    expect(after).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/products\/products\/:slug\/",status="200"\} \d+$/m,
    );
    expect(
      sample(after, 'http_request_duration_seconds_sum', { route, status: '200' }),
    ).toBeGreaterThan(0);
  });

  it('counts a path no route knows as one `unmatched` route, and a 500 by its status', async () => {
    const before = await metricsText();
    const json = { ...DEMO, accept: 'application/json' };
    for (const path of ['/api/no-such-thing/1', '/api/no-such-thing/2'])
      expect((await on.app.inject({ method: 'GET', url: path, headers: json })).statusCode).toBe(
        404,
      );
    databaseDown = true;
    let failed;
    try {
      failed = await on.app.inject({
        method: 'GET',
        url: '/api/products/products/',
        headers: DEMO,
      });
    } finally {
      databaseDown = false;
    }
    expect(failed.statusCode).toBe(500);
    const after = await metricsText();
    expect(
      requests(after, 'GET', 'unmatched', 404) - requests(before, 'GET', 'unmatched', 404),
    ).toBe(2);
    expect(after).not.toContain('no-such-thing');
    const list = '/api/products/products/';
    expect(requests(after, 'GET', list, 500) - requests(before, 'GET', list, 500)).toBe(1);
  });

  it('counts a server render, then a page-cache hit, under the page’s route alone', async () => {
    const before = await metricsText();
    const url = '/products/cherry-cooking-spoon';
    for (let i = 0; i < 2; i++) {
      const page = await on.app.inject({ method: 'GET', url, headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('</html>');
    }
    const after = await metricsText();
    const renders = { kind: 'visitor', outcome: 'ok' };
    expect(
      (sample(after, 'shop_page_render_duration_seconds_count', renders) ?? 0) -
        (sample(before, 'shop_page_render_duration_seconds_count', renders) ?? 0),
    ).toBe(1);
    const lookups = (text: string, result: string) =>
      sample(text, 'shop_page_cache_lookups_total', { result }) ?? 0;
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
    expect(
      requests(after, 'GET', '/products/$slug', 200) -
        requests(before, 'GET', '/products/$slug', 200),
    ).toBe(2);
    expect(after).not.toContain('cherry-cooking-spoon');
    // The API requests the render made in process are not requests a client made.
    const api = '/api/products/products/:slug/';
    expect(requests(after, 'GET', api, 200)).toBe(requests(before, 'GET', api, 200));
  }, 60_000);

  it('shows the outbox’s backlog and failures as its rows stand', async () => {
    const now = new Date();
    const row = (n: number, status: 'pending' | 'failed', lastError: string | null) => ({
      tenant_id: 1,
      kind: 'staff_invitation',
      recipient: `someone-${n}@example.com`,
      data: '{}',
      dedupe_key: `metrics-test:${n}`,
      status,
      attempts: status === 'failed' ? 8 : 1,
      next_attempt_at: new Date(now.getTime() + 3600_000).toISOString(),
      locked_until: null,
      last_error: lastError,
      created_at: new Date(now.getTime() - 600_000).toISOString(),
      sent_at: null,
    });
    await on.app.db
      .insertInto('email_outbox')
      .values([
        row(1, 'pending', null),
        row(2, 'pending', '421 Service not available'),
        row(3, 'failed', '550 No such user'),
        row(4, 'failed', UNDELIVERABLE),
      ])
      .execute();
    const counts = await on.app.db
      .selectFrom('email_outbox')
      .select(['status', 'last_error'])
      .execute();
    const expected = {
      pending: counts.filter((r) => r.status === 'pending').length,
      failed: counts.filter((r) => r.status === 'failed' && r.last_error !== UNDELIVERABLE).length,
      undeliverable: counts.filter((r) => r.last_error === UNDELIVERABLE).length,
    };
    expect(expected.pending).toBeGreaterThanOrEqual(2);
    const text = await metricsText();
    for (const [status, count] of Object.entries(expected))
      expect(sample(text, 'shop_email_outbox_emails', { status }), status).toBe(count);
    // The oldest e-mail still to send was queued ten minutes ago.
    expect(sample(text, 'shop_email_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'shop_figures_up')).toBe(1);
  });

  it('counts the orders placed and paid and the card payments failed as the database has them', async () => {
    const before = await metricsText();
    const paid = await orderOne(on.app);
    const payment = await startPayment(on.app, paid.me, paid.order.id);
    expect((await paySandbox(on.app, payment.payment_uuid, paid.order.total_price)).status).toBe(
      200,
    );
    const declined = await orderOne(on.app);
    const refused = await startPayment(on.app, declined.me, declined.order.id);
    await notifySandbox(on.app, refused.payment_uuid, declined.order.total_price, {
      status: 'failed',
      gateway_transaction_ref: null,
      error_message: 'The card was declined.',
    });
    const after = await metricsText();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('shop_orders_placed_total')).toBe(2);
    expect(delta('shop_orders_paid_total')).toBe(1);
    expect(delta('shop_payments_failed_total', { provider: 'sandbox' })).toBe(1);
    // The same figures as the tables, whichever process is asked.
    const orders = await on.app.db.selectFrom('orders').select(['paid_at']).execute();
    expect(sample(after, 'shop_orders_placed_total')).toBe(orders.length);
    expect(sample(after, 'shop_orders_paid_total')).toBe(
      orders.filter((o) => o.paid_at !== null).length,
    );
    const second = await on.reopen();
    try {
      expect(sample(await metricsText(second.app), 'shop_orders_placed_total')).toBe(orders.length);
    } finally {
      await second.close();
    }
  });

  it('answers the process’s own memory and event loop lag', async () => {
    const text = await metricsText();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('still answers when the database does not, without the business figures', async () => {
    databaseDown = true;
    let text;
    try {
      text = await metricsText();
    } finally {
      databaseDown = false;
    }
    expect(sample(text, 'shop_figures_up')).toBe(0);
    expect(sample(text, 'shop_orders_placed_total')).toBeUndefined();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(await metricsText(), 'shop_figures_up')).toBe(1);
  });
});

describe('who may read /metrics', () => {
  const json = { accept: 'application/json' };

  it('answers the addresses and ranges METRICS_ALLOW names, an IPv4 client on an IPv6 socket too', async () => {
    for (const address of ['127.0.0.1', '::1', '10.1.200.3', '::ffff:127.0.0.1'])
      expect((await scrape(on.app, address)).statusCode, address).toBe(200);
  });

  it('answers anyone else the 404 of a path that does not exist, as with METRICS off', async () => {
    const absent = await scrape(off.app, '127.0.0.1', json);
    expect(absent.statusCode).toBe(404);
    for (const address of ['203.0.113.9', '10.2.0.1', '::ffff:203.0.113.9', '2001:db8::1']) {
      const refused = await scrape(on.app, address, json);
      expect(refused.statusCode, address).toBe(404);
      expect(refused.json()).toEqual(absent.json());
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('does not believe an X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const forged = await scrape(on.app, '203.0.113.9', {
      ...json,
      'x-forwarded-for': '127.0.0.1',
    });
    expect(forged.statusCode).toBe(404);
  });

  it('takes the client a trusted proxy names: a scrape through the local proxy is from outside', async () => {
    // TRUST_PROXY's default trusts loopback: Caddy on this machine says who the client is.
    const throughProxy = await scrape(on.app, '127.0.0.1', {
      ...json,
      'x-forwarded-for': '203.0.113.9',
    });
    expect(throughProxy.statusCode).toBe(404);
    const fromInside = await scrape(on.app, '127.0.0.1', { 'x-forwarded-for': '10.1.0.7' });
    expect(fromInside.statusCode).toBe(200);
  });
});

describe('METRICS off (the default)', () => {
  it('has no /metrics route', async () => {
    const answer = await scrape(off.app, '127.0.0.1', { accept: 'application/json' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Not found.' });
  });

  it('never loads prom-client (a process of its own tells)', async () => {
    // The server tests share one module graph per worker, so a fresh process builds the app.
    const testApp = fileURLToPath(new URL('../../test/test-app.ts', import.meta.url));
    const script = `
      import { createRequire } from 'node:module';
      import { createTestApp } from ${JSON.stringify(testApp)};
      const require = createRequire(import.meta.url);
      const loaded = () =>
        Object.keys(require.cache).some((file) => file.includes('/node_modules/prom-client/'));
      const off = await createTestApp({ metrics: false }, { seed: false });
      const offAnswer = (await off.app.inject({ url: '/metrics' })).statusCode;
      const offLoaded = loaded();
      await off.close();
      const on = await createTestApp({ metrics: true }, { seed: false });
      const onAnswer = (await on.app.inject({ url: '/metrics' })).statusCode;
      const onLoaded = loaded();
      await on.close();
      console.log(JSON.stringify({ offAnswer, offLoaded, onAnswer, onLoaded }));
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({ offAnswer: 404, offLoaded: false, onAnswer: 200, onLoaded: true });
  }, 60_000);
});
