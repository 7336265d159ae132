/**
 * Accounts operations (spec sections 3, 5, 7 and 8): register, login, token refresh and
 * logout. The rules are server/accounts/ (registration.ts, login.ts, refresh-tokens.ts); their
 * refusals are DomainErrors the error handler answers, and a throttle's is a 429 here.
 *
 * - register: 201 User; 400 DRF field errors with the spec's messages; 429 per client address.
 * - login: 200 `{access, refresh, user}`; 401 for bad credentials; 429 with Retry-After.
 * - token refresh: rotation with reuse detection -> 200 `{access, refresh}`; 401
 *   `{"detail":"Token is invalid or expired."}` otherwise.
 * - logout: revokes the refresh token's family -> 204; 401 for a token that does not verify.
 */
import { logIn } from '../../accounts/login.ts';
import { RefreshTokenReplayError } from '../../accounts/refresh-tokens.ts';
import { registerCustomer } from '../../accounts/registration.ts';
import { accountScope } from '../account-scope.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/** POST /accounts/register/ -> 201 User (id, email, username). */
export const register: OperationHandler<'register'> = async (request, reply) => {
  try {
    const user = await registerCustomer(accountScope(request), request.server.auth, request.body);
    reply.code(201);
    return user;
  } catch (error) {
    return throttled(reply, error);
  }
};

/** POST /accounts/login/ -> 200 TokenPair `{access, refresh, user}`. */
export const login: OperationHandler<'login'> = async (request, reply) => {
  try {
    return await logIn(accountScope(request), request.server.auth, request.body);
  } catch (error) {
    return throttled(reply, error);
  }
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
    throw error;
  }
};

/** POST /accounts/logout/ -> 204 after revoking the refresh token's family. */
export const logout: OperationHandler<'logout'> = async (request, reply) => {
  await request.server.auth.refreshTokens.revoke(request.body.refresh, request.tenant.id);
  return reply.code(204).send();
};
