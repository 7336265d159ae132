/**
 * Staff sign-in and sessions (admin contract: staffLogin, staffRefresh, staffLogout, getMe,
 * listMySessions, revokeMySession): the seeded owner and staff member sign in (four owner
 * sessions, each for what a later case ends), a wrong password, an unknown e-mail, a shopper's
 * storefront credentials and another shop all refused alike; a refresh rotates the token and
 * a replayed one ends the session; logging out ends another; `me` for each role and refused
 * without a token, with a shopper's token, with another shop; the owner's sessions list marks
 * the current one, and revoking one refuses its access and refresh tokens at once.
 */
import { POTTERY, TENANT_HEADER, demoTenant, detailIs, fieldError, potteryTenant } from '../case';
import type { Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import {
  BAD_CREDENTIALS,
  NOT_FOUND,
  NOT_PROVIDED,
  OWNER,
  REFRESH_INVALID,
  SHOPPER_CREDENTIALS,
  STAFF,
  TOKEN_NOT_VALID,
  adminCase,
  bearer,
  members,
  sessionOf,
  signedIn,
  type AdminSetup,
  type StaffSession,
} from './admin-setup';

/** A check that a sign-in answered a token pair for `email` with `role`. */
export function tokensFor(email: string, role: 'owner' | 'staff') {
  return (b: Json) =>
    isObject(b) &&
    str(b.access) &&
    str(b.refresh) &&
    isObject(b.staff) &&
    b.staff.email === email &&
    b.staff.role === role
      ? null
      : `expected a ${role}'s tokens for ${email}, got ${JSON.stringify(b).slice(0, 200)}`;
}

/** The sign-in, session and `me` cases, in order. */
export function authCases(a: AdminSetup): Case[] {
  const s = a.state;
  const { asOwner, asStaff } = members(a);
  const login = (name: string, body: Json, status: number, rest: Partial<Case> = {}): Case =>
    adminCase(`staffLogin ${name}`, 'staffLogin', 'POST', '/auth/login/', status, {
      headers: demoTenant,
      body,
      ...rest,
    });
  const ownerLogin = (name: string, keep: (session: StaffSession) => void): Case =>
    login(name, OWNER, 200, {
      check: tokensFor(OWNER.email, 'owner'),
      remember: (b) => {
        const session = sessionOf(b);
        if (session) keep(session);
        if (isObject(b) && isObject(b.staff)) s.ownerId = Number(b.staff.id);
      },
    });
  const refresh = (name: string, token: () => string, status: number, rest: Partial<Case> = {}) =>
    adminCase(`staffRefresh ${name}`, 'staffRefresh', 'POST', '/auth/refresh/', status, {
      headers: demoTenant,
      prepare: () => ({ body: { refresh: token() } }),
      ...rest,
    });
  const me = (name: string, status: number, rest: Partial<Case> = {}) =>
    adminCase(`getMe ${name}`, 'getMe', 'GET', '/me/', status, rest);

  return [
    // Signing in.
    login('with a wrong password', { ...OWNER, password: 'not-the-password' }, 401, {
      check: detailIs(BAD_CREDENTIALS),
    }),
    login('with an unknown e-mail', { email: 'nobody@example.com', password: 'x' }, 401, {
      check: detailIs(BAD_CREDENTIALS),
    }),
    login("with a shopper's storefront credentials", SHOPPER_CREDENTIALS, 401, {
      check: detailIs(BAD_CREDENTIALS),
    }),
    login("as the owner at another shop (the pottery's tenant token)", OWNER, 401, {
      headers: potteryTenant,
      check: detailIs(BAD_CREDENTIALS),
    }),
    {
      ...login('without a password (bad body)', { email: OWNER.email }, 400, {
        check: fieldError('password', 'This field is required.'),
      }),
      via: 'lenient',
    },
    {
      ...login('with a field the body does not take', { ...OWNER, remember_me: true }, 400, {
        check: fieldError('remember_me', 'Unexpected field.'),
      }),
      via: 'lenient',
    },
    ownerLogin('as the owner', (session) => (s.owner = session)),
    ownerLogin('as the owner again (a session to refresh)', (x) => (s.ownerToRefresh = x)),
    ownerLogin('as the owner again (a session to revoke)', (x) => (s.ownerToRevoke = x)),
    ownerLogin('as the owner again (a session to log out)', (x) => (s.ownerToLogOut = x)),
    login('as the staff member', STAFF, 200, {
      check: tokensFor(STAFF.email, 'staff'),
      remember: (b) => {
        s.staff = sessionOf(b);
        if (isObject(b) && isObject(b.staff)) s.staffId = Number(b.staff.id);
      },
    }),

    // Refreshing.
    refresh('with a refresh token', () => s.ownerToRefresh?.refresh ?? '', 200, {
      check: (b) =>
        isObject(b) && str(b.access) && str(b.refresh) && b.refresh !== s.ownerToRefresh?.refresh
          ? null
          : `expected a rotated pair, got ${JSON.stringify(b).slice(0, 200)}`,
      remember: (b) => (s.ownerRotated = sessionOf(b)),
    }),
    signedIn(
      'rotated owner',
      () => s.ownerRotated?.access,
      me('with the refreshed access token', 200),
    ),
    refresh('with the spent refresh token (a replay)', () => s.ownerToRefresh?.refresh ?? '', 401, {
      check: detailIs(REFRESH_INVALID),
    }),
    refresh(
      'with the rotated refresh token, after the replay ended its session',
      () => s.ownerRotated?.refresh ?? '',
      401,
      { check: detailIs(REFRESH_INVALID) },
    ),
    refresh('with an access token', () => s.owner?.access ?? '', 401, {
      check: detailIs(REFRESH_INVALID),
    }),
    refresh("with a shopper's storefront refresh token", () => a.shopperRefresh, 401, {
      check: detailIs(REFRESH_INVALID),
    }),
    refresh("at another shop (the pottery's tenant token)", () => s.owner?.refresh ?? '', 401, {
      headers: potteryTenant,
      check: detailIs(REFRESH_INVALID),
    }),
    {
      ...refresh('with a blank token (bad body)', () => '', 400, {
        check: fieldError('refresh', 'This field may not be blank.'),
      }),
      via: 'lenient',
    },

    // Logging out.
    asOwner(
      adminCase('staffLogout', 'staffLogout', 'POST', '/auth/logout/', 204, {
        prepare: () => ({ body: { refresh: s.ownerToLogOut?.refresh ?? '' } }),
      }),
    ),
    refresh('after its session logged out', () => s.ownerToLogOut?.refresh ?? '', 401, {
      check: detailIs(REFRESH_INVALID),
    }),
    signedIn(
      'logged-out owner',
      () => s.ownerToLogOut?.access,
      me("with the logged-out session's access token", 401, { check: detailIs(TOKEN_NOT_VALID) }),
    ),
    adminCase('staffLogout without a bearer token', 'staffLogout', 'POST', '/auth/logout/', 401, {
      headers: demoTenant,
      body: { refresh: 'x' },
      via: 'direct',
      check: detailIs(NOT_PROVIDED),
    }),
    asOwner(
      adminCase(
        'staffLogout with a malformed refresh token',
        'staffLogout',
        'POST',
        '/auth/logout/',
        401,
        { body: { refresh: 'not-a-token' }, check: detailIs(REFRESH_INVALID) },
      ),
    ),

    // Who is signed in.
    asOwner(
      me('as the owner', 200, {
        check: (b) =>
          isObject(b) &&
          b.email === OWNER.email &&
          b.role === 'owner' &&
          b.totp_enabled === false &&
          b.totp_required === false
            ? null
            : `unexpected member ${JSON.stringify(b)}`,
      }),
    ),
    asStaff(
      me('as the staff member', 200, {
        check: (b) =>
          isObject(b) && b.email === STAFF.email && b.role === 'staff'
            ? null
            : `unexpected member ${JSON.stringify(b)}`,
      }),
    ),
    me('without a bearer token', 401, {
      headers: demoTenant,
      via: 'direct',
      check: detailIs(NOT_PROVIDED),
    }),
    me('without X-Tenant-Token', 401, {
      headers: {},
      via: 'direct',
      check: detailIs('Tenant token missing.'),
    }),
    me("with a shopper's storefront access token", 401, {
      headers: a.shopper,
      check: detailIs(TOKEN_NOT_VALID),
    }),
    me('with an invalid bearer token', 401, {
      headers: bearer('not-a-valid-token'),
      check: detailIs(TOKEN_NOT_VALID),
    }),
    asOwner(
      me("with the owner's token at another shop (the pottery's tenant token)", 401, {
        headers: { [TENANT_HEADER]: POTTERY },
        check: detailIs(TOKEN_NOT_VALID),
      }),
    ),
    asOwner(
      me("with the owner's token and an unknown tenant token", 403, {
        headers: { [TENANT_HEADER]: 'no-such-tenant' },
        check: detailIs('Unknown tenant token.'),
      }),
    ),

    // The owner's sessions.
    asOwner(
      adminCase('listMySessions', 'listMySessions', 'GET', '/me/sessions/', 200, {
        check: (b) => {
          if (!Array.isArray(b)) return `expected a list, got ${JSON.stringify(b)}`;
          const ids = b.filter(isObject).map((x) => str(x.id));
          const current = b
            .filter((x) => isObject(x) && x.current === true)
            .map((x) => (isObject(x) ? str(x.id) : ''));
          if (current.length !== 1 || current[0] !== s.owner?.id) {
            return `expected only ${s.owner?.id} current, got ${JSON.stringify(current)}`;
          }
          if (!ids.includes(s.ownerToRevoke?.id ?? '')) {
            return `expected session ${s.ownerToRevoke?.id} listed, got ${JSON.stringify(ids)}`;
          }
          const ended = [s.ownerToRefresh?.id, s.ownerToLogOut?.id].filter((id) =>
            ids.includes(id ?? ''),
          );
          return ended.length ? `ended sessions still listed: ${ended.join(', ')}` : null;
        },
      }),
    ),
    asOwner(
      adminCase(
        'revokeMySession (another session of mine)',
        'revokeMySession',
        'DELETE',
        '/me/sessions/0/',
        204,
        {
          prepare: () => ({ path: `/me/sessions/${s.ownerToRevoke?.id}/` }),
        },
      ),
    ),
    signedIn(
      'revoked owner',
      () => s.ownerToRevoke?.access,
      me("with the revoked session's access token, at once", 401, {
        check: detailIs(TOKEN_NOT_VALID),
      }),
    ),
    refresh("with the revoked session's refresh token", () => s.ownerToRevoke?.refresh ?? '', 401, {
      check: detailIs(REFRESH_INVALID),
    }),
    asOwner(
      adminCase(
        'revokeMySession again (already ended)',
        'revokeMySession',
        'DELETE',
        '/me/sessions/0/',
        404,
        {
          prepare: () => ({ path: `/me/sessions/${s.ownerToRevoke?.id}/` }),
          check: detailIs(NOT_FOUND),
        },
      ),
    ),
    asOwner(
      adminCase(
        "revokeMySession of another member's session",
        'revokeMySession',
        'DELETE',
        '/me/sessions/0/',
        404,
        {
          prepare: () => ({ path: `/me/sessions/${s.staff?.id}/` }),
          check: detailIs(NOT_FOUND),
        },
      ),
    ),
    asStaff(
      adminCase(
        "listMySessions as the staff member (still signed in after the owner's revoke)",
        'listMySessions',
        'GET',
        '/me/sessions/',
        200,
        {
          check: (b) =>
            Array.isArray(b) &&
            b.some((x) => isObject(x) && x.id === s.staff?.id && x.current === true)
              ? null
              : `expected the staff member's current session, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    adminCase(
      'listMySessions without a bearer token',
      'listMySessions',
      'GET',
      '/me/sessions/',
      401,
      {
        headers: demoTenant,
        via: 'direct',
        check: detailIs(NOT_PROVIDED),
      },
    ),
  ];
}
