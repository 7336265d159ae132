/// <reference types="node" />
/**
 * `npm run bench` (issue 2, section 5): two tables, then exit.
 *
 * 1. JavaScript each main route loads first, gzipped (zlib level 9), from the Vite manifest
 *    (`dist/.vite/manifest.json`, built when stale): the entry chunk and its static imports,
 *    plus the route's lazy chunks (TanStack autoCodeSplitting) and their static imports.
 *    Budget: 115 KB (1 KB = 1024 bytes) per route.
 * 2. Throughput and latency of the reference API run as `npm start` does (temp SQLite, free
 *    port), measured with autocannon (10 connections, 10 s each) on the product list and a
 *    product detail, next to a bare Fastify route serving a constant JSON, as a ceiling.
 *
 * Everything is bounded: a hard deadline stops the servers and exits 1 if anything hangs.
 * `tsx scripts/bench.ts --baseline-server PORT` is the bare Fastify app (run as a child).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, waitForHttp } from './lib/local-servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const BUDGET_KB = 115;
const CONNECTIONS = 10;
const DURATION_S = 10;
const DEADLINE_MS = 5 * 60_000;
const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };

/** Route -> candidate route files (TanStack file-route naming, flat or nested, plus layouts). */
const ROUTES: Record<string, string[]> = {
  '/': ['src/routes/index.tsx'],
  '/products': [
    'src/routes/products.tsx',
    'src/routes/products/route.tsx',
    'src/routes/products.index.tsx',
    'src/routes/products/index.tsx',
  ],
  '/products/:slug': [
    'src/routes/products.tsx',
    'src/routes/products/route.tsx',
    'src/routes/products.$slug.tsx',
    'src/routes/products/$slug.tsx',
    'src/routes/products.$slug.index.tsx',
    'src/routes/products/$slug/index.tsx',
  ],
  '/gallery': [
    'src/routes/gallery.tsx',
    'src/routes/gallery/route.tsx',
    'src/routes/gallery.index.tsx',
    'src/routes/gallery/index.tsx',
  ],
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

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
    const jsRows = routeSizes();

    const [apiPort, basePort] = await Promise.all([freePort(), freePort()]);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      SQLITE_PATH: path.join(tmp, 'shop.sqlite'),
      MEDIA_DIR: path.join(tmp, 'media'),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const api = start(bin('tsx'), ['server/main.ts'], env);
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

    const list = (await (
      await fetch(`${apiBase}/products/products/?is_active=true`, { headers: TENANT })
    ).json()) as { results?: { slug: string }[] } | { slug: string }[];
    const first = (Array.isArray(list) ? list : (list.results ?? []))[0];
    if (!first) throw new Error('the product list is empty');

    const targets = [
      {
        name: 'GET /api/products/products/?is_active=true',
        url: `${apiBase}/products/products/?is_active=true`,
        headers: TENANT,
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
      });
      const errors = r.errors + r.timeouts + r.non2xx;
      httpRows.push([
        target.name,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(errors),
      ]);
      console.error(`bench: measured ${target.name}`);
    }

    console.log(
      `\nJavaScript loaded first per route (gzip level 9, budget ${BUDGET_KB} KB, 1 KB = 1024 B)\n`,
    );
    printTable(['route', 'files', 'KB gzip', 'budget', 'within'], jsRows);
    console.log(`\nReference API (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each)\n`);
    printTable(['target', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'], httpRows);
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

/** One row per route in ROUTES: route, file count, KB gzip, budget, within budget. */
function routeSizes(): string[][] {
  const manifestPath = path.join(root, 'dist', '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      'dist/.vite/manifest.json is missing: vite.config.ts needs build.manifest = true',
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const gzCache = new Map<string, number>();
  const gz = (file: string) => {
    if (!gzCache.has(file))
      gzCache.set(file, gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length);
    return gzCache.get(file)!;
  };
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };

  return Object.entries(ROUTES).map(([route, candidates]) => {
    const files = new Set<string>();
    collect(entryKey, files);
    // Split route parts appear as their own keys, e.g. `src/routes/gallery.tsx?tsr-split=component`.
    const routeKeys = Object.keys(manifest).filter((k) =>
      candidates.includes((manifest[k]!.src ?? k).split('?')[0]!),
    );
    for (const key of routeKeys) collect(key, files);
    const js = [...files].filter((f) => f.endsWith('.js'));
    const kb = js.reduce((sum, f) => sum + gz(f), 0) / 1024;
    const label = routeKeys.length ? route : `${route} (no lazy chunk found)`;
    return [
      label,
      String(js.length),
      kb.toFixed(1),
      String(BUDGET_KB),
      kb <= BUDGET_KB ? 'yes' : 'NO',
    ];
  });
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
