/// <reference types="node" />
/**
 * The catalogue at size (`npm run bench -- --products N`): one table per database of the rows a
 * large catalogue must hold, each next to its goal with a met/missed mark. Against the API started
 * as `npm start` starts it with the catalogue and page caches off (every request reaches the
 * database), after the shop was grown (./grow-catalog.ts):
 *
 * 1. one request alone: the median of ALONE_RUNS sequential requests (after a few to warm up),
 *    in ms, for the list, the searches, the suggestions and the server-rendered search page
 *    (goal: at most PAGE_GOAL_MS);
 * 2. `/sitemap.xml` and, when it is a sitemap index, each file it names (`<sitemap><loc>`):
 *    the median and slowest of SITEMAP_RUNS fetches (goal: each at most SITEMAP_GOAL_MS), and
 *    the API process's resident memory at its peak while serving them (goal: at most
 *    RSS_GOAL_MB), sampled every 20 ms;
 * 3. under load (autocannon, CONNECTIONS connections, a request timeout of REQUEST_TIMEOUT_S),
 *    each run started once the server has served what the last one left in flight (`settle`):
 *    a 2 s warm-up, then full speed for `durationS` (req/s, p50, p99), then a steady
 *    PACED_RATE req/s for `durationS` (./paced-load.ts: one request every 10 ms, not autocannon's
 *    burst of a second's requests at its start; achieved req/s, p50, p99). A latency goal is judged
 *    at the steady rate: met when its p99 is within the goal, at least 95% of the rate was reached
 *    (a server slower than the rate answers fewer) and no request failed.
 *
 * Every run is bounded by its duration, so a search that takes seconds only makes its row slow.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, TENANT, failures } from './load-settings';
import { parseSitemap, pathOfUrl } from '../lib/sitemap-urls';
import { residentMb } from './memory';
import { pacedLoad } from './paced-load';
import type { BenchTable } from './table';

/** Steady request rate (req/s) at which latency goals are judged. */
const PACED_RATE = 100;
/** Goals: list and search p99, suggestions p99, an uncached page, a sitemap file (ms); memory (MB). */
const LIST_GOAL_MS = 20;
const SUGGESTIONS_GOAL_MS = 10;
const PAGE_GOAL_MS = 50;
const SITEMAP_GOAL_MS = 1000;
const RSS_GOAL_MB = 200;
/** Sequential requests whose median is "alone", and fetches of each sitemap file. */
const ALONE_RUNS = 5;
/** Unmeasured requests before them: this many at most, for this long (ms) at most. */
const WARM_RUNS = 20;
const WARM_MS = 1000;
const SITEMAP_RUNS = 3;
/** autocannon's per-request timeout (s): a request slower than this counts as a timeout. */
const REQUEST_TIMEOUT_S = 10;
/** The server is idle again when `/readyz` answers within SETTLE_MS; waited for at most SETTLE_LIMIT_MS. */
const SETTLE_MS = 50;
const SETTLE_LIMIT_MS = 20_000;

/**
 * What the rows search for: a common word, and a rare one (about 50 products at 100,000); what
 * a shopper types for suggestions: the start of many names (`suggestion`, answered from the
 * name index), and the start of a word in many names but of few names (`wordStart`, which
 * reaches the suggestions' second group: ../../server/catalog/product-suggestions.ts).
 */
export interface SizeSearchTerms {
  common: string;
  rare: string;
  suggestion: string;
  wordStart: string;
}

/** One row measured under load (and maybe alone). */
interface LoadRow {
  name: string;
  /** API path (under `/api`). */
  path: string;
  /** p99 goal (ms) at PACED_RATE, or null: no goal (compare with the demo size). */
  goalMs: number | null;
  /** Also measured alone. */
  alone: boolean;
  /** Show the list's `count` as the row's hits. */
  hits: boolean;
}

const COLUMNS = [
  'row',
  'hits',
  'max req/s',
  'p50 ms',
  'p99 ms',
  `req/s @${PACED_RATE}`,
  `p50 ms @${PACED_RATE}`,
  `p99 ms @${PACED_RATE}`,
  'alone',
  'goal',
  'met',
  'errors',
];

/**
 * Measures every row against a running API.
 * @param siteBase the storefront's origin, `http://127.0.0.1:PORT` (the API under `/api`)
 * @param pid the API process, whose memory is read while it serves the sitemap
 * @param slug a product whose detail is read
 * @param durationS seconds of each full-speed and each paced run
 * @param title the table's title (the database and the shop's size)
 * @param checkAlive called after each step; throws when the API is gone, so a dead server is
 *   reported as such rather than as rows of failed requests
 * @returns the table: see COLUMNS; cells carry their units where a column mixes them
 */
