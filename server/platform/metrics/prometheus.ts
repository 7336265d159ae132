/**
 * The metrics themselves (issue 39), with prom-client: imported by ./metrics.ts only when METRICS
 * is on. Registers on the app:
 *
 * - an `onResponse` hook that times every request into `http_request_duration_seconds` by
 *   method, route and status. The route is Fastify's pattern (`/api/products/products/:slug/`),
 *   never the URL a client chose: a page the storefront answers is named by its route of the
 *   build (`/products/$slug`, ../../http/pages.ts tells it), the hashed files under `/assets/` are
 *   one `/assets/*`, and every request no route matched is `unmatched`; the method is one of
 *   HTTP's usual seven or `OTHER`. The label values are so bounded by the code, not by traffic.
 *   Scrapes of `/metrics` are left out, and so are the API requests a server render makes in
 *   process (the page's request holds their time).
 * - `GET /metrics`, for the addresses METRICS_ALLOW names (./allow-list.ts). Anyone else gets the
 *   404 of a path that does not exist (the not-found handler's own answer), not a 403: a scanner
 *   learns nothing of whether metrics are on, and a refused scrape looks exactly like one of a
 *   process with METRICS off, which is what the operator must check either way. The client's
 *   address is `request.ip`: the socket's, or what a proxy TRUST_PROXY trusts says, so an
 *   X-Forwarded-For sent by anyone else changes nothing.
 *
 * A scrape answers three sets of metrics (docs/metrics.md):
 * - this process's (prom-client's default metrics: CPU, resident memory, heap, event loop lag,
 *   garbage collections...), made once per process and shared by every app in it (tests build
 *   several), since they describe the process;
 * - this app's: the request histogram, the server renders and page-cache lookups, and
 *   `shop_figures_up`;
 * - the shop's business, read from the database for this scrape (one reading shared by
 *   concurrent scrapes): the outbox's backlog and failures, orders placed and paid, failed card
 *   payments. When the database cannot answer, the scrape still answers, without them and with
 *   `shop_figures_up 0` (never zeros, which Prometheus would take for counters reset).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { UNDELIVERABLE } from '../mail/outbox.ts';
import { addressMatcher } from './allow-list.ts';
import type { AppMetrics, MetricsOptions, ShopFigures } from './metrics-types.ts';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics';
/** The `route` label of a request no route matched (and no page route named). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The header that marks a server render's own API requests (PageMetrics.renderCallHeaders). */
const RENDER_CALL_HEADER = 'x-render-call';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The process's own metrics, made by the first app that turns metrics on in this process. */
let processRegistry: Registry | null = null;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The outbox's rows still to send or given up, as `shop_email_outbox_emails` counts them. */
interface OutboxFigures {
  pending: number;
  failed: number;
  undeliverable: number;
  /** Age (s) of the oldest e-mail still to send; 0 when none is. */
  oldestPendingSeconds: number;
}

