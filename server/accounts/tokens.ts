/**
 * JSON Web Tokens for customers (ASVS V3.5): HS256 only, pinned on verification, so
 * `alg: none` or an algorithm swap is refused; signed with a secret from configuration.
 *
 * Claims: `sub` (user id), `tid` (tenant id, also bound through `aud` = `tenant:<id>`), `typ`
 * (`access` or `refresh`: one is never accepted as the other), `jti` (unique id), and for refresh
 * tokens `fam` (the rotation family). Access tokens live `accessTtlSeconds` (5 minutes by
 * default); refresh tokens expire at their family's absolute expiry, fixed at login.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../platform/domain-error.ts';
import type { AccountErrorCode } from './errors.ts';
import { JWT_ALGORITHM, JWT_ISSUER } from '../platform/credentials/jwt.ts';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  sub: string;
  tid: number;
  typ: TokenType;
  jti: string;
  fam?: string;
  exp: number;
  iat: number;
}

/**
 * Why a token was refused: the domain error `invalid_auth_token` (401 `{"detail":"Token is
 * invalid or expired."}` for a refresh or logout; the bearer check answers its own words).
 */
export class InvalidTokenError extends DomainError<AccountErrorCode> {
  constructor(message = 'Token is invalid or expired.') {
    super('invalid_auth_token', message);
    this.name = 'InvalidTokenError';
  }
}

export interface TokenServiceOptions {
  secret: Uint8Array;
  accessTtlSeconds: number;
}

/** Signs and verifies the API's tokens. */
export class TokenService {
  readonly accessTtlSeconds: number;
  private readonly secret: Uint8Array;

  constructor({ secret, accessTtlSeconds }: TokenServiceOptions) {
    if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes long.');
    this.secret = secret;
    this.accessTtlSeconds = accessTtlSeconds;
  }

  private sign(
    claims: Record<string, unknown>,
    subject: string,
    tenantId: number,
    expiresAt: number,
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(JWT_ISSUER)
      .setAudience(`tenant:${tenantId}`)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(expiresAt)
      .sign(this.secret);
  }

  /** An access token for the user, valid `accessTtlSeconds`. */
  issueAccessToken(
    userId: number,
    tenantId: number,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return this.sign(
      { typ: 'access', tid: tenantId },
      String(userId),
      tenantId,
      nowSeconds + this.accessTtlSeconds,
    );
  }

  /** A refresh token of rotation family `family`, valid until `expiresAt` (seconds since the epoch). */
  issueRefreshToken(
    userId: number,
    tenantId: number,
    family: string,
    expiresAt: number,
  ): Promise<string> {
    return this.sign(
      { typ: 'refresh', tid: tenantId, fam: family },
      String(userId),
      tenantId,
      expiresAt,
    );
  }

  /**
   * Verifies signature, algorithm, issuer, tenant audience, expiry and type.
   * @throws InvalidTokenError for any failure.
   */
  async verify(token: string, expectedType: TokenType, tenantId: number): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: `tenant:${tenantId}`,
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      });
      if (payload.typ !== expectedType || payload.tid !== tenantId) throw new InvalidTokenError();
      if (expectedType === 'refresh' && typeof payload.fam !== 'string')
        throw new InvalidTokenError();
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw new InvalidTokenError();
      throw error;
    }
  }
}

/**
 * The signing secret: `JWT_SECRET` when set (at least 32 characters), else a random secret
 * generated on first start and kept at `secretPath` (mode 0600, under data/, never committed).
 */
export function loadJwtSecret(envSecret: string | undefined, secretPath: string): Uint8Array {
  if (envSecret) {
    if (envSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(envSecret);
  }
  if (!existsSync(secretPath)) {
    mkdirSync(dirname(secretPath), { recursive: true });
    writeFileSync(secretPath, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    chmodSync(secretPath, 0o600);
  }
  return new TextEncoder().encode(readFileSync(secretPath, 'utf8').trim());
}
