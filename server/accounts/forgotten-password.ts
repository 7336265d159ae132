/**
 * Resetting a forgotten password by e-mail (spec section 6;
 * docs/decisions/027-password-reset-emails-per-account.md and
 * docs/decisions/028-no-account-enumeration.md).
 *
 * - A request answers the same, after the same time (at least `resetResponseMs`), whether or
 *   not the e-mail has an account; the e-mail is sent after the answer. Requests are throttled
 *   per client address. Per account, at most PASSWORD_RESET_MAX_PER_EMAIL e-mails an hour are
 *   sent; past that a request sends nothing and answers the same, and the links already sent
 *   keep working: a stranger asking for someone's reset can neither flood their inbox nor keep
 *   them from resetting.
 * - A confirmation takes a link's token (1 hour, single use, this shop; any link of the user's
 *   until one of them is used) and a new password; every session of the user ends, and the
 *   account's address counts as verified (./email-verification.ts): the link reached it. Throttled
 *   per client address, and the new password is hashed only once the token is known to be
 *   good, so made-up tokens cost no scrypt work.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MailMessage } from '../platform/mail/mailer.ts';
import { toBool } from '../platform/db/mapping.ts';
import { findSiteSettings } from '../content/site-settings.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { invalidNewPassword, newPasswordErrors } from './account.ts';
import type { AccountScope, PasswordResetServices, SignInServices } from './context.ts';
import type { Logger } from '../platform/logger.ts';
import { markEmailVerified } from './email-verification.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { InvalidResetTokenError } from './password-reset.ts';

/** The reset e-mail of `shop` carrying `link`. */
function resetMessage(shop: string, fromAddress: string, to: string, link: string): MailMessage {
  return {
    from: `"${shop.replace(/["\\\r\n]/g, '')}" <${fromAddress}>`,
    to,
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
  };
}

/**
 * Asks for a reset link for `email` (trimmed, any case): mails one to an active account of the
 * shop unless its e-mails of the hour are used up, and returns no sooner than
 * `resetResponseMs` after it began, account or not (no enumeration by timing). The shop's name
 * in the e-mail is its site title, else `shopName`.
 * @throws ThrottledError past the reset requests of the client address (at once, no waiting).
 */
export async function requestPasswordReset(
  scope: AccountScope,
  services: PasswordResetServices,
  log: Logger,
  shopName: string,
  form: Schemas['PasswordResetRequest'],
): Promise<void> {
  const started = Date.now();
  const { db, tenantId } = scope;
  const email = form.email.trim().toLowerCase();
  await services.resetThrottleByAddress.consume(tenantId, scope.clientAddress);

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
    !(await services.resetMailsPerAccount.tryConsumeKey(tenantId, `user:${active.id}`))
  ) {
    log.info({ userId: active.id, tenantId }, 'password reset: hourly e-mails used, none sent');
  } else if (active) {
    const token = await services.resetTokens.issue(tenantId, active.id);
    const settings = await findSiteSettings(db, tenantId);
    const shop = settings?.site_title || shopName;
    const fromAddress = services.mailFrom ?? settings?.contact_email ?? 'no-reply@localhost';
    const link = `${services.linkOrigin(tenantId)}/reset-password?token=${encodeURIComponent(token)}`;
    // Never the link in the log line: whoever reads the logs could take over the account.
    services.sendLater(resetMessage(shop, fromAddress, active.email, link), {
      to: active.email,
      tenantId,
    });
  }

  const wait = started + services.resetResponseMs - Date.now();
  if (wait > 0) await sleep(wait);
}

/**
 * Replaces the password of the user a reset link was sent to, and ends every session of the
 * user; the account's e-mail count starts over (a second forgotten password within the hour
 * still gets its e-mail).
 * @throws DomainError `invalid_new_password` (fields; nothing counted);
 *   ThrottledError past the confirmations of the client address; `invalid_reset_token` (field
 *   `token`: "This password reset link is invalid or has expired.") for a token that is not,
 *   or no longer, good.
 */
export async function confirmPasswordReset(
  scope: AccountScope,
  services: Pick<
    PasswordResetServices,
    'resetTokens' | 'resetConfirmThrottleByAddress' | 'resetMailsPerAccount'
  >,
  signIn: Pick<SignInServices, 'refreshTokens' | 'passwordHashCost'>,
  log: Logger,
  form: Schemas['PasswordResetConfirm'],
): Promise<void> {
  const { db, tenantId } = scope;
  const { token, new_password: password, new_password_confirm: confirm } = form;
  const errors = newPasswordErrors(password, confirm);
  if (Object.keys(errors).length > 0) throw invalidNewPassword(errors);
  await services.resetConfirmThrottleByAddress.consume(tenantId, scope.clientAddress);

  // The token is looked up before the password is hashed: scrypt takes tens of milliseconds of
  // a libuv thread, and made-up tokens would otherwise queue every login behind them.
  if (!(await services.resetTokens.isUsable(tenantId, token))) throw new InvalidResetTokenError();
  // Hashed before the transaction, which needs no lock held during the hash; redeem() decides
  // again, atomically, which of concurrent uses wins.
  const passwordHash = await hashPassword(password, { log2Cost: signIn.passwordHashCost });
  const now = new Date();
  const userId = await db.transaction().execute(async (trx) => {
    const id = await services.resetTokens.redeem(trx, tenantId, token, now);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .execute();
    await signIn.refreshTokens.revokeUser(id, tenantId, now, trx);
    // The link reached the account's mailbox: that proves the address as a verification would.
    await markEmailVerified(trx, tenantId, id, now);
    return id;
  });
  await services.resetMailsPerAccount.resetKey(tenantId, `user:${userId}`);
  log.info({ userId, tenantId }, 'password reset: every session ended');
}
