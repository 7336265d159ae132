/**
 * Refresh-token rotation (`POST /accounts/token/refresh/`) with its grace window for two tabs
 * and the revocation of a replayed family, and logout (`POST /accounts/logout/`), which ends the
 * whole family.
 */
import { RefreshTokenReplayError } from './refresh-tokens.ts';
import { DEMO_CUSTOMERS } from '../seed/customer-seed.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO, POTTERY, TOKEN_INVALID, tenantIdOf, useAccountsApi } from '../test/accounts.ts';

const demoCustomer = DEMO_CUSTOMERS[0]!;
const potteryCustomer = DEMO_CUSTOMERS[1]!;

const { t, post, loginAs, refresh, cart, registerCustomer } = useAccountsApi();

describe('token refresh', () => {
  it('rotates: a new access and refresh token, and the new refresh token works', async () => {
    const { email, password } = await registerCustomer();
    const first = await loginAs(email, password);
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const pair = rotated.body as { access: string; refresh: string };
    expect(pair.refresh).not.toBe(first.refresh);
    expect(pair.access).not.toBe(first.access);
    expect((await cart(`Bearer ${pair.access}`)).status).not.toBe(401);

    const again = await refresh(pair.refresh);
    expect(again.status).toBe(200);
    // Rotation keeps the family's absolute expiry: refresh tokens never outlive the login.
    const expOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number })
        .exp;
    expect(expOf((again.body as { refresh: string }).refresh)).toBe(expOf(first.refresh));
  });

  it('lets a spent token be exchanged again within the grace window (two tabs at once)', async () => {
    const { email, password } = await registerCustomer();
    const { refresh: token } = await loginAs(email, password);
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const later = await refresh(token);
    expect(later.status).toBe(200);
    // Every answer is a working token of the same family.
    for (const answer of [a, b, later]) {
      expect((await refresh((answer.body as { refresh: string }).refresh)).status).toBe(200);
    }
  });

  it("issues nothing that outlives a logout landing between a grace-window rotation's read and write", async () => {
    const { email, password } = await registerCustomer();
    const { refresh: first } = await loginAs(email, password);
    const rotated = await refresh(first);
    const second = (rotated.body as { refresh: string }).refresh;
    // Tab B presents the spent token within the grace window; the logout of tab A lands while
    // B's rotation has read the family but not yet written its new token.
    const tokens = t.app.auth.tokens;
    const issue = tokens.issueRefreshToken.bind(tokens);
    const spy = vi.spyOn(tokens, 'issueRefreshToken').mockImplementationOnce(async (...args) => {
      expect((await post('/accounts/logout/', { refresh: second })).status).toBe(204);
      return issue(...args);
    });
    try {
      expect(await refresh(first)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    } finally {
      spy.mockRestore();
    }
    expect((await refresh(second)).status).toBe(401);
  });

  it('refuses garbage, and a token whose row is unknown', async () => {
    expect(await refresh('garbage')).toMatchObject({ status: 401, body: TOKEN_INVALID });
    const { email, password } = await registerCustomer();
    const { access, user } = await loginAs(email, password);
    const orphan = await t.app.auth.tokens.issueRefreshToken(
      user.id,
      tenantIdOf(access),
      'no-such-family',
      Math.floor(Date.now() / 1000) + 3600,
    );
    expect(await refresh(orphan)).toMatchObject({ status: 401, body: TOKEN_INVALID });
  });

  describe('without a grace window', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ refreshReuseGraceSeconds: 0 });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('treats a spent token as a replay and revokes its whole family', async () => {
      const first = await loginAs(demoCustomer.email, demoCustomer.password, DEMO, strict);
      const second = await refresh(first.refresh, DEMO, strict);
      expect(second.status).toBe(200);
      const newest = (second.body as { refresh: string }).refresh;

      expect(await refresh(first.refresh, DEMO, strict)).toMatchObject({
        status: 401,
        body: TOKEN_INVALID,
      });
      // The family is revoked: the legitimate holder's newest token is refused too.
      expect(await refresh(newest, DEMO, strict)).toMatchObject({
        status: 401,
        body: TOKEN_INVALID,
      });
      // Another login starts a new, unaffected family.
      const fresh = await loginAs(demoCustomer.email, demoCustomer.password, DEMO, strict);
      expect((await refresh(fresh.refresh, DEMO, strict)).status).toBe(200);
    });

    it('treats a second exchange that began before the first was written as a replay', async () => {
      // Concurrent exchanges read the clock when they begin: the loser's clock may be earlier
      // than the winner's used_at, which must not read as "within the grace window".
      const { refresh: token } = await loginAs(
        potteryCustomer.email,
        potteryCustomer.password,
        POTTERY,
        strict,
      );
      const tenantId = tenantIdOf(token);
      const store = strict.app.auth.refreshTokens;
      const winnerAt = new Date();
      await store.rotate(token, tenantId, winnerAt);
      await expect(store.rotate(token, tenantId, new Date(winnerAt.getTime() - 5))).rejects.toThrow(
        RefreshTokenReplayError,
      );
    });

    it('treats a concurrent second exchange as a replay: nothing of the family survives', async () => {
      const { refresh: token } = await loginAs(
        potteryCustomer.email,
        potteryCustomer.password,
        POTTERY,
        strict,
      );
      const answers = await Promise.all([
        refresh(token, POTTERY, strict),
        refresh(token, POTTERY, strict),
      ]);
      // The conditional update lets at most one exchange spend the token; the other is a reuse.
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      expect(answers.some((a) => a.status === 401)).toBe(true);
      // The reuse revoked the family, including whatever the first exchange was given.
      for (const answer of answers.filter((a) => a.status === 200)) {
        const issued = (answer.body as { refresh: string }).refresh;
        expect((await refresh(issued, POTTERY, strict)).status).toBe(401);
      }
      expect((await refresh(token, POTTERY, strict)).status).toBe(401);
    });
  });
});

describe('logout', () => {
  it('revokes the refresh token: refreshing afterwards is refused', async () => {
    const { email, password } = await registerCustomer();
    const pair = await loginAs(email, password);
    const rotated = (await refresh(pair.refresh)).body as { refresh: string };

    const out = await post('/accounts/logout/', { refresh: rotated.refresh });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    expect(await refresh(rotated.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // The whole family went, including the spent token still inside its grace window.
    expect(await refresh(pair.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // Idempotent.
    expect((await post('/accounts/logout/', { refresh: rotated.refresh })).status).toBe(204);
    // Other sessions of the same customer stay logged in.
    const other = await loginAs(email, password);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('answers 401 for a token that does not verify', async () => {
    expect(await post('/accounts/logout/', { refresh: 'garbage' })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    const { refresh: token } = await loginAs(demoCustomer.email, demoCustomer.password);
    expect(await post('/accounts/logout/', { refresh: token }, POTTERY)).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    // A foreign shop's logout attempt left the token alone.
    expect((await refresh(token)).status).toBe(200);
  });
});
