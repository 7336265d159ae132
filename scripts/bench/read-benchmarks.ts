/// <reference types="node" />
/**
 * Table 2 of the bench: throughput (req/s) and latency (p50 and p99, ms) of the reference
 * API's busiest reads at full speed (autocannon, CONNECTIONS connections, DURATION_S seconds
 * each after a 2 s warm-up): the product list, a sorted and filtered product list, the search
 * suggestions and a product detail, next to a bare Fastify route serving a constant JSON, as
 * a ceiling. The suggestions are also measured at a steady SUGGESTIONS_RATE req/s (one request
 * every 10 ms, ./paced-load.ts), where their p99 must be at most SUGGESTIONS_P99_TARGET_MS with
 * no failed request.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_S, TENANT, failures } from './load-settings';
import { pacedLoad } from './paced-load';
import type { BenchTable } from './table';

/**
 * p99 target (ms) of the header's search suggestions, at a steady rate of requests (req/s),
 * and the terms asked for in turn (prefixes a shopper types on the way to a seeded name).
 */
const SUGGESTIONS_P99_TARGET_MS = 10;
const SUGGESTIONS_RATE = 100;
const SUGGESTION_TERMS = [
  'da',
  'dam',
  'dama',
  'ch',
  'che',
  'chef',
  'wa',
  'wal',
  'walnu',
  'oa',
  'oak',
  'bo',
  'bowl',
  'kn',
  'knif',
  'pa',
  'pain',
  'ce',
  'cer',
  'spoon',
];

interface ReadTarget {
  /** The row's name in the table. */
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Requests made in turn instead of `url` alone. */
  requests?: { method: 'GET'; path: string }[];
  /** Also measured at SUGGESTIONS_RATE req/s, where this p99 (ms) must hold. */
  p99TargetMs?: number;
}

/**
 * The slug of the first active product in stock, whose detail and page the bench measures.
 * @param apiBase the API's base URL, `http://127.0.0.1:PORT/api`
 * @throws Error when the list is empty
 */
export async function firstProductSlug(apiBase: string): Promise<string> {
  const list = (await (
    await fetch(`${apiBase}/products/products/?is_active=true&in_stock=true&page_size=100`, {
      headers: TENANT,
    })
  ).json()) as { results?: { slug: string }[] } | { slug: string }[];
  const first = (Array.isArray(list) ? list : (list.results ?? []))[0];
  if (!first) throw new Error('the product list is empty');
  return first.slug;
}

/**
 * Measures the reads one after the other (a progress line on stderr after each).
 * @param apiBase the API's base URL, `http://127.0.0.1:PORT/api`
 * @param baselineUrl the bare Fastify route's URL
 * @param slug the product whose detail is read
 * @returns the table: target, req/s, p50 ms, p99 ms, errors/non-2xx, p99 at a steady rate
 */
export async function readBenchmarks(
  apiBase: string,
  baselineUrl: string,
  slug: string,
): Promise<BenchTable> {
  const targets: ReadTarget[] = [
    {
      name: 'GET /api/products/products/?is_active=true',
      url: `${apiBase}/products/products/?is_active=true`,
      headers: TENANT,
    },
    {
      // A sorted and filtered list (the cache keys on the normalized parameters).
      name: 'GET /api/products/products/?ordering=-price&min_price=50&in_stock=true',
      url: `${apiBase}/products/products/?is_active=true&ordering=-price&min_price=50&in_stock=true`,
      headers: TENANT,
    },
    {
      // The header's suggestions, asked on every pause in typing; twenty terms in
      // turn, so each is a cache miss once a second (the catalogue cache's TTL).
      name: `GET /api/products/suggestions/?q= (${SUGGESTION_TERMS.length} terms in turn)`,
      url: `${apiBase}/products/suggestions/?q=${SUGGESTION_TERMS[0]}`,
      headers: TENANT,
      requests: SUGGESTION_TERMS.map((q) => ({
        method: 'GET' as const,
        path: `/api/products/suggestions/?q=${q}`,
      })),
      p99TargetMs: SUGGESTIONS_P99_TARGET_MS,
    },
    {
      name: `GET /api/products/products/${slug}/`,
      url: `${apiBase}/products/products/${slug}/`,
      headers: TENANT,
    },
    {
      name: 'bare fastify route (constant JSON, baseline)',
      url: baselineUrl,
      headers: {},
    },
  ];
  const rows: string[][] = [];
  for (const target of targets) {
    rows.push(await measureRead(target));
    console.error(`bench: measured ${target.name}`);
  }
  return {
    title: `Reference API (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each)`,
    header: ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'p99 at a steady rate'],
    rows,
  };
}

/** One read's row: warm-up, full speed, then (with a p99 target) the steady rate. */
async function measureRead(target: ReadTarget): Promise<string[]> {
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
    ...(target.requests ? { requests: target.requests } : {}),
  });
  // Full speed measures the ceiling, where p99 is mostly queueing; a latency target is
  // judged at a steady rate, as the server-rendered pages are.
  const paced =
    target.p99TargetMs === undefined
      ? null
      : await pacedLoad({
          url: target.url,
          headers: target.headers,
          paths: target.requests?.map((r) => r.path),
          rate: SUGGESTIONS_RATE,
          durationS: DURATION_S,
          timeoutS: 10,
        });
  const errors = failures(r) + (paced ? failures(paced) : 0);
  return [
    target.name,
    r.requests.average.toFixed(0),
    r.latency.p50.toFixed(1),
    r.latency.p99.toFixed(1),
    String(errors),
    paced === null || target.p99TargetMs === undefined
      ? ''
      : `${paced.latency.p99.toFixed(1)} ms @${SUGGESTIONS_RATE}/s, <= ${target.p99TargetMs}: ${paced.latency.p99 <= target.p99TargetMs && errors === 0 ? 'yes' : 'NO'}`,
  ];
}
