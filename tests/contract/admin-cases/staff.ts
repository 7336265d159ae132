/**
 * The shop's staff, its security settings and a member's two-step verification and password
 * (admin contract: listStaff, createInvitation, listInvitations, revokeInvitation,
 * acceptInvitation, updateStaffMember, removeStaffMember, getSecuritySettings,
 * updateSecuritySettings, startTotpSetup, confirmTotpSetup, disableTotp, resetStaffTotp,
 * changeMyPassword, requestStaffPasswordReset, confirmStaffPasswordReset, and staffLogin with a
 * second factor):
 * - the owner lists the staff, invites someone (the link read from the API's outbox, never
 *   from an answer), invites and revokes another (its link then refused), and is refused an
 *   e-mail already on the staff; the invited person accepts with a name and a password and is
 *   signed in; the link works once;
 * - the owner promotes and demotes the new member, cannot leave the shop without an owner nor
 *   remove themselves;
 * - the new member sets up two-step verification (the code made with otplib from the answered
 *   secret), then must give a code to sign in, where a recovery code works once; the owner
 *   requires two-step verification of everyone, so nobody can turn theirs off; the owner,
 *   signed in with a password alone, cannot lift the rule, but the member, made an owner and
 *   whose session confirmed their set-up, can; the member turns it off with their password;
 * - the member sets it up again and loses their phone: the owner resets it (not their own),
 *   which signs the member out; the member signs in with the password alone, changes it, then
 *   forgets it and sets a new one with the e-mailed link (which works once);
 * - the owner removes the member: their access token, refresh token and password are refused
 *   at once;
 * - the staff member is refused every owner-only operation (403).
 */
