import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { createAdminFetch, type RefreshCall } from './transport';
import {
  ACCESS_KEY,
  REFRESH_KEY,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  setTokens,
} from './tokens';

const BASE = 'http://localhost/api/admin';

/** A JWT-shaped token expiring `inSeconds` from now (only the payload is read). */
function jwt(inSeconds: number, tag = 'a'): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds, tag }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `h.${payload}.s`;
}

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function setup(answers: (request: Request) => Response | Promise<Response>, refresh: RefreshCall) {
  const seen: Request[] = [];
  const send = vi.fn(async (request: Request) => {
    seen.push(request);
    return answers(request);
  });
  const refreshCall = vi.fn(refresh);
  return {
    fetch: createAdminFetch({ tenantToken: 'shop-1', refresh: refreshCall, send }),
    seen,
    refreshCall,
  };
}

beforeEach(() => clearTokens());
afterEach(() => clearTokens());

describe('the back office transport', () => {
  it('sends the tenant token on every request and no staff token to sign-in', async () => {
    setTokens(jwt(600), 'r1');
    const { fetch, seen } = setup(() => json(200, {}), vi.fn());
    await fetch(new Request(`${BASE}/auth/login/`, { method: 'POST', body: '{}' }));
    expect(seen[0]!.headers.get('X-Tenant-Token')).toBe('shop-1');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
  });

  it('sends the staff access token as a bearer token', async () => {
    const access = jwt(600);
    setTokens(access, 'r1');
    const { fetch, seen } = setup(() => json(200, {}), vi.fn());
    await fetch(new Request(`${BASE}/me/`));
    expect(seen[0]!.headers.get('Authorization')).toBe(`Bearer ${access}`);
  });

  it('refreshes a token about to expire before sending, and keeps the rotated refresh token', async () => {
    setTokens(jwt(10, 'old'), 'r1');
    const fresh = jwt(600, 'new');
    const { fetch, seen, refreshCall } = setup(
      () => json(200, {}),
      async () => ({ access: fresh, refresh: 'r2' }),
    );
    await fetch(new Request(`${BASE}/orders/`));
    expect(refreshCall).toHaveBeenCalledWith('r1');
    expect(seen[0]!.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getRefreshToken()).toBe('r2');
    expect(sessionStorage.getItem(ACCESS_KEY)).toBe(fresh);
    expect(sessionStorage.getItem(REFRESH_KEY)).toBe('r2');
  });

  it('after a 401 refreshes once and sends the same request again, body included', async () => {
    const stale = jwt(600, 'stale');
    const fresh = jwt(600, 'fresh');
    setTokens(stale, 'r1');
    const { fetch, seen, refreshCall } = setup(
      (request) =>
        request.headers.get('Authorization') === `Bearer ${stale}`
          ? json(401, { detail: 'Token is invalid or expired' })
          : json(200, { ok: true }),
      async () => ({ access: fresh, refresh: 'r2' }),
    );
    const response = await fetch(
      new Request(`${BASE}/orders/1001/cancel/`, { method: 'POST', body: '{"reason":"x"}' }),
    );
    expect(await response.json()).toEqual({ ok: true });
    expect(refreshCall).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(await seen[1]!.text()).toBe('{"reason":"x"}');
  });

  it('requests that fail together share one refresh', async () => {
    setTokens(jwt(5), 'r1');
    let release!: (pair: { access: string; refresh: string }) => void;
    const { fetch, refreshCall } = setup(
      () => json(200, {}),
      () => new Promise((resolve) => (release = resolve)),
    );
    const both = Promise.all([
      fetch(new Request(`${BASE}/me/`)),
      fetch(new Request(`${BASE}/today/`)),
    ]);
    await vi.waitFor(() => expect(refreshCall).toHaveBeenCalled());
    release({ access: jwt(600), refresh: 'r2' });
    await both;
    expect(refreshCall).toHaveBeenCalledTimes(1);
  });

  it('signs out when the server refuses the refresh token', async () => {
    setTokens(jwt(600), 'r1');
    const { fetch } = setup(
      () => json(401, { detail: 'Token is invalid or expired' }),
      async () => {
        throw new ApiError(401, { detail: 'Token is invalid or expired' });
      },
    );
    await expect(fetch(new Request(`${BASE}/me/`))).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(sessionStorage.getItem(ACCESS_KEY)).toBeNull();
  });

  it('stays signed in when the refresh fails for want of a network', async () => {
    setTokens(jwt(600), 'r1');
    const { fetch } = setup(
      () => json(401, {}),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    );
    await expect(fetch(new Request(`${BASE}/me/`))).rejects.toBeInstanceOf(ApiError);
    expect(getRefreshToken()).toBe('r1');
  });

  it('turns an error answer into an ApiError with the parsed body', async () => {
    setTokens(jwt(600), 'r1');
    const { fetch } = setup(() => json(409, { detail: 'The order is already paid.' }), vi.fn());
    const failure = await fetch(
      new Request(`${BASE}/orders/1/mark-paid/`, { method: 'POST' }),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('The order is already paid.');
  });

  it('signs out without spending the refresh token on a refresh first', async () => {
    const expiring = jwt(5);
    setTokens(expiring, 'r1');
    const { fetch, seen, refreshCall } = setup(() => json(204, null), vi.fn());
    await fetch(new Request(`${BASE}/auth/logout/`, { method: 'POST', body: '{"refresh":"r1"}' }));
    expect(refreshCall).not.toHaveBeenCalled();
    expect(seen[0]!.headers.get('Authorization')).toBe(`Bearer ${expiring}`);
  });
});
