/// <reference types="node" />
/**
 * Table 4 of the bench: latency (p50 and p99, ms) and throughput (req/s) of the busiest
 * writes at a fixed WRITE_RATE req/s overall (autocannon `overallRate`, CONNECTIONS
 * connections, WRITE_REQUESTS requests after WRITE_WARMUP of warm-up), target p99 at most
 * WRITE_P99_TARGET_MS ms: adding a cart item, placing an order, and the card provider's
 * notification that pays one (decision 038). Each request acts for its own customer, prepared
 * beforehand (registered and logged in); the add-item run fills every customer's cart, the
 * order run then checks each one out, and the notification run pays card orders prepared for
 * it. The product's stock is raised in the bench's own SQLite file so it never runs out.
 */
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { sandboxSecretOf } from '../lib/sandbox-secret';
import { checkoutOf, eachLimited, prepareCustomers } from './customers';
import { CONNECTIONS, TENANT, failures } from './load-settings';
import type { BenchTable } from './table';

/**
 * Fixed request rate (req/s) of the write benchmarks, their request count and warm-up count,
 * and their p99 target (ms).
 */
const WRITE_RATE = 50;
const WRITE_REQUESTS = 500;
const WRITE_WARMUP = 50;
const WRITE_P99_TARGET_MS = 50;

/**
 * Runs the write benchmarks: add-item then order creation, each after a short warm-up with
 * customers of its own, then the payment notification (a progress line on stderr after each).
 * @param apiBase the API's base URL, `http://127.0.0.1:PORT/api`
 * @param sqlitePath the API's own SQLite file, where the product's stock is raised
 * @returns the table: target, req/s, p50 ms, p99 ms, errors/non-2xx, within the p99 target
 * @throws Error when no product fits, or preparing a customer or an order fails
 */
export async function writeBenchmarks(apiBase: string, sqlitePath: string): Promise<BenchTable> {
  const list = (await (
    await fetch(`${apiBase}/products/products/?is_active=true&in_stock=true&page_size=100`, {
      headers: TENANT,
    })
  ).json()) as {
    results: {
      id: number;
      price: string;
      options: unknown[];
      made_to_order: boolean;
      age_restricted: boolean;
      stock: number;
    }[];
  };
  // A piece the cart takes as it is, delivered by the cheapest method without an attestation:
  // the one with the most stock, since every customer of the run buys one.
  const product = list.results
    .filter((p) => (p.options ?? []).length === 0 && !p.made_to_order && !p.age_restricted)
    .sort((a, b) => b.stock - a.stock)[0];
  if (!product) throw new Error('the product list has no piece without options');
  // Enough stock for every order the bench places, written straight into its own database.
  const db = new Database(sqlitePath);
  try {
    db.prepare('UPDATE products SET stock = 1000000 WHERE id = ?').run(product.id);
  } finally {
    db.close();
  }
  const customers = await prepareCustomers(apiBase, WRITE_WARMUP + WRITE_REQUESTS);
  const warm = customers.slice(0, WRITE_WARMUP);
  const measured = customers.slice(WRITE_WARMUP);
  const addItem = {
    name: 'POST /api/orders/cart/add-item/',
    url: `${apiBase}/orders/cart/add-item/`,
    body: JSON.stringify({ product_id: product.id, quantity: 1, customization: {} }),
  };
  // Each customer's checkout names their own cart line; the body is made before the run.
  const checkouts = new Map<string, string>();
  const placeOrder = {
    name: 'POST /api/orders/orders/ (bank transfer)',
    url: `${apiBase}/orders/orders/`,
    body: (tokens: string[]) => (customer: number) => checkouts.get(tokens[customer]!)!,
  };
  const rows: string[][] = [];
  for (const target of [addItem, placeOrder]) {
    if (target === placeOrder) {
      await eachLimited(customers, 8, async (token) => {
        checkouts.set(token, JSON.stringify(await checkoutOf(apiBase, token, 'bank_transfer')));
      });
    }
    const body = (tokens: string[]) =>
      typeof target.body === 'function' ? target.body(tokens) : target.body;
    await writeRun(target.url, body(warm), warm);
    rows.push(writeRow(target.name, await writeRun(target.url, body(measured), measured)));
    console.error(`bench: measured ${target.name}`);
  }
  rows.push(await notificationBenchmark(apiBase, sqlitePath, product));
  return {
    title: `Reference API writes (autocannon, ${WRITE_RATE} req/s overall, ${WRITE_REQUESTS} requests, ${CONNECTIONS} connections, one customer per request)`,
    header: [
      'target',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors/non-2xx',
      `p99 <= ${WRITE_P99_TARGET_MS} ms`,
    ],
    rows,
  };
}

