/**
 * Staff sessions (decision 052): one `staff_sessions` row per sign-in, renewed by an opaque
 * refresh token, ended by logout, by its owner from the session list, by an owner removing the
 * member, or by its absolute expiry (12 hours from sign-in by default; a refresh never
 * extends it).
 *
 * The refresh token is `<session uuid>.<32 random bytes, base64url>`; only its SHA-256 is
 * stored (`refresh_hash`), so a copy of the database yields no usable token. Each refresh
 * replaces it (a conditional UPDATE on the old hash, so of two concurrent refreshes exactly one
 * wins), and a token of the session that is not its current one (a stolen token used after
 * its owner refreshed, or the owner's after the thief did) revokes the session: both parties
 * are signed out and the owner signs in again. The uuid in the token is what lets an old token
 * find its session; it is no secret worth guessing (122 random bits, shown only to the
 * session's own member), and without the current secret it can only end the session.
 *
 * An access token (./staff-tokens.ts) names its session (`sid`): {@link verifyStaffAccess}
 * refuses it once the session is revoked or expired, the member removed, or their password
 * changed after it was issued.
 *
 * A session remembers whether it passed two-step verification (`two_step_at`: a code or a
 * recovery code at sign-in, or the code that confirmed the set-up in it), which lifting the
 * shop's "require two-step" rule asks for (./policy.ts): a password alone is not enough there.
 *
 * This module starts, refreshes, ends and checks a session by its tokens; a member's session
 * list, ending all of a member's sessions and the two-step mark are ./session-changes.ts.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import type { StaffActor } from './actor.ts';
import type { StaffClient, StaffServices } from './context.ts';
import { STAFF_AUTH_MESSAGES, staffAuthFailed, type StaffTokenService } from './staff-tokens.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What sign-in, invitation acceptance and refresh answer: a new access and refresh token. */
export interface StaffTokenPair {
  access: string;
  refresh: string;
}

