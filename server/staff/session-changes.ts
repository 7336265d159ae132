/**
 * A member's staff sessions as a whole (decision 052; ./sessions.ts starts and checks each one):
 * the list of their open sessions, ending one of their own, ending all of a member's sessions
 * at once (removal, a password change or reset, an owner resetting their two-step
 * verification), opening a fresh one for the device that changed the password, and whether a
 * session passed two-step verification (`staff_sessions.two_step_at`).
 *
 * Dates are ISO 8601 strings; a session is named by its uuid. Errors: `staff_not_found` for a
 * session that is not the member's own or not open (so a uuid tells nothing of other
 * members). Spec: openapi/admin.yaml, tag staff (StaffSession).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffActor } from './actor.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { SESSION_UUID, startStaffSession, type StaffTokenPair } from './sessions.ts';

type Db = Kysely<Database> | Transaction<Database>;

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
  if (!SESSION_UUID.test(sessionId)) {
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
