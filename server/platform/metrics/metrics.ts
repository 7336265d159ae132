/**
 * Numbers to watch (issue 39): `GET /metrics` in Prometheus's text format, when METRICS is on
 * (docs/metrics.md lists every metric).
 *
 * This module is what the app imports at start, and it holds no metric: with METRICS off (the
 * default) `registerMetrics` returns null at once, so the process never loads prom-client, adds
 * no hook and registers no route (`/metrics` answers 404 as any unknown path does). The API's
 * memory at rest is a tracked goal (scripts/bench/memory.ts), and a process nobody scrapes has
 * no use for the library. With METRICS on, ./prometheus.ts is imported here, on demand (a chunk
 * of its own in the build), and does the work.
 *
 * The figures split in two:
 * - what one process saw: its requests' latency by method, route and status, its server renders
 *   and page-cache lookups, its event loop's lag and its memory. Several API processes behind a
 *   proxy each answer their own; Prometheus scrapes each one (a label per instance) and sums.
 * - the shop's business, read from the database at each scrape (the outbox's backlog and
 *   failures, orders placed and paid, card payments failed): the same from whichever process
 *   answers, and right after a restart, since no process counts them in its memory.
 */
import type { FastifyInstance } from 'fastify';
import type { AppMetrics, MetricsOptions } from './metrics-types.ts';

export type {
  AppMetrics,
  MetricsOptions,
  PageMetrics,
  ShellCause,
  ShopFigures,
} from './metrics-types.ts';

/**
 * With `options.enabled`, loads the metrics (./prometheus.ts), times every request of `app`
 * from now on and registers `GET /metrics` on it; without, does nothing at all.
 * Register early (before the routes), on the root instance.
 * @returns the hooks the pages report to, or null when METRICS is off.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: MetricsOptions,
): Promise<AppMetrics | null> {
  if (!options.enabled) return null;
  const { prometheusMetrics } = await import('./prometheus.ts');
  return prometheusMetrics(app, options);
}
