/// <reference types="node" />
/**
 * `npm run bench`: tables, then exit.
 *
 * 1. JavaScript each route loads first, gzipped, from the build (built when stale):
 *    scripts/lib/route-js.ts, with its budgets (130 KB on `/`, 140 KB elsewhere).
 * 2. Throughput and latency of the reference API run as `npm start` does (temp SQLite, free
 *    port), measured with autocannon (10 connections, 10 s each) on the product list, a
 *    sorted and filtered product list and the search suggestions (target p99 <= 10 ms)
 *    and a product detail, next to a bare Fastify route serving a constant JSON, as a ceiling.
 *    The suggestions are also measured at a steady 100 req/s, where their p99 target holds.
 * 3. Server-rendered pages (decision 008): the product list and a product page as a
 *    browser asks for them (Accept: text/html), at a fixed 100 req/s (autocannon `overallRate`),
 *    10 s each after a warm-up, target p99 <= 20 ms with no errors; then at full speed
 *    (10 connections), for their ceiling.
 * 4. Latency of the busiest writes at a fixed 50 req/s (autocannon `overallRate`), target
 *    p99 <= 50 ms: adding a cart item, placing an order, and the card provider's notification
 *    that pays one (decision 013). Each request acts for its own customer, prepared beforehand
 *    (registered and logged in); the add-item run fills every customer's cart, the order run
 *    then checks each one out, and the notification run pays card orders prepared for it.
 *    The product's stock is raised in the bench's own SQLite file so it never runs out.
 *
 * 5. Memory of the API process (at most 120 MB resident when idle after start, at
 *    most 250 MB under load): the API runs exactly as `npm start` runs it (the compiled
 *    server, the command read from package.json). It is started once to create and seed the
 *    database, stopped, and started again, as a shop restarts; its resident set is read from
 *    /proc after IDLE_SETTLE_S seconds of idleness, then sampled during every load above.
 *
 * Everything is bounded: a hard deadline stops the servers and exits 1 if anything hangs.
 * `tsx scripts/bench.ts --baseline-server PORT` is the bare Fastify app (run as a child).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { freePort, waitForHttp } from './lib/local-servers';
import { routeJsSizes } from './lib/route-js';
import { sandboxSecretOf } from './lib/sandbox-secret';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const CONNECTIONS = 10;
const DURATION_S = 10;
const DEADLINE_MS = 10 * 60_000;
const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };
/** Fixed request rate of the write benchmarks, their request count and their p99 target. */
const WRITE_RATE = 50;
const WRITE_REQUESTS = 500;
const WRITE_WARMUP = 50;
const WRITE_P99_TARGET_MS = 50;
/** Memory targets (MB resident) and how long the API sits idle before it is measured. */
const IDLE_RSS_TARGET_MB = 120;
const LOAD_RSS_TARGET_MB = 250;
const IDLE_SETTLE_S = 30;
/**
 * p99 target of the header's search suggestions, at a steady rate of requests, and
 * the terms asked for in turn (prefixes a shopper types on the way to a seeded name).
 */
const SUGGESTIONS_P99_TARGET_MS = 10;
const SUGGESTIONS_RATE = 100;
const SUGGESTION_TERMS = [
  'da',
  'dam',
  'dama',
  'ch',
  'che',
  'chef',
  'wa',
  'wal',
  'walnu',
  'oa',
  'oak',
  'bo',
  'bowl',
  'kn',
  'knif',
  'pa',
  'pain',
  'ce',
  'cer',
  'spoon',
];
/** The delivery address of every order the bench places (the UK: every method is offered). */
const BENCH_ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Bench Shopper',
  contact_number: '+44 114 496 0000',
};

/** Distinct page URLs per second while the product page is measured again. */
const FLOOD_RATE = 200;
/** Fixed request rate of the server-rendered pages and their p99 target. */
const SSR_RATE = 100;
const SSR_P99_TARGET_MS = 20;

// ---------------------------------------------------------------------------------------------
// Baseline child mode

