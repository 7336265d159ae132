/// <reference types="node" />
/**
 * The hot path of the bench: what the reference API costs above sending bytes. Each cached
 * answer (a server-rendered page, a catalogue answer) is measured side by side with a bare
 * `node:http` server sending the very same bytes and headers (./same-bytes-server.ts), with
 * HOT_PATH_CONNECTIONS connections for DURATION_S seconds each, after a warm-up; the ratio of
 * their req/s must be at least HOT_PATH_RATIO_TARGET. Everything the API does before it sends
 * cached bytes (hooks, headers, the nonce, negotiation, the cache lookup) is in the gap.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitForHttp } from '../lib/local-servers';
import { killGroup, projectRoot, startDetached } from './api-process';
import { DURATION_S, TENANT, failures } from './load-settings';
import type { BenchTable } from './table';

/** Connections of each side-by-side run (the measurement used 20). */
export const HOT_PATH_CONNECTIONS = 20;
/** The least share of the bare server's req/s a cached answer must reach. */
export const HOT_PATH_RATIO_TARGET = 0.5;

interface HotTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

async function run(url: string, headers: Record<string, string>, durationS: number) {
  return autocannon({ url, headers, connections: HOT_PATH_CONNECTIONS, duration: durationS });
}

/**
 * Measures each cached answer against its bare twin.
 * @param siteBase the storefront's origin, `http://127.0.0.1:PORT`
 * @param slug a product whose page and answer are measured
 * @returns the table: target, bytes, bare req/s, API req/s, ratio, errors, ratio met
 */
export async function hotPathBenchmarks(siteBase: string, slug: string): Promise<BenchTable> {
  const html = { accept: 'text/html' };
  const json = { accept: 'application/json', ...TENANT };
  const targets: HotTarget[] = [
    {
      name: `GET /products/${slug} (page, cached)`,
      url: `${siteBase}/products/${slug}`,
      headers: html,
    },
    { name: 'GET /products (page, cached)', url: `${siteBase}/products`, headers: html },
    {
      name: `GET /api/products/products/${slug}/ (cached)`,
      url: `${siteBase}/api/products/products/${slug}/`,
      headers: json,
    },
    {
      name: 'GET /api/products/products/ (cached)',
      url: `${siteBase}/api/products/products/?is_active=true`,
      headers: json,
    },
  ];
  const rows: string[][] = [];
  for (const target of targets) {
    const port = await freePort();
    const bare = startDetached(
      path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
      [
        fileURLToPath(new URL('./same-bytes-server.ts', import.meta.url)),
        String(port),
        target.url,
        ...Object.entries(target.headers).map(([name, value]) => `${name}=${value}`),
      ],
      process.env,
    );
    try {
      const bareUrl = `http://127.0.0.1:${port}/`;
      await waitForHttp('same-bytes server', bare, bareUrl, { timeoutMs: 30_000, requireOk: true });
      await run(target.url, target.headers, 2);
      await run(bareUrl, target.headers, 2);
      const api = await run(target.url, target.headers, DURATION_S);
      const ceiling = await run(bareUrl, target.headers, DURATION_S);
      const ratio = api.requests.average / ceiling.requests.average;
      const errors = failures(api) + failures(ceiling);
      rows.push([
        target.name,
        String(Math.round(api.throughput.average / Math.max(1, api.requests.average))),
        ceiling.requests.average.toFixed(0),
        api.requests.average.toFixed(0),
        ratio.toFixed(2),
        String(errors),
        ratio >= HOT_PATH_RATIO_TARGET && errors === 0 ? 'yes' : 'NO',
      ]);
      console.error(`bench: measured the hot path of ${target.name}`);
    } finally {
      killGroup(bare);
    }
  }
  return {
    title: `The hot path: cached answers against a bare node:http server sending the same bytes (autocannon, ${HOT_PATH_CONNECTIONS} connections, ${DURATION_S} s each)`,
    header: [
      'target',
      'bytes',
      'bare req/s',
      'API req/s',
      'ratio',
      'errors/non-2xx',
      `ratio >= ${HOT_PATH_RATIO_TARGET}`,
    ],
    rows,
  };
}
