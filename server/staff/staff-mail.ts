/**
 * Queuing the back office's e-mails to people (./emails/staff-email-data.ts)
 * in the outbox, in the caller's transaction: the e-mail commits with the change it tells of, or
 * not at all, and the outbox sends it after the commit (the HTTP layer wakes it:
 * `app.emailOutbox.wake()`). A link in an e-mail's data (an invitation, a password reset) is a
 * credential: it lives in the outbox row and the e-mail only, never in an answer or a log line.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { EmailShop } from '../platform/mail/templates/email-shop.ts';
import type { BackupFailedEmailData } from './emails/backup-email-data.ts';
import type { StaffEmailData } from './emails/staff-email-data.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The shop as a back-office e-mail shows it: its site title, contact e-mail and logo (PNG or
 * JPEG only, as mail clients show them), else its tenant name and `fallbackContact`.
 * @param origin the storefront's origin (configuration, never a request's Host), no trailing
 *   slash.
 */
export async function staffEmailShop(
  db: Db,
  tenantId: number,
  origin: string,
  fallbackContact: string,
): Promise<EmailShop> {
  const [site, tenant] = await Promise.all([
    db
      .selectFrom('site_settings')
      .select(['site_title', 'contact_email', 'logo'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
    db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow(),
  ]);
  const logo = site?.logo && site.logo.startsWith('/') ? `${origin}${site.logo}` : undefined;
  return {
    name: site?.site_title || tenant.name,
    shopUrl: `${origin}/`,
    contactEmail: site?.contact_email || fallbackContact,
    ...(logo && /\.(png|jpe?g)$/i.test(logo) ? { logoUrl: logo } : {}),
  };
}

/** What {@link queueStaffEmail} takes. */
export interface QueuedStaffEmail {
  tenantId: number;
  recipient: string;
  data: StaffEmailData | BackupFailedEmailData;
  /**
   * One e-mail per key, ever (`email_outbox.dedupe_key` is unique): a second row with the same
   * key is not written, so an e-mail that must go once per event names the event.
   */
  dedupeKey: string;
}

/**
 * Writes one e-mail to the outbox in `db` (the caller's transaction), due now.
 * @returns true when it was written, false when an e-mail with its key already was.
 */
export async function queueStaffEmail(
  db: Db,
  email: QueuedStaffEmail,
  now = new Date(),
): Promise<boolean> {
  const written = await db
    .insertInto('email_outbox')
    .values({
      tenant_id: email.tenantId,
      kind: email.data.kind,
      recipient: email.recipient,
      data: JSON.stringify(email.data),
      dedupe_key: email.dedupeKey,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      order_id: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0n) === 1;
}
