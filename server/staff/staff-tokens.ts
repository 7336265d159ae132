/**
 * The back office's access tokens (the architecture guide's convention 18: staff are not
 * shoppers, their tokens are of their own audience). A JSON Web Token signed with the same
 * secret as the shoppers' (server/accounts/tokens.ts), HS256 pinned on verification, but with
 * the audience `staff:<tenant id>` and the type `staff_access`: a shopper's token never passes
 * as a staff token (wrong audience and type) and a staff token never passes as a shopper's
 * (the shoppers' check wants `tenant:<id>` and `access`).
 *
 * Claims: `sub` (the staff id), `sid` (the session's uuid, `staff_sessions.uuid`: revoking the
 * session ends its access tokens at once, server/staff/sessions.ts verifyStaffAccess), `typ`,
 * `jti`, `iat`, `exp`. An access token lives `accessTtlSeconds` (5 minutes by default); the
 * session behind it is renewed with an opaque refresh token, never a JWT.
 */
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { JWT_ALGORITHM, JWT_ISSUER } from '../platform/credentials/jwt.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffErrorCode } from './errors.ts';

/** The `typ` claim of a staff access token. */
export const STAFF_TOKEN_TYPE = 'staff_access';

/** The audience of a shop's staff tokens. */
export function staffAudience(tenantId: number): string {
  return `staff:${tenantId}`;
}

/** What a verified staff access token says. */
export interface StaffTokenClaims {
  /** The staff id, as a decimal string. */
  sub: string;
  /** The session's uuid. */
  sid: string;
  typ: typeof STAFF_TOKEN_TYPE;
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

/** What a refused staff token, session or credential says (401). */
export const STAFF_AUTH_MESSAGES = {
  tokenInvalid: 'Given token not valid for any token type',
  badCredentials: 'No active account found with the given credentials',
  refreshInvalid: 'Token is invalid or expired.',
} as const;

/** A staff token, session or refresh token that does not hold: DomainError `staff_auth_failed`. */
export function staffAuthFailed(
  message: string = STAFF_AUTH_MESSAGES.tokenInvalid,
): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_auth_failed', message);
}

export interface StaffTokenServiceOptions {
  /** The shoppers' HS256 secret (at least 32 bytes; server/accounts/tokens.ts loadJwtSecret). */
  secret: Uint8Array;
  /** Lifetime of an access token in seconds (default 300). */
  accessTtlSeconds?: number;
}

/** Signs and verifies staff access tokens. */
export class StaffTokenService {
  readonly accessTtlSeconds: number;
  private readonly secret: Uint8Array;

  constructor({ secret, accessTtlSeconds = 300 }: StaffTokenServiceOptions) {
    if (secret.length < 32) throw new Error('The JWT secret must be at least 32 bytes long.');
    this.secret = secret;
    this.accessTtlSeconds = accessTtlSeconds;
  }

  /**
   * An access token of staff member `staffId` of `tenantId` for session `sessionId`, valid
   * `accessTtlSeconds` from `nowSeconds`.
   */
  issue(
    staffId: number,
    tenantId: number,
    sessionId: string,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return new SignJWT({ typ: STAFF_TOKEN_TYPE, sid: sessionId })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(String(staffId))
      .setIssuer(JWT_ISSUER)
      .setAudience(staffAudience(tenantId))
      .setIssuedAt(nowSeconds)
      .setJti(randomUUID())
      .setExpirationTime(nowSeconds + this.accessTtlSeconds)
      .sign(this.secret);
  }

  /**
   * Checks signature (HS256 only), issuer, the shop's staff audience, expiry and type. It does
   * not look at the session: server/staff/sessions.ts verifyStaffAccess does.
   * @param nowSeconds the clock expiry is judged by (tests move it).
   * @throws DomainError `staff_auth_failed` for any failure.
   */
  async verify(token: string, tenantId: number, nowSeconds?: number): Promise<StaffTokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: staffAudience(tenantId),
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        ...(nowSeconds === undefined ? {} : { currentDate: new Date(nowSeconds * 1000) }),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw staffAuthFailed();
      }
      throw error;
    }
    if (
      payload.typ !== STAFF_TOKEN_TYPE ||
      typeof payload.sid !== 'string' ||
      typeof payload.sub !== 'string' ||
      !/^[1-9][0-9]{0,9}$/.test(payload.sub)
    ) {
      throw staffAuthFailed();
    }
    return payload as unknown as StaffTokenClaims;
  }
}
