/// <reference types="node" />
/**
 * `npm run bench -- --propagation`: how long a change saved in the back office takes to show on
 * another API process's storefront, two processes on one PostgreSQL (the setting where it
 * matters: one SQLite file is served by one process).
 *
 *   npm run bench -- --propagation [--saves N] [--postgres]
 *
 * The demo shops are seeded into a scratch database beside TEST_DATABASE_URL (dropped after;
 * `--postgres` without it runs the bench again under scripts/pg-throwaway.sh, which starts a
 * throwaway cluster), then two API processes are started on it from the sources
 * (`node --import tsx server/main.ts`, as the multi-process tests start them), each with the
 * shop's defaults (catalogue and page caches of CATALOG_CACHE_TTL_MS, 1 s unless set) and the
 * storefront's server-rendered pages from dist/ (`npm run build` first for the current pages).
 *
 * The owner signs in on process A. Each of N saves (default 50) alternates a stock count
 * (`POST /api/admin/products/{id}/stock/`, 1, 2 or 3 pieces: the page says "Only 2 left in
 * stock") and a price (`PATCH /api/admin/products/{id}/`, a cent more each time) of one demo
 * piece. Before each save process B's answers are read, so B holds them in its caches; from the
 * moment A's answer to the save arrives, B's storefront product answer
 * (`GET /api/products/products/{slug}/`) and its product page (`GET /products/{slug}`, HTML)
 * are read back to back until each shows the change. The time to the first answer that shows it
 * is one sample (it includes that answer's own latency, a few ms). The table gives p50, p99 and
 * the largest, in ms, per kind of change and answer; the goal is under 1000 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/platform/db/connection.ts';
import { seedBackOfficeIfMissing } from '../../server/seed/back-office-seed.ts';
import { DEMO_STAFF } from '../../server/seed/back-office-seed-data.ts';
import { freePort } from '../lib/local-servers';
import { killGroup, projectRoot, stop } from './api-process';
import {
  benchPostgresUrl,
  type EngineOptions,
  takeEngineFlag,
  wholeNumber,
} from './engine-options';
import { seedDemoDatabase } from './grow-cli';
import { createScratchDatabase, rerunUnderThrowawayPostgres } from './size-bench';
import { type BenchTable, printTable } from './table';

/** The propagation bench's options, from the command line. */
export interface PropagationBenchOptions extends EngineOptions {
  /** Saves measured, alternately a stock count and a price. */
  saves: number;
}

const TENANT = 'demo-handcraft';
/** The whole run's limit, in ms. */
const DEADLINE_MS = 10 * 60_000;
/** A change not shown after this long is recorded as this long (and the table says so). */
const GIVE_UP_MS = 10_000;
/** The goal: every change shows on the other process within a second. */
const GOAL_MS = 1000;

/**
 * The propagation mode's options when `argv` asks for it (`--propagation`), or null.
 * @throws Error on an unknown option or a malformed number
 */
export function parsePropagationBenchArgs(argv: readonly string[]): PropagationBenchOptions | null {
  if (!argv.some((arg) => arg === '--propagation')) return null;
  const options: PropagationBenchOptions = {
    saves: 50,
    postgres: false,
    sqliteOnly: false,
    postgresOnly: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    if (name === '--propagation') continue;
    if (takeEngineFlag(options, name)) continue;
    if (name === '--saves') {
      options.saves = Math.max(2, wholeNumber(name, inline ?? argv[++i]));
      continue;
    }
    throw new Error(
      `unknown option ${argv[i]} (the propagation bench takes --saves N, --postgres)`,
    );
  }
  if (options.sqliteOnly) {
    throw new Error(
      '--propagation measures two processes on one PostgreSQL: --sqlite-only leaves nothing',
    );
  }
  return options;
}

interface Api {
  child: ChildProcess;
  base: string;
}

