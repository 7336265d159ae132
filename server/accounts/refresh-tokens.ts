/**
 * Refresh-token rotation with reuse detection (docs/decisions/004-refresh-token-rotation.md).
 *
 * Every issued refresh token has a row in `refresh_tokens`, keyed by its `jti`. A login starts
 * a family with an absolute expiry (now + REFRESH_TOKEN_TTL_SECONDS); each exchange marks the
 * presented token used and issues the next one in the same family with the same expiry, so
 * rotation never extends a session. A spent token presented again within the grace window
 * (two tabs refreshing at once) still gets a new pair; later it is a replay, and the whole
 * family is revoked. Logout revokes the family too.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { InvalidTokenError, type TokenService } from './tokens.ts';

/** What login and refresh answer (contract: TokenPair without the user, RefreshResponse). */
export interface IssuedTokens {
  access: string;
  refresh: string;
}

/** A spent refresh token presented after the grace window; its family is now revoked. */
export class RefreshTokenReplayError extends InvalidTokenError {
  constructor(
    readonly familyId: string,
    readonly userId: number,
  ) {
    super();
    this.name = 'RefreshTokenReplayError';
  }
}

export interface RefreshTokenStoreOptions {
  /** Absolute lifetime of a family, counted from login (seconds). */
  refreshTtlSeconds: number;
  /** How long after its first use a refresh token may be exchanged again (seconds; 0 = never). */
  reuseGraceSeconds: number;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Issues, rotates and revokes refresh tokens; every method is scoped to one tenant. */
export class RefreshTokenStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly options: RefreshTokenStoreOptions,
  ) {}

  /**
   * Starts a new family for a login and prunes the user's expired rows.
   * @returns an access token and the family's first refresh token.
   */
  async startFamily(userId: number, tenantId: number, now = new Date()): Promise<IssuedTokens> {
    await this.db
      .deleteFrom('refresh_tokens')
      .where('user_id', '=', userId)
      .where('expires_at', '<', now.toISOString())
      .execute();
    // Whole seconds, so the row and the token's `exp` claim agree exactly.
    const expiresAt = new Date(
      (Math.floor(now.getTime() / 1000) + this.options.refreshTtlSeconds) * 1000,
    );
    return this.issue(userId, tenantId, randomUUID(), expiresAt, now);
  }

  /**
   * Exchanges a refresh token for a new pair in the same family (spec section 7, token refresh).
   * Marking the token used is one conditional UPDATE, so of two concurrent exchanges exactly
   * one is first; the other then falls under the grace window like a second tab would.
   * @throws InvalidTokenError when the token does not verify for this tenant, is unknown,
   *   revoked or expired, or its user is inactive; RefreshTokenReplayError (after revoking the
   *   family) when it was spent longer ago than the grace window.
   */
  async rotate(token: string, tenantId: number, now = new Date()): Promise<IssuedTokens> {
    const claims = await this.tokens.verify(token, 'refresh', tenantId);
    const row = await this.db
      .selectFrom('refresh_tokens as rt')
      .innerJoin('users as u', 'u.id', 'rt.user_id')
      .select([
        'rt.jti',
        'rt.user_id',
        'rt.family_id',
        'rt.expires_at',
        'rt.used_at',
        'rt.revoked_at',
        'rt.created_at',
        'u.is_active',
        'u.password_changed_at',
      ])
      .where('rt.jti', '=', claims.jti)
      .where('rt.tenant_id', '=', tenantId)
      .where('u.tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (
      !row ||
      row.revoked_at !== null ||
      !toBool(row.is_active) ||
      row.family_id !== claims.fam ||
      String(row.user_id) !== claims.sub ||
      toDate(row.expires_at).getTime() <= now.getTime()
    ) {
      throw new InvalidTokenError();
    }
    // Issued before the password last changed: that change ended its session, whether or not
    // its revocation was written (a session must never outlive the password it began with).
    if (
      row.password_changed_at !== null &&
      toDate(row.created_at).getTime() < toDate(row.password_changed_at).getTime()
    ) {
      await this.revokeFamily(row.family_id, tenantId, now);
      throw new InvalidTokenError();
    }
    const expiresAt = toDate(row.expires_at);

    let usedAt = row.used_at === null ? null : toDate(row.used_at);
    if (usedAt === null) {
      const result = await this.db
        .updateTable('refresh_tokens')
        .set({ used_at: now.toISOString() })
        .where('jti', '=', row.jti)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) {
        return this.issue(row.user_id, tenantId, row.family_id, expiresAt, now);
      }
      // Another request spent it in the meantime (or revoked the family): look again.
      const current = await this.db
        .selectFrom('refresh_tokens')
        .select(['used_at', 'revoked_at'])
        .where('jti', '=', row.jti)
        .executeTakeFirst();
      if (!current || current.revoked_at !== null || current.used_at === null) {
        throw new InvalidTokenError();
      }
      usedAt = toDate(current.used_at);
    }

    // Two concurrent exchanges each read the clock when they began: the one that lost may have
    // begun before the winner wrote `used_at`, so a negative age counts as no time at all (with
    // no grace window, a concurrent second exchange is a replay).
    const spentForMs = Math.max(0, now.getTime() - usedAt.getTime());
    if (spentForMs < this.options.reuseGraceSeconds * 1000) {
      return this.issue(row.user_id, tenantId, row.family_id, expiresAt, now);
    }
    await this.revokeFamily(row.family_id, tenantId, now);
    throw new RefreshTokenReplayError(row.family_id, row.user_id);
  }

  /**
   * Logout: revokes the family of a refresh token that verifies for this tenant. Idempotent: a
   * token of an already revoked family verifies and changes nothing.
   * @throws InvalidTokenError when the token does not verify (bad signature, expired, wrong
   *   tenant or type).
   */
  async revoke(token: string, tenantId: number, now = new Date()): Promise<void> {
    const claims = await this.tokens.verify(token, 'refresh', tenantId);
    if (claims.fam) await this.revokeFamily(claims.fam, tenantId, now);
  }

  /** Marks every still valid token of the family revoked. */
  async revokeFamily(familyId: string, tenantId: number, now = new Date()): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now.toISOString() })
      .where('family_id', '=', familyId)
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Revokes every still valid token of every family of the user (a password change or reset
   * ends all sessions). Pass the transaction that changes the password as `db`, so the two
   * commit together. A rotation racing with this finds its family revoked in its post-insert
   * check (see `issue`), so no token outlives it.
   */
  async revokeUser(
    userId: number,
    tenantId: number,
    now = new Date(),
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private async issue(
    userId: number,
    tenantId: number,
    familyId: string,
    expiresAt: Date,
    now: Date,
  ): Promise<IssuedTokens> {
    const refresh = await this.tokens.issueRefreshToken(
      userId,
      tenantId,
      familyId,
      Math.floor(expiresAt.getTime() / 1000),
    );
    const { jti } = decodeJwt(refresh);
    if (typeof jti !== 'string') throw new Error('The issued refresh token has no jti.');
    await this.db
      .insertInto('refresh_tokens')
      .values({
        jti,
        tenant_id: tenantId,
        user_id: userId,
        family_id: familyId,
        expires_at: expiresAt.toISOString(),
        used_at: null,
        revoked_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    // A logout (or a replay) may have revoked the family after this rotation read it. Such a
    // revocation either ran before this check, which then finds it, or after the insert, and
    // then covered the new row too: no token outlives the revocation of its family.
    const revoked = await this.db
      .selectFrom('refresh_tokens')
      .select('jti')
      .where('family_id', '=', familyId)
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    if (revoked) {
      await this.revokeFamily(familyId, tenantId, now);
      throw new InvalidTokenError();
    }
    const access = await this.tokens.issueAccessToken(
      userId,
      tenantId,
      Math.floor(now.getTime() / 1000),
    );
    return { access, refresh };
  }
}
