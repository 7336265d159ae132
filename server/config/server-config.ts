/**
 * The serving part of the configuration: interface and port, the API's path, the built SPA,
 * the inlined tenant, logging, proxies, the public storefront origin, and the catalogue and
 * page caches.
 */
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  type Env,
  isAddressOrRange,
  parseBoolean,
  parseIntInRange,
  parseNonNegativeInt,
  parseOrigin,
  parsePort,
  value,
} from './env-values.ts';

/** Serving: where the API listens, what it serves, how it logs, caches and renders pages. */
export interface ServerConfig {
  /** Interface to listen on (default 127.0.0.1: never exposed on other interfaces by default). */
  host: string;
  /** TCP port, 0-65535 (0 picks a free port; default 8080). */
  port: number;
  /** Path prefix of the API, starting with '/' and without a trailing slash (default /api). */
  publicApiPath: string;
  /** Serve the built SPA from dist/ on the same origin (default true). */
  serveSpa: boolean;
  /** Folder of the built SPA (default dist). */
  distDir: string;
  /** Tenant whose site settings are inlined into index.html (default demo-handcraft). */
  tenantToken: string;
  /** Pino log level; 'debug' and 'trace' also log every request. */
  logLevel: LogLevel;
  /** How long catalogue answers are cached in memory (ms; default 1000; 0 disables). */
  catalogCacheTtlMs: number;
  /**
   * How long a product list's count is kept (ms; default 60000; 0 disables), apart from the
   * answers: counting 100,000 products costs milliseconds, and only a change of the catalogue
   * (which drops it at once) changes it. Decision 050.
   */
  catalogCountTtlMs: number;
  /**
   * How long a server-rendered page is reused (ms; default 10000; 0 disables). A write through
   * this process that pages show (an order's stock, a review, a comment) drops them at once.
   */
  pageCacheTtlMs: number;
  /**
   * Server renders at once, at most (PAGE_RENDERS_IN_FLIGHT; default one less than the cores,
   * at least 1); beyond it a page not in the cache is served as the shell.
   */
  pageRendersInFlight: number;
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host (Fastify's `trustProxy`): false (none),
   * true (any: only when the API is reachable through the proxy alone), a hop count, or a list
   * of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
   * Default: loopback (the Vite dev proxy, a reverse proxy on the same machine).
   */
  trustProxy: boolean | number | string[];
  /**
   * Origin of the storefront the sandbox card gateway sends the shopper back to
   * (`{origin}/payment/return?paymentId=...`), e.g. Vite's http://127.0.0.1:5173 in development.
   * Null: the origin the gateway page itself was requested on (the SPA served by this API).
   */
  storefrontUrl: string | null;
}

/** Pino's log levels, as LOG_LEVEL names them (in any case). */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Fastify's `trustProxy` from TRUST_PROXY (see `ServerConfig.trustProxy`). @throws ConfigError */
function parseTrustProxy(env: Env, name: string): boolean | number | string[] {
  const raw = value(env, name);
  if (raw === undefined) return ['loopback'];
  const lower = raw.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (['false', 'no', 'off', 'none'].includes(lower)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_NAMES.has(entry) && !isAddressOrRange(entry)) {
      throw new ConfigError(
        `${name} must be true, false, a hop count, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; "${entry}" is none of these.`,
      );
    }
  }
  return entries;
}

/** A path prefix such as /api, without its trailing slashes. @throws ConfigError otherwise. */
function parseApiPath(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  const path = raw.replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9._~\-/]+$/.test(path) || path.includes('//')) {
    throw new ConfigError(`${name} must be a path such as /api, got "${raw}".`);
  }
  return path;
}

/**
 * Reads the serving settings: HOST, PORT, PUBLIC_API_PATH, SERVE_SPA, DIST_DIR, TENANT_TOKEN,
 * LOG_LEVEL, CATALOG_CACHE_TTL_MS, CATALOG_COUNT_TTL_MS, PAGE_CACHE_TTL_MS, PAGE_RENDERS_IN_FLIGHT,
 * TRUST_PROXY and STOREFRONT_URL.
 * @throws ConfigError when one is malformed.
 */
export function loadServerConfig(env: Env): ServerConfig {
  const logLevel = (value(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  return {
    host: value(env, 'HOST') ?? '127.0.0.1',
    port: parsePort(env, 'PORT', 8080),
    publicApiPath: parseApiPath(env, 'PUBLIC_API_PATH', '/api'),
    serveSpa: parseBoolean(env, 'SERVE_SPA', true),
    distDir: value(env, 'DIST_DIR') ?? 'dist',
    tenantToken: value(env, 'TENANT_TOKEN') ?? 'demo-handcraft',
    logLevel: logLevel as LogLevel,
    catalogCacheTtlMs: parseNonNegativeInt(env, 'CATALOG_CACHE_TTL_MS', 1000),
    catalogCountTtlMs: parseNonNegativeInt(env, 'CATALOG_COUNT_TTL_MS', 60_000),
    pageCacheTtlMs: parseNonNegativeInt(env, 'PAGE_CACHE_TTL_MS', 10_000),
    pageRendersInFlight: parseIntInRange(
      env,
      'PAGE_RENDERS_IN_FLIGHT',
      Math.max(1, availableParallelism() - 1),
      1,
      64,
    ),
    trustProxy: parseTrustProxy(env, 'TRUST_PROXY'),
    storefrontUrl: parseOrigin(env, 'STOREFRONT_URL'),
  };
}
