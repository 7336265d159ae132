/**
 * Accounts handlers (spec sections 3, 5, 7 and 8): register, login, token refresh and
 * logout. Users belong to the request's tenant: the same e-mail may exist once per shop.
 *
 * - register: 201 User; 400 DRF field errors with the spec's messages.
 * - login: `login_id` (e-mail, any case, or username) or `email`, plus password -> 200
 *   `{access, refresh, user}`; throttled per account and per client address (429 with
 *   Retry-After); a wrong password, an unknown or an inactive user all answer the same 401 in
 *   about the same time.
 * - token refresh: rotation with reuse detection (server/accounts/refresh-tokens.ts) -> 200
 *   `{access, refresh}`; 401 `{"detail":"Token is invalid or expired."}` otherwise.
 * - logout: revokes the refresh token's family -> 204; 401 for a token that does not verify.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RefreshTokenReplayError } from '../../accounts/refresh-tokens.ts';
import {
  burnPasswordCheck,
  hashPassword,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  verifyPassword,
} from '../../accounts/passwords.ts';
import { throttled } from '../../accounts/throttle.ts';
import { InvalidTokenError } from '../../accounts/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { toBool } from '../../platform/db/mapping.ts';
import { HttpError } from '../http-error.ts';
import type { FieldErrors } from '../../platform/domain-error.ts';
import type { OperationHandler } from '../contract-types.ts';

/** Spec section 5 and 8 messages, and DRF's wording where the spec names none. */
export const MESSAGES = {
  ...PASSWORD_MESSAGES,
  emailTaken: 'A user with this e-mail already exists.',
  emailInvalid: 'Enter a valid email address.',
  usernameTaken: 'A user with that username already exists.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and ./+/-/_ characters.',
  badCredentials: 'No active account found with the given credentials.',
  tokenInvalid: 'Token is invalid or expired.',
} as const;

const MAX_USERNAME_LENGTH = 150;

// Deliberately without '@', so a username can never be mistaken for an e-mail at login.
const USERNAME = /^[A-Za-z0-9._+-]+$/;
// The contract already checks the format (Ajv 'email'); this only guards the trimmed value.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Db = Kysely<Database>;

async function exists(
  db: Db,
  tenantId: number,
  column: 'email' | 'username',
  value: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(column, '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

/** The e-mail's local part reduced to username characters ("user" when nothing is left). */
export function usernameBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  return local.replace(/[^A-Za-z0-9._+-]/g, '').slice(0, MAX_USERNAME_LENGTH - 10) || 'user';
}

/** `base`, else `base2`, `base3`, ... : the first one nobody in the tenant uses. */
async function freeUsername(db: Db, tenantId: number, base: string): Promise<string> {
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await exists(db, tenantId, 'username', candidate))) return candidate;
  }
  // A crowded base name: a random suffix avoids probing one by one.
  return `${base}${randomInt(100, 1_000_000_000)}`;
}

function codePoints(text: string): number {
  return [...text].length;
}

/** POST /accounts/register/ -> 201 User (id, email, username). */
export const register: OperationHandler<'register'> = async (request, reply) => {
  const { db, auth } = request.server;
  const tenantId = request.tenant.id;
  try {
    await auth.registrationThrottle.consume(tenantId, request.ip);
  } catch (error) {
    return throttled(reply, error);
  }
  const email = request.body.email.trim().toLowerCase();
  const { password, password_confirm: confirm } = request.body;
  const requested = request.body.username?.trim() ?? '';

  const errors: FieldErrors = {};
  if (!EMAIL.test(email)) errors.email = [MESSAGES.emailInvalid];
  if (codePoints(password) < MIN_PASSWORD_LENGTH) errors.password = [MESSAGES.passwordTooShort];
  if (password !== confirm) errors.password_confirm = [MESSAGES.passwordMismatch];
  if (requested && !USERNAME.test(requested)) errors.username = [MESSAGES.usernameInvalid];
  if (!errors.email && (await exists(db, tenantId, 'email', email))) {
    errors.email = [MESSAGES.emailTaken];
  }
  if (requested && !errors.username && (await exists(db, tenantId, 'username', requested))) {
    errors.username = [MESSAGES.usernameTaken];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

  const passwordHash = await hashPassword(password, { log2Cost: auth.passwordHashCost });
  // A concurrent registration can take the e-mail or a derived username between the checks and
  // the insert; the unique constraints catch it, and a derived name simply gets the next one.
  for (let attempt = 0; ; attempt++) {
    const username = requested || (await freeUsername(db, tenantId, usernameBase(email)));
    try {
      const { id } = await db
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          email,
          username,
          password_hash: passwordHash,
          is_active: 1,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return { id, email, username };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await exists(db, tenantId, 'email', email)) {
        throw new HttpError(400, { email: [MESSAGES.emailTaken] });
      }
      if (requested || attempt >= 3) {
        throw new HttpError(400, { username: [MESSAGES.usernameTaken] });
      }
    }
  }
};

