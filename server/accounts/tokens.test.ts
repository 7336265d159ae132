import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidTokenError, loadJwtSecret, TokenService } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');
const service = new TokenService({ secret, accessTtlSeconds: 300 });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('TokenService', () => {
  it('round-trips an access token for its tenant', async () => {
    const token = await service.issueAccessToken(42, 1);
    const claims = await service.verify(token, 'access', 1);
    expect(claims).toMatchObject({ sub: '42', tid: 1, typ: 'access' });
    expect(claims.exp - claims.iat).toBe(300);
  });

  it("refuses another tenant's token", async () => {
    const token = await service.issueAccessToken(42, 1);
    await expect(service.verify(token, 'access', 2)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('never accepts a refresh token as an access token, nor the reverse', async () => {
    const refresh = await service.issueRefreshToken(
      42,
      1,
      'family-1',
      Math.floor(Date.now() / 1000) + 3600,
    );
    await expect(service.verify(refresh, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);
    const access = await service.issueAccessToken(42, 1);
    await expect(service.verify(access, 'refresh', 1)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses alg none, a tampered payload and an expired token', async () => {
    const token = await service.issueAccessToken(42, 1);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    await expect(service.verify(none, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);

    const tampered = `${header}.${b64({ ...claims, sub: '1' })}.${signature}`;
    await expect(service.verify(tampered, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);

    const expired = await service.issueAccessToken(42, 1, Math.floor(Date.now() / 1000) - 600);
    await expect(service.verify(expired, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);

    await expect(service.verify('garbage', 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TokenService({
      secret: new TextEncoder().encode('another-secret-that-is-long-enough-too!!'),
      accessTtlSeconds: 300,
    });
    const token = await other.issueAccessToken(42, 1);
    await expect(service.verify(token, 'access', 1)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('loadJwtSecret', () => {
  it('generates a secret once, keeps it private, and reuses it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jwt-')), 'data', 'jwt-secret');
    const first = loadJwtSecret(undefined, path);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadJwtSecret(undefined, path)).equals(Buffer.from(first))).toBe(true);
  });

  it('prefers JWT_SECRET and refuses a short one', () => {
    expect(
      new TextDecoder().decode(loadJwtSecret('x'.repeat(40), '/nonexistent/never-written')),
    ).toBe('x'.repeat(40));
    expect(() => loadJwtSecret('short', '/nonexistent')).toThrow(/32 characters/);
  });
});
