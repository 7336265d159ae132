/**
 * Staff sessions (decision 020): one `staff_sessions` row per sign-in, renewed by an opaque
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
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffActor } from './actor.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { STAFF_AUTH_MESSAGES, staffAuthFailed, type StaffTokenService } from './staff-tokens.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What sign-in, invitation acceptance and refresh answer: a new access and refresh token. */
export interface StaffTokenPair {
  access: string;
  refresh: string;
}

/** One entry of a member's session list (the contract's StaffSession). */
export interface StaffSessionView {
  /** The session's uuid. */
  id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  ip: string | null;
  /** True for the session the request came with. */
  current: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
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
  return UUID.test(uuid) && SECRET.test(token.slice(37)) ? uuid : null;
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
 * The signed-in member's sessions that are still open (not revoked, not expired), the most
 * recently used first; `current` marks the one the request came with.
 */
export async function listStaffSessions(
  db: Kysely<Database>,
  actor: StaffActor,
  now = new Date(),
): Promise<StaffSessionView[]> {
  const rows = await db
    .selectFrom('staff_sessions')
    .select(['uuid', 'created_at', 'last_used_at', 'user_agent', 'ip'])
    .where('tenant_id', '=', actor.tenantId)
    .where('staff_id', '=', actor.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.uuid,
    created_at: toIsoString(row.created_at),
    last_used_at: toIsoString(row.last_used_at),
    user_agent: row.user_agent,
    ip: row.ip,
    current: row.uuid === actor.sessionId,
  }));
}

/** The words of a session that is not the member's own (or not open). */
export const SESSION_NOT_FOUND = STAFF_MESSAGES.notFound;

/**
 * Ends one of the signed-in member's own sessions (any of them, the current one included:
 * its access tokens stop working at once). Another member's session, an unknown uuid or an
 * already ended session are all "not found", so a uuid tells nothing of other members.
 * @throws DomainError `staff_not_found`.
 */
export async function revokeOwnSession(
  db: Kysely<Database>,
  actor: StaffActor,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  if (!UUID.test(sessionId)) {
    throw new DomainError<StaffErrorCode>('staff_not_found', SESSION_NOT_FOUND);
  }
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('uuid', '=', sessionId)
    .where('tenant_id', '=', actor.tenantId)
    .where('staff_id', '=', actor.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) {
    throw new DomainError<StaffErrorCode>('staff_not_found', SESSION_NOT_FOUND);
  }
}

/**
 * Ends every session of a member at once (their removal, a password change or reset, an owner
 * resetting their two-step verification). Pass the transaction that makes that change, so both
 * commit together.
 * @returns how many sessions were still open.
 */
export async function revokeAllStaffSessions(
  db: Db,
  tenantId: number,
  staffId: number,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Records that the actor's session passed two-step verification now (the code confirming the
 * set-up was typed in it). Runs in `db`, the caller's transaction.
 */
export async function markSessionTwoStep(
  db: Db,
  actor: StaffActor,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ two_step_at: now.toISOString() })
    .where('uuid', '=', actor.sessionId)
    .where('tenant_id', '=', actor.tenantId)
    .where('staff_id', '=', actor.id)
    .execute();
}

/**
 * Whether the actor's session passed two-step verification and the member has it on now: a
 * code or a recovery code at this sign-in, or the set-up confirmed in this session. A session
 * opened with the password alone, and any session of a member who has since turned it off, has
 * not.
 */
export async function sessionPassedTwoStep(db: Db, actor: StaffActor): Promise<boolean> {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff', 'staff.id', 's.staff_id')
    .select(['s.two_step_at', 'staff.totp_enabled_at'])
    .where('s.uuid', '=', actor.sessionId)
    .where('s.tenant_id', '=', actor.tenantId)
    .where('s.staff_id', '=', actor.id)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
  return !!row && row.two_step_at !== null && row.totp_enabled_at !== null;
}

/**
 * After a password change: ends every session of the member and opens a new one for the
 * client that changed it (so this device stays signed in, keeping whether its session passed
 * two-step verification), in `trx` with the change.
 * @returns the new session's tokens and uuid.
 */
export async function replaceStaffSessions(
  trx: Transaction<Database>,
  services: Pick<StaffServices, 'tokens' | 'settings'>,
  actor: StaffActor,
  client: StaffClient,
  now = new Date(),
): Promise<StaffTokenPair & { sessionId: string; ended: number }> {
  const current = await trx
    .selectFrom('staff_sessions')
    .select('two_step_at')
    .where('uuid', '=', actor.sessionId)
    .where('tenant_id', '=', actor.tenantId)
    .where('staff_id', '=', actor.id)
    .executeTakeFirst();
  const ended = await revokeAllStaffSessions(trx, actor.tenantId, actor.id, now);
  const twoStepAt = current?.two_step_at ? new Date(current.two_step_at) : null;
  const started = await startStaffSession(
    trx,
    services,
    { id: actor.id, tenantId: actor.tenantId },
    client,
    now,
    twoStepAt,
  );
  return { ...started, ended };
}

/**
 * A password-change instant as `staff.password_changed_at` keeps it: `now` to the whole second,
 * as access tokens' `iat` and sessions' `created_at` count, so a session opened in the same
 * second as the change (the changing device's new one) is not taken for an older one.
 */
export function passwordChangeSecond(now: Date): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
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
  if (!UUID.test(claims.sid)) throw staffAuthFailed();
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
