/**
 * Staff and shoppers sign their tokens with one secret, yet a shopper's token never opens the
 * back office and a staff token never passes as a shopper's: each side checks its own audience
 * and type. Also: a staff token of another shop, a forged or tampered one, and `alg: none`.
 */
import { SignJWT, UnsecuredJWT } from 'jose';
import { InvalidTokenError, TokenService } from '../accounts/tokens.ts';
import { JWT_ISSUER } from '../platform/credentials/jwt.ts';
import { DomainError } from '../platform/domain-error.ts';
import { StaffTokenService } from './staff-tokens.ts';
import { testJwtSecret } from '../test/staff.ts';

const secret = testJwtSecret();
const shoppers = new TokenService({ secret, accessTtlSeconds: 300 });
const staff = new StaffTokenService({ secret });
const SESSION = '6f1c2a4e-8d3b-4c1a-9e2f-0a1b2c3d4e5f';

async function staffRefusal(token: string, tenantId = 1): Promise<string> {
  try {
    await staff.verify(token, tenantId);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('staff and shopper tokens', () => {
  it('a shopper’s access and refresh tokens are no staff tokens', async () => {
    const access = await shoppers.issueAccessToken(7, 1);
    const refresh = await shoppers.issueRefreshToken(
      7,
      1,
      'family',
      Math.floor(Date.now() / 1000) + 60,
    );
    expect(await staffRefusal(access)).toBe('staff_auth_failed');
    expect(await staffRefusal(refresh)).toBe('staff_auth_failed');
  });

  it('a staff token is no shopper token', async () => {
    const token = await staff.issue(7, 1, SESSION);
    await expect(shoppers.verify(token, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(shoppers.verify(token, 'refresh', 1)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('a staff token names its member and session, and lives 5 minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = await staff.verify(await staff.issue(7, 1, SESSION, now), 1);
    expect(claims).toMatchObject({ sub: '7', sid: SESSION, typ: 'staff_access' });
    expect(claims.exp - claims.iat).toBe(300);
  });

  it('a staff token of one shop does not open another', async () => {
    expect(await staffRefusal(await staff.issue(7, 1, SESSION), 2)).toBe('staff_auth_failed');
  });

  it('refuses a token signed with another secret, tampered with, or unsigned', async () => {
    const other = new StaffTokenService({ secret: testJwtSecret() });
    expect(await staffRefusal(await other.issue(7, 1, SESSION))).toBe('staff_auth_failed');
    const [head, , sig] = (await staff.issue(7, 1, SESSION)).split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: '1',
        sid: SESSION,
        typ: 'staff_access',
        aud: 'staff:1',
        iss: JWT_ISSUER,
      }),
    ).toString('base64url');
    expect(await staffRefusal(`${head}.${payload}.${sig}`)).toBe('staff_auth_failed');
    const unsigned = new UnsecuredJWT({ typ: 'staff_access', sid: SESSION })
      .setSubject('7')
      .setIssuer(JWT_ISSUER)
      .setAudience('staff:1')
      .setIssuedAt()
      .setJti('x')
      .setExpirationTime('5m')
      .encode();
    expect(await staffRefusal(unsigned)).toBe('staff_auth_failed');
  });

  it('refuses a token of the right audience but the wrong type or a strange subject', async () => {
    const sign = (claims: Record<string, unknown>, subject: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer(JWT_ISSUER)
        .setAudience('staff:1')
        .setIssuedAt()
        .setJti('x')
        .setExpirationTime('5m')
        .sign(secret);
    expect(await staffRefusal(await sign({ typ: 'access', sid: SESSION }, '7'))).toBe(
      'staff_auth_failed',
    );
    expect(await staffRefusal(await sign({ typ: 'staff_access' }, '7'))).toBe('staff_auth_failed');
    for (const subject of ['0', '-1', '1e3', '99999999999', 'admin']) {
      expect(await staffRefusal(await sign({ typ: 'staff_access', sid: SESSION }, subject))).toBe(
        'staff_auth_failed',
      );
    }
  });

  it('refuses what is not a token at all', async () => {
    for (const token of ['', 'a.b.c', '\u0000', 'x'.repeat(10_000)]) {
      expect(await staffRefusal(token)).toBe('staff_auth_failed');
    }
  });
});