/** Reads the outbox's backlog: one grouped query over its (status, next attempt) index. */
async function readOutboxFigures(db: Kysely<Database>, now: number): Promise<OutboxFigures> {
  const rows = await db
    .selectFrom('email_outbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('emails'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('last_error', '=', UNDELIVERABLE).then(1).else(0).end(),
        )
        .as('undeliverable'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const figures: OutboxFigures = {
    pending: 0,
    failed: 0,
    undeliverable: 0,
    oldestPendingSeconds: 0,
  };
  for (const row of rows) {
    const emails = Number(row.emails);
    if (row.status === 'pending') {
      figures.pending = emails;
      if (row.oldest !== null && row.oldest !== undefined)
        figures.oldestPendingSeconds = Math.max(0, (now - new Date(row.oldest).getTime()) / 1000);
    } else {
      figures.undeliverable = Number(row.undeliverable ?? 0);
      figures.failed = emails - figures.undeliverable;
    }
  }
  return figures;
}

/**
 * Turns the metrics on for `app` (see the module comment): the timing hook, `GET /metrics` and
 * the process's default metrics.
 * @returns what the pages report their renders, cache lookups and shells to.
 */
export function prometheusMetrics(app: FastifyInstance, options: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const processRegistry = processMetrics();
  const allowed = addressMatcher(options.allow);
  const renderCall = randomBytes(16).toString('hex');

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'shop_page_render_duration_seconds',
    help: 'Server renders of storefront pages and their time in seconds, by kind (visitor: a shopper waits for it; background: a kept page past its time) and outcome (ok, failed).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'shop_page_cache_lookups_total',
    help: 'Storefront pages looked up in the page cache, by result: hit (served without a render) or miss.',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const shells = new Counter({
    name: 'shop_page_shells_total',
    help: 'Pages served as the SPA shell (rendered by the browser) instead of a server render, by cause: off (no render module), busy (every render slot taken), failed (the render failed).',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  for (const result of ['hit', 'miss']) cacheLookups.inc({ result }, 0);
  for (const cause of ['off', 'busy', 'failed']) shells.inc({ cause }, 0);
  const figuresUp = new Gauge({
    name: 'shop_figures_up',
    help: 'Whether this scrape could read the business figures (outbox, orders, payments) from the database: 1 yes, 0 no (they are left out).',
    registers: [registry],
  });

  // The business figures, registered apart: a scrape that could not read them leaves them out.
  const figures = new Registry();
  const outbox = new Gauge({
    name: 'shop_email_outbox_emails',
    help: 'E-mails in the outbox by status: pending (still to send, retries included), failed (given up after every retry), undeliverable (to an address that can never receive mail, such as an erased account: expected, given up at once).',
    labelNames: ['status'] as const,
    registers: [figures],
  });
  const oldestPending = new Gauge({
    name: 'shop_email_outbox_oldest_pending_seconds',
    help: 'Age in seconds of the oldest e-mail still to send; 0 when none is.',
    registers: [figures],
  });
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed, all shops together (read from the database).',
    registers: [figures],
  });
  const ordersPaid = new Counter({
    name: 'shop_orders_paid_total',
    help: 'Orders paid, all shops together, whatever became of them since (read from the database).',
    registers: [figures],
  });
  const paymentsFailed = new Counter({
    name: 'shop_payments_failed_total',
    help: 'Card payment attempts that failed (declined or refused), by provider (read from the database).',
    labelNames: ['provider'] as const,
    registers: [figures],
  });

  /** Sets the business metrics from one reading. */
  const show = (outboxFigures: OutboxFigures, shop: ShopFigures) => {
    outbox.set({ status: 'pending' }, outboxFigures.pending);
    outbox.set({ status: 'failed' }, outboxFigures.failed);
    outbox.set({ status: 'undeliverable' }, outboxFigures.undeliverable);
    oldestPending.set(outboxFigures.oldestPendingSeconds);
    // Counters of rows: their value is the count now, which only grows while rows are kept.
    ordersPlaced.reset();
    ordersPlaced.inc(shop.ordersPlaced);
    ordersPaid.reset();
    ordersPaid.inc(shop.ordersPaid);
    paymentsFailed.reset();
    for (const [provider, count] of Object.entries(shop.paymentsFailed))
      paymentsFailed.inc({ provider }, count);
  };

  // One reading at a time: concurrent scrapes share it.
  let reading: Promise<boolean> | null = null;
  const readFigures = (): Promise<boolean> => {
    reading ??= Promise.all([readOutboxFigures(app.db, Date.now()), options.readShopFigures()])
      .then(
        ([outboxFigures, shop]) => {
          show(outboxFigures, shop);
          return true;
        },
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics: could not read the business figures');
          return false;
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  // The not-found handler has no route: the pages name theirs (see PageMetrics.nameRoute).
  const pageRoutes = new WeakMap<FastifyRequest, string>();
  const routeOf = (request: FastifyRequest): string => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined) return pageRoutes.get(request) ?? UNMATCHED_ROUTE;
    // @fastify/static registers a route per built file: one label for the hashed ones.
    if (pattern.startsWith('/assets/')) return '/assets/*';
    return pattern;
  };

  // A callback hook, not an async one: it runs on every request (see ../idle-gc.ts).
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    if (route !== METRICS_PATH && request.headers[RENDER_CALL_HEADER] !== renderCall) {
      requests.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'OTHER',
          route,
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!allowed(request.ip)) return reply.callNotFound();
    const read = await readFigures();
    figuresUp.set(read ? 1 : 0);
    const parts = [await processRegistry.metrics(), await registry.metrics()];
    if (read) parts.push(await figures.metrics());
    return reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(parts.join('\n'));
  });

  return {
    pages: {
      renderCallHeaders: { [RENDER_CALL_HEADER]: renderCall },
      nameRoute: (request, route) => pageRoutes.set(request, route),
      cacheLookup: (result) => cacheLookups.inc({ result }),
      rendered: (kind, outcome, seconds) => renders.observe({ kind, outcome }, seconds),
      shell: (cause) => shells.inc({ cause }),
    },
  };
}