export async function sizeBenchmarks(
  siteBase: string,
  pid: number,
  slug: string,
  terms: SizeSearchTerms,
  durationS: number,
  title: string,
  checkAlive: () => void,
): Promise<BenchTable> {
  const list = '/products/products/?is_active=true';
  const rows: LoadRow[] = [
    { name: 'list, first page', path: list, goalMs: LIST_GOAL_MS, alone: true, hits: true },
    {
      name: 'list, ordering=-price&min_price=50&in_stock=true',
      path: `${list}&ordering=-price&min_price=50&in_stock=true`,
      goalMs: LIST_GOAL_MS,
      alone: false,
      hits: true,
    },
    {
      name: 'list, category__slug=ceramics',
      path: `${list}&category__slug=ceramics`,
      goalMs: LIST_GOAL_MS,
      alone: false,
      hits: true,
    },
    {
      name: 'list, ordering=-average_rating',
      path: `${list}&ordering=-average_rating`,
      goalMs: LIST_GOAL_MS,
      alone: false,
      hits: false,
    },
    {
      name: `search=${terms.common}`,
      path: `${list}&search=${encodeURIComponent(terms.common)}`,
      goalMs: LIST_GOAL_MS,
      alone: true,
      hits: true,
    },
    {
      name: `search=${terms.rare} (rare, in descriptions only)`,
      path: `${list}&search=${encodeURIComponent(terms.rare)}`,
      goalMs: LIST_GOAL_MS,
      alone: true,
      hits: true,
    },
    {
      name: `suggestions q=${terms.suggestion}`,
      path: `/products/suggestions/?q=${encodeURIComponent(terms.suggestion)}`,
      goalMs: SUGGESTIONS_GOAL_MS,
      alone: true,
      hits: false,
    },
    {
      name: `suggestions q=${terms.wordStart} (a word start, few name starts)`,
      path: `/products/suggestions/?q=${encodeURIComponent(terms.wordStart)}`,
      goalMs: SUGGESTIONS_GOAL_MS,
      alone: true,
      hits: false,
    },
    {
      name: 'product detail',
      path: `/products/products/${encodeURIComponent(slug)}/`,
      goalMs: null,
      alone: true,
      hits: false,
    },
  ];
  const api = `${siteBase}/api`;
  const hits = new Map<LoadRow, string>();
  const alone = new Map<LoadRow, number>();
  for (const row of rows) {
    if (row.hits) hits.set(row, String(await countOf(`${api}${row.path}`)));
    if (row.alone) alone.set(row, await medianAlone(`${api}${row.path}`, TENANT));
  }
  console.error('bench: measured the requests alone');

  const pageUrl = `${siteBase}/products?search=${encodeURIComponent(terms.common)}`;
  const pageMs = await medianAlone(pageUrl, { accept: 'text/html' });
  const out: string[][] = [];
  const sitemap = await sitemapRows(siteBase, pid);
  console.error('bench: measured the sitemap');

  for (const row of rows) {
    const measured = await loadRow(`${api}${row.path}`, durationS, () => settle(siteBase));
    checkAlive();
    const aloneMs = alone.get(row);
    const met =
      row.goalMs === null
        ? '-'
        : measured.paced.latency.p99 <= row.goalMs &&
            measured.paced.requests.average >= 0.95 * PACED_RATE &&
            measured.errors === 0
          ? 'yes'
          : 'NO';
    out.push([
      row.name,
      hits.get(row) ?? '',
      measured.full.requests.average.toFixed(0),
      measured.full.latency.p50.toFixed(1),
      measured.full.latency.p99.toFixed(1),
      measured.paced.requests.average.toFixed(0),
      measured.paced.latency.p50.toFixed(1),
      measured.paced.latency.p99.toFixed(1),
      aloneMs === undefined ? '' : `${aloneMs.toFixed(1)} ms`,
      row.goalMs === null ? 'no worse than demo' : `p99 <= ${row.goalMs} ms @${PACED_RATE}/s`,
      met,
      measured.errors === 0
        ? '0'
        : `${measured.errors}${measured.timeouts ? ` (${measured.timeouts} timeouts)` : ''}`,
    ]);
    console.error(`bench: measured ${row.name}`);
  }
  out.push([
    `page /products?search=${terms.common} (server-rendered, uncached)`,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    `${pageMs.toFixed(1)} ms`,
    `alone <= ${PAGE_GOAL_MS} ms`,
    pageMs <= PAGE_GOAL_MS ? 'yes' : 'NO',
    '0',
  ]);
  out.push(...sitemap);
  return { title, header: COLUMNS, rows: out };
}

