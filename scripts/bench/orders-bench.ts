/// <reference types="node" />
/**
 * `npm run bench -- --orders N`: the back office at size, on SQLite and, when a PostgreSQL
 * server is at hand, on PostgreSQL, one table each (./order-benchmarks.ts says what each row
 * measures and its goal: p99 <= 50 ms at 100,000 orders).
 *
 *   npm run bench -- --orders 100000 [--postgres] [--sqlite-only | --postgres-only]
 *                    [--iterations K]
 *
 * For each database: the demo shops are seeded through the API's own start-up (migrations, the
 * demo catalogue, the back office's demo orders), the demo shop is grown to N orders of N / 20
 * customers with one bulk insert (./grow-catalog.ts, no products added), given a back office's mix
 * of payment methods and statuses (./grow-order-mix.ts), and the back office's list is measured in
 * this process on a connection opened as the API opens it. PostgreSQL runs when TEST_DATABASE_URL
 * names a server (in a scratch database beside it, dropped after); `--postgres` without it runs the
 * bench again under scripts/pg-throwaway.sh, which starts a throwaway cluster. (`--orders` beside
 * `--products` is the catalogue's size bench instead: ./size-bench.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/platform/db/connection.ts';
import { type BulkTarget } from './bulk-writer';
import { orderBenchmarks, orderSamples, P99_TARGET_MS } from './order-benchmarks';
import {
  benchEngines,
  benchPostgresUrl,
  checkEngineFlags,
  type EngineOptions,
  takeEngineFlag,
  wholeNumber,
} from './engine-options';
import { describeReport, growCatalogue } from './grow-catalog';
import { seedDemoDatabase } from './grow-cli';
import { mixBenchOrders } from './grow-order-mix';
import { createScratchDatabase, rerunUnderThrowawayPostgres } from './size-bench';
import { type BenchTable, printTable } from './table';

/** The back office mode's options, from the command line. */
export interface OrdersBenchOptions extends EngineOptions {
  /** Orders the demo shop is grown to. */
  orders: number;
  /** Measured calls of each case (default 300). */
  iterations: number;
}

const TENANT_TOKEN = 'demo-handcraft';
/** The moment the grown orders are dated back from (the grower's default). */
const GROWN_AT = new Date('2026-11-01T00:00:00.000Z');
/** The whole run's limit, in ms: two databases of 100,000 orders take a few minutes. */
const DESK_DEADLINE_MS = 30 * 60_000;

/**
 * The back office mode's options when `argv` asks for it (`--orders N` without `--products`), or
 * null.
 * @throws Error on an unknown option or a malformed number
 */
export function parseOrdersBenchArgs(argv: readonly string[]): OrdersBenchOptions | null {
  const names = argv.map((arg) => arg.split('=', 1)[0]);
  if (!names.includes('--orders') || names.includes('--products')) return null;
  const options: OrdersBenchOptions = {
    orders: 0,
    postgres: false,
    sqliteOnly: false,
    postgresOnly: false,
    iterations: 300,
  };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (takeEngineFlag(options, name)) continue;
    switch (name) {
      case '--orders':
        options.orders = wholeNumber(name, value());
        break;
      case '--iterations':
        options.iterations = Math.max(1, wholeNumber(name, value()));
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (the back office bench takes --orders N)`);
    }
  }
  checkEngineFlags(options);
  return options;
}

/**
 * Runs the back office bench (see the module comment) and prints its tables; under a throwaway
 * PostgreSQL cluster when `--postgres` is given and TEST_DATABASE_URL is not set.
 * @returns the exit status (0 also when a goal is missed: the table says so)
 */
export async function runOrdersBench(options: OrdersBenchOptions): Promise<number> {
  const pgUrl = benchPostgresUrl(options);
  if (options.postgres && !pgUrl && !options.sqliteOnly) return rerunUnderThrowawayPostgres();
  const dirs: string[] = [];
  const cleanup = () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${DESK_DEADLINE_MS / 60_000} min; giving up.`);
    cleanup();
    process.exit(1);
  }, DESK_DEADLINE_MS);
  try {
    const engines = benchEngines(options, pgUrl);
    const tables: BenchTable[] = [];
    const growth: string[] = [];
    for (const engine of engines) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-desk-bench-'));
      dirs.push(dir);
      const scratch = engine === 'postgres' ? await createScratchDatabase(pgUrl!) : null;
      try {
        const target: BulkTarget = scratch
          ? { databaseUrl: scratch.url }
          : { sqlitePath: path.join(dir, 'shop.sqlite') };
        const run = await measureOneDatabase(engine, target, options);
        tables.push(run.table);
        growth.push(...run.growth);
      } finally {
        await scratch?.drop();
      }
    }
    console.log(`\nGrowing the demo shop to ${options.orders} orders:\n`);
    for (const line of growth) console.log(line);
    for (const table of tables) printTable(table);
    return 0;
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}

/** Seeds, grows and measures one database. */
async function measureOneDatabase(
  engine: 'sqlite' | 'postgres',
  target: BulkTarget,
  options: OrdersBenchOptions,
): Promise<{ table: BenchTable; growth: string[] }> {
  console.error(`bench: seeding ${engine}`);
  await seedDemoDatabase(target);
  console.error(`bench: growing ${engine} to ${options.orders} orders`);
  const report = await growCatalogue(target, {
    products: 0,
    customers: Math.max(20, Math.round(options.orders / 20)),
    orders: options.orders,
    now: GROWN_AT,
    log: (line) => console.error(`bench: ${engine}: ${line}`),
  });
  const mixed = await mixBenchOrders(target, TENANT_TOKEN, GROWN_AT);
  const growth = [...describeReport(report), `desk mix: ${mixed.join('; ')}`];

  const handle = openDatabase(
    'databaseUrl' in target
      ? { databaseUrl: target.databaseUrl, sqlitePath: '' }
      : { sqlitePath: target.sqlitePath },
  );
  try {
    const samples = await orderSamples(handle.db, TENANT_TOKEN);
    const load = os.loadavg()[0]!.toFixed(1);
    const { table, met } = await orderBenchmarks(
      handle.db,
      engine,
      samples,
      options.iterations,
      `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: the back office's list at ${options.orders} orders of the demo shop (${report.added.orders} generated), ${options.iterations} calls of each case one after the other after ${30} unmeasured; load average ${load} on ${os.availableParallelism()} cores before`,
    );
    console.error(`bench: ${engine}: p99 <= ${P99_TARGET_MS} ms ${met ? 'met' : 'NOT met'}`);
    return { table, growth };
  } finally {
    await handle.db.destroy();
  }
}
