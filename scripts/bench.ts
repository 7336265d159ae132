/// <reference types="node" />
/**
 * `npm run bench`: tables, then exit. Each table's module says what it measures and in which
 * units; this file starts the servers, runs the groups in order and prints the tables.
 *
 * 1. JavaScript each route loads first, gzipped, from the build (built when stale), against
 *    its budget (130 KB on `/`, 140 KB elsewhere): bench/route-js-table.ts.
 * 2. Throughput and latency of the reference API's reads at full speed, next to a bare Fastify
 *    route as a ceiling; the search suggestions also at a steady 100 req/s, target p99 <= 10 ms:
 *    bench/read-benchmarks.ts.
 * 3. Server-rendered pages at a fixed 100 req/s, target p99 <= 20 ms, then at full speed, and
 *    the product page during a flood of distinct URLs: bench/page-benchmarks.ts. Then the hot
 *    path: cached pages and catalogue answers against a bare node:http server sending the same
 *    bytes, each at least half its req/s: bench/hot-path.ts.
 * 4. Latency of the busiest writes at a fixed 50 req/s, target p99 <= 50 ms (adding a cart
 *    item, placing an order, the card provider's notification that pays one), each request for
 *    its own customer: bench/write-benchmarks.ts, bench/customers.ts.
 * 5. Memory of the API process, MB resident: idle after start; the peak while every page is
 *    rendered once (bench/crawl.ts), at most 200 MB; idle after that crawl with the render
 *    worker started, at most 120 MB; the peak under every load above, at most 200 MB:
 *    bench/memory.ts.
 *
 * The API runs exactly as `npm start` runs it (bench/api-process.ts: temp SQLite, free port).
 * It is started once to create and seed the database, stopped, and started again, as a shop
 * restarts; it is crawled and its memory read before the loads of tables 2 to 4.
 * Everything is bounded: a hard deadline stops the servers and exits 1 if anything hangs.
 *
 * `npm run bench -- --products N` measures the catalogue at size instead: the demo shop grown to
 * N active products, on SQLite and on PostgreSQL (bench/size-bench.ts, bench/size-benchmarks.ts).
 *
 * `npm run bench -- --orders N` (without `--products`) measures the back office at size instead:
 * the demo shop grown to N orders, the back office's list of orders (first page, a tab, searches)
 * on SQLite and on PostgreSQL, target p99 <= 50 ms at 100,000 (bench/orders-bench.ts,
 * bench/order-benchmarks.ts).
 *
 * `npm run bench -- --propagation [--saves N]` measures instead how long a change saved in the
 * back office (a stock count, a price) takes to show on another API process's product answer
 * and page, two processes on one PostgreSQL (bench/propagation-bench.ts).
 *
 * `npm run bench -- --upload [--iterations N] [--api-from DIR]` measures the back office's image
 * upload instead: the API process's peak memory, time and answers while it takes a 16-bit PNG of
 * 7000 x 7000 and a 12-megapixel phone photo, one at a time and two at once (and the costliest
 * images the bound still takes), each in a fresh process; `--api-from` measures another
 * checkout's API, for a before and after
 * (bench/upload-bench.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from './lib/local-servers';
import {
  apiEnv,
  buildIfNeeded,
  killGroup,
  productionStartCommand,
  projectRoot,
  sqlitePathIn,
  startBaseline,
  startDetached,
  stop,
} from './bench/api-process';
import { TENANT } from './bench/load-settings';
import { crawlEveryPage } from './bench/crawl';
import { parseOrdersBenchArgs, runOrdersBench } from './bench/orders-bench';
import { parsePropagationBenchArgs, runPropagationBench } from './bench/propagation-bench';
import { MemoryWatch } from './bench/memory';
import { hotPathBenchmarks } from './bench/hot-path';
import { pageBenchmarks } from './bench/page-benchmarks';
import { firstProductSlug, readBenchmarks } from './bench/read-benchmarks';
import { routeJsTable } from './bench/route-js-table';
import { parseSizeBenchArgs, runSizeBench } from './bench/size-bench';
import { parseUploadBenchArgs, runUploadBench } from './bench/upload-bench';
import { printTable } from './bench/table';
import { writeBenchmarks } from './bench/write-benchmarks';

/** The whole run's limit, in ms; a normal run takes a few minutes. */
const DEADLINE_MS = 15 * 60_000;

try {
  const propagation = parsePropagationBenchArgs(process.argv.slice(2));
  if (propagation) process.exit(await runPropagationBench(propagation));
  const upload = parseUploadBenchArgs(process.argv.slice(2));
  if (upload) process.exit(await runUploadBench(upload));
  const ordersBench = parseOrdersBenchArgs(process.argv.slice(2));
  if (ordersBench) process.exit(await runOrdersBench(ordersBench));
  const size = parseSizeBenchArgs(process.argv.slice(2));
  if (size) process.exit(await runSizeBench(size));
  await main();
  process.exit(0);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const cleanup = () => {
    for (const child of children) killGroup(child);
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
    buildIfNeeded();
    const jsTable = routeJsTable(projectRoot);

    const [apiPort, basePort] = await Promise.all([freePort(), freePort()]);
    const startCommand = productionStartCommand();
    const env = { ...apiEnv(apiPort, tmp), ...startCommand.env };
    const [command, ...args] = startCommand.argv;
    // The first start creates and seeds the database (images made with sharp): a one-off.
    const seeding = startDetached(command!, args, env);
    children.push(seeding);
    await waitForHttp('reference API (seeding)', seeding, `http://127.0.0.1:${apiPort}/readyz`, {
      timeoutMs: 180_000,
      requireOk: true,
    });
    await stop(seeding);
    const api = startDetached(command!, args, env);
    const baseline = startBaseline(basePort);
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

    const siteBase = `http://127.0.0.1:${apiPort}`;
    const memory = new MemoryWatch(api.pid!);
    await memory.idle('after start, before any page', false);
    const crawl = await crawlEveryPage(siteBase);
    const failed = crawl.failed ? `, ${crawl.failed} not 200` : '';
    memory.peak(`during a crawl of every page (${crawl.pages} pages${failed})`);
    console.error('bench: crawled every page');
    await memory.idle('after the crawl, render worker started', true);
    const slug = await firstProductSlug(apiBase);
    const readTable = await readBenchmarks(apiBase, `http://127.0.0.1:${basePort}/`, slug);
    const pageTable = await pageBenchmarks(siteBase, slug);
    const hotTable = await hotPathBenchmarks(siteBase, slug);
    const writeTable = await writeBenchmarks(apiBase, sqlitePathIn(tmp));
    memory.peak('under the loads of tables 2 to 4');
    const memoryTable = memory.finish(startCommand);

    for (const table of [jsTable, readTable, pageTable, hotTable, writeTable, memoryTable]) {
      printTable(table);
    }
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}
