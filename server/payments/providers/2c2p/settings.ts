/**
 * What a 2C2P adapter is configured with: one shop's account (merchant ID, secret key,
 * environment), checked as the configuration script reads it, and the server's settings for
 * every shop (API bases, timeout, how old a notification may be), checked when an adapter is
 * made.
 */
import { safeUrl } from './wire.ts';

/** 2C2P's sandbox API base, the documented default of `TwoC2pConfig.sandboxApiBase`. */
export const TWO_C2P_SANDBOX_API_BASE = 'https://sandbox-pgw.2c2p.com';
/** 2C2P's production API base, the documented default of `TwoC2pConfig.productionApiBase`. */
export const TWO_C2P_PRODUCTION_API_BASE = 'https://pgw.2c2p.com';
/** How long one API call may take, answer included, before it counts as unavailable (ms). */
export const TWO_C2P_DEFAULT_TIMEOUT_MS = 8_000;
/** How old a notification's transactionDateTime may be before it is refused as stale (s). */
export const TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS = 24 * 60 * 60;

/** One shop's 2C2P account, as stored in its payment settings. */
export interface TwoC2pCredentials {
  /** 2C2P's merchant ID (letters and digits, e.g. "JT01"). */
  merchantId: string;
  /** The merchant's secret key, which signs every JWT both ways. Never shown or logged. */
  secretKey: string;
  /** Which of 2C2P's APIs the account lives on. */
  environment: 'sandbox' | 'production';
}

/** The server's 2C2P configuration, the same for every shop. */
export interface TwoC2pConfig {
  /** Default TWO_C2P_SANDBOX_API_BASE. https, or http on a loopback host (a local fake). */
  sandboxApiBase: string;
  /** Default TWO_C2P_PRODUCTION_API_BASE. Same rule. */
  productionApiBase: string;
  /** Per API call, answer included (ms); default TWO_C2P_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS (24 hours). */
  notificationMaxAgeSeconds?: number;
}

/**
 * Checks a shop's 2C2P credentials as the configuration script reads them (e.g. parsed JSON).
 * Returns a new object with exactly the three fields; other fields are refused, so a
 * misspelt one is not silently dropped.
 * @throws Error naming the bad field; the message never contains the secret key's value.
 */
export function parseTwoC2pCredentials(value: unknown): TwoC2pCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(
      '2C2P credentials must be an object with merchantId, secretKey and environment.',
    );
  }
  const record = value as Record<string, unknown>;
  for (const field of Object.keys(record)) {
    if (field !== 'merchantId' && field !== 'secretKey' && field !== 'environment') {
      // A field name is echoed only when it looks like one: a pasted secret could be a key.
      const named = /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(field) ? `"${field}"` : 'a field';
      throw new Error(`2C2P credentials have an unexpected field: ${named}.`);
    }
  }
  const { merchantId, secretKey, environment } = record;
  if (typeof merchantId !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(merchantId)) {
    throw new Error('2C2P credentials: merchantId must be 1 to 50 letters or digits.');
  }
  if (typeof secretKey !== 'string' || !/^[\x21-\x7e]{32,512}$/.test(secretKey)) {
    throw new Error(
      '2C2P credentials: secretKey must be 32 to 512 printable characters without spaces.',
    );
  }
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error('2C2P credentials: environment must be "sandbox" or "production".');
  }
  return { merchantId, secretKey, environment };
}
/**
 * An API base as calls append to it: https, or http on a loopback host (a local fake), without
 * query, fragment or credentials; returned without trailing slashes.
 * @throws Error otherwise.
 */
export function checkApiBase(value: string): string {
  const url = safeUrl(value);
  const loopback = url !== null && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (
    !url ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new Error('A 2C2P API base must be an https URL without query (http only on loopback).');
  }
  return url.href.replace(/\/+$/, '');
}

/** A finite number above 0, returned as is. @throws Error naming the option otherwise. */
export function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`2C2P ${name} must be positive.`);
  return value;
}
