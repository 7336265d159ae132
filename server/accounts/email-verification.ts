/**
 * Verifying a shopper's e-mail address (hardening round four; docs/spec-deviations.md).
 *
 * Registration checks nothing: anyone can open an account with anyone's address. So the shop
 * matches nothing to an account by its address alone (the data download's contact messages,
 * server/accounts/my-data.ts) until the shopper has proved they receive mail there, by opening
 * a link sent to it: the one this module sends on request, or a password-reset link
 * (./forgotten-password.ts), which proves the same.
 *
 * A link's token is 32 random bytes (base64url), stored only as its SHA-256 with the tenant,
 * the user and the address it was sent to; it is valid for 24 hours and works once. Sending is
 * throttled per client address and per account (a few an hour), so the form cannot be used to
 * flood an inbox.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findSiteSettings } from '../content/site-settings.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Logger } from '../platform/logger.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import type { AccountScope } from './context.ts';
import type { AccountErrorCode } from './errors.ts';
import type { PasswordResetServices } from './context.ts';
import { spendUserToken, storeUserToken } from './password-reset.ts';
import { hashResetToken } from '../platform/credentials/reset-tokens.ts';
import type { AddressThrottle } from '../platform/credentials/throttle.ts';

/** Lifetime of a verification link: 24 hours. */
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** The window of the verification throttles: one hour. */
export const VERIFICATION_THROTTLE_WINDOW_SECONDS = 60 * 60;

/** What the verification answers say. */
export const EMAIL_VERIFICATION_MESSAGES = {
  sent: (email: string) =>
    `We have sent a link to ${email}. Open it within 24 hours to verify your e-mail address.`,
  alreadyVerified: 'Your e-mail address is already verified.',
  verified: 'Your e-mail address is verified.',
  invalidToken: 'This verification link is invalid or has expired.',
} as const;

/** What sending and checking links needs; server/http/wiring/accounts.ts builds it. */
export interface EmailVerificationServices extends Pick<
  PasswordResetServices,
  'mailFrom' | 'linkOrigin' | 'sendLater'
> {
  /** Verification e-mails asked for per client address and shop (over it: ThrottledError). */
  verifyThrottleByAddress: AddressThrottle;
  /** Verification e-mails per account (key `user:<id>`; over it: ThrottledError). */
  verifyMailsPerAccount: AddressThrottle;
  /** Link confirmations per client address (over it: ThrottledError). */
  verifyConfirmThrottleByAddress: AddressThrottle;
}

function alreadyVerified(): DomainError<AccountErrorCode> {
  return new DomainError<AccountErrorCode>(
    'email_already_verified',
    EMAIL_VERIFICATION_MESSAGES.alreadyVerified,
  );
}

function invalidToken(): DomainError<AccountErrorCode> {
  return new DomainError<AccountErrorCode>(
    'invalid_verification_token',
    EMAIL_VERIFICATION_MESSAGES.invalidToken,
    { field: 'token' },
  );
}

/** The verification e-mail of `shop` carrying `link`. */
function verificationMessage(shop: string, from: string, to: string, link: string): MailMessage {
  return {
    from: `"${shop.replace(/["\\\r\n]/g, '')}" <${from}>`,
    to,
    subject: `Verify your e-mail address at ${shop}`,
    text: [
      `Someone, hopefully you, asked to verify this e-mail address for an account at ${shop}.`,
      '',
      'Open this link within 24 hours to verify it:',
      '',
      link,
      '',
      'Once it is verified, the messages you sent us from this address are part of your account:',
      'they are in the copy of your data, and they go when you delete your account.',
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

/**
 * Sends the signed-in shopper `userId` a link that verifies the account's address (see the
 * module comment). Expired and used links of the user are deleted first.
 * @returns the address the link went to (the answer names it).
 * @throws DomainError `email_already_verified` (400) when it is verified; ThrottledError past
 *   the requests of the client address or the account's e-mails of the hour.
 */
export async function requestEmailVerification(
  scope: AccountScope,
  services: EmailVerificationServices,
  log: Logger,
  shopName: string,
  userId: number,
  now = new Date(),
): Promise<string> {
  const { db, tenantId } = scope;
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at !== null) throw alreadyVerified();
  await services.verifyThrottleByAddress.consume(tenantId, scope.clientAddress);
  await services.verifyMailsPerAccount.consumeKey(tenantId, `user:${userId}`);

  const token = randomBytes(32).toString('base64url');
  await db
    .transaction()
    .execute((trx) =>
      storeUserToken(
        trx,
        'email_verification_tokens',
        { tenantId, userId },
        token,
        VERIFICATION_TOKEN_TTL_SECONDS,
        now,
        { email: user.email },
      ),
    );
  const settings = await findSiteSettings(db, tenantId);
  const shop = settings?.site_title || shopName;
  const from = services.mailFrom ?? settings?.contact_email ?? 'no-reply@localhost';
  const link = `${services.linkOrigin(tenantId)}/verify-email?token=${encodeURIComponent(token)}`;
  // Never the link in the log line: it is a credential, if a small one.
  services.sendLater(verificationMessage(shop, from, user.email, link), {
    to: user.email,
    tenantId,
  });
  log.info({ userId, tenantId }, 'e-mail verification link sent');
  return user.email;
}

/**
 * Marks the address a link was sent to as verified, when it is still the account's address and
 * the account is live. The link works once; the user's other links go with it.
 * @throws ThrottledError past the confirmations of the client address; DomainError
 *   `invalid_verification_token` (field `token`) for a token that is unknown, another shop's,
 *   used, expired, or sent to an address the account no longer has.
 */
export async function confirmEmailVerification(
  scope: AccountScope,
  services: Pick<EmailVerificationServices, 'verifyConfirmThrottleByAddress'>,
  log: Logger,
  token: string,
  now = new Date(),
): Promise<void> {
  const { db, tenantId } = scope;
  await services.verifyConfirmThrottleByAddress.consume(tenantId, scope.clientAddress);
  const userId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_verification_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 't.email', 't.expires_at', 'u.email as current', 'u.is_active'])
      .where('t.token_hash', '=', hashResetToken(token))
      .where('t.tenant_id', '=', tenantId)
      .where('u.tenant_id', '=', tenantId)
      .where('t.used_at', 'is', null)
      .executeTakeFirst();
    if (
      !row ||
      !toBool(row.is_active) ||
      row.email !== row.current ||
      new Date(row.expires_at).getTime() <= now.getTime()
    ) {
      throw invalidToken();
    }
    const owner = { tenantId, userId: row.user_id };
    if (!(await spendUserToken(trx, 'email_verification_tokens', owner, row.id, now))) {
      throw invalidToken();
    }
    await markEmailVerified(trx, tenantId, row.user_id, now);
    return row.user_id;
  });
  log.info({ userId, tenantId }, 'e-mail address verified');
}

/**
 * Records that user `userId` received mail at their address now (a verification or a reset
 * link was opened); an earlier verification is kept.
 */
export async function markEmailVerified(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now.toISOString() })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('email_verified_at', 'is', null)
    .execute();
}