async function findLoginUser(db: Db, tenantId: number, loginId: string) {
  const query = db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'password_hash', 'is_active'])
    .where('tenant_id', '=', tenantId);
  // Usernames cannot contain '@', so the login id names exactly one column.
  return loginId.includes('@')
    ? query.where('email', '=', loginId.toLowerCase()).executeTakeFirst()
    : query.where('username', '=', loginId).executeTakeFirst();
}

/** POST /accounts/login/ -> 200 TokenPair `{access, refresh, user}`. */
export const login: OperationHandler<'login'> = async (request, reply) => {
  const { db, auth } = request.server;
  const tenantId = request.tenant.id;
  // The contract's LoginRequest: `{login_id, password}` or `{email, password}` (Ajv validated it).
  const body = request.body;
  const loginId = ('login_id' in body ? body.login_id : body.email).trim();
  const { password } = body;

  const user = loginId ? await findLoginUser(db, tenantId, loginId) : undefined;
  // Failures count per account, whichever of e-mail or username names it; unknown ids count
  // under their own (prefixed, so never colliding) key and are throttled the same way.
  const accountKey = user ? `user:${user.id}` : `login:${loginId}`;
  try {
    await auth.throttle.before(tenantId, accountKey, request.ip);
  } catch (error) {
    return throttled(reply, error);
  }

  let matches = false;
  if (user) matches = await verifyPassword(password, user.password_hash);
  else await burnPasswordCheck(password, { log2Cost: auth.passwordHashCost });
  if (!user || !matches || !toBool(user.is_active)) {
    // The attempt was already counted by throttle.before(); only a success gives it back.
    throw new HttpError(401, { detail: MESSAGES.badCredentials });
  }

  await auth.throttle.succeeded(tenantId, accountKey, request.ip);
  const tokens = await auth.refreshTokens.startFamily(user.id, tenantId);
  return { ...tokens, user: { id: user.id, email: user.email, username: user.username } };
};

/** POST /accounts/token/refresh/ -> 200 `{access, refresh}` (a rotated pair). */
export const refreshToken: OperationHandler<'refreshToken'> = async (request) => {
  try {
    return await request.server.auth.refreshTokens.rotate(request.body.refresh, request.tenant.id);
  } catch (error) {
    if (error instanceof RefreshTokenReplayError) {
      request.log.warn(
        { userId: error.userId, familyId: error.familyId, tenantId: request.tenant.id },
        'refresh token replayed after its grace window: family revoked',
      );
    }
    if (error instanceof InvalidTokenError)
      throw new HttpError(401, { detail: MESSAGES.tokenInvalid });
    throw error;
  }
};

/** POST /accounts/logout/ -> 204 after revoking the refresh token's family. */
export const logout: OperationHandler<'logout'> = async (request, reply) => {
  try {
    await request.server.auth.refreshTokens.revoke(request.body.refresh, request.tenant.id);
  } catch (error) {
    if (error instanceof InvalidTokenError)
      throw new HttpError(401, { detail: MESSAGES.tokenInvalid });
    throw error;
  }
  return reply.code(204).send();
};
