/**
 * The shopper's account: who is logged in, changing the password, and resetting a
 * forgotten one by e-mail. Decision: docs/decisions/009-shopper-account.md.
 *
 * - getAccount: 200 User `{id, email, username}`.
 * - changePassword: the current password, a new one (at least 8 characters) and its
 *   confirmation -> 200 TokenPair. Every refresh-token family of the user is revoked and access
 *   tokens issued before the change are refused (plugins/auth.ts); the answer's fresh pair keeps
 *   this session logged in. A wrong current password counts as a failed login for the account
 *   (the login throttle: 429 after LOGIN_MAX_FAILURES).
 * - requestPasswordReset: 202 with the same detail whether or not the e-mail has an account,
 *   answered no sooner than PASSWORD_RESET_RESPONSE_MS, the e-mail sent after the answer;
 *   throttled per client address (429 `{detail}` with Retry-After). Per account, at most
 *   PASSWORD_RESET_MAX_PER_EMAIL e-mails an hour are sent; past that a request gets the same
 *   202 and sends nothing, and the links already sent keep working (decision 007): a stranger
 *   asking for someone's reset can neither flood their inbox nor keep them from resetting.
 * - confirmPasswordReset: a token of a link (1 hour, single use, this tenant; any link of the
 *   user's until one of them is used) and a new password -> 200 `{detail}`; every session of
 *   the user ends. Throttled per client address (429), and the new password is hashed only
 *   once the token is known to be good, so made-up tokens cost no scrypt work.
 */
import { NUL_MESSAGE } from '../../platform/field-messages.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidResetTokenError } from '../../accounts/password-reset.ts';
import {
  ACCOUNT_MESSAGES,
  hashPassword,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from '../../accounts/passwords.ts';
import { throttled } from '../../accounts/throttle.ts';
import { toBool } from '../../platform/db/mapping.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { HttpError } from '../http-error.ts';
import { requireUser } from '../auth.ts';
import type { FieldErrors } from '../../platform/domain-error.ts';
import { findSiteSettings } from '../../content/site-settings.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * Field errors of a new password and its confirmation (keys `new_password`,
 * `new_password_confirm`): at least 8 code points, no NUL character, both the same.
 */
function newPasswordErrors(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (hasNul(password)) errors.new_password = [NUL_MESSAGE];
  else if ([...password].length < MIN_PASSWORD_LENGTH)
    errors.new_password = [ACCOUNT_MESSAGES.passwordTooShort];
  if (password !== confirm) errors.new_password_confirm = [ACCOUNT_MESSAGES.passwordMismatch];
  return errors;
}

/** GET /accounts/me/ -> 200 User of the bearer token. */
export const getAccount: OperationHandler<'getAccount'> = async (request) => {
  const { id, email, username } = requireUser(request);
  return { id, email, username };
};

/** POST /accounts/password/change/ -> 200 TokenPair (a new session for this client). */
export const changePassword: OperationHandler<'changePassword'> = async (request, reply) => {
  const { db, auth } = request.server;
  const tenantId = request.tenant.id;
  const user = requireUser(request);
  const { current_password: current, new_password: password } = request.body;
  const errors = newPasswordErrors(password, request.body.new_password_confirm);

  // The same per-account count as login (key `user:<id>`), so the current password cannot be
  // guessed here faster than at the login form.
  const accountKey = `user:${user.id}`;
  try {
    await auth.throttle.before(tenantId, accountKey, request.ip);
  } catch (error) {
    return throttled(reply, error);
  }
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(current, row.password_hash))) {
    errors.current_password = [ACCOUNT_MESSAGES.currentPasswordWrong];
    throw new HttpError(400, errors);
  }
  await auth.throttle.succeeded(tenantId, accountKey, request.ip);
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

  const passwordHash = await hashPassword(password, { log2Cost: auth.passwordHashCost });
  const now = new Date();
  // The new password and the end of every other session commit together.
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
      .where('id', '=', user.id)
      .where('tenant_id', '=', tenantId)
      .execute();
    await auth.refreshTokens.revokeUser(user.id, tenantId, now, trx);
  });
  const tokens = await auth.refreshTokens.startFamily(user.id, tenantId, now);
  request.log.info({ userId: user.id, tenantId }, 'password changed: every other session ended');
  return { ...tokens, user };
};

