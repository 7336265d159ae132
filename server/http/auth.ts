/**
 * Customer authentication (spec section 6): the token, refresh-token and throttling
 * services on `app.auth`, and the fastify-openapi-glue security handlers that enforce the
 * contract's `bearerAuth` scheme on customer operations.
 *
 * `bearerAuth` accepts only an ACCESS token of the request's tenant (HS256 pinned, unexpired,
 * untampered) whose user is active in that tenant and was issued no earlier than the second
 * of the user's last password change, and decorates `request.user`. Otherwise:
 * - no `Authorization: Bearer` header -> 401 `{"detail":"Authentication credentials were not
 *   provided."}`;
 * - any other failure -> 401 `{"detail":"Given token not valid for any token type"}`.
 * Both carry `WWW-Authenticate: Bearer realm="api"`, as DRF answers.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from '../config/auth-config.ts';
import { toBool } from '../platform/db/mapping.ts';
import { HttpError } from './http-error.ts';
import { burnPasswordCheck } from '../platform/credentials/passwords.ts';
import { RefreshTokenStore } from '../accounts/refresh-tokens.ts';
import { AddressThrottle, LoginThrottle } from '../platform/credentials/throttle.ts';
import { InvalidTokenError, TokenService } from '../accounts/tokens.ts';

/** The customer a bearer-authenticated request acts for. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  username: string;
  /** True once the shopper opened a link sent to `email` (server/accounts/email-verification.ts). */
  emailVerified: boolean;
}

/** Services the accounts handlers and the bearer check share. */
export interface AuthServices {
  tokens: TokenService;
  refreshTokens: RefreshTokenStore;
  throttle: LoginThrottle;
  /** Registrations per client address, counted in the database. */
  registrationThrottle: AddressThrottle;
  /** scrypt work factor (log2 N) for new password hashes and the unknown-user timing equaliser. */
  passwordHashCost: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
  }
  interface FastifyRequest {
    /** Set by the `bearerAuth` security handler; null on operations without it. */
    user: AuthenticatedUser | null;
  }
}

/**
 * What the plugin takes: the signing secret, and the token lifetimes, the password hash's work
 * factor and the login and registration limits as the configuration reads them (AuthConfig,
 * server/config/auth-config.ts, describes each).
 */
export interface AuthPluginOptions extends Pick<
  AuthConfig,
  | 'accessTokenTtlSeconds'
  | 'refreshTokenTtlSeconds'
  | 'refreshReuseGraceSeconds'
  | 'passwordHashCost'
  | 'loginMaxFailures'
  | 'loginMaxAttemptsPerAddress'
  | 'registerMaxPerAddress'
> {
  /** HS256 secret, at least 32 bytes (server/accounts/tokens.ts loadJwtSecret). */
  secret: Uint8Array;
}

const FAILURE_WINDOW_SECONDS = 15 * 60;
const ADDRESS_WINDOW_SECONDS = 5 * 60;

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  const tokens = new TokenService({
    secret: options.secret,
    accessTtlSeconds: options.accessTokenTtlSeconds,
  });
  app.decorate<AuthServices>('auth', {
    tokens,
    refreshTokens: new RefreshTokenStore(app.db, tokens, {
      refreshTtlSeconds: options.refreshTokenTtlSeconds,
      reuseGraceSeconds: options.refreshReuseGraceSeconds,
    }),
    throttle: new LoginThrottle(app.db, {
      pairFailures: options.loginMaxFailures,
      pairWindowSeconds: FAILURE_WINDOW_SECONDS,
      addressAttempts: options.loginMaxAttemptsPerAddress,
      addressWindowSeconds: ADDRESS_WINDOW_SECONDS,
    }),
    registrationThrottle: new AddressThrottle(app.db, {
      scope: 'register',
      attempts: options.registerMaxPerAddress,
      windowSeconds: 60 * 60,
    }),
    passwordHashCost: options.passwordHashCost,
  });
  app.decorateRequest('user', null);
  // The unknown-user timing equaliser hashes its throwaway password on first use; doing that
  // now keeps the first unknown login from taking twice as long as a wrong password.
  burnPasswordCheck('', { log2Cost: options.passwordHashCost }).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not prepare the password timing equaliser'),
  );
}

/** Decorates `app.auth` and `request.user` (not encapsulated); register after the db plugin. */
export const auth = fp(authPlugin, { name: 'auth', dependencies: ['db'] });

const CHALLENGE = 'Bearer realm="api"';

function unauthorized(detail: string): HttpError {
  return new HttpError(401, { detail });
}

/**
 * The bearer check: verifies the access token for the request's tenant and loads its user.
 * @throws HttpError 401 (see the module comment for the bodies).
 */
async function bearerAuth(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization?.trim() ?? '';
  const [scheme, token, ...rest] = header.split(/\s+/);
  if (!scheme || scheme.toLowerCase() !== 'bearer') {
    throw unauthorized('Authentication credentials were not provided.');
  }
  const invalid = unauthorized('Given token not valid for any token type');
  if (!token || rest.length > 0) throw invalid;
  const tenantId = request.tenant.id;
  let userId: number;
  let issuedAt: number;
  try {
    const claims = await request.server.auth.tokens.verify(token, 'access', tenantId);
    userId = Number(claims.sub);
    issuedAt = claims.iat;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalid;
    throw error;
  }
  if (!Number.isSafeInteger(userId)) throw invalid;
  const user = await request.server.db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'is_active', 'password_changed_at', 'email_verified_at'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!user || !toBool(user.is_active)) throw invalid;
  // A password change or reset also ends the access tokens issued before it (`iat`
  // counts whole seconds, so a token of the change's own second still passes).
  if (user.password_changed_at !== null) {
    const changedAt = Math.floor(new Date(user.password_changed_at).getTime() / 1000);
    if (typeof issuedAt !== 'number' || issuedAt < changedAt) throw invalid;
  }
  request.user = {
    id: user.id,
    email: user.email,
    username: user.username,
    emailVerified: user.email_verified_at !== null,
  };
}

/**
 * fastify-openapi-glue `securityHandlers`: one function per scheme of the contract, called in
 * the route's preHandler (after request validation). `tenantToken` passes through because the
 * tenant plugin has already refused a missing or unknown token in onRequest.
 */
export const securityHandlers = {
  tenantToken: async (): Promise<void> => {},
  bearerAuth: async (request: FastifyRequest): Promise<void> => bearerAuth(request),
};

/**
 * Error handler for the API scope: fastify-openapi-glue wraps a failed security check in its
 * own error ("None of the security schemes ..."), which must not reach the client. The error a
 * security handler threw is rethrown instead (with the challenge header for a 401), so the
 * parent handler (plugins/errors.ts) answers it as usual; an unexpected failure inside the
 * check (a database error) stays a 500. Every other error goes to the parent unchanged.
 */
export function unwrapSecurityError(
  error: FastifyError & { errors?: unknown[] },
  _request: FastifyRequest,
  reply: FastifyReply,
): never {
  if (error.name === 'Unauthorized' && Array.isArray(error.errors)) {
    const cause = error.errors.find((e) => e instanceof Error);
    if (cause instanceof HttpError && cause.statusCode === 401) {
      reply.header('www-authenticate', CHALLENGE);
    }
    throw cause ?? unauthorized('Authentication credentials were not provided.');
  }
  throw error;
}

/**
 * The signed-in customer of a bearer-authenticated operation.
 * @throws HttpError 401 when the route ran without the bearer check.
 */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized('Authentication credentials were not provided.');
  return request.user;
}