import { TENANT_HEADER, demoTenant, detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import {
  BAD_CREDENTIALS,
  FORBIDDEN,
  NOT_FOUND,
  OWNER,
  REFRESH_INVALID,
  STAFF,
  TOKEN_NOT_VALID,
  adminCase,
  members,
  newestInvitationToken,
  newestResetToken,
  sessionOf,
  totpCode,
  wrongTotpCode,
  type AdminSetup,
} from './admin-setup';
import { tokensFor } from './auth';

const INVITATION_INVALID = 'This invitation link is invalid or has expired.';
const LAST_OWNER = 'The shop needs at least one owner.';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.';
const WRONG_SETUP_CODE =
  'That code is not right. Enter the current 6-digit code from your authenticator app.';
const TOTP_ALREADY_ON = 'Two-step verification is already on.';
const SET_UP_TOTP_FIRST =
  'This shop requires two-step verification: set it up under Account before anything else.';
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
const RESET_REQUESTED =
  'If a member of staff has this e-mail, we have sent a link to reset the password.';
/** The invited member's password once they changed it, and once they reset it. */
const CHANGED_PASSWORD = 'tempered-steel-77';
const RESET_PASSWORD = 'kiln-fired-mugs-8';

/** A check that a list of members holds (or does not hold) the e-mails given. */
function staffListed(present: string[], absent: string[] = []) {
  return (b: Json) => {
    if (!Array.isArray(b)) return `expected a list, got ${JSON.stringify(b).slice(0, 200)}`;
    const emails = b.filter(isObject).map((m) => str(m.email));
    const missing = present.filter((e) => !emails.includes(e));
    const extra = absent.filter((e) => emails.includes(e));
    if (missing.length || extra.length) {
      return `expected ${present.join(', ')} and not ${absent.join(', ')}, got ${JSON.stringify(emails)}`;
    }
    const roles = b.filter(isObject).map((m) => str(m.role));
    const firstStaff = roles.indexOf('staff');
    return firstStaff !== -1 && roles.slice(firstStaff).includes('owner')
      ? `expected owners first, got ${JSON.stringify(roles)}`
      : null;
  };
}

/** The staff, invitation, settings and two-step cases, in order. */
export function staffCases(a: AdminSetup): Case[] {
  const s = a.state;
  const { asOwner, asStaff, asMember } = members(a);
  const invite = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `createInvitation ${name}`,
      'createInvitation',
      'POST',
      '/staff/invitations/',
      status,
      {
        body,
        ...rest,
      },
    );
  const accept = (name: string, body: () => Json, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `acceptInvitation ${name}`,
      'acceptInvitation',
      'POST',
      '/staff/invitations/accept/',
      status,
      { headers: demoTenant, prepare: async () => ({ body: body() }), ...rest },
    );
  const memberPath = (id: () => number) => () => ({ path: `/staff/${id()}/` });
  const update = (
    name: string,
    id: () => number,
    role: string,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    adminCase(`updateStaffMember ${name}`, 'updateStaffMember', 'PATCH', '/staff/1/', status, {
      body: { role },
      prepare: memberPath(id),
      ...rest,
    });
  const remove = (name: string, id: () => number, status: number, rest: Partial<Case> = {}) =>
    adminCase(`removeStaffMember ${name}`, 'removeStaffMember', 'DELETE', '/staff/1/', status, {
      prepare: memberPath(id),
      ...rest,
    });
  const revoke = (name: string, id: () => number, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `revokeInvitation ${name}`,
      'revokeInvitation',
      'DELETE',
      '/staff/invitations/1/',
      status,
      {
        prepare: () => ({ path: `/staff/invitations/${id()}/` }),
        ...rest,
      },
    );
  const settings = (name: string, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `getSecuritySettings ${name}`,
      'getSecuritySettings',
      'GET',
      '/settings/security/',
      status,
      rest,
    );
  const putSettings = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `updateSecuritySettings ${name}`,
      'updateSecuritySettings',
      'PUT',
      '/settings/security/',
      status,
      {
        body,
        ...rest,
      },
    );
  const requireTotp = (on: boolean) => (b: Json) =>
    isObject(b) && b.require_totp === on
      ? null
      : `expected require_totp ${on}, got ${JSON.stringify(b)}`;
  const memberLogin = (
    name: string,
    otp: () => string | undefined | Promise<string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    adminCase(`staffLogin ${name}`, 'staffLogin', 'POST', '/auth/login/', status, {
      headers: demoTenant,
      prepare: async () => {
        const code = await otp();
        return {
          body: {
            email: a.memberEmail,
            password: a.memberPassword,
            ...(code === undefined ? {} : { otp: code }),
          },
        };
      },
      ...rest,
    });
  const disable = (name: string, password: string, status: number, rest: Partial<Case> = {}) =>
    asMember(
      adminCase(`disableTotp ${name}`, 'disableTotp', 'POST', '/me/totp/disable/', status, {
        body: { password },
        ...rest,
      }),
    );
  const confirm = (
    name: string,
    code: () => Promise<string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asMember(
      adminCase(
        `confirmTotpSetup ${name}`,
        'confirmTotpSetup',
        'POST',
        '/me/totp/confirm/',
        status,
        {
          prepare: async () => ({ body: { code: await code() } }),
          ...rest,
        },
      ),
    );
  const nextCode = async () => {
    s.lastCode = await totpCode(s.totpSecret, 1);
    return s.lastCode;
  };
  const start = (name: string, status: number, rest: Partial<Case> = {}) =>
    asMember(
      adminCase(`startTotpSetup ${name}`, 'startTotpSetup', 'POST', '/me/totp/', status, rest),
    );
  const resetTotp = (name: string, id: () => number, status: number, rest: Partial<Case> = {}) =>
    adminCase(`resetStaffTotp ${name}`, 'resetStaffTotp', 'POST', '/staff/1/totp/reset/', status, {
      prepare: () => ({ path: `/staff/${id()}/totp/reset/` }),
      ...rest,
    });
  const changePassword = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    asMember(
      adminCase(`changeMyPassword ${name}`, 'changeMyPassword', 'POST', '/me/password/', status, {
        body,
        ...rest,
      }),
    );
  const askReset = (name: string, email: string, status: number, rest: Partial<Case> = {}) =>
    adminCase(
      `requestStaffPasswordReset ${name}`,
      'requestStaffPasswordReset',
      'POST',
      '/auth/password/reset/',
      status,
      { headers: demoTenant, body: { email }, ...rest },
    );
  const confirmReset = (
    name: string,
    token: () => Promise<string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    adminCase(
      `confirmStaffPasswordReset ${name}`,
      'confirmStaffPasswordReset',
      'POST',
      '/auth/password/reset/confirm/',
      status,
      {
        headers: demoTenant,
        prepare: async () => ({
          body: {
            token: await token(),
            new_password: RESET_PASSWORD,
            new_password_confirm: RESET_PASSWORD,
          },
        }),
        ...rest,
      },
    );
  const memberIs = (fields: Record<string, unknown>) => (b: Json) =>
    isObject(b) && Object.entries(fields).every(([k, v]) => b[k] === v)
      ? null
      : `expected ${JSON.stringify(fields)}, got ${JSON.stringify(b)}`;

  return [
    // The staff and invitations.
    asOwner(
      adminCase('listStaff (owners first)', 'listStaff', 'GET', '/staff/', 200, {
        check: staffListed([OWNER.email, STAFF.email]),
      }),
    ),
    asOwner(
      invite('of a new member of staff', { email: a.memberEmail, role: 'staff' }, 201, {
        check: (b) =>
          isObject(b) &&
          b.email === a.memberEmail &&
          b.role === 'staff' &&
          b.status === 'pending' &&
          b.invited_by === 'Ada Ember' &&
          !('token' in b) &&
          Date.parse(str(b.expires_at)) - Date.now() > 71 * 3600 * 1000
            ? null
            : `unexpected invitation ${JSON.stringify(b)}`,
        remember: (b) => (s.invitationId = isObject(b) ? Number(b.id) : 0),
      }),
    ),
    asOwner(
      invite(
        'of someone whose invitation is then revoked',
        { email: a.revokedEmail, role: 'owner' },
        201,
        {
          remember: (b) => (s.revokedInvitationId = isObject(b) ? Number(b.id) : 0),
        },
      ),
    ),
    asOwner(
      invite('of a member of staff already', { email: STAFF.email, role: 'staff' }, 400, {
        check: fieldError('email', 'This person is already a member of staff.'),
      }),
    ),
    {
      ...asOwner(
        invite('with an invalid e-mail (bad body)', { email: 'not-an-email', role: 'staff' }, 400, {
          check: fieldError('email', 'Enter a valid email address.'),
        }),
      ),
      via: 'lenient',
    },
    {
      ...asOwner(
        invite(
          'with a role that is not one (bad body)',
          { email: 'someone@example.com', role: 'admin' },
          400,
          {
            check: fieldError('role', 'Not a valid choice. Expected one of: owner, staff.'),
          },
        ),
      ),
      via: 'lenient',
    },
    asOwner(
      adminCase('listInvitations', 'listInvitations', 'GET', '/staff/invitations/', 200, {
        check: (b) => {
          if (!Array.isArray(b)) return `expected a list, got ${JSON.stringify(b)}`;
          const ids = b.filter(isObject).map((i) => Number(i.id));
          if (b.some((i) => isObject(i) && 'token' in i)) return 'an invitation shows its token';
          return ids.includes(s.invitationId) && ids.includes(s.revokedInvitationId)
            ? null
            : `expected invitations ${s.invitationId} and ${s.revokedInvitationId}, got ${JSON.stringify(ids)}`;
        },
      }),
    ),
    asOwner(
      revoke('of an open invitation', () => s.revokedInvitationId, 204, {
        // Its link, read before it is revoked, is refused below.
        prepare: async () => {
          s.revokedInviteToken = await newestInvitationToken(a.outboxDir, a.revokedEmail);
          return { path: `/staff/invitations/${s.revokedInvitationId}/` };
        },
      }),
    ),
    asOwner(revoke('again', () => s.revokedInvitationId, 404, { check: detailIs(NOT_FOUND) })),
    asOwner(revoke('that does not exist', () => 999999, 404, { check: detailIs(NOT_FOUND) })),
    accept(
      "with the revoked invitation's link",
      () => ({ token: s.revokedInviteToken, name: 'Revoked Person', password: 'long-enough-pw' }),
      400,
      {
        check: fieldError('token', INVITATION_INVALID),
      },
    ),
    accept(
      'with a made-up token',
      () => ({ token: 'made-up-token-0123456789', name: 'Nobody', password: 'long-enough-pw' }),
      400,
      {
        check: fieldError('token', INVITATION_INVALID),
      },
    ),
    {
      ...accept(
        'with a short password',
        () => ({ token: s.inviteToken, name: 'Priya Shah', password: 'short' }),
        400,
        { check: fieldError('password', 'Password must be at least 8 characters long.') },
      ),
      prepare: async () => {
        s.inviteToken = await newestInvitationToken(a.outboxDir, a.memberEmail);
        return { body: { token: s.inviteToken, name: 'Priya Shah', password: 'short' } };
      },
    },
    {
      ...accept(
        'with a blank name (bad body)',
        () => ({ token: s.inviteToken, name: '', password: a.memberPassword }),
        400,
        {
          check: fieldError('name', 'This field may not be blank.'),
        },
      ),
      via: 'lenient',
    },
    accept(
      'with the e-mailed link',
      () => ({ token: s.inviteToken, name: 'Priya Shah', password: a.memberPassword }),
      200,
      {
        check: tokensFor(a.memberEmail, 'staff'),
        remember: (b) => {
          s.member = sessionOf(b);
          if (isObject(b) && isObject(b.staff)) s.memberId = Number(b.staff.id);
        },
      },
    ),
    accept(
      'with the same link again',
      () => ({ token: s.inviteToken, name: 'Priya Again', password: a.memberPassword }),
      400,
      {
        check: fieldError('token', INVITATION_INVALID),
      },
    ),
    asOwner(
      adminCase(
        'listInvitations once accepted (no longer open)',
        'listInvitations',
        'GET',
        '/staff/invitations/',
        200,
        {
          check: (b) =>
            Array.isArray(b) &&
            !b.some(
              (i) => isObject(i) && (i.id === s.invitationId || i.id === s.revokedInvitationId),
            )
              ? null
              : `expected neither invitation listed, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase('listStaff with the new member', 'listStaff', 'GET', '/staff/', 200, {
        check: staffListed([OWNER.email, STAFF.email, a.memberEmail]),
      }),
    ),

    // Roles.
    asOwner(
      update('to owner', () => s.memberId, 'owner', 200, {
        check: (b) =>
          isObject(b) && b.email === a.memberEmail && b.role === 'owner'
            ? null
            : `unexpected member ${JSON.stringify(b)}`,
      }),
    ),
    asMember(
      adminCase(
        'getMe as the promoted member (the role is read at once)',
        'getMe',
        'GET',
        '/me/',
        200,
        {
          check: (b) =>
            isObject(b) && b.role === 'owner'
              ? null
              : `expected role owner, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      update('back to staff', () => s.memberId, 'staff', 200, {
        check: (b) =>
          isObject(b) && b.role === 'staff' ? null : `unexpected member ${JSON.stringify(b)}`,
      }),
    ),
    asOwner(
      update('of the last owner to staff', () => s.ownerId, 'staff', 409, {
        check: detailIs(LAST_OWNER),
      }),
    ),
    asOwner(
      update('that does not exist', () => 999999, 'staff', 404, { check: detailIs(NOT_FOUND) }),
    ),
    {
      ...asOwner(
        update('to a role that is not one (bad body)', () => s.memberId, 'admin', 400, {
          check: fieldError('role', 'Not a valid choice. Expected one of: owner, staff.'),
        }),
      ),
      via: 'lenient',
    },

    // The security settings.
    asOwner(settings('', 200, { check: requireTotp(false) })),
    {
      ...asOwner(
        putSettings('without the field (bad body)', {}, 400, {
          check: fieldError('require_totp', 'This field is required.'),
        }),
      ),
      via: 'lenient',
    },

    // Two-step verification of the new member.
    confirm('before starting', async () => '123456', 409, {
      check: detailIs('Start setting up two-step verification first.'),
    }),
    start('', 200, {
      check: (b) =>
        isObject(b) &&
        /^[A-Z2-7]+=*$/.test(str(b.secret)) &&
        str(b.otpauth_url).startsWith('otpauth://totp/') &&
        str(b.otpauth_url).includes(`secret=${str(b.secret)}`)
          ? null
          : `unexpected set-up ${JSON.stringify(b)}`,
      remember: (b) => (s.totpSecret = isObject(b) ? str(b.secret) : ''),
    }),
    confirm('with a wrong code', () => wrongTotpCode(s.totpSecret), 400, {
      check: fieldError('code', WRONG_SETUP_CODE),
    }),
    confirm("with the app's current code", () => totpCode(s.totpSecret), 200, {
      check: (b) =>
        isObject(b) && Array.isArray(b.recovery_codes) && new Set(b.recovery_codes).size === 10
          ? null
          : `expected 10 recovery codes, got ${JSON.stringify(b)}`,
      remember: (b) =>
        (s.recoveryCodes =
          isObject(b) && Array.isArray(b.recovery_codes) ? b.recovery_codes.map(String) : []),
    }),
    start('again once it is on', 409, { check: detailIs(TOTP_ALREADY_ON) }),
    asMember(
      adminCase('getMe with two-step verification on', 'getMe', 'GET', '/me/', 200, {
        check: (b) =>
          isObject(b) && b.totp_enabled === true
            ? null
            : `expected totp_enabled, got ${JSON.stringify(b)}`,
      }),
    ),
    memberLogin('without the code, two-step verification on', () => undefined, 400, {
      check: fieldError('otp', CODE_NEEDED),
    }),
    memberLogin('with a wrong code', () => '000000', 400, {
      check: fieldError('otp', CODE_NEEDED),
    }),
    // The code of the step after the one the set-up used: a code is good once, ±1 step.
    memberLogin("with the app's code", () => nextCode(), 200, {
      check: tokensFor(a.memberEmail, 'staff'),
    }),
    memberLogin('with the same code again (a replay)', () => s.lastCode, 400, {
      check: fieldError('otp', CODE_NEEDED),
    }),
    memberLogin('with a recovery code', () => s.recoveryCodes[0], 200, {
      check: (b) =>
        tokensFor(a.memberEmail, 'staff')(b) ??
        (isObject(b) && isObject(b.staff) && b.staff.totp_enabled === true
          ? null
          : 'expected totp_enabled'),
    }),
    memberLogin('with the same recovery code again', () => s.recoveryCodes[0], 400, {
      check: fieldError('otp', CODE_NEEDED),
    }),
    // The member becomes an owner, to lift the rule below from their session, which passed
    // two-step verification when it confirmed the set-up.
    asOwner(update('to owner, before the rule', () => s.memberId, 'owner', 200)),
    asOwner(
      putSettings('requiring two-step verification', { require_totp: true }, 200, {
        check: requireTotp(true),
      }),
    ),
    asOwner(settings('once required', 200, { check: requireTotp(true) })),
    asStaff(
      adminCase(
        'getMe of a member without two-step verification, now required',
        'getMe',
        'GET',
        '/me/',
        200,
        {
          check: (b) =>
            isObject(b) && b.totp_required === true && b.totp_enabled === false
              ? null
              : `unexpected member ${JSON.stringify(b)}`,
        },
      ),
    ),
    disable('while the shop requires it', a.memberPassword, 409, {
      check: detailIs('This shop requires two-step verification for every member of staff.'),
    }),
    asOwner(
      putSettings(
        'lifted by an owner signed in with a password alone',
        { require_totp: false },
        403,
        { check: detailIs(SET_UP_TOTP_FIRST) },
      ),
    ),
    asMember(
      putSettings(
        'lifted by an owner whose session passed two-step verification',
        { require_totp: false },
        200,
        { check: requireTotp(false) },
      ),
    ),
    asOwner(update('back to staff, the rule lifted', () => s.memberId, 'staff', 200)),
    disable('with a wrong password', 'not-my-password', 400, {
      check: fieldError('password', 'Your password is not right.'),
    }),
    disable('with the password', a.memberPassword, 204),
    disable('again once off', a.memberPassword, 409, {
      check: detailIs('Two-step verification is not on.'),
    }),

    // The member sets it up again, then loses their phone: an owner resets it.
    start('again', 200, { remember: (b) => (s.totpSecret = isObject(b) ? str(b.secret) : '') }),
    confirm('again, with the new secret', () => totpCode(s.totpSecret), 200),
    asOwner(
      resetTotp('of the owner themselves', () => s.ownerId, 409, {
        check: detailIs('To change your own two-step verification, use Account.'),
      }),
    ),
    asOwner(resetTotp('that does not exist', () => 999999, 404, { check: detailIs(NOT_FOUND) })),
    asOwner(
      resetTotp('of a member who lost their phone', () => s.memberId, 200, {
        check: memberIs({ email: a.memberEmail, totp_enabled: false }),
      }),
    ),
    asOwner(
      resetTotp('again, once off', () => s.memberId, 409, {
        check: detailIs('This member has not set up two-step verification.'),
      }),
    ),
    asMember(
      adminCase("getMe with the member's token, once reset", 'getMe', 'GET', '/me/', 401, {
        check: detailIs(TOKEN_NOT_VALID),
      }),
    ),
    memberLogin('with the password alone, once reset', () => undefined, 200, {
      check: tokensFor(a.memberEmail, 'staff'),
      remember: (b) => (s.member = sessionOf(b)),
    }),

    // The member's password: changed, then forgotten and reset by e-mail.
    changePassword(
      'with a wrong current password',
      {
        current_password: 'not-my-password',
        new_password: CHANGED_PASSWORD,
        new_password_confirm: CHANGED_PASSWORD,
      },
      400,
      { check: fieldError('current_password', 'Your current password is incorrect.') },
    ),
    changePassword(
      'not confirmed',
      {
        current_password: a.memberPassword,
        new_password: CHANGED_PASSWORD,
        new_password_confirm: 'tempered-steel-78',
      },
      400,
      { check: fieldError('new_password_confirm', 'Passwords do not match.') },
    ),
    changePassword(
      '',
      {
        current_password: a.memberPassword,
        new_password: CHANGED_PASSWORD,
        new_password_confirm: CHANGED_PASSWORD,
      },
      200,
      {
        check: (b) =>
          isObject(b) && str(b.access) && str(b.refresh) && !('staff' in b)
            ? null
            : `expected a token pair, got ${JSON.stringify(b).slice(0, 200)}`,
        remember: (b) => (s.member = sessionOf(b)),
      },
    ),
    asMember(adminCase('getMe with the token the change answered', 'getMe', 'GET', '/me/', 200)),
    memberLogin('with the password before the change', () => undefined, 401, {
      check: detailIs(BAD_CREDENTIALS),
    }),
    askReset('for an e-mail of nobody', `nobody-${a.stamp}@example.com`, 202, {
      check: detailIs(RESET_REQUESTED),
    }),
    askReset('for the member', a.memberEmail, 202, { check: detailIs(RESET_REQUESTED) }),
    confirmReset('with a made-up token', async () => 'made-up-token-0123456789', 400, {
      check: fieldError('token', RESET_LINK_INVALID),
    }),
    confirmReset(
      'with the e-mailed link',
      async () => (s.resetToken = await newestResetToken(a.outboxDir, a.memberEmail)),
      200,
      { check: detailIs('Your password has been reset. You can now sign in.') },
    ),
    confirmReset('with the same link again', async () => s.resetToken, 400, {
      check: fieldError('token', RESET_LINK_INVALID),
    }),
    asMember(
      adminCase(
        "getMe with the member's token, once the password was reset",
        'getMe',
        'GET',
        '/me/',
        401,
        {
          check: detailIs(TOKEN_NOT_VALID),
        },
      ),
    ),

    // Removing a member.
    asOwner(
      remove('themselves', () => s.ownerId, 409, {
        check: detailIs('You cannot remove yourself.'),
      }),
    ),
    asOwner(remove('that does not exist', () => 999999, 404, { check: detailIs(NOT_FOUND) })),
    asOwner(remove('the new member', () => s.memberId, 204)),
    asMember(
      adminCase(
        "getMe with the removed member's access token, at once",
        'getMe',
        'GET',
        '/me/',
        401,
        {
          check: detailIs(TOKEN_NOT_VALID),
        },
      ),
    ),
    adminCase(
      "staffRefresh with the removed member's refresh token",
      'staffRefresh',
      'POST',
      '/auth/refresh/',
      401,
      {
        headers: demoTenant,
        prepare: () => ({ body: { refresh: s.member?.refresh ?? '' } }),
        check: detailIs(REFRESH_INVALID),
      },
    ),
    memberLogin('as the removed member', () => undefined, 401, {
      check: detailIs(BAD_CREDENTIALS),
    }),
    asOwner(
      adminCase('listStaff without the removed member', 'listStaff', 'GET', '/staff/', 200, {
        check: staffListed([OWNER.email], [a.memberEmail]),
      }),
    ),
    asOwner(remove('again', () => s.memberId, 404, { check: detailIs(NOT_FOUND) })),

    // Owner only: the staff member is refused.
    ...[
      adminCase('listStaff', 'listStaff', 'GET', '/staff/', 403),
      update('', () => s.ownerId, 'staff', 403),
      remove('', () => s.ownerId, 403),
      resetTotp('', () => s.ownerId, 403),
      adminCase('listInvitations', 'listInvitations', 'GET', '/staff/invitations/', 403),
      invite('', { email: 'sneaky@example.com', role: 'owner' }, 403),
      revoke('', () => 1, 403),
      settings('', 403),
      putSettings('', { require_totp: false }, 403),
    ].map((c) =>
      asStaff({
        ...c,
        name: `${c.name} as the staff member (owner only)`,
        check: detailIs(FORBIDDEN),
      }),
    ),
    // The tenant header still comes first for a signed-in owner.
    asOwner(
      settings('with an unknown tenant token', 403, {
        headers: { [TENANT_HEADER]: 'no-such-tenant' },
        check: detailIs('Unknown tenant token.'),
      }),
    ),
  ];
}
