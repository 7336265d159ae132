/**
 * The back office's staff operations (openapi/admin.yaml, tags auth, me, staff, settings):
 * signing in and out, a forgotten password, the signed-in member's profile, password, two-step
 * verification and sessions, the shop's staff (an owner resetting a member's two-step
 * verification) and invitations, and its security settings. The rules are server/staff/; their
 * refusals are DomainErrors the error handler answers (server/http/domain-errors.ts), and a
 * throttle's is a 429 with Retry-After here.
 *
 * Who may call each operation is decided before these run (./permissions.ts, ./admin-api.ts);
 * the rules check the role again where it matters, so a handler wired to the wrong access
 * still refuses.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { StaffClient, StaffServices } from '../../staff/context.ts';
import {
  acceptInvitation as acceptStaffInvitation,
  inviteStaff,
  listInvitations as listStaffInvitations,
  revokeInvitation as revokeStaffInvitation,
} from '../../staff/invitations.ts';
import {
  changeStaffRole,
  listStaffMembers,
  removeStaffMember as removeMember,
  staffProfile,
} from '../../staff/members.ts';
import { getStaffPolicy, setStaffPolicy } from '../../staff/policy.ts';
import { listStaffSessions, revokeOwnSession } from '../../staff/session-changes.ts';
import { logOutStaff, refreshStaffSession } from '../../staff/sessions.ts';
import { signInStaff, type StaffSignIn } from '../../staff/sign-in.ts';
import {
  confirmTotpSetup as confirmTotp,
  disableTotp as disableStaffTotp,
  resetMemberTotp,
  startTotpSetup as startTotp,
} from '../../staff/totp.ts';
import { changeStaffPassword } from '../../staff/password-change.ts';
import {
  confirmStaffPasswordReset as confirmReset,
  requestStaffPasswordReset as requestReset,
} from '../../staff/password-reset.ts';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';
import { requireStaff } from './staff-auth.ts';

/** Where a request comes from, as the sign-in throttles and the session list see it. */
function clientOf(request: FastifyRequest): StaffClient {
  const agent = request.headers['user-agent'];
  return { address: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * Signs a visitor in to this request's shop from where the request comes: by a password
 * (`signInStaff`) or by accepting an invitation (`acceptInvitation`). A throttle's refusal
 * answers 429; any other refusal goes on to the error handler.
 */
async function signInFromRequest<Form>(
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: (
    db: Kysely<Database>,
    services: StaffServices,
    tenantId: number,
    client: StaffClient,
    form: Form,
  ) => Promise<StaffSignIn>,
  form: Form,
): Promise<StaffSignIn | FastifyReply> {
  try {
    return await signIn(
      request.server.db,
      request.server.staff,
      request.tenant.id,
      clientOf(request),
      form,
    );
  } catch (error) {
    return throttled(reply, error);
  }
}

/** POST /auth/login/ -> 200 StaffTokens; 400 on `otp`; 401; 429. */
export const staffLogin: AdminOperationHandler<'staffLogin'> = async (request, reply) =>
  wakingOutbox(request, () => signInFromRequest(request, reply, signInStaff, request.body));

/** POST /auth/refresh/ -> 200 `{access, refresh}` (the refresh token rotated); 401. */
export const staffRefresh: AdminOperationHandler<'staffRefresh'> = async (request) =>
  refreshStaffSession(
    request.server.db,
    request.server.staff,
    request.tenant.id,
    request.body.refresh,
  );

/**
 * Runs `work`, then wakes the outbox whatever came of it: a refused sign-in may have queued an
 * e-mail (the member's cap of wrong codes reached, server/staff/second-step.ts).
 */
async function wakingOutbox<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    request.server.emailOutbox.wake();
  }
}

/**
 * POST /auth/password/reset/ -> 202 `{detail}`, the same for every e-mail; the link goes
 * through the outbox, woken after the answer's wait; 429 past the address's requests.
 */
