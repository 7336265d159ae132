/**
 * The account tables: customers, their e-mail verification and password-reset tokens, saved
 * delivery addresses and issued refresh tokens.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

/** A customer account; belongs to one tenant. */
export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  /** Stored trimmed and lowercased; unique within the tenant. */
  email: string;
  /** Unique within the tenant; letters, digits and . + - _ (never '@', so it cannot pass for an e-mail). */
  username: string;
  /** `scrypt$...` from server/platform/credentials/passwords.ts. */
  password_hash: string;
  is_active: Bool;
  created_at: Timestamp;
  /**
   * When the password was last changed or reset; access tokens issued in an earlier
   * second are refused. Null until the first change.
   */
  password_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /**
   * When the shopper erased the account (2026-020, server/accounts/erasure.ts): the row stays
   * for the orders kept for the shop's accounts, with tombstones for e-mail, username and
   * password hash. Null for a live account.
   */
  erased_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /**
   * When the shopper opened a link sent to `email` (2026-021: a verification or a reset link),
   * proving they receive mail there. Null until then: registration checks nothing, so nothing
   * is matched to the account by its address alone (server/accounts/my-data.ts).
   */
  email_verified_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/**
 * An e-mail verification link's token (2026-021, server/accounts/email-verification.ts): only
 * its SHA-256 is stored, bound to a tenant, a user and the address it was sent to; used once,
 * valid until `expires_at` (24 hours).
 */
export interface EmailVerificationTokensTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** The address the link was sent to (trimmed, lowercased). */
  email: string;
  /** Hex SHA-256 of the token sent in the link. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * A password-reset link's token (docs/decisions/009-shopper-account.md). Only its
 * SHA-256 is stored; it is bound to a tenant and a user, used once, and valid until
 * `expires_at` (1 hour). Issuing a new one deletes the user's older ones.
 */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** Hex SHA-256 of the token sent in the link. */
  token_hash: string;
  expires_at: Timestamp;
  /** When it was used; null while unused. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * A delivery address saved in a customer's account (contract: SavedAddress). Exactly
 * one of a user's addresses is the default while any exist; at most 20 per user.
 */
export interface UserAddressesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  fullname: string;
  contact_number: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  is_default: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One issued refresh token (docs/decisions/004-refresh-token-rotation.md). A login
 * starts a family; every rotation adds a row to it with the family's absolute expiry.
 */
export interface RefreshTokensTable {
  /** The token's `jti` claim. */
  jti: string;
  tenant_id: number;
  user_id: number;
  family_id: string;
  expires_at: Timestamp;
  /** When the token was exchanged; null while unspent. */
  used_at: Timestamp | null;
  /** When its family was revoked (logout or replay); null while valid. */
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** A customer account row. */
export type User = Selectable<UsersTable>;

/** An issued refresh token row. */
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

declare module '../platform/db/database.ts' {
  interface Database {
    users: UsersTable;
    refresh_tokens: RefreshTokensTable;
    password_reset_tokens: PasswordResetTokensTable;
    email_verification_tokens: EmailVerificationTokensTable;
    user_addresses: UserAddressesTable;
  }
}
