/// <reference types="node" />
/**
 * What a backup costs the shop while it sells (issue 39, decision 080): the figures of the
 * issue's closing note, on a data folder grown beforehand (`npm run bench:grow`):
 *
 *   npm run bench:grow -- --products 100000 --sqlite /tmp/shop-bench/data/shop.sqlite --seed-demo
 *   npx tsx scripts/bench/backup-bench.ts --data /tmp/shop-bench/data [--orders N] [--pages P]
 *
 * The shop runs in this process (server/app.ts `buildApp` on the folder, no background jobs), and
 * shoppers place orders one after another through its checkout (`POST /orders/orders/` after an
 * add-to-cart, bank transfer, each as a new customer), each order's checkout request timed:
 *
 * 1. before any backup: N orders, the baseline;
 * 2. while `npm run backup` runs in its own process (scripts/backup.ts, as an operator or cron
 *    runs it), orders until it ends, and 200 more (the first checkpoint after a backup folds the
 *    write-ahead log that grew during it into the file);
 * 3. while the server's own scheduled backup runs in the shop's process
 *    (server/platform/backup/archive.ts `makeBackup`, P pages a step, default its own), orders
 *    until it ends, and 200 more;
 * 4. `npm run restore` of the archive into an empty folder (scripts/restore.ts, its own process).
 *
 * Prints, for each phase: the orders placed, the checkout's p50, p99 and longest time in ms, the
 * event loop's longest delay in ms (perf_hooks), and the backup's seconds and archive size. Writes under the folder's parent only (the
 * archives, the restored folder); the shop's folder gains the orders placed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import { makeBackup } from '../../server/platform/backup/archive.ts';
import { ADDRESS, call, createCustomer, postOrder } from '../../server/test/shop.ts';
import { projectRoot } from './api-process';

/** Orders placed after a backup ended, still counted as its phase's. */
const AFTER = 200;

/** Reads `--name value`, or `fallback`. */
function option(argv: string[], name: string, fallback?: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : argv[at + 1];
}

/** p50, p99 and max of `values` (ms), rounded to 0.1. */
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { orders: values.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(at(1)) };
}

/** Places one order as a new customer; the checkout request's time (ms). */
async function timedOrder(app: FastifyInstance, productIds: number[], n: number): Promise<number> {
  const who = await createCustomer(app);
  const added = await call(app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: productIds[n % productIds.length],
    quantity: 1,
  });
  if (added.status !== 200) throw new Error(`add to cart answered ${added.status}`);
  const started = performance.now();
  const placed = await postOrder(app, who, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
  });
  const ms = performance.now() - started;
  if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}`);
  return ms;
}

/**
 * Places orders one after another until `done()` says stop, then `after` more (the checkpoint
 * that folds the write-ahead log grown meanwhile into the file comes after a backup); their
 * checkout times (ms) and the event loop's longest delay over them (ms).
 */
async function ordersUntil(
  app: FastifyInstance,
  productIds: number[],
  done: () => boolean,
  after = 0,
): Promise<{ times: number[]; loopMaxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const times: number[] = [];
  while (!done()) times.push(await timedOrder(app, productIds, times.length));
  for (let i = 0; i < after; i++) times.push(await timedOrder(app, productIds, times.length));
  delay.disable();
  return { times, loopMaxMs: Number((delay.max / 1e6).toFixed(1)) };
}

/** Runs a script of scripts/ in its own process with `env`; its exit code and wall time (s). */
function runScript(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'scripts', name), ...args],
    { cwd: projectRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  return {
    code: result.status,
    out: result.stdout + result.stderr,
    seconds: (performance.now() - started) / 1000,
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const data = path.resolve(option(argv, 'data') ?? '');
  if (!existsSync(path.join(data, 'shop.sqlite'))) {
    throw new Error('--data DIR must name a data folder with shop.sqlite (npm run bench:grow)');
  }
  const baselineOrders = Number(option(argv, 'orders', '300'));
  const pages = option(argv, 'pages');
  const work = mkdtempSync(path.join(path.dirname(data), 'backup-bench-'));
  const env = {
    SQLITE_PATH: path.join(data, 'shop.sqlite'),
    MEDIA_DIR: path.join(data, 'media'),
    LOG_LEVEL: 'warn',
  };
  const config = {
    ...loadConfig(env),
    serveSpa: false,
    passwordHashCost: 10,
    catalogCacheTtlMs: 0,
    outboxDir: path.join(work, 'outbox'),
  };
  const app = await buildApp({
    config,
    seed: false,
    logger: false,
    background: false,
    loadRenderer: null,
  });
  try {
    // Twenty pieces with stock for every order the bench places.
    const products = await app.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .where('options', 'is', null)
      .where('made_to_order', '=', 0)
      .orderBy('id')
      .limit(20)
      .execute();
    const ids = products.map((row) => row.id);
    await app.db.updateTable('products').set({ stock: 1_000_000 }).where('id', 'in', ids).execute();
    for (let i = 0; i < 20; i++) await timedOrder(app, ids, i);

    const rows: string[] = [];
    const line = (phase: string, figures: Record<string, unknown>) =>
      rows.push(`${phase.padEnd(34)} ${JSON.stringify(figures)}`);

    let placed = 0;
    const baseline = await ordersUntil(app, ids, () => placed++ >= baselineOrders);
    line('checkout, no backup', { ...summary(baseline.times), loopMaxMs: baseline.loopMaxMs });

    // 2. `npm run backup` in its own process (asynchronous spawn: orders go on meanwhile).
    const external = path.join(work, 'external.tar.gz');
    const { spawn } = await import('node:child_process');
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'scripts', 'backup.ts'), '--out', external],
      { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let exited = false;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) =>
      child.on('close', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    const during = await ordersUntil(app, ids, () => exited, AFTER);
    if ((await exit) !== 0) throw new Error(`npm run backup failed: ${output}`);
    line('checkout during npm run backup', {
      ...summary(during.times),
      loopMaxMs: during.loopMaxMs,
      backupSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      archiveMB: Number((statSync(external).size / 1e6).toFixed(1)),
    });
    console.error(output.trim());

    // 3. The server's own backup, in this process.
    const internal = path.join(work, 'internal.tar.gz');
    let finished = false;
    const backup = makeBackup(config, {
      out: internal,
      ...(pages ? { pagesPerStep: Number(pages) } : {}),
    }).finally(() => {
      finished = true;
    });
    const inProcess = await ordersUntil(app, ids, () => finished, AFTER);
    const result = await backup;
    line('checkout during the scheduled backup', {
      ...summary(inProcess.times),
      loopMaxMs: inProcess.loopMaxMs,
      backupSeconds: Number(result.seconds.toFixed(1)),
      archiveMB: Number((result.bytes / 1e6).toFixed(1)),
    });

    // 4. `npm run restore` into an empty folder.
    const restored = path.join(work, 'restored');
    const restore = runScript('restore.ts', [external], {
      SQLITE_PATH: path.join(restored, 'shop.sqlite'),
      MEDIA_DIR: path.join(restored, 'media'),
    });
    if (restore.code !== 0) throw new Error(`npm run restore failed: ${restore.out}`);
    console.error(restore.out.trim());
    line('npm run restore', { seconds: Number(restore.seconds.toFixed(1)) });

    console.log(rows.join('\n'));
  } finally {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`backup-bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