export const requestStaffPasswordReset: AdminOperationHandler<'requestStaffPasswordReset'> = async (
  request,
  reply,
) => {
  try {
    await requestReset(
      request.server.db,
      request.server.staff,
      request.tenant.id,
      clientOf(request),
      request.body.email,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  request.server.emailOutbox.wake();
  return reply.code(202).send({ detail: STAFF_MESSAGES.resetRequested });
};

/** POST /auth/password/reset/confirm/ -> 200 `{detail}`; 400 on `token` or the new password; 429. */
export const confirmStaffPasswordReset: AdminOperationHandler<'confirmStaffPasswordReset'> = async (
  request,
  reply,
) => {
  try {
    await confirmReset(
      request.server.db,
      request.server.staff,
      request.tenant.id,
      clientOf(request),
      request.body,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  return { detail: STAFF_MESSAGES.resetDone };
};

/** POST /me/password/ -> 200 `{access, refresh}` for this device; every session before ends. */
export const changeMyPassword: AdminOperationHandler<'changeMyPassword'> = async (
  request,
  reply,
) => {
  try {
    return await changeStaffPassword(
      request.server.db,
      request.server.staff,
      requireStaff(request),
      clientOf(request),
      request.body,
    );
  } catch (error) {
    return throttled(reply, error);
  }
};

/** POST /staff/{id}/totp/reset/ -> StaffMember (two-step off); the member is e-mailed. */
export const resetStaffTotp: AdminOperationHandler<'resetStaffTotp'> = async (request) => {
  const member = await resetMemberTotp(
    request.server.db,
    request.server.staff,
    requireStaff(request),
    request.params.id,
  );
  request.server.emailOutbox.wake();
  return member;
};

/** POST /auth/logout/ -> 204 once the caller's session of that refresh token is revoked. */
export const staffLogout: AdminOperationHandler<'staffLogout'> = async (request, reply) => {
  const actor = requireStaff(request);
  await logOutStaff(request.server.db, actor.tenantId, request.body.refresh, new Date(), actor.id);
  return reply.code(204).send();
};

/** GET /me/ -> Staff. */
export const getMe: AdminOperationHandler<'getMe'> = async (request) =>
  staffProfile(request.server.db, requireStaff(request));

/** POST /me/totp/ -> TotpSetup (a new secret, not yet in use). */
export const startTotpSetup: AdminOperationHandler<'startTotpSetup'> = async (request) =>
  startTotp(request.server.db, requireStaff(request));

/** POST /me/totp/confirm/ -> RecoveryCodes (two-step verification is on). */
export const confirmTotpSetup: AdminOperationHandler<'confirmTotpSetup'> = async (
  request,
  reply,
) => {
  try {
    return await confirmTotp(
      request.server.db,
      request.server.staff,
      requireStaff(request),
      clientOf(request),
      request.body.code,
    );
  } catch (error) {
    return throttled(reply, error);
  }
};

/** POST /me/totp/disable/ -> 204. */
export const disableTotp: AdminOperationHandler<'disableTotp'> = async (request, reply) => {
  try {
    await disableStaffTotp(
      request.server.db,
      request.server.staff,
      requireStaff(request),
      clientOf(request),
      request.body.password,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  return reply.code(204).send();
};

/** GET /me/sessions/ -> StaffSession[]. */
export const listMySessions: AdminOperationHandler<'listMySessions'> = async (request) =>
  listStaffSessions(request.server.db, requireStaff(request));

/** DELETE /me/sessions/{id}/ -> 204; 404 for a session that is not the caller's. */
export const revokeMySession: AdminOperationHandler<'revokeMySession'> = async (request, reply) => {
  await revokeOwnSession(request.server.db, requireStaff(request), request.params.id);
  return reply.code(204).send();
};

/** GET /staff/ -> StaffMember[]. */
export const listStaff: AdminOperationHandler<'listStaff'> = async (request) =>
  listStaffMembers(request.server.db, requireStaff(request));

/** PATCH /staff/{id}/ -> StaffMember with the new role; 409 for the last owner. */
export const updateStaffMember: AdminOperationHandler<'updateStaffMember'> = async (request) =>
  changeStaffRole(request.server.db, requireStaff(request), request.params.id, request.body.role);

/** DELETE /staff/{id}/ -> 204; every session of the member ends at once. */
export const removeStaffMember: AdminOperationHandler<'removeStaffMember'> = async (
  request,
  reply,
) => {
  await removeMember(request.server.db, requireStaff(request), request.params.id);
  return reply.code(204).send();
};

/** GET /staff/invitations/ -> Invitation[]. */
export const listInvitations: AdminOperationHandler<'listInvitations'> = async (request) =>
  listStaffInvitations(request.server.db, requireStaff(request));

/**
 * POST /staff/invitations/ -> 201 Invitation; the e-mail goes through the outbox, woken once the
 * invitation is committed.
 */
export const createInvitation: AdminOperationHandler<'createInvitation'> = async (
  request,
  reply,
) => {
  try {
    const invitation = await inviteStaff(
      request.server.db,
      request.server.staff,
      requireStaff(request),
      request.body,
      request.server.siteOrigin(request.tenant.id),
    );
    request.server.emailOutbox.wake();
    reply.code(201);
    return invitation;
  } catch (error) {
    return throttled(reply, error);
  }
};

/** DELETE /staff/invitations/{id}/ -> 204. */
export const revokeInvitation: AdminOperationHandler<'revokeInvitation'> = async (
  request,
  reply,
) => {
  await revokeStaffInvitation(request.server.db, requireStaff(request), request.params.id);
  return reply.code(204).send();
};

/** POST /staff/invitations/accept/ -> 200 StaffTokens (the new member, signed in). */
export const acceptInvitation: AdminOperationHandler<'acceptInvitation'> = async (request, reply) =>
  signInFromRequest(request, reply, acceptStaffInvitation, request.body);

/** GET /settings/security/ -> SecuritySettings. */
export const getSecuritySettings: AdminOperationHandler<'getSecuritySettings'> = async (request) =>
  getStaffPolicy(request.server.db, requireStaff(request));

/** PUT /settings/security/ -> SecuritySettings as saved. */
export const updateSecuritySettings: AdminOperationHandler<'updateSecuritySettings'> = async (
  request,
) => setStaffPolicy(request.server.db, requireStaff(request), request.body);

/** Every staff operation's handler, for ./operations.ts. */
export const staffHandlers = {
  staffLogin,
  staffRefresh,
  staffLogout,
  requestStaffPasswordReset,
  confirmStaffPasswordReset,
  getMe,
  startTotpSetup,
  confirmTotpSetup,
  disableTotp,
  listMySessions,
  revokeMySession,
  changeMyPassword,
  listStaff,
  updateStaffMember,
  removeStaffMember,
  resetStaffTotp,
  listInvitations,
  createInvitation,
  revokeInvitation,
  acceptInvitation,
  getSecuritySettings,
  updateSecuritySettings,
} satisfies AdminHandlerMap;