/** A session's uuid as the tokens and the session list name it. */
export const SESSION_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** Hex SHA-256 of a refresh token, as `staff_sessions.refresh_hash` holds it. */
export function hashStaffRefresh(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

/** The session uuid a refresh token names, or null when it is not shaped like one. */
function sessionOf(token: string): string | null {
  const dot = token.indexOf('.');
  if (dot !== 36) return null;
  const uuid = token.slice(0, 36);
  return SESSION_UUID.test(uuid) && SECRET.test(token.slice(37)) ? uuid : null;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

const cut = (value: string | null | undefined, length: number): string | null =>
  value ? value.replace(/\0/g, '').slice(0, length) || null : null;

/**
 * Starts a session of staff member `staffId` (whose credentials the caller has checked) and
 * issues its first tokens. Runs in `db`, which may be the caller's transaction.
 * @param twoStepAt when the sign-in passed two-step verification; null (the default) for a
 *   password alone.
 * @returns the tokens and the new session's uuid.
 */
export async function startStaffSession(
  db: Db,
  services: Pick<StaffServices, 'tokens' | 'settings'>,
  staff: { id: number; tenantId: number },
  client: StaffClient,
  now = new Date(),
  twoStepAt: Date | null = null,
): Promise<StaffTokenPair & { sessionId: string }> {
  const sessionId = randomUUID();
  const refresh = newRefreshToken(sessionId);
  // Whole seconds, like the access tokens' claims.
  const startedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  await db
    .insertInto('staff_sessions')
    .values({
      uuid: sessionId,
      tenant_id: staff.tenantId,
      staff_id: staff.id,
      refresh_hash: hashStaffRefresh(refresh),
      created_at: startedAt.toISOString(),
      last_used_at: startedAt.toISOString(),
      expires_at: new Date(
        startedAt.getTime() + services.settings.sessionTtlSeconds * 1000,
      ).toISOString(),
      revoked_at: null,
      user_agent: cut(client.userAgent, 300),
      ip: cut(client.address, 64),
      two_step_at: twoStepAt ? twoStepAt.toISOString() : null,
    })
    .execute();
  const access = await services.tokens.issue(
    staff.id,
    staff.tenantId,
    sessionId,
    Math.floor(now.getTime() / 1000),
  );
  return { access, refresh, sessionId };
}

/**
 * Whether a session, read with its member, no longer lets anyone in at `now`: revoked, its
 * member removed, or past its absolute expiry. Refresh and every request refuse such a one.
 */
function sessionEnded(
  row: {
    revoked_at: string | Date | null;
    removed_at: string | Date | null;
    expires_at: string | Date;
  },
  now: Date,
): boolean {
  return (
    row.revoked_at !== null ||
    row.removed_at !== null ||
    new Date(row.expires_at).getTime() <= now.getTime()
  );
}

async function revokeByUuid(db: Db, tenantId: number, uuid: string, now: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('uuid', '=', uuid)
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Exchanges a refresh token for a new pair in the same session (the session's expiry stays).
 * @throws DomainError `staff_auth_failed` ("Token is invalid or expired.") when the token is
 *   malformed, of no session of this shop, of a revoked or expired session, of a removed
 *   member, or not the session's current token (the session is then revoked: see the module
 *   comment).
 */
export async function refreshStaffSession(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'tokens'>,
  tenantId: number,
  token: string,
  now = new Date(),
): Promise<StaffTokenPair> {
  const refused = staffAuthFailed(STAFF_AUTH_MESSAGES.refreshInvalid);
  const uuid = sessionOf(token);
  if (!uuid) throw refused;
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff', 'staff.id', 's.staff_id')
    .select([
      's.staff_id',
      's.refresh_hash',
      's.expires_at',
      's.revoked_at',
      's.created_at',
      'staff.removed_at',
      'staff.password_changed_at',
    ])
    .where('s.uuid', '=', uuid)
    .where('s.tenant_id', '=', tenantId)
    .where('staff.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (
    !row ||
    sessionEnded(row, now) ||
    (row.password_changed_at !== null &&
      new Date(row.created_at).getTime() < new Date(row.password_changed_at).getTime())
  ) {
    throw refused;
  }
  const presented = hashStaffRefresh(token);
  if (!sameHash(presented, row.refresh_hash)) {
    await revokeByUuid(db, tenantId, uuid, now);
    throw refused;
  }
  const refresh = newRefreshToken(uuid);
  const result = await db
    .updateTable('staff_sessions')
    .set({ refresh_hash: hashStaffRefresh(refresh), last_used_at: now.toISOString() })
    .where('uuid', '=', uuid)
    .where('tenant_id', '=', tenantId)
    .where('refresh_hash', '=', presented)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) {
    // Another refresh spent the same token first: the same token twice is a replay.
    await revokeByUuid(db, tenantId, uuid, now);
    throw refused;
  }
  const access = await services.tokens.issue(
    row.staff_id,
    tenantId,
    uuid,
    Math.floor(now.getTime() / 1000),
  );
  return { access, refresh };
}

/**
 * Logout: revokes the session a refresh token names (its current token or an older one: either
 * way the session ends). Idempotent for a session already ended.
 * @param staffId when given, the session must be this member's (the signed-in caller's).
 * @throws DomainError `staff_auth_failed` ("Token is invalid or expired.") when the token is
 *   malformed or names no session of this shop (or of `staffId`).
 */
export async function logOutStaff(
  db: Kysely<Database>,
  tenantId: number,
  token: string,
  now = new Date(),
  staffId?: number,
): Promise<void> {
  const uuid = sessionOf(token);
  if (!uuid) throw staffAuthFailed(STAFF_AUTH_MESSAGES.refreshInvalid);
  const row = await db
    .selectFrom('staff_sessions')
    .select(['id', 'staff_id'])
    .where('uuid', '=', uuid)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row || (staffId !== undefined && row.staff_id !== staffId)) {
    throw staffAuthFailed(STAFF_AUTH_MESSAGES.refreshInvalid);
  }
  await revokeByUuid(db, tenantId, uuid, now);
}

/**
 * The staff check of every back-office request: the access token's signature, algorithm,
 * audience (this shop's staff), type and expiry; its session open (not revoked, not expired);
 * its member not removed; and the token issued no earlier than the second of the member's
 * last password change.
 * @returns the acting member.
 * @throws DomainError `staff_auth_failed` ("Given token not valid for any token type").
 */
export async function verifyStaffAccess(
  db: Kysely<Database>,
  tokens: StaffTokenService,
  token: string,
  tenantId: number,
  now = new Date(),
): Promise<StaffActor> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claims = await tokens.verify(token, tenantId, nowSeconds);
  if (!SESSION_UUID.test(claims.sid)) throw staffAuthFailed();
  const staffId = Number(claims.sub);
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff', 'staff.id', 's.staff_id')
    .leftJoin('staff_policies as p', 'p.tenant_id', 's.tenant_id')
    .select([
      'staff.id',
      'staff.email',
      'staff.name',
      'staff.role',
      'staff.removed_at',
      'staff.password_changed_at',
      'staff.totp_enabled_at',
      'p.require_totp',
      's.expires_at',
      's.revoked_at',
    ])
    .where('s.uuid', '=', claims.sid)
    .where('s.tenant_id', '=', tenantId)
    .where('s.staff_id', '=', staffId)
    .where('staff.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row || sessionEnded(row, now)) throw staffAuthFailed();
  // `iat` counts whole seconds, so a token of the change's own second still passes.
  if (row.password_changed_at !== null) {
    const changedAt = Math.floor(new Date(row.password_changed_at).getTime() / 1000);
    if (claims.iat < changedAt) throw staffAuthFailed();
  }
  return {
    id: row.id,
    tenantId,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: claims.sid,
    mustSetUpTotp: toBool(row.require_totp ?? 0) && row.totp_enabled_at === null,
  };
}
