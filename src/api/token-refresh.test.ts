import { ApiError } from './errors';
import { fakeJwt } from '../test/fake-jwt';
import { ensureFreshAccessToken, RefreshError, type RefreshTransport } from './token-refresh';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';

const expired = () => fakeJwt({ exp: Math.floor(Date.now() / 1000) - 5 });
const fresh = (tag: string) => fakeJwt({ exp: Math.floor(Date.now() / 1000) + 300, tag });

describe('single-flight token refresh (spec section 4)', () => {
  it('makes exactly one refresh call for 10 concurrent requests with an expired token', async () => {
    setTokens(expired(), 'refresh-1');
    const newAccess = fresh('new');
    const transport = vi.fn<RefreshTransport>(async () => {
      await new Promise((r) => setTimeout(r, 20));
      return { access: newAccess, refresh: 'refresh-2' };
    });
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => ensureFreshAccessToken(transport)),
    );
    expect(transport).toHaveBeenCalledTimes(1);
    expect(transport).toHaveBeenCalledWith('refresh-1');
    expect(new Set(tokens)).toEqual(new Set([newAccess]));
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('does not refresh a fresh token, nor when logged out', async () => {
    const transport = vi.fn<RefreshTransport>();
    expect(await ensureFreshAccessToken(transport)).toBeNull();
    const token = fresh('a');
    setTokens(token, 'r');
    expect(await ensureFreshAccessToken(transport)).toBe(token);
    expect(transport).not.toHaveBeenCalled();
  });

  it('keeps the refresh token when the answer has none', async () => {
    setTokens(expired(), 'keep-me');
    await ensureFreshAccessToken(async () => ({ access: fresh('b') }));
    expect(getRefreshToken()).toBe('keep-me');
  });

  it('logs out when the server refuses the refresh (401)', async () => {
    setTokens(expired(), 'spent');
    const failure = await ensureFreshAccessToken(async () => {
      throw new ApiError(401, { detail: 'Token is invalid or expired.' });
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RefreshError);
    expect((failure as RefreshError).loggedOut).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('does not log out on a 503 or a network failure', async () => {
    const token = expired();
    setTokens(token, 'still-good');
    for (const cause of [new ApiError(503, null), new TypeError('Failed to fetch')]) {
      const failure = await ensureFreshAccessToken(async () => {
        throw cause;
      }).catch((e: unknown) => e);
      expect((failure as RefreshError).loggedOut).toBe(false);
      expect(getAccessToken()).toBe(token);
      expect(getRefreshToken()).toBe('still-good');
    }
  });

  it("says 'Refresh token not found.' and logs out when none is stored", async () => {
    localStorage.setItem('authToken', expired());
    await expect(ensureFreshAccessToken(vi.fn())).rejects.toThrow('Refresh token not found.');
    expect(getAccessToken()).toBeNull();
  });

  it("says 'Invalid token refresh response.' for an answer without an access token", async () => {
    setTokens(expired(), 'r');
    await expect(ensureFreshAccessToken(async () => ({ refresh: 'x' }))).rejects.toThrow(
      'Invalid token refresh response.',
    );
    expect(getAccessToken()).toBeNull();
  });

  it('uses a token another tab stored while this tab waited for the lock', async () => {
    setTokens(expired(), 'r');
    const otherTabToken = fresh('other-tab');
    const locks = {
      request: vi.fn(async (_name: string, work: () => Promise<unknown>) => {
        localStorage.setItem('authToken', otherTabToken); // the other tab finished first
        return work();
      }),
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      const transport = vi.fn<RefreshTransport>();
      expect(await ensureFreshAccessToken(transport)).toBe(otherTabToken);
      expect(locks.request).toHaveBeenCalledWith('storefront-token-refresh', expect.any(Function));
      expect(transport).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not store the answer of a refresh that a logout overtook', async () => {
    setTokens(expired(), 'about-to-be-revoked');
    let answer!: () => void;
    const transport = vi.fn<RefreshTransport>(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ access: fresh('late'), refresh: 'late-refresh' });
        }),
    );
    const pending = ensureFreshAccessToken(transport).catch((e: unknown) => e);
    await vi.waitFor(() => expect(transport).toHaveBeenCalled());
    clearTokens(); // the logout finishes first
    answer();
    const failure = await pending;
    expect(failure).toBeInstanceOf(RefreshError);
    expect((failure as RefreshError).loggedOut).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});
