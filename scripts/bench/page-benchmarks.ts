/// <reference types="node" />
/**
 * Table 3 of the bench: the server-rendered pages (decision 008), the product list and a
 * product page as a browser asks for them (Accept: text/html). Each is measured at a fixed
 * SSR_RATE req/s overall (autocannon `overallRate`, CONNECTIONS connections, DURATION_S
 * seconds after a 3 s warm-up), target p99 at most SSR_P99_TARGET_MS ms with no failed
 * request, then at full speed for its ceiling (req/s, p99 ms). Last, the product page at the
 * fixed rate again while FLOOD_RATE req/s of distinct URLs arrive: its p99 must stay within
 * 2x of its run alone.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_S, failures } from './load-settings';
import type { BenchTable } from './table';

/** Fixed request rate (req/s) of the server-rendered pages and their p99 target (ms). */
const SSR_RATE = 100;
const SSR_P99_TARGET_MS = 20;
/** Distinct page URLs per second while the product page is measured again. */
const FLOOD_RATE = 200;

const HTML = { accept: 'text/html' };

/**
 * Measures the pages, then the product page under the flood (a progress line on stderr after
 * each).
 * @param siteBase the storefront's origin, `http://127.0.0.1:PORT`
 * @param slug the product whose page is rendered
 * @returns the table: target, req/s at SSR_RATE, p50 ms, p99 ms, max req/s, p99 ms at max,
 *   errors/non-2xx, within the p99 target
 */
export async function pageBenchmarks(siteBase: string, slug: string): Promise<BenchTable> {
  const pages = [
    { name: 'GET /products (server-rendered)', url: `${siteBase}/products` },
    {
      name: `GET /products/${slug} (server-rendered)`,
      url: `${siteBase}/products/${slug}`,
    },
  ];
  const rows: string[][] = [];
  for (const target of pages) {
    await autocannon({ url: target.url, headers: HTML, connections: CONNECTIONS, duration: 3 });
    const paced = await autocannon({
      url: target.url,
      headers: HTML,
      connections: CONNECTIONS,
      overallRate: SSR_RATE,
      duration: DURATION_S,
    });
    const full = await autocannon({
      url: target.url,
      headers: HTML,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const errors = failures(paced) + failures(full);
    rows.push([
      target.name,
      paced.requests.average.toFixed(0),
      paced.latency.p50.toFixed(1),
      paced.latency.p99.toFixed(1),
      full.requests.average.toFixed(0),
      full.latency.p99.toFixed(1),
      String(errors),
      paced.latency.p99 <= SSR_P99_TARGET_MS && errors === 0 ? 'yes' : 'NO',
    ]);
    console.error(`bench: measured ${target.name}`);
  }
  rows.push(await floodRow(siteBase, pages[1]!, Number(rows[1]![3])));
  console.error('bench: measured the product page during a flood of distinct URLs');
  return {
    title: `Server-rendered pages (autocannon, ${CONNECTIONS} connections: ${SSR_RATE} req/s overall for ${DURATION_S} s, then full speed for ${DURATION_S} s)`,
    header: [
      'target',
      `req/s @${SSR_RATE}`,
      'p50 ms',
      'p99 ms',
      'max req/s',
      'p99 ms @max',
      'errors/non-2xx',
      `p99 <= ${SSR_P99_TARGET_MS} ms`,
    ],
    rows,
  };
}

/**
 * The product page again, while a flood of distinct URLs (tracking parameters on /, and
 * searches nobody else makes) arrives at FLOOD_RATE: its p99 should stay within 2x of
 * `aloneP99Ms`, its paced run alone (the cache keys by validated parameters; renders are
 * capped).
 * @returns the row, in the columns of the pages' table (no full-speed figures)
 */
async function floodRow(
  siteBase: string,
  page: { name: string; url: string },
  aloneP99Ms: number,
): Promise<string[]> {
  let floodCount = 0;
  const [during, flood] = await Promise.all([
    autocannon({
      url: page.url,
      headers: HTML,
      connections: CONNECTIONS,
      overallRate: SSR_RATE,
      duration: DURATION_S,
    }),
    autocannon({
      url: siteBase,
      connections: CONNECTIONS,
      overallRate: FLOOD_RATE,
      duration: DURATION_S,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            floodCount++;
            const path =
              floodCount % 2
                ? `/?utm_source=flood-${floodCount}`
                : `/products?search=flood-${floodCount}`;
            return { ...request, path, headers: { ...request.headers, ...HTML } };
          },
        },
      ],
    }),
  ]);
  const errors = failures(during) + flood.non2xx;
  return [
    `${page.name}, during ${FLOOD_RATE} req/s of distinct URLs`,
    during.requests.average.toFixed(0),
    during.latency.p50.toFixed(1),
    during.latency.p99.toFixed(1),
    '',
    '',
    String(errors),
    `${during.latency.p99 <= 2 * aloneP99Ms && errors === 0 ? 'yes' : 'NO'} (<= 2x ${aloneP99Ms.toFixed(1)})`,
  ];
}
