/**
 * What a Stripe adapter is made with: one shop's credentials (secret key and webhook signing
 * secret), checked without ever repeating a value; the server's settings for every shop (the
 * API base of a local fake, the timeout); the pinned API version and retry policy; and the
 * official `stripe` package itself, loaded on first use.
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/** One shop's Stripe credentials (from its payment settings). */
export interface StripeCredentials {
  /** `sk_test_…`, `sk_live_…`, or a restricted key `rk_test_…` / `rk_live_…`. */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
}

/** The server's Stripe settings, the same for every shop. */
export interface StripeConfig {
  /**
   * null: Stripe's real API. An origin such as `http://127.0.0.1:12345`: a local fake, reached
   * through the package's own `host`, `port` and `protocol` options.
   */
  apiBase: string | null;
  /** Per HTTP request to Stripe, in milliseconds; 10 000 by default. */
  timeoutMs?: number;
}

/**
 * The API version the installed package is typed for. Pinned so that upgrading the package
 * cannot change the wire format silently: a newer package no longer accepts this literal as
 * its `LatestApiVersion`, and the compiler points here.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** How old a webhook's signed timestamp may be, and how far in the future (seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Per HTTP request to Stripe when the config names no timeout (ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One retry, with the package's backoff (0.5 s to 1 s): it covers a dropped keep-alive
 * socket, a 409 lock or a 5xx blip, and it is safe because every write carries an idempotency
 * key (ours for creates and refunds, the package's own for the rest), so a retried create
 * answers the same session rather than a second one. More retries would keep a shopper
 * waiting on the checkout page for longer than a clear "try again" is worth; the order stays
 * payable either way.
 */
export const MAX_NETWORK_RETRIES = 1;

const SECRET_KEY = /^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{10,}$/;
const WEBHOOK_SECRET = /^whsec_[0-9A-Za-z+/=]{10,}$/;

/**
 * Checks a shop's stored Stripe credentials: `{ secretKey, webhookSecret }` as above.
 * @throws Error naming the bad field; the message never repeats a value.
 */
export function parseStripeCredentials(value: unknown): StripeCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('Stripe credentials must be an object with secretKey and webhookSecret.');
  }
  const { secretKey, webhookSecret } = value as Record<string, unknown>;
  if (typeof secretKey !== 'string' || secretKey === '') {
    throw new Error('Stripe credentials: secretKey is missing.');
  }
  if (secretKey.startsWith('pk_')) {
    throw new Error(
      'Stripe credentials: secretKey is a publishable key (pk_…); use the secret key (sk_…) or a restricted key (rk_…).',
    );
  }
  if (!SECRET_KEY.test(secretKey)) {
    throw new Error(
      'Stripe credentials: secretKey must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…), without spaces.',
    );
  }
  if (typeof webhookSecret !== 'string' || webhookSecret === '') {
    throw new Error('Stripe credentials: webhookSecret is missing.');
  }
  if (!WEBHOOK_SECRET.test(webhookSecret)) {
    throw new Error(
      "Stripe credentials: webhookSecret must be the webhook endpoint's signing secret (whsec_…), without spaces.",
    );
  }
  return { secretKey, webhookSecret };
}
/**
 * The package's `host`, `port` and `protocol` for a fake's origin; nothing for the real API.
 * @throws Error when `apiBase` is not a bare http(s) origin.
 */
export function apiAddress(apiBase: string | null): Partial<Stripe.StripeConfig> {
  if (apiBase === null) return {};
  const url = new URL(apiBase);
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.username !== ''
  ) {
    // The package always adds /v1/ to the host: a path or credentials here would be lost.
    throw new Error('The Stripe API base must be an origin, such as http://127.0.0.1:12345.');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'https' ? 443 : 80),
  };
}

/**
 * The official package, loaded with the first Stripe shop rather than at start-up: it costs
 * about 16 MB resident, which a shop on another provider never pays.
 */
export function stripePackage(): typeof Stripe {
  return createRequire(import.meta.url)('stripe') as typeof Stripe;
}
