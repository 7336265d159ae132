/**
 * Invitations to a shop's back office (decision 020): an owner invites an e-mail with a role; the
 * person gets a one-time link by e-mail, `<storefront origin>/admin/accept-invitation?token=...`,
 * good for 72 hours; accepting it with a name and a password creates their account and signs them
 * in.
 *
 * - The token is 32 random bytes (base64url). Only its SHA-256 is stored in
 *   `staff_invitations`; the token itself is in the e-mail (its outbox row, until sent) and
 *   nowhere else: not in an answer, not in a log line, not in the activity log.
 * - Inviting an e-mail that has an open invitation replaces it: the older link stops working.
 *   An e-mail of a live member is refused.
 * - Accepting is one conditional update (of two concurrent uses exactly one wins), and the
 *   account, its log entries and its first session commit with it. A token that is unknown,
 *   of another shop, expired, revoked or used is refused alike, on the field `token`.
 * - Throttled: the invitations an owner sends per hour (each is an e-mail), the acceptances
 *   per client address per hour (each hashes a password).
 *
 * The e-mail is queued in the outbox in the transaction that makes the invitation; the caller
 * wakes the outbox after the commit (the HTTP layer: `app.emailOutbox.wake()`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { StaffRole } from './tables.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { StaffInvitationEmailData } from './emails/staff-email-data.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffClient, StaffServices } from './context.ts';
import type { StaffErrorCode } from './errors.ts';
import {
  isStaffRole,
  normalizeStaffEmail,
  staffEmailError,
  staffPasswordErrors,
} from './member-input.ts';
import { findLiveStaffByEmail, insertStaffMember, staffProfile } from './members.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { startStaffSession } from './sessions.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';
import type { StaffSignIn } from './sign-in.ts';

/** The path of the back office's page that accepts an invitation. */
export const ACCEPT_INVITATION_PATH = '/admin/accept-invitation';

/** One invitation as the owner's list shows it (the contract's Invitation; never the token). */
export interface InvitationView {
  id: number;
  email: string;
  role: StaffRole;
  /** The inviting member's name; null once they are removed. */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'expired';
}

/** Hex SHA-256 of an invitation token, as `staff_invitations.token_hash` holds it. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function invalidToken(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_invalid', STAFF_MESSAGES.invitationInvalid, {
    field: 'token',
  });
}

function fieldErrors(fields: FieldErrors): DomainError<StaffErrorCode> {
  const [first] = Object.values(fields);
  return new DomainError<StaffErrorCode>('staff_invalid', first?.[0] ?? 'Invalid invitation.', {
    fields,
  });
}

function view(
  row: {
    id: number;
    email: string;
    role: StaffRole;
    inviter: string | null;
    created_at: Date | string;
    expires_at: Date | string;
  },
  now: Date,
): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.inviter,
    created_at: toIsoString(row.created_at),
    expires_at: toIsoString(row.expires_at),
    status: new Date(row.expires_at).getTime() > now.getTime() ? 'pending' : 'expired',
  };
}

/** What an owner sends: the contract's InvitationCreate. */
export interface InvitationForm {
  email: string;
  role: StaffRole;
}

/**
 * Invites `form.email` to the shop's staff with `form.role`, replacing an open invitation of
 * the same e-mail, and queues the e-mail with the link (see the module comment). Logs
 * `staff.invite` (the e-mail, the role and the expiry; never the token).
 * @param origin the storefront's origin the link starts with (configuration, never the
 *   request's Host), without a trailing slash.
 * @returns the invitation as the list shows it.
 * @throws DomainError `forbidden` (not an owner); `staff_invalid` (fields `email`, `role`);
 *   `staff_email_taken` (field `email`) for a live member's e-mail; ThrottledError past the
 *   owner's invitations of the hour.
 */