/** POST /accounts/password/reset/ -> 202 `{detail}`, the same for every e-mail. */
export const requestPasswordReset: OperationHandler<'requestPasswordReset'> = async (
  request,
  reply,
) => {
  const started = Date.now();
  const { db, account } = request.server;
  const tenantId = request.tenant.id;
  const email = request.body.email.trim().toLowerCase();
  try {
    await account.resetThrottleByAddress.consume(tenantId, request.ip);
  } catch (error) {
    return throttled(reply, error);
  }

  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_active'])
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
  // Past the account's e-mails for the hour, nothing is sent and nothing answers differently:
  // the links already sent stay good, so the owner can still reset whoever keeps asking.
  const active = user && toBool(user.is_active) ? user : undefined;
  if (
    active &&
    !(await account.resetMailsPerAccount.tryConsumeKey(tenantId, `user:${active.id}`))
  ) {
    request.log.info(
      { userId: active.id, tenantId },
      'password reset: hourly e-mails used, none sent',
    );
  } else if (active) {
    const token = await account.resetTokens.issue(tenantId, active.id);
    const settings = await findSiteSettings(db, tenantId);
    const shop = settings?.site_title || request.tenant.name;
    const fromAddress = account.mailFrom ?? settings?.contact_email ?? 'no-reply@localhost';
    const link = `${account.linkOrigin()}/reset-password?token=${encodeURIComponent(token)}`;
    account.sendLater(
      {
        from: `"${shop.replace(/["\\\r\n]/g, '')}" <${fromAddress}>`,
        to: active.email,
        subject: `Reset your password at ${shop}`,
        text: [
          `Someone, hopefully you, asked to reset the password of your account at ${shop}.`,
          '',
          'Open this link within 1 hour to choose a new password:',
          '',
          link,
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      },
      // Never the link: whoever reads the logs could take over the account with it.
      { to: active.email, tenantId },
    );
  }

  // The same answer after the same time, account or not (no enumeration by timing).
  const wait = started + account.resetResponseMs - Date.now();
  if (wait > 0) await sleep(wait);
  return reply.code(202).send({ detail: ACCOUNT_MESSAGES.resetRequested });
};

/**
 * POST /accounts/password/reset/confirm/ -> 200 `{detail}` once the password is replaced;
 * 400 `{token: [...]}` for a token that is not (or no longer) good, 400 per field for the new
 * password; 429 `{detail}` with Retry-After past the confirmations per client address.
 */
export const confirmPasswordReset: OperationHandler<'confirmPasswordReset'> = async (
  request,
  reply,
) => {
  const { db, auth, account } = request.server;
  const tenantId = request.tenant.id;
  const { token, new_password: password, new_password_confirm: confirm } = request.body;
  const errors = newPasswordErrors(password, confirm);
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  try {
    await account.resetConfirmThrottleByAddress.consume(tenantId, request.ip);
  } catch (error) {
    return throttled(reply, error);
  }
  const invalid = () => new HttpError(400, { token: [ACCOUNT_MESSAGES.resetInvalid] });

  // The token is looked up before the password is hashed: scrypt takes tens of milliseconds of
  // a libuv thread, and made-up tokens would otherwise queue every login behind them.
  if (!(await account.resetTokens.isUsable(tenantId, token))) throw invalid();
  // Hashed before the transaction, which needs no lock held during the hash; redeem() decides
  // again, atomically, which of concurrent uses wins.
  const passwordHash = await hashPassword(password, { log2Cost: auth.passwordHashCost });
  const now = new Date();
  let userId: number;
  try {
    userId = await db.transaction().execute(async (trx) => {
      const id = await account.resetTokens.redeem(trx, tenantId, token, now);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .execute();
      await auth.refreshTokens.revokeUser(id, tenantId, now, trx);
      return id;
    });
  } catch (error) {
    if (error instanceof InvalidResetTokenError) throw invalid();
    throw error;
  }
  // A reset done starts the account's e-mail count over: a second forgotten password within
  // the hour still gets its e-mail.
  await account.resetMailsPerAccount.resetKey(tenantId, `user:${userId}`);
  request.log.info({ userId, tenantId }, 'password reset: every session ended');
  return { detail: ACCOUNT_MESSAGES.resetDone };
};
