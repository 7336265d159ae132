/// <reference types="node" />
/**
 * `npm run lighthouse [BASE_URL]`: Lighthouse's mobile defaults
 * (simulated slow phone and network) on the main storefront routes of a RUNNING server, in
 * the same Debian Chromium the end-to-end tests use, and one table of medians.
 *
 * - BASE_URL: the storefront's origin, default `http://127.0.0.1:8080` (what `npm start`
 *   serves). The routes are `/`, `/products`, the first product's page, `/cart` and the first
 *   published blog post's page (when the shop has one); the product and post are looked up
 *   through the API under `/api` with the tenant of `VITE_TENANT_TOKEN` (default
 *   `demo-handcraft`).
 * - LIGHTHOUSE_RUNS: runs per route, default 5. Each column is the median of its runs (single
 *   runs move by 2-3 points, machine notes). Scores are 0-100; FCP and LCP in seconds, TBT in
 *   milliseconds, CLS unitless.
 * - Budget: performance >= 98, accessibility and best practices 100, SEO 100 on
 *   every page meant to be indexed (`/cart` is noindex, which Lighthouse counts against it).
 *   The last column says whether the route is within it; the exit code is 0 either way unless
 *   `--check` is given, then 1 when a route misses its budget.
 *
 * Throws (exit 1) when the server does not answer or Chromium cannot be launched.
 */
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './lib/chromium.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const base = (args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:8080').replace(
  /\/+$/,
  '',
);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);
const tenant = process.env.VITE_TENANT_TOKEN || 'demo-handcraft';
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
// The e2e tests' flags (machine notes): without the background-networking ones Chromium keeps
// trying hosts this machine cannot reach, which Lighthouse would count.

interface Target {
  label: string;
  path: string;
  /** Pages meant to stay out of search results: their SEO score is not budgeted. */
  noindex?: boolean;
}

interface Row {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** The first item of a list answer (a plain array or `{results}`, spec section 7), or null. */
async function firstOf(apiPath: string): Promise<{ slug: string } | null> {
  const response = await fetch(`${base}/api${apiPath}`, {
    headers: { 'X-Tenant-Token': tenant, Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { results?: { slug: string }[] } | { slug: string }[];
  const list = Array.isArray(body) ? body : (body.results ?? []);
  return list[0] ?? null;
}

async function targets(): Promise<Target[]> {
  const product = await firstOf('/products/products/?is_active=true');
  if (!product) throw new Error(`no product answered at ${base}/api: is the server running?`);
  const post = await firstOf('/blog/posts/?status=published');
  return [
    { label: '/', path: '/' },
    { label: '/products', path: '/products' },
    { label: '/products/:slug', path: `/products/${product.slug}` },
    { label: '/cart', path: '/cart', noindex: true },
    ...(post ? [{ label: '/blog/:slug', path: `/blog/${post.slug}` }] : []),
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

async function audit(port: number, url: string): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint') / 1000,
    lcp: value('largest-contentful-paint') / 1000,
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

function withinBudget(target: Target, row: Row): boolean {
  return (
    row.performance >= 98 &&
    row.accessibility === 100 &&
    row.bestPractices === 100 &&
    (target.noindex || row.seo === 100)
  );
}

function printTable([head, ...body]: [string[], ...string[][]]): void {
  const rows = [head, ...body];
  const widths = head.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(head));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of body) console.log(line(row));
}

const pages = await targets();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS] });
const table: [string[], ...string[][]] = [
  ['route', 'perf', 'a11y', 'best pr.', 'seo', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'within budget'],
];
let missed = false;
try {
  for (const target of pages) {
    const samples: Row[] = [];
    for (let run = 0; run < runs; run += 1) {
      samples.push(await audit(chrome.port, `${base}${target.path}`));
      process.stderr.write(`lighthouse: ${target.path} run ${run + 1}/${runs}\n`);
    }
    const pick = (key: keyof Row) => median(samples.map((sample) => sample[key]));
    const row: Row = {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
    };
    const ok = withinBudget(target, row);
    missed ||= !ok;
    table.push([
      target.label + (target.noindex ? ' (noindex)' : ''),
      String(row.performance),
      String(row.accessibility),
      String(row.bestPractices),
      String(row.seo),
      row.fcp.toFixed(2),
      row.lcp.toFixed(2),
      row.tbt.toFixed(0),
      row.cls.toFixed(3),
      ok ? 'yes' : 'NO',
    ]);
  }
} finally {
  chrome.kill();
}

console.log(
  `\nLighthouse ${path.basename(chromePath)} mobile defaults, median of ${runs} per route, ${base}\n`,
);
printTable(table);
console.log(
  '\nBudget: performance >= 98, accessibility and best practices 100, SEO 100 unless noindex.',
);
if (check && missed) process.exitCode = 1;