/**
 * One autocannon run at WRITE_RATE req/s of one request per customer in `tokens`, each with
 * the next customer's token (so no customer is used twice); `body` is fixed or per customer.
 */
async function writeRun(
  url: string,
  body: string | ((customer: number) => string),
  tokens: string[],
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    overallRate: WRITE_RATE,
    amount: tokens.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const customer = next++ % tokens.length;
          return {
            ...request,
            body: typeof body === 'function' ? body(customer) : body,
            headers: {
              ...request.headers,
              ...TENANT,
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[customer]}`,
            },
          };
        },
      },
    ],
  });
}

/**
 * The payment notification at WRITE_RATE: card orders with a started sandbox payment, one per
 * customer, then the sandbox's signed `succeeded` notification of each (which pays the order
 * and queues its e-mails), every one a different payment.
 * @returns the notification's row of the writes table
 */
async function notificationBenchmark(
  apiBase: string,
  sqlitePath: string,
  product: { id: number; price: string },
): Promise<string[]> {
  const count = WRITE_WARMUP + WRITE_REQUESTS;
  const tokens = await prepareCustomers(apiBase, count);
  const payments: string[] = [];
  const amounts: string[] = [];
  await eachLimited(
    tokens.map((token, i) => ({ token, i })),
    8,
    async ({ token, i }) => {
      const headers = {
        ...TENANT,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      };
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${apiBase}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return (await response.json()) as Record<string, unknown>;
      };
      await post('/orders/cart/add-item/', { product_id: product.id, quantity: 1 });
      const order = await post('/orders/orders/', await checkoutOf(apiBase, token, 'card_2c2p'));
      amounts[i] = String(order.total_price);
      const started = await post('/payments/card/initiate/', {
        order_id: order.id,
        currency: 'USD',
      });
      payments[i] = String(started.payment_uuid);
    },
  );
  const secret = await sandboxSecretOf(sqlitePath, TENANT['X-Tenant-Token']);
  const signed = payments.map((uuid, i) => {
    const body = JSON.stringify({
      event_id: randomUUID(),
      payment_uuid: uuid,
      status: 'succeeded',
      amount: amounts[i],
      currency: 'USD',
      gateway_transaction_ref: 'SBX-BENCH',
      error_message: null,
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    return { body, signature: `t=${t},v1=${v1}` };
  });
  const run = (batch: typeof signed) => {
    let next = 0;
    return autocannon({
      url: `${apiBase}/payments/gateway/notify/`,
      method: 'POST',
      connections: CONNECTIONS,
      overallRate: WRITE_RATE,
      amount: batch.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const { body, signature } = batch[next++ % batch.length]!;
            return {
              ...request,
              body,
              headers: {
                ...request.headers,
                ...TENANT,
                'content-type': 'application/json',
                'x-gateway-signature': signature,
              },
            };
          },
        },
      ],
    });
  };
  await run(signed.slice(0, WRITE_WARMUP));
  const r = await run(signed.slice(WRITE_WARMUP));
  console.error('bench: measured the payment notifications');
  return writeRow('POST /api/payments/gateway/notify/ (succeeded)', r);
}

/**
 * A row of the writes table from a measured run: name, req/s, p50 ms, p99 ms, failed requests,
 * and whether p99 is within WRITE_P99_TARGET_MS (judged on p99 alone; failures are counted
 * in their own column).
 */
function writeRow(name: string, r: autocannon.Result): string[] {
  return [
    name,
    r.requests.average.toFixed(0),
    r.latency.p50.toFixed(1),
    r.latency.p99.toFixed(1),
    String(failures(r)),
    r.latency.p99 <= WRITE_P99_TARGET_MS ? 'yes' : 'NO',
  ];
}