/** The `count` of a product list answer. @throws Error when it does not answer 200 */
async function countOf(url: string): Promise<number> {
  const response = await fetch(url, { headers: TENANT });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/**
 * The median time (ms) of ALONE_RUNS sequential GETs of `url`, body read, after unmeasured ones
 * for WARM_MS or WARM_RUNS requests, whichever comes first (the JIT's cold start is not what a
 * running shop sees).
 * @throws Error when one does not answer 200
 */
async function medianAlone(url: string, headers: Record<string, string>): Promise<number> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  const warmUntil = performance.now() + WARM_MS;
  for (let i = 0; i < WARM_RUNS && (i === 0 || performance.now() < warmUntil); i++) await get();
  const times: number[] = [];
  for (let i = 0; i < ALONE_RUNS; i++) times.push(await get());
  return median(times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Waits (at most SETTLE_LIMIT_MS) until `/readyz`, which queries the database, answers within
 * SETTLE_MS: requests a run left in flight when it ended are still being served, and on SQLite
 * (one thread) they would queue in front of the next run's.
 */
async function settle(siteBase: string): Promise<void> {
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  while (performance.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${siteBase}/readyz`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok && performance.now() - started < SETTLE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One row's loads: warm-up, full speed, then the steady rate, each after `settled()`. */
async function loadRow(url: string, durationS: number, settled: () => Promise<void>) {
  const common = {
    url,
    headers: TENANT,
    connections: CONNECTIONS,
    timeout: REQUEST_TIMEOUT_S,
  };
  await settled();
  await autocannon({ ...common, duration: 2 });
  await settled();
  const full = await autocannon({ ...common, duration: durationS });
  await settled();
  const paced = await pacedLoad({
    url,
    headers: TENANT,
    rate: PACED_RATE,
    durationS,
    timeoutS: REQUEST_TIMEOUT_S,
  });
  await settled();
  return {
    full,
    paced,
    errors: failures(full) + failures(paced),
    timeouts: full.timeouts + paced.timeouts,
  };
}

/**
 * The sitemap's rows: `/sitemap.xml`, then each file it names when it is an index, each fetched
 * SITEMAP_RUNS times one after another (median and slowest, with its URL count and size), and
 * the API's resident memory at its peak meanwhile.
 */
async function sitemapRows(siteBase: string, pid: number): Promise<string[][]> {
  const before = residentMb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid) ?? 0);
  }, 20);
  const rows: string[][] = [];
  try {
    const queue = ['/sitemap.xml'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const times: number[] = [];
      let body = '';
      let status = 200;
      for (let i = 0; i < SITEMAP_RUNS; i++) {
        const started = performance.now();
        const response = await fetch(`${siteBase}${path}`);
        body = await response.text();
        times.push(performance.now() - started);
        status = response.status;
      }
      const { kind, locs } =
        status === 200 ? parseSitemap(body) : { kind: 'urlset' as const, locs: [] };
      const isIndex = kind === 'sitemapindex';
      // As paths on the server measured, whatever origin the index names (lib/sitemap-urls.ts).
      if (isIndex) queue.push(...locs.map(pathOfUrl));
      const slowest = Math.max(...times);
      const what = isIndex ? `${locs.length} sitemaps` : `${locs.length} URLs`;
      rows.push([
        `${path} (${what}, ${(Buffer.byteLength(body) / 1_048_576).toFixed(1)} MB)`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        `${median(times).toFixed(0)} ms (slowest ${slowest.toFixed(0)})`,
        `each <= ${SITEMAP_GOAL_MS} ms`,
        slowest <= SITEMAP_GOAL_MS && status === 200 ? 'yes' : 'NO',
        status === 200 ? '0' : `status ${status}`,
      ]);
    }
  } finally {
    clearInterval(sampler);
  }
  rows.push([
    'API process RSS peak while serving the sitemap',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    before === null ? 'n/a (no /proc)' : `${peak.toFixed(0)} MB (${before.toFixed(0)} before)`,
    `<= ${RSS_GOAL_MB} MB`,
    before === null ? '-' : peak <= RSS_GOAL_MB ? 'yes' : 'NO',
    '',
  ]);
  return rows;
}