if (process.argv[2] === '--baseline-server') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.argv[3]) });
} else {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const cleanup = () => {
    for (const child of children) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${DEADLINE_MS / 1000} s; giving up.`);
    cleanup();
    process.exit(1);
  }, DEADLINE_MS);
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });

  try {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
    const jsRows = routeJsSizes(root).map((size) => [
      size.route,
      String(size.files),
      size.kb.toFixed(1),
      String(size.budgetKb),
      size.kb <= size.budgetKb ? 'yes' : 'NO',
    ]);

    const [apiPort, basePort] = await Promise.all([freePort(), freePort()]);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      SQLITE_PATH: path.join(tmp, 'shop.sqlite'),
      MEDIA_DIR: path.join(tmp, 'media'),
      LOG_LEVEL: 'warn',
      // The write benchmarks register and log in hundreds of customers from one address,
      // quickly: cheap password hashes, and throttles out of the way.
      PASSWORD_HASH_COST: '10',
      REGISTER_MAX_PER_ADDRESS: '100000',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    };
    delete env.DATABASE_URL;
    const [command, ...args] = productionStartCommand();
    // The first start creates and seeds the database (images made with sharp): a one-off.
    const seeding = start(command!, args, env);
    children.push(seeding);
    await waitForHttp('reference API (seeding)', seeding, `http://127.0.0.1:${apiPort}/readyz`, {
      timeoutMs: 180_000,
      requireOk: true,
    });
    await stop(seeding);
    const api = start(command!, args, env);
    const baseline = start(
      bin('tsx'),
      [fileURLToPath(import.meta.url), '--baseline-server', String(basePort)],
      process.env,
    );
    children.push(api, baseline);

    const apiBase = `http://127.0.0.1:${apiPort}/api`;
    await waitForHttp('reference API', api, `${apiBase}/products/products/?is_active=true`, {
      headers: TENANT,
      timeoutMs: 180_000,
      requireOk: true,
    });
    await waitForHttp('baseline', baseline, `http://127.0.0.1:${basePort}/`, {
      timeoutMs: 30_000,
      requireOk: true,
    });

    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
    const idleMb = residentMb(api.pid!);
    let peakMb = idleMb ?? 0;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, residentMb(api.pid!) ?? 0);
    }, 100);

    const list = (await (
      await fetch(`${apiBase}/products/products/?is_active=true&in_stock=true&page_size=100`, {
        headers: TENANT,
      })
    ).json()) as { results?: { slug: string }[] } | { slug: string }[];
    const first = (Array.isArray(list) ? list : (list.results ?? []))[0];
    if (!first) throw new Error('the product list is empty');

    const targets: {
      name: string;
      url: string;
      headers: Record<string, string>;
      requests?: { method: 'GET'; path: string }[];
      /** Also measured at SUGGESTIONS_RATE req/s, where this p99 must hold. */
      p99TargetMs?: number;
    }[] = [
      {
        name: 'GET /api/products/products/?is_active=true',
        url: `${apiBase}/products/products/?is_active=true`,
        headers: TENANT,
      },
      {
        // A sorted and filtered list (the cache keys on the normalized parameters).
        name: 'GET /api/products/products/?ordering=-price&min_price=50&in_stock=true',
        url: `${apiBase}/products/products/?is_active=true&ordering=-price&min_price=50&in_stock=true`,
        headers: TENANT,
      },
      {
        // The header's suggestions, asked on every pause in typing; twenty terms in
        // turn, so each is a cache miss once a second (the catalogue cache's TTL).
        name: `GET /api/products/suggestions/?q= (${SUGGESTION_TERMS.length} terms in turn)`,
        url: `${apiBase}/products/suggestions/?q=${SUGGESTION_TERMS[0]}`,
        headers: TENANT,
        requests: SUGGESTION_TERMS.map((q) => ({
          method: 'GET' as const,
          path: `/api/products/suggestions/?q=${q}`,
        })),
        p99TargetMs: SUGGESTIONS_P99_TARGET_MS,
      },
      {
        name: `GET /api/products/products/${first.slug}/`,
        url: `${apiBase}/products/products/${first.slug}/`,
        headers: TENANT,
      },
      {
        name: 'bare fastify route (constant JSON, baseline)',
        url: `http://127.0.0.1:${basePort}/`,
        headers: {},
      },
    ];
    const httpRows: string[][] = [];
    for (const target of targets) {
      // A short warm-up so the first table row is not the JIT's cold start.
      await autocannon({
        url: target.url,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: 2,
      });
      const r = await autocannon({
        url: target.url,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: DURATION_S,
        ...(target.requests ? { requests: target.requests } : {}),
      });
      // Full speed measures the ceiling, where p99 is mostly queueing; a latency target is
      // judged at a steady rate, as the server-rendered pages are.
      const paced =
        target.p99TargetMs === undefined
          ? null
          : await autocannon({
              url: target.url,
              headers: target.headers,
              connections: CONNECTIONS,
              overallRate: SUGGESTIONS_RATE,
              duration: DURATION_S,
              ...(target.requests ? { requests: target.requests } : {}),
            });
      const errors =
        r.errors +
        r.timeouts +
        r.non2xx +
        (paced ? paced.errors + paced.timeouts + paced.non2xx : 0);
      httpRows.push([
        target.name,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(errors),
        paced === null || target.p99TargetMs === undefined
          ? ''
          : `${paced.latency.p99.toFixed(1)} ms @${SUGGESTIONS_RATE}/s, <= ${target.p99TargetMs}: ${paced.latency.p99 <= target.p99TargetMs && errors === 0 ? 'yes' : 'NO'}`,
      ]);
      console.error(`bench: measured ${target.name}`);
    }

    const siteBase = `http://127.0.0.1:${apiPort}`;
    const pages = [
      { name: 'GET /products (server-rendered)', url: `${siteBase}/products` },
      {
        name: `GET /products/${first.slug} (server-rendered)`,
        url: `${siteBase}/products/${first.slug}`,
      },
    ];
    const ssrRows: string[][] = [];
    for (const target of pages) {
      const headers = { accept: 'text/html' };
      await autocannon({ url: target.url, headers, connections: CONNECTIONS, duration: 3 });
      const paced = await autocannon({
        url: target.url,
        headers,
        connections: CONNECTIONS,
        overallRate: SSR_RATE,
        duration: DURATION_S,
      });
      const full = await autocannon({
        url: target.url,
        headers,
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      const errors =
        paced.errors + paced.timeouts + paced.non2xx + full.errors + full.timeouts + full.non2xx;
      ssrRows.push([
        target.name,
        paced.requests.average.toFixed(0),
        paced.latency.p50.toFixed(1),
        paced.latency.p99.toFixed(1),
        full.requests.average.toFixed(0),
        full.latency.p99.toFixed(1),
        String(errors),
        paced.latency.p99 <= SSR_P99_TARGET_MS && errors === 0 ? 'yes' : 'NO',
      ]);
      console.error(`bench: measured ${target.name}`);
    }

    // The product page again, while a flood of distinct URLs (tracking parameters on /, and
    // searches nobody else makes) arrives at FLOOD_RATE: its p99 should stay within 2x of the
    // paced run above (the cache keys by validated parameters; renders are capped).
    const real = pages[1]!;
    let floodCount = 0;
    const [during, flood] = await Promise.all([
      autocannon({
        url: real.url,
        headers: { accept: 'text/html' },
        connections: CONNECTIONS,
        overallRate: SSR_RATE,
        duration: DURATION_S,
      }),
      autocannon({
        url: siteBase,
        connections: CONNECTIONS,
        overallRate: FLOOD_RATE,
        duration: DURATION_S,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              floodCount++;
              const path =
                floodCount % 2
                  ? `/?utm_source=flood-${floodCount}`
                  : `/products?search=flood-${floodCount}`;
              return { ...request, path, headers: { ...request.headers, accept: 'text/html' } };
            },
          },
        ],
      }),
    ]);
    const alone = Number(ssrRows[1]![3]);
    const floodErrors = during.errors + during.timeouts + during.non2xx + flood.non2xx;
    ssrRows.push([
      `${real.name}, during ${FLOOD_RATE} req/s of distinct URLs`,
      during.requests.average.toFixed(0),
      during.latency.p50.toFixed(1),
      during.latency.p99.toFixed(1),
      '',
      '',
      String(floodErrors),
      `${during.latency.p99 <= 2 * alone && floodErrors === 0 ? 'yes' : 'NO'} (<= 2x ${alone.toFixed(1)})`,
    ]);
    console.error('bench: measured the product page during a flood of distinct URLs');

    const writeRows = await writeBenchmarks(apiBase, path.join(tmp, 'shop.sqlite'));
    clearInterval(sampler);
    const memoryRows = [
      memoryRow(`idle ${IDLE_SETTLE_S} s after start`, idleMb, IDLE_RSS_TARGET_MB),
      memoryRow('peak under the loads above', peakMb, LOAD_RSS_TARGET_MB),
    ];

    console.log(
      '\nJavaScript loaded first per route (gzip level 9, 1 KB = 1024 B; npm run check:js-budget)\n',
    );
    printTable(['route', 'files', 'KB gzip', 'budget', 'within'], jsRows);
    console.log(`\nReference API (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each)\n`);
    printTable(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'p99 at a steady rate'],
      httpRows,
    );
    console.log(
      `\nServer-rendered pages (autocannon, ${CONNECTIONS} connections: ${SSR_RATE} req/s overall for ${DURATION_S} s, then full speed for ${DURATION_S} s)\n`,
    );
    printTable(
      [
        'target',
        `req/s @${SSR_RATE}`,
        'p50 ms',
        'p99 ms',
        'max req/s',
        'p99 ms @max',
        'errors/non-2xx',
        `p99 <= ${SSR_P99_TARGET_MS} ms`,
      ],
      ssrRows,
    );
    console.log(
      `\nReference API writes (autocannon, ${WRITE_RATE} req/s overall, ${WRITE_REQUESTS} requests, ${CONNECTIONS} connections, one customer per request)\n`,
    );
    printTable(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', `p99 <= ${WRITE_P99_TARGET_MS} ms`],
      writeRows,
    );
    console.log(`\nAPI process memory (resident set, ${command} ${args.join(' ')})\n`);
    printTable(['when', 'MB resident', 'target MB', 'within'], memoryRows);
  } finally {
    clearTimeout(deadline);
    cleanup();
  }

  function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    // Own process group, so the cleanup reaches the node process under tsx too.
    return spawn(cmd, args, {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

/**
 * The command `npm start` runs after its build step (package.json's `start`, after the last
 * `&&`), with `node` replaced by this Node: the bench measures the production start itself.
 * @throws Error when the script does not end in a `node ...` command.
 */
function productionStartCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split('&&').pop()!.trim().split(/\s+/);
  if (words[0] !== 'node')
    throw new Error(`npm start does not end in a node command: ${pkg.scripts.start}`);
  return [process.execPath, ...words.slice(1)];
}

/** Resident set of a process in MB (VmRSS from /proc), or null where /proc is not Linux's. */
function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function memoryRow(when: string, mb: number | null, targetMb: number): string[] {
  if (mb === null) return [when, 'n/a (no /proc)', String(targetMb), '-'];
  return [when, mb.toFixed(0), String(targetMb), mb <= targetMb ? 'yes' : 'NO'];
}

/** SIGTERM to a child started by `start`, then waits for it to exit (10 s, then SIGKILL). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Registers and logs in `count` customers of the demo shop; returns their access tokens. */
async function prepareCustomers(apiBase: string, count: number): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const tokens: string[] = [];
  const json = { ...TENANT, 'content-type': 'application/json' };
  await eachLimited(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const email = `bench-${stamp}-${i}@example.com`;
      const password = 'bench-password-42';
      const registered = await fetch(`${apiBase}/accounts/register/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password, password_confirm: password }),
      });
      if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
      const login = await fetch(`${apiBase}/accounts/login/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ login_id: email, password }),
      });
      const body = (await login.json()) as { access?: string };
      if (!body.access) throw new Error(`login answered ${login.status}`);
      tokens[i] = body.access;
    },
  );
  return tokens;
}

