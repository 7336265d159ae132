/// <reference types="node" />
/**
 * The command line of the catalogue grower (./grow-catalog.ts), `npm run bench:grow`:
 *
 *   npm run bench:grow -- --products 100000 [--sqlite PATH | --database-url URL]
 *                         [--customers C] [--orders O] [--shops S --products-per-shop P]
 *                         [--seed-demo] [--random-seed R]
 *
 * It reads the options, seeds an empty database with the demo shops first when asked (through
 * the API's own start-up), grows the database and prints the report; an error is printed on one
 * line and exits 1.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BulkTarget } from './bulk-writer';
import { describeReport, growCatalogue, type GrowOptions } from './grow-catalog';

/** The CLI's options, parsed from `argv` (the arguments after the script). */
export interface GrowCli {
  target: BulkTarget;
  options: GrowOptions;
  /** Seed an empty database with the demo shops first (through the API's own seed). */
  seedDemo: boolean;
}

/**
 * Parses `--products N [--sqlite PATH | --database-url URL] [--customers C] [--orders O]
 * [--shops S] [--products-per-shop P] [--random-seed R] [--seed-demo]`; the database defaults
 * to DATABASE_URL when set, else data/shop.sqlite (as the API's).
 * @throws Error on an unknown option or a value that is not a non-negative integer
 */
export function parseGrowArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): GrowCli {
  const values = new Map<string, string>();
  let seedDemo = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--seed-demo') {
      seedDemo = true;
      continue;
    }
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    const known = [
      '--products',
      '--sqlite',
      '--database-url',
      '--customers',
      '--orders',
      '--shops',
      '--products-per-shop',
      '--random-seed',
    ];
    if (!known.includes(name)) throw new Error(`unknown option ${arg}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value`);
    values.set(name, value);
  }
  const count = (name: string): number | undefined => {
    const raw = values.get(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw.replace(/_/g, '')))
      throw new Error(`${name} must be a whole number, not ${raw}`);
    return Number(raw.replace(/_/g, ''));
  };
  const products = count('--products');
  if (products === undefined) throw new Error('--products N is required');
  const databaseUrl =
    values.get('--database-url') ?? (values.has('--sqlite') ? undefined : env.DATABASE_URL);
  const target: BulkTarget = databaseUrl
    ? { databaseUrl }
    : { sqlitePath: values.get('--sqlite') ?? env.SQLITE_PATH ?? 'data/shop.sqlite' };
  const options: GrowOptions = { products };
  const customers = count('--customers');
  const orders = count('--orders');
  const shops = count('--shops');
  const perShop = count('--products-per-shop');
  const seed = count('--random-seed');
  if (customers !== undefined) options.customers = customers;
  if (orders !== undefined) options.orders = orders;
  if (shops !== undefined) options.shops = shops;
  if (perShop !== undefined) options.productsPerShop = perShop;
  if (seed !== undefined) options.seed = seed;
  return { target, options, seedDemo };
}

/**
 * Creates, migrates and seeds the database at `target` with the demo shops through the API's own
 * start-up (server/app.ts `buildApp`), without media files, when it has no shop yet.
 */
export async function seedDemoDatabase(target: BulkTarget): Promise<void> {
  const { buildApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config/config.ts');
  const dir = 'sqlitePath' in target ? path.dirname(target.sqlitePath) : 'data';
  const config = {
    ...loadConfig({}),
    ...('databaseUrl' in target
      ? { databaseUrl: target.databaseUrl }
      : { databaseUrl: null, sqlitePath: target.sqlitePath }),
    mediaDir: path.join(dir, 'media'),
    serveSpa: false,
    logLevel: 'warn' as const,
    // A throwaway secret: the seeded database is for measuring, its tokens never leave it.
    jwtSecret: randomBytes(32).toString('hex'),
    paymentSecretsKey: new Uint8Array(randomBytes(32)),
    passwordHashCost: 10,
  };
  const app = await buildApp({
    config,
    seed: { skipMedia: true },
    logger: false,
    background: false,
    loadRenderer: null,
  });
  await app.close();
}

async function main(): Promise<void> {
  const cli = parseGrowArgs(process.argv.slice(2));
  const where = 'sqlitePath' in cli.target ? cli.target.sqlitePath : 'DATABASE_URL';
  if (cli.seedDemo) {
    console.error(`grow: seeding the demo shops into ${where} when it is empty`);
    await seedDemoDatabase(cli.target);
  }
  console.error(`grow: growing ${where} to ${cli.options.products} active products`);
  const report = await growCatalogue(cli.target, {
    ...cli.options,
    log: (line) => console.error(`grow: ${line}`),
  });
  for (const line of describeReport(report)) console.log(line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`grow: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
