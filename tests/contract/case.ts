/**
 * A contract case (one request, its expected status and the behaviour a shopper would notice),
 * the two demo shops and their seeded customers, and the checks and case builders every case
 * file shares: the answer's `detail` or field error, a token pair, and the tenant-header errors
 * that every operation documents (spec: the tenant header on every request).
 */
import { isObject, str, type Json } from './contract-document';

/**
 * Where a case is sent: `strict` is `prism proxy --errors` (it validates the request too),
 * `lenient` the same without request validation (for deliberately invalid requests), `direct`
 * the API itself (for what Prism would answer on its own, e.g. a missing security header).
 */
export type Via = 'strict' | 'lenient' | 'direct';

/** One request of the contract test and what its answer must be. */
export interface Case {
  name: string;
  operationId: string;
  method: string;
  /** Contract path with its parameters filled in, without the `/api` prefix. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Json;
  /** A body that is not JSON (an image file's bytes), sent as it is with its Content-Type. */
  rawBody?: { bytes: Uint8Array; contentType: string };
  status: number;
  via?: Via;
  /** Behaviour a shopper would notice; returns a failure message, or null when it holds. */
  check?: (body: Json, headers: Headers) => string | null;
  /**
   * Runs right before the request and may fill in what earlier cases produced (ids, bodies,
   * signatures); `name`, `operationId` and `method` stay as written.
   */
  prepare?: () => Partial<Case> | Promise<Partial<Case>>;
  /** Keeps values of the answer (when the status was the expected one) for later cases. */
  remember?: (body: Json) => void;
  /** The case file it comes from (`cases/cart.ts`), for the run's table of slowest files. */
  file?: string;
}

/** The cases of one case file, each marked with it (see `Case.file`). */
export function fromFile(file: string, cases: Case[]): Case[] {
  return cases.map((c) => ({ ...c, file }));
}

/** The tenant header and the tokens of the two seeded shops (spec section 7). */
export const TENANT_HEADER = 'X-Tenant-Token';
export const DEMO = 'demo-handcraft';
export const POTTERY = 'demo-pottery';

/** The tenant header of the demo shop and of the second shop (the pottery). */
export const demoTenant: Readonly<Record<string, string>> = { [TENANT_HEADER]: DEMO };
export const potteryTenant: Readonly<Record<string, string>> = { [TENANT_HEADER]: POTTERY };

/** The seeded demo customers (server/seed/seed.ts, docs/operating.md, "Demo customer"). */
export const DEMO_CUSTOMER = {
  email: 'customer@emberandoak.example',
  username: 'customer',
  password: 'demo-customer-2026',
};
export const POTTERY_CUSTOMER = {
  email: 'customer@riversidepottery.example',
  password: 'pottery-customer-2026',
};

/** The answer to a refresh or reset token that is malformed, spent, revoked or foreign. */
export const TOKEN_INVALID = 'Token is invalid or expired.';

/** A case; `rest` adds what the positional arguments do not name (body, query, check...). */
export function make(
  name: string,
  operationId: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  status: number,
  rest: Partial<Case> = {},
): Case {
  return { name, operationId, method, path, headers, status, ...rest };
}

/**
 * The cases with a customer's bearer token added: Prism checks the bearer scheme before the
 * tenant, so a customer operation's tenant cases must carry a valid token.
 */
export function withBearer(cases: Case[], authorization: string): Case[] {
  return cases.map((c) => ({ ...c, headers: { ...c.headers, authorization } }));
}

/** A check that the answer is `{detail: expected}`. */
export function detailIs(expected: string) {
  return (body: Json) =>
    isObject(body) && body.detail === expected
      ? null
      : `expected detail ${JSON.stringify(expected)}, got ${JSON.stringify(body)}`;
}

/** A check that the answer's field errors list `message` under `field`. */
export function fieldError(field: string, message: string) {
  return (b: Json) =>
    isObject(b) && Array.isArray(b[field]) && b[field].includes(message)
      ? null
      : `expected ${field}: [${JSON.stringify(message)}], got ${JSON.stringify(b)}`;
}

/** A check that the answer is an access and refresh token pair for the user `email`. */
export function tokenPairFor(email: string) {
  return (b: Json) =>
    isObject(b) && isObject(b.user) && b.user.email === email && str(b.access) && str(b.refresh)
      ? null
      : `expected tokens for ${email}, got ${JSON.stringify(b).slice(0, 200)}`;
}

/**
 * The tenant-header errors every operation shares: 401 without the header (asked of the API
 * directly, since Prism's security check answers it itself) and 403 for an unknown shop.
 */
export function tenantErrors(
  operationId: string,
  method: string,
  p: string,
  query?: Record<string, string>,
  body?: Json,
): Case[] {
  return [
    {
      name: `${operationId} without ${TENANT_HEADER}`,
      operationId,
      method,
      path: p,
      query,
      body,
      status: 401,
      via: 'direct',
      check: detailIs('Tenant token missing.'),
    },
    {
      name: `${operationId} with an unknown tenant token`,
      operationId,
      method,
      path: p,
      query,
      body,
      headers: { [TENANT_HEADER]: 'no-such-tenant' },
      status: 403,
      check: detailIs('Unknown tenant token.'),
    },
  ];
}
