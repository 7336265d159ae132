/// <reference types="node" />
/**
 * `npm run bench -- --products N`: the catalogue at size, on SQLite and, when a PostgreSQL
 * server is at hand, on PostgreSQL, one table each (./size-benchmarks.ts says what each row
 * measures and its goal).
 *
 *   npm run bench -- --products 100000 [--postgres] [--sqlite-only | --postgres-only] [--duration
 *   S]
 *                    [--customers C] [--orders O] [--shops S --products-per-shop P]
 *
 * For each database: the API is started as `npm start` starts it (./api-process.ts) with the
 * catalogue and page caches off (CATALOG_CACHE_TTL_MS=0, PAGE_CACHE_TTL_MS=0) to create and seed
 * it, stopped, the demo shop is grown to N active products (./grow-catalog.ts), and the API
 * is started again and measured. PostgreSQL runs when TEST_DATABASE_URL names a server (in a
 * scratch database created beside it and dropped after); `--postgres` without it runs the whole
 * bench again under scripts/pg-throwaway.sh, which starts a throwaway cluster.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, waitForHttp } from '../lib/local-servers';
import {
  apiEnv,
  buildIfNeeded,
  killGroup,
  productionStartCommand,
  projectRoot,
  sqlitePathIn,
  startDetached,
  stop,
} from './api-process';
import { RARE_DESCRIPTION_WORDS } from './catalog-words';
import {
  benchEngines,
  benchPostgresUrl,
  checkEngineFlags,
  type EngineOptions,
  takeEngineFlag,
  wholeNumber,
} from './engine-options';
import { describeReport, growCatalogue, type GrowOptions } from './grow-catalog';
import { CONNECTIONS, DURATION_S, TENANT } from './load-settings';
import { firstProductSlug } from './read-benchmarks';
import { sizeBenchmarks } from './size-benchmarks';
import { printTable, type BenchTable } from './table';

/** The size mode's options, from the command line. */
export interface SizeBenchOptions extends EngineOptions {
  /** Active products the demo shop is grown to (0: the demo as seeded). */
  products: number;
  /** Seconds of each full-speed and each paced run (default DURATION_S). */
  durationS: number;
  /** Passed on to the generator. */
  grow: Omit<GrowOptions, 'products' | 'log'>;
}

/** The whole size run's limit, in ms: two databases of 100,000 products take about 15 minutes. */
const SIZE_DEADLINE_MS = 45 * 60_000;

/**
 * The size mode's options when `argv` (the arguments after the script) asks for it with
 * `--products N`, or null: the usual demo-size bench.
 * @throws Error on an unknown option or a malformed number
 */
export function parseSizeBenchArgs(argv: readonly string[]): SizeBenchOptions | null {
  if (argv.length === 0) return null;
  const options: SizeBenchOptions = {
    products: -1,
    postgres: false,
    sqliteOnly: false,
    postgresOnly: false,
    durationS: DURATION_S,
    grow: {},
  };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (takeEngineFlag(options, name)) continue;
    switch (name) {
      case '--products':
        options.products = wholeNumber(name, value());
        break;
      case '--duration':
        options.durationS = Math.max(1, wholeNumber(name, value()));
        break;
      case '--customers':
        options.grow.customers = wholeNumber(name, value());
        break;
      case '--orders':
        options.grow.orders = wholeNumber(name, value());
        break;
      case '--shops':
        options.grow.shops = wholeNumber(name, value());
        break;
      case '--products-per-shop':
        options.grow.productsPerShop = wholeNumber(name, value());
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (the size bench takes --products N)`);
    }
  }
  if (options.products < 0) throw new Error('the size bench needs --products N');
  checkEngineFlags(options);
  return options;
}

/**
 * Runs the size bench (see the module comment) and prints its tables; under a throwaway
 * PostgreSQL cluster when `--postgres` is given and TEST_DATABASE_URL is not set.
 * @returns the exit status
 */
export async function runSizeBench(options: SizeBenchOptions): Promise<number> {
  const pgUrl = benchPostgresUrl(options);
  if (options.postgres && !pgUrl && !options.sqliteOnly) return rerunUnderThrowawayPostgres();

  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const cleanup = () => {
    for (const child of children) killGroup(child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${SIZE_DEADLINE_MS / 60_000} min; giving up.`);
    cleanup();
    process.exit(1);
  }, SIZE_DEADLINE_MS);
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    buildIfNeeded();
    const tables: BenchTable[] = [];
    const growth: string[] = [];
    const engines = benchEngines(options, pgUrl);
    for (const engine of engines) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-size-bench-'));
      dirs.push(dir);
      const scratch = engine === 'postgres' ? await createScratchDatabase(pgUrl!) : null;
      try {
        const run = await measureOneDatabase(engine, dir, scratch?.url ?? null, options, children);
        tables.push(run.table);
        growth.push(...run.growth);
      } finally {
        await scratch?.drop();
      }
    }
    console.log(`\nGrowing the demo shop to ${options.products} active products:\n`);
    for (const line of growth) console.log(line);
    for (const table of tables) printTable(table);
    return 0;
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}