/** Starts one API process from the sources on `databaseUrl` and waits for /readyz (60 s). */
async function startApi(
  databaseUrl: string,
  dir: string,
  secrets: Record<string, string>,
): Promise<Api> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...secrets,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SERVE_SPA: '1',
    TENANT_TOKEN: TENANT,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: path.join(dir, 'media'),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('an API process exited while starting');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error('an API process was not ready after 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function json(
  base: string,
  method: string,
  apiPath: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/api${apiPath}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** The product page's HTML as process `base` serves it. */
async function page(base: string, slug: string): Promise<string> {
  const response = await fetch(`${base}/products/${slug}`, { headers: { accept: 'text/html' } });
  return response.text();
}

/** Reads `read` back to back until `shows` holds; ms from `since`, at most GIVE_UP_MS. */
async function timeUntil<T>(read: () => Promise<T>, shows: (value: T) => boolean, since: number) {
  for (;;) {
    const value = await read();
    const ms = performance.now() - since;
    if (shows(value) || ms >= GIVE_UP_MS) return ms;
  }
}

/** The p-th percentile (0-100) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/**
 * Runs the propagation bench (see the module comment) and prints its table.
 * @returns the exit status (0 also when the goal is missed: the table says so)
 */
export async function runPropagationBench(options: PropagationBenchOptions): Promise<number> {
  const pgUrl = benchPostgresUrl(options);
  if (!pgUrl) {
    if (options.postgres) return rerunUnderThrowawayPostgres();
    throw new Error(
      '--propagation needs PostgreSQL: set TEST_DATABASE_URL, or add --postgres for a throwaway cluster',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-propagation-bench-'));
  const apis: Api[] = [];
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${DEADLINE_MS / 60_000} min; giving up.`);
    for (const api of apis) killGroup(api.child);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }, DEADLINE_MS);
  const scratch = await createScratchDatabase(pgUrl);
  try {
    console.error('bench: seeding PostgreSQL');
    await seedDemoDatabase({ databaseUrl: scratch.url });
    // The demo staff (the owner signs in on A): the API's seed adds them on a real start only.
    const handle = openDatabase({ databaseUrl: scratch.url, sqlitePath: '' });
    try {
      await seedBackOfficeIfMissing(handle.db, { passwordHashCost: 10 });
    } finally {
      await handle.db.destroy();
    }
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    console.error('bench: starting two API processes');
    const [a, b] = await Promise.all([
      startApi(scratch.url, dir, secrets),
      startApi(scratch.url, dir, secrets),
    ]);
    apis.push(a!, b!);
    const table = await measure(a!, b!, options.saves);
    printTable(table);
    return 0;
  } finally {
    clearTimeout(deadline);
    await Promise.all(apis.map((api) => stop(api.child).catch(() => killGroup(api.child))));
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs the owner in on A, picks a piece, and times `saves` saves as the module comment says. */
async function measure(a: Api, b: Api, saves: number): Promise<BenchTable> {
  const owner = DEMO_STAFF.find((s) => s.tenantToken === TENANT && s.role === 'owner')!;
  const login = await json(
    a.base,
    'POST',
    '/admin/auth/login/',
    { 'x-tenant-token': TENANT },
    {
      email: owner.email,
      password: owner.password,
    },
  );
  if (login.status !== 200) {
    throw new Error(`the owner could not sign in (${login.status} ${JSON.stringify(login.body)})`);
  }
  const admin = { 'x-tenant-token': TENANT, authorization: `Bearer ${String(login.body.access)}` };
  const shop = { 'x-tenant-token': TENANT };

  // A plain piece: in stock, no options, not made to order (its page shows its stock).
  const list = await json(b.base, 'GET', '/products/products/?in_stock=true&page_size=50', shop);
  const pieces = (list.body.results ?? []) as {
    id: number;
    slug: string;
    made_to_order?: boolean;
  }[];
  const piece = pieces.find((p) => !p.made_to_order);
  if (!piece) throw new Error('no piece in stock in the demo shop');
  const onB = async () =>
    (await json(b.base, 'GET', `/products/products/${piece.slug}/`, shop)).body as {
      stock: number;
      price: string;
    };
  let priceCents = Math.round(Number((await onB()).price) * 100);
  const firstPage = await page(b.base, piece.slug);
  const pageShowsPrice = firstPage.includes(dollars(priceCents));
  if (!pageShowsPrice) {
    console.error(`bench: the page of ${piece.slug} does not show its price: is dist/ built?`);
  }

  const samples = {
    stock: { api: [] as number[], page: [] as number[] },
    price: { api: [] as number[], page: [] as number[] },
  };
  // Unmeasured: the render worker's first pages, the caches of both processes.
  for (let i = 0; i < 3; i++)
    await Promise.all([onB(), page(b.base, piece.slug), page(a.base, piece.slug)]);

  for (let i = 0; i < saves; i++) {
    const kind = i % 2 === 0 ? 'stock' : 'price';
    // B answers from its caches from here on.
    await Promise.all([onB(), page(b.base, piece.slug)]);
    let apiShows: (p: { stock: number; price: string }) => boolean;
    let pageShows: (html: string) => boolean;
    let saved: { status: number };
    if (kind === 'stock') {
      const stock = (Math.floor(i / 2) % 3) + 1;
      saved = await json(a.base, 'POST', `/admin/products/${piece.id}/stock/`, admin, {
        mode: 'set',
        quantity: stock,
        reason: 'correction',
      });
      apiShows = (p) => p.stock === stock;
      // React's server render separates adjacent text with empty comments.
      pageShows = (html) => html.replaceAll('<!-- -->', '').includes(`Only ${stock} left in stock`);
    } else {
      priceCents += 1;
      const price = (priceCents / 100).toFixed(2);
      saved = await json(a.base, 'PATCH', `/admin/products/${piece.id}/`, admin, { price });
      apiShows = (p) => p.price === price;
      const text = dollars(priceCents);
      pageShows = (html) => html.includes(text);
    }
    const savedAt = performance.now();
    if (saved.status !== 200) throw new Error(`save ${i + 1} (${kind}) answered ${saved.status}`);
    const [apiMs, pageMs] = await Promise.all([
      timeUntil(onB, apiShows, savedAt),
      timeUntil(() => page(b.base, piece.slug), pageShows, savedAt),
    ]);
    samples[kind].api.push(apiMs);
    samples[kind].page.push(pageMs);
  }

  const rows: string[][] = [];
  for (const kind of ['stock', 'price'] as const) {
    for (const answer of ['api', 'page'] as const) {
      const sorted = [...samples[kind][answer]].sort((x, y) => x - y);
      const max = sorted.at(-1)!;
      rows.push([
        `${kind === 'stock' ? 'stock count' : 'price'}: ${
          answer === 'api' ? 'GET /api/products/products/{slug}/' : 'page /products/{slug} (HTML)'
        }`,
        String(sorted.length),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        max.toFixed(1),
        max < GOAL_MS ? 'yes' : max >= GIVE_UP_MS ? 'NEVER SHOWN' : 'no',
      ]);
    }
  }
  const ttl = process.env.CATALOG_CACHE_TTL_MS ?? '1000 (default)';
  return {
    title: `PostgreSQL, two API processes: from the answer to a save on process A to process B's answer showing it (${saves} saves of one piece, alternately its stock and its price; B's caches warm before each save; CATALOG_CACHE_TTL_MS ${ttl}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
    header: [
      'change: answer of process B',
      'saves',
      'p50 ms',
      'p99 ms',
      'max ms',
      `< ${GOAL_MS} ms`,
    ],
    rows,
  };
}
