/**
 * Bearer access tokens on customer operations: required, signed with the shop's secret only,
 * never expired, never a refresh token in disguise, and valid in their own shop only.
 */
import { SignJWT } from 'jose';
import type { components } from '../../common/storefront-api';
import { DEMO_CUSTOMERS } from '../seed/customer-seed.ts';
import { NOT_VALID, POTTERY, TOKEN_INVALID, tenantIdOf, useAccountsApi } from '../test/accounts.ts';

type TokenPair = components['schemas']['TokenPair'];

const demoCustomer = DEMO_CUSTOMERS[0]!;

const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const { t, post, loginAs, cart } = useAccountsApi();

describe('bearer access tokens', () => {
  let pair: TokenPair;
  beforeAll(async () => {
    pair = await loginAs(demoCustomer.email, demoCustomer.password);
  });

  it('are required on customer operations', async () => {
    const missing = await cart();
    expect(missing).toMatchObject({ status: 401, body: NOT_PROVIDED });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(await cart(`Basic ${Buffer.from('a:b').toString('base64')}`)).toMatchObject({
      status: 401,
      body: NOT_PROVIDED,
    });
    expect(await cart('Bearer')).toMatchObject({ status: 401, body: NOT_VALID });
    expect(await cart('Bearer not-a-jwt')).toMatchObject({ status: 401, body: NOT_VALID });
    expect((await cart(`bearer ${pair.access}`)).status).not.toBe(401);
  });

  it('refuse alg none', async () => {
    const [, payload] = pair.access.split('.') as [string, string];
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect(await cart(`Bearer ${none}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse a tampered signature or payload', async () => {
    const [header, payload, signature] = pair.access.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await cart(`Bearer ${header}.${payload}.${flipped}`)).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherUser = `${header}.${b64({ ...claims, sub: String(pair.user.id + 1) })}.${signature}`;
    expect(await cart(`Bearer ${otherUser}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse a token signed with another secret', async () => {
    const tid = tenantIdOf(pair.access);
    const forged = await new SignJWT({ typ: 'access', tid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(pair.user.id))
      .setIssuer('storefront-reference-api')
      .setAudience(`tenant:${tid}`)
      .setIssuedAt()
      .setJti('forged')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('an-attacker-secret-that-is-long-enough'));
    expect(await cart(`Bearer ${forged}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse an expired access token', async () => {
    const expired = await t.app.auth.tokens.issueAccessToken(
      pair.user.id,
      tenantIdOf(pair.access),
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(await cart(`Bearer ${expired}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('are never accepted in place of each other: refresh as access, access as refresh', async () => {
    expect(await cart(`Bearer ${pair.refresh}`)).toMatchObject({ status: 401, body: NOT_VALID });
    expect(await post('/accounts/token/refresh/', { refresh: pair.access })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    expect(await post('/accounts/logout/', { refresh: pair.access })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
  });

  it('of one shop are refused with another shop’s tenant token', async () => {
    expect(await cart(`Bearer ${pair.access}`, POTTERY)).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    expect(
      await post('/accounts/token/refresh/', { refresh: pair.refresh }, POTTERY),
    ).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // Still good in its own shop.
    expect((await cart(`Bearer ${pair.access}`)).status).not.toBe(401);
  });
});
