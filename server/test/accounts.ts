/**
 * Fixtures of the account tests (spec: registration, login, tokens, logout, the shopper's
 * account, password change and reset, saved addresses): the answers they expect, and
 * `useAccountsApi`, which gives a test file one seeded app and the `/accounts/*` calls bound to
 * it. Every call answers `{ status, body, headers }` with the JSON body (null when empty) and
 * throws nothing on a 4xx; a helper that needs a success says so and expects it.
 */
import type { components } from '../../common/storefront-api';
import type { AppConfig } from '../config/config.ts';
import { outboxMessagesTo, resetLinkOf } from '../platform/mail/outbox-reader.ts';
import { asTenant, type TestApp, useTestApp } from './test-app.ts';
import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';

type TokenPair = components['schemas']['TokenPair'];
type User = components['schemas']['User'];

export const DEMO = asTenant('demo-handcraft');
export const POTTERY = asTenant('demo-pottery');
/** The storefront the account tests configure: reset links must point there, whatever the Host. */
export const STOREFRONT = 'https://shop.example';
export const TOKEN_INVALID = { detail: 'Token is invalid or expired.' };
export const NOT_VALID = { detail: 'Given token not valid for any token type' };
export const INVALID_LINK = { token: [ACCOUNT_MESSAGES.resetInvalid] };
export const RESET_SENT = { detail: ACCOUNT_MESSAGES.resetRequested };
/** The password of every customer `newCustomer` and `registerCustomer` make. */
export const PASSWORD = 'correct-horse-42';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Options of a call: the shop's headers (DEMO), a JSON body or a raw one, a bearer token. */
export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  token?: string;
  raw?: string;
  /** Another app than the file's (one built with other settings). */
  app?: TestApp;
  /** The client address the request comes from (the throttles count by it). */
  ip?: string;
}

/** The `iat` of an access token counts whole seconds: waits until the clock enters a new one. */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
}

/** The tenant id (`tid` claim) a signed token carries. */
export function tenantIdOf(token: string): number {
  const [, payload] = token.split('.') as [string, string];
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { tid: number }).tid;
}

/** The token of a password-reset link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

let registered = 0;

/**
 * One seeded app for the calling test file (`overrides` adjust its config), and the `/accounts/*`
 * calls against it. Each call takes another app as its last argument or `app` option.
 */
export function useAccountsApi(overrides: Partial<AppConfig> = {}) {
  const t = useTestApp(overrides);

  async function call(method: Method, url: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(options.headers ?? DEMO) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined || options.raw !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await (options.app ?? t).app.inject({
      method,
      url: `/api${url}`,
      headers,
      payload:
        options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      remoteAddress: options.ip,
    });
    return {
      status: response.statusCode,
      body: response.body ? (response.json() as unknown) : null,
      headers: response.headers,
    };
  }

  const post = (url: string, body: object, headers = DEMO, app = t) =>
    call('POST', url, { headers, body, app });

  /** Logs in (200 expected) and answers the token pair. */
  async function loginAs(
    loginId: string,
    password: string,
    headers = DEMO,
    app = t,
  ): Promise<TokenPair> {
    const answer = await post('/accounts/login/', { login_id: loginId, password }, headers, app);
    expect(answer.status).toBe(200);
    return answer.body as TokenPair;
  }

  /** The status of a login attempt. */
  const loginStatus = (email: string, password: string, headers = DEMO) =>
    post('/accounts/login/', { login_id: email, password }, headers).then((a) => a.status);

  const refresh = (token: string, headers = DEMO, app = t) =>
    post('/accounts/token/refresh/', { refresh: token }, headers, app);

  /** GET /orders/cart/ (a bearerAuth operation) with the given Authorization header. */
  const cart = (authorization?: string, headers = DEMO, app = t) =>
    call('GET', '/orders/cart/', {
      headers: authorization ? { ...headers, authorization } : headers,
      app,
    });

  /** Registers a fresh customer of a shop (201 expected); answers its e-mail and password. */
  async function registerCustomer(headers = DEMO, app = t) {
    const email = `shopper${++registered}-${Date.now()}@example.com`;
    const answer = await post(
      '/accounts/register/',
      { email, password: PASSWORD, password_confirm: PASSWORD },
      headers,
      app,
    );
    expect(answer.status).toBe(201);
    return { email, password: PASSWORD, user: answer.body as User };
  }

  /** Registers and logs in a fresh customer of a shop. */
  async function newCustomer(headers = DEMO, app = t) {
    const { email } = await registerCustomer(headers, app);
    const pair = await loginAs(email, PASSWORD, headers, app);
    return { email, pair };
  }

  /** Asks for a reset of `email` and returns the link of the newest e-mail sent to it. */
  async function resetLink(email: string, headers = DEMO, app = t): Promise<string> {
    const before = (await outboxMessagesTo(app.config.outboxDir, email)).length;
    const answer = await call('POST', '/accounts/password/reset/', {
      headers,
      app,
      body: { email },
    });
    expect(answer).toMatchObject({ status: 202, body: RESET_SENT });
    await app.app.account.idle();
    const messages = await outboxMessagesTo(app.config.outboxDir, email);
    expect(messages).toHaveLength(before + 1);
    const link = resetLinkOf(messages.at(-1)!);
    expect(link).not.toBeNull();
    return link!;
  }

  /** Sets a new password with a reset token. */
  const confirm = (token: string, password: string, headers = DEMO) =>
    post(
      '/accounts/password/reset/confirm/',
      { token, new_password: password, new_password_confirm: password },
      headers,
    );

  return {
    t,
    call,
    post,
    loginAs,
    loginStatus,
    refresh,
    cart,
    registerCustomer,
    newCustomer,
    resetLink,
    confirm,
  };
}
