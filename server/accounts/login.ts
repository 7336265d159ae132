/**
 * Logging a customer in (spec sections 5, 7 and 8): `login_id` (an e-mail in any case, or a
 * username) or `email`, plus the password, starts a refresh-token family (./refresh-tokens.ts).
 * Throttled per account and per client address (../platform/credentials/throttle.ts LoginThrottle);
 * a wrong password, an unknown and an inactive account are refused alike, in about the same time,
 * so the answer tells nobody which accounts exist.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { AccountScope, SignInServices } from './context.ts';
import type { AccountErrorCode } from './errors.ts';
import { burnPasswordCheck, verifyPassword } from '../platform/credentials/passwords.ts';

/** What a refused login says (DRF simplejwt's wording). */
export const LOGIN_MESSAGES = {
  badCredentials: 'No active account found with the given credentials.',
} as const;

async function findLoginUser(db: Kysely<Database>, tenantId: number, loginId: string) {
  const query = db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'password_hash', 'is_active'])
    .where('tenant_id', '=', tenantId);
  // Usernames cannot contain '@', so the login id names exactly one column.
  return loginId.includes('@')
    ? query.where('email', '=', loginId.toLowerCase()).executeTakeFirst()
    : query.where('username', '=', loginId).executeTakeFirst();
}

/**
 * Checks the credentials and starts a session. Every attempt is counted before the password
 * is checked (so concurrent guesses cannot slip past the limit); only a success gives it back.
 * Failures count per account, whichever of e-mail or username names it; unknown ids count
 * under their own (prefixed, so never colliding) key and are throttled the same way.
 * @returns TokenPair `{access, refresh, user: {id, email, username}}`.
 * @throws ThrottledError past the failures of the account from this address, or the attempts
 *   of the address; DomainError `invalid_credentials` ("No active account found with the given
 *   credentials.") for a wrong password, an unknown or an inactive account.
 */
export async function logIn(
  scope: AccountScope,
  services: Pick<SignInServices, 'throttle' | 'refreshTokens' | 'passwordHashCost'>,
  credentials: Schemas['LoginRequest'],
): Promise<Schemas['TokenPair']> {
  const { db, tenantId, clientAddress } = scope;
  const loginId = ('login_id' in credentials ? credentials.login_id : credentials.email).trim();
  const { password } = credentials;

  const user = loginId ? await findLoginUser(db, tenantId, loginId) : undefined;
  const accountKey = user ? `user:${user.id}` : `login:${loginId}`;
  await services.throttle.before(tenantId, accountKey, clientAddress);

  let matches = false;
  if (user) matches = await verifyPassword(password, user.password_hash);
  else await burnPasswordCheck(password, { log2Cost: services.passwordHashCost });
  if (!user || !matches || !toBool(user.is_active)) {
    // The attempt was already counted by throttle.before(); only a success gives it back.
    throw new DomainError<AccountErrorCode>('invalid_credentials', LOGIN_MESSAGES.badCredentials);
  }

  await services.throttle.succeeded(tenantId, accountKey, clientAddress);
  const tokens = await services.refreshTokens.startFamily(user.id, tenantId);
  return { ...tokens, user: { id: user.id, email: user.email, username: user.username } };
}
