/**
 * The metrics part of the configuration (issue 39, "numbers to watch"): whether the API answers
 * `GET /metrics` in Prometheus's text format, and which client addresses may read it
 * (server/platform/metrics/; docs/metrics.md).
 */
import { ConfigError, isAddressOrRange, parseBoolean, value, type Env } from './env-values.ts';

/** Answering Prometheus. */
export interface MetricsConfig {
  /**
   * Answer `GET /metrics` (METRICS, default false). Off, the process neither loads the metrics
   * library nor times its requests: the route does not exist and answers 404.
   */
  metrics: boolean;
  /**
   * The client addresses that may read `/metrics` (METRICS_ALLOW, default `127.0.0.1,::1`):
   * addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`) as written. The client's address is
   * the one TRUST_PROXY yields (the socket's, or what a trusted proxy says); any other gets 404.
   */
  metricsAllow: string[];
}

/** Who may read `/metrics` when METRICS_ALLOW is unset: this machine only. */
export const DEFAULT_METRICS_ALLOW: readonly string[] = ['127.0.0.1', '::1'];

/**
 * METRICS_ALLOW as a list of addresses and CIDR ranges (see `MetricsConfig.metricsAllow`).
 * @throws ConfigError naming the first entry that is neither.
 */
function parseAllowList(env: Env, name: string): string[] {
  const raw = value(env, name);
  if (raw === undefined) return [...DEFAULT_METRICS_ALLOW];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new ConfigError(
        `${name} must be a comma-separated list of IP addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8,::1); "${entry}" is neither.`,
      );
    }
  }
  if (entries.length === 0) return [...DEFAULT_METRICS_ALLOW];
  return entries;
}

/**
 * Reads the metrics settings: METRICS and METRICS_ALLOW.
 * @throws ConfigError when one is malformed.
 */
export function loadMetricsConfig(env: Env): MetricsConfig {
  return {
    metrics: parseBoolean(env, 'METRICS', false),
    metricsAllow: parseAllowList(env, 'METRICS_ALLOW'),
  };
}