export async function inviteStaff(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'inviteThrottle' | 'settings'>,
  actor: StaffActor,
  form: InvitationForm,
  origin: string,
  now = new Date(),
): Promise<InvitationView> {
  const email = normalizeStaffEmail(form.email);
  const fields: FieldErrors = {};
  const emailProblem = staffEmailError(email);
  if (emailProblem) fields.email = [emailProblem];
  if (!isStaffRole(form.role)) fields.role = [STAFF_MESSAGES.roleInvalid];
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);
  if (await findLiveStaffByEmail(db, actor.tenantId, email)) {
    throw new DomainError<StaffErrorCode>('staff_email_taken', STAFF_MESSAGES.emailTaken, {
      field: 'email',
    });
  }
  await services.inviteThrottle.consumeKey(actor.tenantId, `staff:${actor.id}`);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + services.settings.invitationTtlSeconds * 1000);
  return db.transaction().execute(async (trx) => {
    // The older link of the same e-mail stops working: only the newest invitation counts.
    await trx
      .updateTable('staff_invitations')
      .set({ revoked_at: now.toISOString() })
      .where('tenant_id', '=', actor.tenantId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('staff_invitations')
      .values({
        tenant_id: actor.tenantId,
        email,
        role: form.role,
        token_hash: hashInvitationToken(token),
        invited_by: actor.id,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        accepted_at: null,
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const data: StaffInvitationEmailData = {
      kind: 'staff_invitation',
      shop: await staffEmailShop(trx, actor.tenantId, origin, actor.email),
      inviterName: actor.name,
      role: row.role,
      acceptUrl: `${origin}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
    await queueStaffEmail(
      trx,
      { tenantId: actor.tenantId, recipient: email, data, dedupeKey: `staff-invitation:${row.id}` },
      now,
    );
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.invite',
        objectType: 'invitation',
        objectId: row.id,
        after: { email, role: row.role, expires_at: expiresAt.toISOString() },
      },
      now,
    );
    return view({ ...row, inviter: actor.name }, now);
  });
}

/**
 * The shop's invitations neither accepted nor revoked, newest first; an expired one stays
 * listed (`status: expired`) until it is revoked or replaced.
 * @throws DomainError `forbidden` (not an owner).
 */
export async function listInvitations(
  db: Kysely<Database>,
  actor: StaffActor,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await db
    .selectFrom('staff_invitations as i')
    .leftJoin('staff as s', (join) =>
      join.onRef('s.id', '=', 'i.invited_by').on('s.removed_at', 'is', null),
    )
    .select(['i.id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at', 's.name as inviter'])
    .where('i.tenant_id', '=', actor.tenantId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map((row) => view(row, now));
}

/**
 * Revokes an invitation: its link stops working. Logs `staff.revoke_invitation`.
 * @throws DomainError `forbidden` (not an owner); `staff_not_found` for no open invitation of
 *   this shop by that id.
 */
export async function revokeInvitation(
  db: Kysely<Database>,
  actor: StaffActor,
  invitationId: number,
  now = new Date(),
): Promise<void> {
  const notFound = new DomainError<StaffErrorCode>('staff_not_found', STAFF_MESSAGES.notFound);
  if (!isRowId(invitationId)) throw notFound;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('staff_invitations')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', invitationId)
      .where('tenant_id', '=', actor.tenantId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['id', 'email', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound;
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.revoke_invitation',
        objectType: 'invitation',
        objectId: row.id,
        before: { email: row.email, role: row.role },
      },
      now,
    );
  });
}

/** What the invited person sends: the contract's InvitationAccept. */
export interface InvitationAcceptance {
  token: string;
  name: string;
  password: string;
}

/**
 * Accepts an invitation: creates the member with the invitation's e-mail and role, the name
 * and password given, and signs them in. Logs `staff.create` (by the system) and
 * `staff.accept_invitation` (by the new member).
 * @returns `{access, refresh, staff}`, as a sign-in does.
 * @throws ThrottledError past the acceptances of the client address; DomainError
 *   `staff_invalid` (field `name`, or fields) for a blank or overlong name, or (field `token`:
 *   "This invitation link is invalid or has expired.") for a token that is not, or no longer,
 *   good; `weak_password` (field `password`); `staff_email_taken` when the e-mail became a
 *   member's since the invitation was sent.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  services: Pick<StaffServices, 'acceptThrottle' | 'tokens' | 'settings'>,
  tenantId: number,
  client: StaffClient,
  form: InvitationAcceptance,
  now = new Date(),
): Promise<StaffSignIn> {
  await services.acceptThrottle.consume(tenantId, client.address);
  const name = form.name.trim();
  const fields: FieldErrors = {};
  if (name === '') fields.name = [STAFF_MESSAGES.nameRequired];
  // eslint-disable-next-line no-control-regex
  else if ([...name].length > 150 || /[\u0000-\u001f\u007f]/.test(name)) {
    fields.name = [STAFF_MESSAGES.nameInvalid];
  }
  const passwordProblems = staffPasswordErrors(form.password);
  if (fields.name) {
    if (passwordProblems.length > 0) fields.password = passwordProblems;
    throw fieldErrors(fields);
  }
  if (passwordProblems.length > 0) {
    throw new DomainError<StaffErrorCode>('weak_password', passwordProblems[0]!, {
      field: 'password',
    });
  }

  // The token is looked up before the password is hashed: made-up tokens cost no scrypt work.
  const token = form.token.trim();
  if (token === '' || token.length > 200) throw invalidToken();
  const tokenHash = hashInvitationToken(token);
  const open = await db
    .selectFrom('staff_invitations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!open) throw invalidToken();
  const passwordHash = await hashPassword(form.password, {
    log2Cost: services.settings.passwordHashCost,
  });

  const joined = await db.transaction().execute(async (trx) => {
    // Decides, atomically, which of concurrent uses of the link wins.
    const invitation = await trx
      .updateTable('staff_invitations')
      .set({ accepted_at: now.toISOString() })
      .where('id', '=', open.id)
      .where('tenant_id', '=', tenantId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['id', 'email', 'role'])
      .executeTakeFirst();
    if (!invitation) throw invalidToken();
    const member = await insertStaffMember(
      trx,
      { tenantId, email: invitation.email, name, role: invitation.role },
      passwordHash,
      null,
      now,
    );
    await trx
      .updateTable('staff')
      .set({ last_login_at: now.toISOString() })
      .where('id', '=', member.id)
      .execute();
    const session = await startStaffSession(
      trx,
      services,
      { id: member.id, tenantId },
      client,
      now,
    );
    const actor: StaffActor = {
      id: member.id,
      tenantId,
      email: member.email,
      name: member.name,
      role: member.role,
      sessionId: session.sessionId,
    };
    await recordActivity(
      trx,
      {
        actor,
        tenantId,
        action: 'staff.accept_invitation',
        objectType: 'invitation',
        objectId: invitation.id,
        after: { staff_id: member.id, email: member.email, role: member.role },
      },
      now,
    );
    return { session, actor };
  });
  return {
    access: joined.session.access,
    refresh: joined.session.refresh,
    staff: await staffProfile(db, joined.actor),
  };
}
