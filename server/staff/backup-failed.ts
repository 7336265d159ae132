/**
 * Telling the owners that the server's scheduled backup failed (issue 39, decision 080): one
 * e-mail (./emails/backup-email-data.ts `backup_failed`) to every live owner of every shop on the
 * deployment, since a backup holds all of them. Queued in the outbox in one transaction; at most
 * one a day per owner (the outbox's dedupe key names the owner and the UTC day), so a backup
 * failing every hour of a bad night sends each owner one e-mail, not twenty.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { BACKUP_FAILED_KIND } from './emails/backup-email-data.ts';
import { queueStaffEmail, staffEmailShop } from './staff-mail.ts';

/** The failed backup, as the schedule (server/platform/backup/schedule.ts) tells it. */
export interface FailedBackup {
  /** When the failed backup started. */
  at: Date;
  /** Why, in one line. */
  reason: string;
  /** When the schedule tries again. */
  retryAt: Date;
}

/**
 * Queues the `backup_failed` e-mail to every live owner of every shop.
 * @param origin each shop's storefront origin, no trailing slash (the app's `linkOrigin`).
 * @returns how many e-mails were queued (0 when every owner was told today already).
 */
export async function queueBackupFailedEmails(
  db: Kysely<Database>,
  failure: FailedBackup,
  origin: (tenantId: number) => string,
): Promise<number> {
  const day = failure.at.toISOString().slice(0, 10);
  return db.transaction().execute(async (trx) => {
    const owners = await trx
      .selectFrom('staff')
      .select(['id', 'tenant_id', 'email', 'name'])
      .where('role', '=', 'owner')
      .where('removed_at', 'is', null)
      .orderBy('tenant_id')
      .orderBy('id')
      .execute();
    let queued = 0;
    for (const owner of owners) {
      const written = await queueStaffEmail(
        trx,
        {
          tenantId: owner.tenant_id,
          recipient: owner.email,
          dedupeKey: `backup-failed:${owner.id}:${day}`,
          data: {
            kind: BACKUP_FAILED_KIND,
            shop: await staffEmailShop(trx, owner.tenant_id, origin(owner.tenant_id), owner.email),
            memberName: owner.name,
            at: failure.at.toISOString(),
            reason: failure.reason,
            retryAt: failure.retryAt.toISOString(),
          },
        },
        failure.at,
      );
      if (written) queued += 1;
    }
    return queued;
  });
}
