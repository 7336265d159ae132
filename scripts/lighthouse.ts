/// <reference types="node" />
/**
 * `npm run lighthouse [BASE_URL] [--all] [--check]`: Lighthouse's mobile defaults (simulated
 * slow phone and network) on every route of the shop's sitemap, plus the noindex `/cart` and
 * `/login`, against a RUNNING server, in the same Debian Chromium the end-to-end tests use, and
 * one table of medians.
 *
 * - BASE_URL: the storefront's origin, default `http://127.0.0.1:8080` (what `npm start`
 *   serves). The pages are read from its `/sitemap.xml` and the files that index names, whose
 *   URLs are taken as paths on BASE_URL (the sitemap names the configured origin, which may be
 *   another host).
 * - By default one URL per route of the sitemap: `/products/damascus-gyuto-210mm` stands for
 *   `/products/:slug`, `/products?category=ceramics` for `/products?category=:value`, the first
 *   of each in the sitemap's order. `--all` audits every URL of the sitemap instead (about 60
 *   for the seeded shop, three-quarters of an hour at 3 runs).
 * - LIGHTHOUSE_PAGES: a comma-separated list of paths to audit instead of the sitemap's
 *   (`LIGHTHOUSE_PAGES=/,/products/damascus-gyuto-210mm`), to compare two builds quickly.
 * - LIGHTHOUSE_RUNS: runs per page, default 3. Each column is the median of its runs (single
 *   runs move by 2-3 points, machine notes). Scores are 0-100; FCP and LCP in seconds, TBT in
 *   milliseconds, CLS unitless.
 * - Budget: 100 in performance, accessibility, best practices and SEO on every indexable page;
 *   on the noindex pages (which Lighthouse's SEO category counts against) the first three. The
 *   last column says whether the page is within it; the exit code is 0 either way unless
 *   `--check` is given, then 1 when a page misses its budget.
 *
 * - `--admin`: the back office instead, signed in: accessibility at 375 px on Today, an order and
 *   the product editor (scripts/lib/lighthouse-admin.ts), with each failing audit named; budget
 *   100.
 *
 * Throws (exit 1) when the server does not answer, its sitemap lists no page, or Chromium
 * cannot be launched.
 */
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { printTable } from './bench/table.ts';
import { CHROMIUM_ARGS } from './lib/chromium.ts';
import { auditBackOffice, backOfficeTargets } from './lib/lighthouse-admin.ts';
import { pagesToAudit, type Target } from './lib/lighthouse-pages.ts';
import { fetchFrom, sitemapUrls } from './lib/sitemap-urls.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const everyUrl = args.includes('--all');
const base = (args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:8080').replace(
  /\/+$/,
  '',
);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
// The e2e tests' flags (machine notes): without the background-networking ones Chromium keeps
// trying hosts this machine cannot reach, which Lighthouse would count.

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

/** The pages to audit: the sitemap's (one per route unless `--all`), then the noindex ones. */
async function targets(): Promise<Target[]> {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  if (only?.length) return only.map((page) => ({ label: page, path: page }));
  const pages = pagesToAudit(await sitemapUrls(fetchFrom(base)), { everyUrl });
  if (!pages.some((page) => !page.noindex)) throw new Error(`${base}/sitemap.xml lists no page`);
  return pages;
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
    row.performance === 100 &&
    row.accessibility === 100 &&
    row.bestPractices === 100 &&
    (target.noindex || row.seo === 100)
  );
}

/** `--admin`: the back office's three screens, signed in, accessibility only (see above). */
async function auditAdmin(): Promise<void> {
  const { tokens, targets: screens } = await backOfficeTargets(base);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS] });
  let results;
  try {
    results = await auditBackOffice(base, chrome.port, tokens, screens, runs, (line) =>
      process.stderr.write(`${line}\n`),
    );
  } finally {
    chrome.kill();
  }
  const table: string[][] = [];
  let short = false;
  for (const [screen, audits] of results) {
    const score = median(audits.map((audit) => audit.accessibility));
    short ||= score < 100;
    const last = audits.at(-1)?.failing ?? [];
    table.push([
      screen.label,
      String(score),
      last.map((audit) => `${audit.id} (${audit.items}: ${audit.where})`).join(', ') || '-',
      score === 100 ? 'yes' : 'NO',
    ]);
  }
  printTable({
    title: `Lighthouse ${path.basename(chromePath)} accessibility of the back office at 375 px, median of ${runs}, ${base}`,
    header: ['screen', 'a11y', 'failing audits (elements)', 'within budget'],
    rows: table,
  });
  console.log('\nBudget: 100 in accessibility on each screen.');
  if (check && short) process.exitCode = 1;
}

if (args.includes('--admin')) {
  await auditAdmin();
  process.exit();
}

const pages = await targets();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS] });
const header = ['page', 'perf', 'a11y', 'best pr.', 'seo', 'FCP s', 'LCP s', 'TBT ms', 'CLS'];
const rows: string[][] = [];
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
    rows.push([
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

printTable({
  title: `Lighthouse ${path.basename(chromePath)} mobile defaults, median of ${runs} per page, ${base}`,
  header: [...header, 'within budget'],
  rows,
});
console.log('\nBudget: 100 in all four categories; SEO not counted on the noindex pages.');
if (check && missed) process.exitCode = 1;
