/**
 * Erasing a shopper's account at their request (UK GDPR / GDPR art. 17, the right to erasure;
 * docs/spec-deviations.md, the /account additions).
 *
 * What goes: the e-mail, the username and the password hash (replaced by tombstones, so the
 * e-mail can register again and nothing can log in), the saved addresses, every session
 * (refresh tokens), password-reset and verification link, the cart, and the contact messages
 * that are the account's with the shop's replies to them ({@link eraseContactMessages}). Access
 * tokens already issued are refused from then on, because the bearer check
 * (server/http/auth.ts) refuses an inactive account. Reviews and blog comments stay published,
 * shown as a former customer's ({@link FORMER_CUSTOMER}).
 *
 * What stays: the orders, with the name and delivery address on them, and their payments: the
 * shop must keep its accounting records (UK Companies Act 2006 s.388 and HMRC: 6 years; GDPR
 * art. 17(3)(b), a legal obligation). The account row stays too, because those orders point at
 * it; `users.erased_at` (migration 2026-020) marks it.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { NUL_MESSAGE } from '../platform/field-messages.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Logger } from '../platform/logger.ts';
import type { AccountScope, SignInServices } from './context.ts';
import type { AccountErrorCode } from './errors.ts';
import { ownContactMessages } from './my-data.ts';
import { forgetBackInStockRequestsOf } from '../catalog/back-in-stock.ts';
import { verifyPassword } from '../platform/credentials/passwords.ts';
import { FORMER_CUSTOMER } from '../content/erased-authors.ts';

/** What the erasure form answers. */
export const ERASURE_MESSAGES = {
  passwordWrong: 'Your password is incorrect.',
} as const;

/** The e-mail an erased account keeps: unique, and in a domain that can never receive mail (RFC 2606). */
export function tombstoneEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

/** What the activity log keeps of a reply to a message its sender erased. */
export const ERASED_REPLY = { erased: 'at the sender’s request' } as const;

/**
 * Deletes the contact messages that are the account's (./my-data.ts `ownContactMessages`: sent
 * while signed in, or from its verified address), the shop's replies to them, and the reply
 * e-mails still queued or kept in the outbox; the activity log keeps that a reply was sent, by
 * whom and when, but not its text nor the address it went to.
 */
async function eraseContactMessages(trx: Transaction<Database>, tenantId: number, userId: number) {
  const owner = await trx
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const ids = (await ownContactMessages(trx, tenantId, owner).select('id').execute()).map(
    (row) => row.id,
  );
  if (ids.length === 0) return;
  const replies = await trx
    .selectFrom('contact_message_replies')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', ids)
    .execute();
  if (replies.length > 0) {
    await trx
      .deleteFrom('email_outbox')
      .where('tenant_id', '=', tenantId)
      .where(
        'dedupe_key',
        'in',
        replies.map((reply) => `contact-reply:${reply.id}`),
      )
      .execute();
  }
  await trx
    .updateTable('activity_log')
    .set({ after: JSON.stringify(ERASED_REPLY) })
    .where('tenant_id', '=', tenantId)
    .where('object_type', '=', 'contact_message')
    .where('action', '=', 'contact_message.reply')
    .where('object_id', 'in', ids.map(String))
    .execute();
  await trx
    .deleteFrom('contact_message_replies')
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', ids)
    .execute();
  await trx
    .deleteFrom('contact_messages')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** A stored password hash no password matches (verifyPassword refuses anything not `scrypt$...`). */
const NO_PASSWORD = 'erased';

function wrongPassword(message: string): DomainError<AccountErrorCode> {
  return new DomainError<AccountErrorCode>('erasure_password_wrong', message, {
    fields: { password: [message] },
  });
}

/**
 * Erases the account of `userId` once `password` is its password. A wrong password counts as a
 * failed login of the account (key `user:<id>`, the login throttle), so it cannot be guessed
 * here faster than at the login form. Everything happens in one transaction; the log line
 * names the account's id only.
 * @throws ThrottledError past the account's failed logins from this address; DomainError
 *   `erasure_password_wrong` (field `password`) for a wrong password or one holding a NUL.
 */
export async function eraseAccount(
  scope: AccountScope,
  services: Pick<SignInServices, 'throttle'>,
  log: Logger,
  userId: number,
  password: string,
): Promise<void> {
  const { db, tenantId } = scope;
  if (hasNul(password)) throw wrongPassword(NUL_MESSAGE);
  const accountKey = `user:${userId}`;
  await services.throttle.before(tenantId, accountKey, scope.clientAddress);
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    throw wrongPassword(ERASURE_MESSAGES.passwordWrong);
  }
  await services.throttle.succeeded(tenantId, accountKey, scope.clientAddress);

  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const mine = { tenant: tenantId, user: userId };
    // Before the address becomes a tombstone: which messages are the account's depends on it.
    await eraseContactMessages(trx, tenantId, userId);
    // The "E-mail me when it is back" requests made signed in or for the verified address.
    const me = await trx
      .selectFrom('users')
      .select(['email', 'email_verified_at'])
      .where('id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    await forgetBackInStockRequestsOf(
      trx,
      tenantId,
      userId,
      me.email_verified_at === null ? null : me.email,
    );
    await trx
      .updateTable('users')
      .set({
        email: tombstoneEmail(userId),
        username: `erased-${userId}`,
        password_hash: NO_PASSWORD,
        is_active: 0,
        password_changed_at: now,
        erased_at: now,
        email_verified_at: null,
      })
      .where('id', '=', mine.user)
      .where('tenant_id', '=', mine.tenant)
      .execute();
    for (const table of [
      'user_addresses',
      'refresh_tokens',
      'password_reset_tokens',
      'email_verification_tokens',
    ] as const) {
      await trx
        .deleteFrom(table)
        .where('tenant_id', '=', mine.tenant)
        .where('user_id', '=', mine.user)
        .execute();
    }
    const carts = trx
      .selectFrom('carts')
      .select('id')
      .where('tenant_id', '=', mine.tenant)
      .where('user_id', '=', mine.user);
    await trx.deleteFrom('cart_items').where('cart_id', 'in', carts).execute();
    await trx
      .deleteFrom('carts')
      .where('tenant_id', '=', mine.tenant)
      .where('user_id', '=', mine.user)
      .execute();
    // Reviews keep the author's name as it was: it becomes the former customer's.
    await trx
      .updateTable('reviews')
      .set({ username: FORMER_CUSTOMER, user_id: null })
      .where('tenant_id', '=', mine.tenant)
      .where('user_id', '=', mine.user)
      .execute();
  });
  log.info({ userId, tenantId }, 'account erased at the shopper’s request; its orders are kept');
}
