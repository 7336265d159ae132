/**
 * Password-reset tokens (docs/decisions/009-shopper-account.md and
 * docs/decisions/027-password-reset-emails-per-account.md).
 *
 * A token is 32 random bytes from node:crypto, sent base64url-encoded in the e-mailed link
 * (`/reset-password?token=...`). Only its SHA-256 (hex) is stored, with the tenant and user it
 * belongs to, so neither a copy of the database nor a log of it yields a usable link. A token
 * is valid for `ttlSeconds` (1 hour) and works once (a conditional UPDATE marks it used, so of
 * two concurrent uses exactly one wins on SQLite and PostgreSQL alike).
 *
 * Issuing a new token does NOT void the user's other unexpired ones: anyone may ask for a reset
 * of any e-mail, so if each request voided the last link, a stranger could keep the owner's
 * link dead for as long as they kept asking. Instead the number of e-mails per account is capped
 * (./forgotten-password.ts), every link mailed stays good for its hour, and using any one of
 * them voids all the others.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { AccountErrorCode } from './errors.ts';
import { hashResetToken, RESET_TOKEN_TTL_SECONDS } from '../platform/credentials/reset-tokens.ts';

/**
 * Why a reset token was refused: unknown, another tenant's, used, replaced or expired. The
 * domain error `invalid_reset_token` on the field `token`.
 */
export class InvalidResetTokenError extends DomainError<AccountErrorCode> {
  constructor() {
    super('invalid_reset_token', 'This password reset link is invalid or has expired.', {
      field: 'token',
    });
    this.name = 'InvalidResetTokenError';
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** The tables of a shopper's one-use e-mailed tokens: reset links and verification links. */
export type UserTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

/**
 * Stores a new token of user `userId` in `table` (only its hash), valid `ttlSeconds` from `now`,
 * after deleting the user's used and expired ones there: a user holds at most the tokens of the
 * e-mails sent within the last `ttlSeconds`. Run it in a transaction.
 * @param extra the table's own columns (a verification link's `email`).
 */
export async function storeUserToken(
  trx: Db,
  table: UserTokenTable,
  owner: { tenantId: number; userId: number },
  token: string,
  ttlSeconds: number,
  now: Date,
  extra: { email?: string } = {},
): Promise<void> {
  await trx
    .deleteFrom(table)
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where((eb) =>
      eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]),
    )
    .execute();
  const row = {
    tenant_id: owner.tenantId,
    user_id: owner.userId,
    ...extra,
    token_hash: hashResetToken(token),
    expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  };
  await trx.insertInto(table).values(row).execute();
}

/**
 * Spends token row `tokenId` of user `userId` in `table`: marks it used (a conditional UPDATE,
 * so of two concurrent uses exactly one wins) and deletes the user's other tokens there (every
 * other link mailed to them dies with this use), in the caller's transaction.
 * @returns false when another use spent it first (nothing changed).
 */
export async function spendUserToken(
  trx: Db,
  table: UserTokenTable,
  owner: { tenantId: number; userId: number },
  tokenId: number,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set({ used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await trx
    .deleteFrom(table)
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('id', '!=', tokenId)
    .execute();
  return true;
}

/** Issues and redeems reset tokens; every method is scoped to one tenant. */
export class PasswordResetStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlSeconds = RESET_TOKEN_TTL_SECONDS,
  ) {}

  /**
   * A new token for the user, valid beside the user's other unexpired, unused ones (see the
   * module's comment). Deletes the user's expired and used tokens in the same transaction, so
   * a user holds at most the tokens of the e-mails sent within the last `ttlSeconds`.
   * @returns the token to put in the link (43 base64url characters); never stored.
   */
  async issue(tenantId: number, userId: number, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .transaction()
      .execute((trx) =>
        storeUserToken(
          trx,
          'password_reset_tokens',
          { tenantId, userId },
          token,
          this.ttlSeconds,
          now,
        ),
      );
    return token;
  }

  /** The token's row when it is unused, unexpired, of this tenant and of an active user. */
  private async findUsable(db: Db, tenantId: number, token: string, now: Date) {
    const row = await db
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 't.expires_at', 't.used_at', 'u.is_active'])
      .where('t.token_hash', '=', hashResetToken(token))
      .where('t.tenant_id', '=', tenantId)
      .where('u.tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (
      !row ||
      row.used_at !== null ||
      !toBool(row.is_active) ||
      new Date(row.expires_at).getTime() <= now.getTime()
    ) {
      return null;
    }
    return row;
  }

  /**
   * Whether the token would be redeemed now (one indexed read, nothing written). A confirmation
   * (./forgotten-password.ts) asks before it hashes the new password, so made-up tokens cost no
   * scrypt work; {@link redeem} still decides, atomically, which of concurrent uses wins.
   */
  async isUsable(tenantId: number, token: string, now = new Date()): Promise<boolean> {
    return (await this.findUsable(this.db, tenantId, token, now)) !== null;
  }

  /**
   * Marks the token used, voids the user's other tokens, and returns the user's id, inside the
   * caller's transaction (so the password change and the tokens' end commit together).
   * @throws InvalidResetTokenError when no unused, unexpired token of this tenant has that
   *   hash, or its user is inactive, or a concurrent request used it first.
   */
  async redeem(trx: Db, tenantId: number, token: string, now = new Date()): Promise<number> {
    const row = await this.findUsable(trx, tenantId, token, now);
    if (!row) throw new InvalidResetTokenError();
    // Every other link mailed to the user dies with this use: one reset per set of e-mails.
    const owner = { tenantId, userId: row.user_id };
    if (!(await spendUserToken(trx, 'password_reset_tokens', owner, row.id, now))) {
      throw new InvalidResetTokenError();
    }
    return row.user_id;
  }
}
