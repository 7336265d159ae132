/**
 * Reading environment variables for the configuration: each parser reads one variable, trims
 * it, treats an empty value as unset (so the default applies), and throws a `ConfigError` that
 * names the variable and what it must be when the value is malformed.
 */

import { isIP } from 'node:net';

/** Thrown by `loadConfig` for a malformed environment variable; the message names it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The environment as `loadConfig` reads it (`process.env` by default). */
export type Env = Record<string, string | undefined>;

/** A day in seconds, for lifetimes given in seconds. */
export const DAY = 24 * 60 * 60;

/** The variable's trimmed value; undefined when it is unset or blank. */
export function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A TCP port, 0-65535. @throws ConfigError otherwise. */
export function parsePort(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be an integer between 0 and 65535, got "${raw}".`);
  }
  return Number(raw);
}

/** A whole number of at least 0. @throws ConfigError otherwise. */
export function parseNonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw))
    throw new ConfigError(`${name} must be a non-negative integer, got "${raw}".`);
  return Number(raw);
}

/** A whole number from `min` to `max` inclusive. @throws ConfigError otherwise. */
export function parseIntInRange(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}".`);
  }
  return Number(raw);
}

/** 1/true/yes/on or 0/false/no/off, in any case. @throws ConfigError otherwise. */
export function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

/**
 * An absolute http(s) origin such as http://127.0.0.1:5173, returned as `URL.origin`
 * (lower-case host, no trailing slash). @throws ConfigError for anything with a path, query,
 * fragment or credentials.
 */
export function parseOrigin(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `${name} must be an absolute http(s) origin such as http://127.0.0.1:5173.`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new ConfigError(
      `${name} must be an absolute http(s) origin such as http://127.0.0.1:5173 (no path, query or credentials), got "${raw}".`,
    );
  }
  return url.origin;
}

/**
 * An absolute http(s) URL without credentials, returned without trailing slashes.
 * @throws ConfigError otherwise.
 */
export function parseBaseUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ConfigError(`${name} must be an absolute http(s) URL without credentials.`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * A URL whose scheme is one of `schemes` (`['smtp', 'smtps']`), returned as written; null when
 * unset. `article` fits the first scheme in the message ("an smtp:// or smtps:// URL").
 * @throws ConfigError for anything else.
 */
export function parseUrlWithScheme(
  env: Env,
  name: string,
  schemes: readonly string[],
  article: 'a' | 'an',
): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  const what = `${article} ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be ${what}.`);
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) {
    throw new ConfigError(`${name} must be ${what}, got protocol "${url.protocol}".`);
  }
  return raw;
}

/**
 * True when `entry` is an IPv4 or IPv6 address, or one with a CIDR prefix length that fits it
 * (`10.0.0.0/8`, `fd00::/8`): an entry of TRUST_PROXY or METRICS_ALLOW.
 */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const kind = isIP(address);
  const maxBits = kind === 6 ? 128 : 32;
  return (
    rest.length === 0 &&
    kind !== 0 &&
    (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits))
  );
}