/**
 * The checkout body the storefront sends for the customer's cart: each line by the method the
 * shipping quote picks for the UK, and the quote's total as the total the shopper saw.
 * @throws Error when the quote is refused
 */
async function checkoutOf(apiBase: string, token: string, paymentMethod: string) {
  const response = await fetch(`${apiBase}/orders/cart/shipping-quote/`, {
    method: 'POST',
    headers: { ...TENANT, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ country: 'GB' }),
  });
  if (!response.ok) throw new Error(`the shipping quote answered ${response.status}`);
  const quote = (await response.json()) as {
    lines: { item_id: number; method: string }[];
    total_price: string;
  };
  return {
    payment_method: paymentMethod,
    delivery_address: BENCH_ADDRESS,
    shipping: quote.lines.map((l) => ({ item_id: l.item_id, method: l.method })),
    expected_total_price: quote.total_price,
  };
}

/**
 * One autocannon run of `count` requests at WRITE_RATE req/s, each with the next customer's
 * token (so no customer is used twice).
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
 * The write benchmarks (see the module comment): add-item then order creation, each after a
 * short warm-up with customers of its own. Rows: target, req/s, p50, p99, errors, within target.
 */
async function writeBenchmarks(apiBase: string, sqlitePath: string): Promise<string[][]> {
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
    const r = await writeRun(target.url, body(measured), measured);
    const errors = r.errors + r.timeouts + r.non2xx;
    rows.push([
      target.name,
      r.requests.average.toFixed(0),
      r.latency.p50.toFixed(1),
      r.latency.p99.toFixed(1),
      String(errors),
      r.latency.p99 <= WRITE_P99_TARGET_MS ? 'yes' : 'NO',
    ]);
    console.error(`bench: measured ${target.name}`);
  }
  rows.push(await notificationBenchmark(apiBase, sqlitePath, product));
  return rows;
}

/**
 * The payment notification at WRITE_RATE: card orders with a started sandbox payment, one per
 * customer, then the sandbox's signed `succeeded` notification of each (which pays the order
 * and queues its e-mails), every one a different payment.
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
  const errors = r.errors + r.timeouts + r.non2xx;
  console.error('bench: measured the payment notifications');
  return [
    'POST /api/payments/gateway/notify/ (succeeded)',
    r.requests.average.toFixed(0),
    r.latency.p50.toFixed(1),
    r.latency.p99.toFixed(1),
    String(errors),
    r.latency.p99 <= WRITE_P99_TARGET_MS ? 'yes' : 'NO',
  ];
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
