/**
 * The signed-in customer's account (spec section 6; docs/decisions/009-shopper-account.md and
 * docs/decisions/029-password-change-ends-sessions.md): changing the password, and the rule every
 * new password follows (shared with the reset by e-mail, ./forgotten-password.ts).
 */
import { NUL_MESSAGE } from '../platform/field-messages.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { AccountScope, SignInServices } from './context.ts';
import type { Logger } from '../platform/logger.ts';
import type { AccountErrorCode } from './errors.ts';
import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from '../platform/credentials/passwords.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';

/**
 * Field errors of a new password and its confirmation (keys `new_password`,
 * `new_password_confirm`): at least 8 code points, no NUL character, both the same. Empty when
 * the password is acceptable.
 */
export function newPasswordErrors(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (hasNul(password)) errors.new_password = [NUL_MESSAGE];
  else if ([...password].length < MIN_PASSWORD_LENGTH)
    errors.new_password = [ACCOUNT_MESSAGES.passwordTooShort];
  if (password !== confirm) errors.new_password_confirm = [ACCOUNT_MESSAGES.passwordMismatch];
  return errors;
}

/** The refusal of a new password with `errors` (from {@link newPasswordErrors}). */
export function invalidNewPassword(errors: FieldErrors): DomainError<AccountErrorCode> {
  return new DomainError<AccountErrorCode>('invalid_new_password', 'Invalid new password.', {
    fields: errors,
  });
}

/**
 * Replaces the customer's password: the current one, a new one and its confirmation. Every
 * refresh-token family of the user is revoked in the transaction that stores the new hash, and
 * access tokens issued before the change are refused (server/http/auth.ts); the returned fresh
 * pair keeps this session logged in. A wrong current password counts as a failed login of the
 * account (the same per-account count as login, key `user:<id>`), so it cannot be guessed here
 * faster than at the login form.
 * @returns TokenPair `{access, refresh, user}`, a new session for this client.
 * @throws ThrottledError past the account's failed logins (LOGIN_MAX_FAILURES) from this
 *   address; DomainError `current_password_wrong` (fields: `current_password` with the new
 *   password's mistakes beside it), `invalid_new_password` (fields, see
 *   {@link newPasswordErrors}).
 */
export async function changePassword(
  scope: AccountScope,
  services: Pick<SignInServices, 'throttle' | 'refreshTokens' | 'passwordHashCost'>,
  log: Logger,
  user: Schemas['User'],
  form: Schemas['PasswordChange'],
): Promise<Schemas['TokenPair']> {
  const { db, tenantId } = scope;
  const { current_password: current, new_password: password } = form;
  const errors = newPasswordErrors(password, form.new_password_confirm);

  const accountKey = `user:${user.id}`;
  await services.throttle.before(tenantId, accountKey, scope.clientAddress);
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(current, row.password_hash))) {
    errors.current_password = [ACCOUNT_MESSAGES.currentPasswordWrong];
    throw new DomainError<AccountErrorCode>(
      'current_password_wrong',
      ACCOUNT_MESSAGES.currentPasswordWrong,
      { fields: errors },
    );
  }
  await services.throttle.succeeded(tenantId, accountKey, scope.clientAddress);
  if (Object.keys(errors).length > 0) throw invalidNewPassword(errors);

  const passwordHash = await hashPassword(password, { log2Cost: services.passwordHashCost });
  const now = new Date();
  // The new password and the end of every other session commit together.
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
      .where('id', '=', user.id)
      .where('tenant_id', '=', tenantId)
      .execute();
    await services.refreshTokens.revokeUser(user.id, tenantId, now, trx);
  });
  const tokens = await services.refreshTokens.startFamily(user.id, tenantId, now);
  log.info({ userId: user.id, tenantId }, 'password changed: every other session ended');
  return { ...tokens, user };
}