/** Seeds, grows and measures one database; the API is stopped when it returns. */
async function measureOneDatabase(
  engine: 'sqlite' | 'postgres',
  dir: string,
  databaseUrl: string | null,
  options: SizeBenchOptions,
  children: ChildProcess[],
): Promise<{ table: BenchTable; growth: string[] }> {
  const port = await freePort();
  const startCommand = productionStartCommand();
  const env: NodeJS.ProcessEnv = {
    ...apiEnv(port, dir),
    ...startCommand.env,
    CATALOG_CACHE_TTL_MS: '0',
    PAGE_CACHE_TTL_MS: '0',
  };
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Without them a PostgreSQL API keeps its secrets under the repository's data/.
    env.JWT_SECRET = randomBytes(32).toString('hex');
    env.PAYMENT_SECRETS_KEY = randomBytes(32).toString('hex');
  }
  const [command, ...args] = startCommand.argv;
  const siteBase = `http://127.0.0.1:${port}`;

  const seeding = startDetached(command!, args, env);
  children.push(seeding);
  await waitForHttp(`reference API on ${engine} (seeding)`, seeding, `${siteBase}/readyz`, {
    timeoutMs: 180_000,
    requireOk: true,
  });
  await stop(seeding);
  console.error(`bench: seeded ${engine}; growing to ${options.products} active products`);

  const report = await growCatalogue(
    databaseUrl ? { databaseUrl } : { sqlitePath: sqlitePathIn(dir) },
    {
      ...options.grow,
      products: options.products,
      log: (line) => console.error(`bench: ${engine}: ${line}`),
    },
  );
  const growth = describeReport(report);
  for (const line of growth) console.error(`bench: ${line}`);

  const api = startDetached(command!, args, env);
  children.push(api);
  let exited: string | null = null;
  api.once('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  const checkAlive = () => {
    if (exited !== null) {
      throw new Error(`the API on ${engine} stopped during the measurement (${exited})`);
    }
  };
  try {
    await waitForHttp(
      `reference API on ${engine}`,
      api,
      `${siteBase}/api/products/products/?is_active=true`,
      { headers: TENANT, timeoutMs: 180_000, requireOk: true },
    );
    const slug = await firstProductSlug(`${siteBase}/api`);
    // The machine may be shared: the load before the measurement says how far to trust it.
    const load = os.loadavg()[0]!.toFixed(1);
    const table = await sizeBenchmarks(
      siteBase,
      api.pid!,
      slug,
      { common: 'walnut', rare: RARE_DESCRIPTION_WORDS[0], suggestion: 'wal', wordStart: 'kn' },
      options.durationS,
      `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: demo shop at ${report.activeAfter} active products (${report.activeAfter - report.activeBefore} generated), catalogue and page caches off (autocannon, ${CONNECTIONS} connections, ${options.durationS} s at full speed, then ${options.durationS} s at 100 req/s, one every 10 ms; load average ${load} on ${os.availableParallelism()} cores before)`,
      checkAlive,
    );
    return { table, growth };
  } finally {
    await stop(api);
  }
}

/**
 * Creates an empty database beside the one `adminUrl` names (same server and user).
 * @returns its URL, and `drop` to remove it (connections closed by force)
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `storefront_size_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Runs this same command again under scripts/pg-throwaway.sh; resolves to its exit status. */
export function rerunUnderThrowawayPostgres(): Promise<number> {
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(
    path.join(projectRoot, 'scripts', 'pg-throwaway.sh'),
    [tsx, ...process.argv.slice(1)],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}
