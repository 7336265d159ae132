/**
 * The staff tables: the members of a shop's staff, their sessions, invitations, password resets,
 * the shop's staff policy, and the activity log.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

/** What a staff member may do: an owner everything, staff the back office (server/staff/roles.ts). */
export type StaffRole = 'owner' | 'staff';

type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** A staff account of one shop; never a shopper (`users`). */
export interface StaffTable {
  id: Generated<number>;
  tenant_id: number;
  /** Trimmed and lowercased; unique among the shop's accounts not removed. */
  email: string;
  name: string;
  role: StaffRole;
  /** `scrypt$...` from server/platform/credentials/passwords.ts, as shoppers' passwords. */
  password_hash: string;
  /** Access tokens issued before this second are refused. */
  password_changed_at: NullableTimestamp;
  /** The TOTP secret (base32); set when set-up starts, in use once `totp_enabled_at` is set. */
  totp_secret: string | null;
  totp_enabled_at: NullableTimestamp;
  /** JSON array of the unused recovery codes' SHA-256 hex. */
  recovery_codes: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date | string, string | undefined, string>;
  last_login_at: NullableTimestamp;
  /** When an owner removed the account: it cannot sign in, and the log still names it. */
  removed_at: NullableTimestamp;
}

/** One sign-in of a staff member; the refresh token rotates, the session stays. */
export interface StaffSessionsTable {
  id: Generated<number>;
  /** The session's public id (a session list entry, the access token's `sid`). */
  uuid: string;
  tenant_id: number;
  staff_id: number;
  /** SHA-256 hex of the current refresh token; an older one presented again revokes the session. */
  refresh_hash: string;
  created_at: ColumnType<Date | string, string | undefined, string>;
  last_used_at: ColumnType<Date | string, string | undefined, string>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip: string | null;
  /**
   * When this session passed two-step verification (a code at sign-in, or the code confirming
   * the set-up in it); null for a session opened with the password alone.
   */
  two_step_at: NullableTimestamp;
}

/** A one-time link an owner sent; only the token's SHA-256 is kept. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  role: StaffRole;
  token_hash: string;
  invited_by: number | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/**
 * A password-reset link a member asked for by e-mail (server/staff/password-reset.ts): only the
 * token's SHA-256 is kept; it works once, until `expires_at`.
 */
export interface StaffPasswordResetsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number;
  token_hash: string;
  created_at: ColumnType<Date | string, string | undefined, string>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A shop's staff policy; a shop without a row requires nothing. */
export interface StaffPoliciesTable {
  tenant_id: number;
  require_totp: Bool;
}

/**
 * One staff action (or the system's), written in the transaction that made the change:
 * append-only, never updated or deleted by the application.
 */
export interface ActivityLogTable {
  id: Generated<number>;
  tenant_id: number;
  /** Null when the system acted (a sweep, a provider's notification). */
  staff_id: number | null;
  /** The staff member's e-mail at the time, so the entry reads the same after they leave. */
  staff_email: string | null;
  /** e.g. `order.mark_paid`, `order.ship`, `staff.invite`, `staff.sign_in`. */
  action: string;
  /** `order`, `staff`, `invitation`, `settings`, ... */
  object_type: string;
  /** The object's public id (an order number, a staff id). */
  object_id: string;
  /** JSON text of the object's relevant fields before and after; null when not applicable. */
  before: string | null;
  after: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
}

declare module '../platform/db/database.ts' {
  interface Database {
    staff: StaffTable;
    staff_sessions: StaffSessionsTable;
    staff_invitations: StaffInvitationsTable;
    staff_policies: StaffPoliciesTable;
    staff_password_resets: StaffPasswordResetsTable;
    activity_log: ActivityLogTable;
  }
}
