/**
 * Telling a shop's owners when its e-mails fail (issue 39): the outbox
 * (server/platform/mail/outbox.ts) gives an e-mail up after every retry (some four hours of
 * them), and then nobody but the log knew that a customer never got their order confirmation.
 * The order sweep (server/http/wiring/orders.ts, every ORDER_SWEEP_INTERVAL_S) calls
 * {@link noticeFailedMail}, which e-mails each owner of each shop with newly given-up e-mails
 * (`staff_failed_mail`, server/staff/emails/): how many, the latest FAILED_MAIL_LISTED of them, and
 * what usually causes it.
 *
 * Once, not every minute: what was already told is remembered in the database, by the notices
 * themselves. Each notice's dedupe key names the newest failed e-mail it covers
 * (`failed-mail:{tenant}:{through id}:{owner}`), so the next one covers only those after it, and
 * two processes (or a restart) that find the same failures write the same keys, of which the
 * outbox keeps one (`email_outbox.dedupe_key` is unique). A shop gets at most one notice per
 * NOTICE_EVERY_MS: while mail is down, failures keep coming, and the next notice gathers them.
 *
 * Not told: e-mails to addresses that can never receive mail (an erased account's `.invalid`
 * tombstone: given up on purpose), the notices themselves (a notice about a failed notice would
 * fail the same way, for ever), and failures of e-mails queued more than LOOK_BACK_MS ago (a
 * database upgraded to this code does not dig up last year's).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { UNDELIVERABLE } from '../platform/mail/outbox.ts';
import type {
  FailedMailEntry,
  StaffFailedMailEmailData,
} from '../staff/emails/staff-email-data.ts';
import { queueStaffEmail, staffEmailShop } from '../staff/staff-mail.ts';
import type { OrderContext } from './context.ts';

/** The notice's e-mail kind. */
export const FAILED_MAIL_KIND = 'staff_failed_mail' satisfies StaffFailedMailEmailData['kind'];
/** The least time between two notices to one shop (ms): 6 hours. */
export const NOTICE_EVERY_MS = 6 * 3600 * 1000;
/** How many of the failed e-mails a notice lists (the count says how many there are). */
export const FAILED_MAIL_LISTED = 10;
/** How old a failed e-mail may be and still be told (ms, from when it was queued): 7 days. */
export const LOOK_BACK_MS = 7 * 24 * 3600 * 1000;

/** The dedupe key of a shop's notice to one owner, covering failures up to `throughId`. */
function noticeKey(tenantId: number, throughId: number, staffId: number): string {
  return `failed-mail:${tenantId}:${throughId}:${staffId}`;
}

/** The failed e-mails worth telling of, of every shop, queued since `since` (ISO). */
function failedMail(db: Kysely<Database>, since: string) {
  return db
    .selectFrom('email_outbox as e')
    .where('e.status', '=', 'failed')
    .where('e.kind', '<>', FAILED_MAIL_KIND)
    .where((eb) => eb.or([eb('e.last_error', 'is', null), eb('e.last_error', '<>', UNDELIVERABLE)]))
    .where('e.created_at', '>=', since);
}

/**
 * Queues the notice of shop `tenantId` to each of its owners, unless one went less than
 * NOTICE_EVERY_MS ago, or no e-mail failed after the last one's (`latest` is the newest failed).
 * @returns true when this call queued it.
 */
async function noticeShop(
  ctx: OrderContext,
  tenantId: number,
  latest: number,
  since: string,
): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.now();
  const last = await db
    .selectFrom('email_outbox')
    .select(['dedupe_key', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', FAILED_MAIL_KIND)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let throughId = 0;
  if (last) {
    if (now.getTime() - new Date(last.created_at).getTime() < NOTICE_EVERY_MS) return false;
    throughId = Number(last.dedupe_key.split(':')[2]) || 0;
  }
  if (latest <= throughId) return false;
  const newly = failedMail(db, since)
    .where('e.tenant_id', '=', tenantId)
    .where('e.id', '>', throughId)
    .where('e.id', '<=', latest);
  const [counted, rows, owners] = await Promise.all([
    newly.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    newly
      .leftJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.recipient', 'e.kind', 'e.created_at', 'e.last_error', 'o.order_number'])
      .orderBy('e.id', 'desc')
      .limit(FAILED_MAIL_LISTED)
      .execute(),
    db
      .selectFrom('staff')
      .select(['id', 'email', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'owner')
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute(),
  ]);
  const count = Number(counted.count);
  if (count === 0 || rows.length === 0 || owners.length === 0) return false;
  const origin = ctx.storefrontOrigin(tenantId);
  const shop = await staffEmailShop(db, tenantId, origin, owners[0]!.email);
  const emails: FailedMailEntry[] = rows.map((row) => ({
    recipient: row.recipient,
    kind: row.kind,
    queuedAt: toIsoString(row.created_at),
    error: row.last_error?.trim().slice(0, 200) || 'No answer was recorded.',
    ...(row.order_number
      ? {
          order: {
            number: row.order_number,
            url: `${origin}/admin/orders/${encodeURIComponent(row.order_number)}`,
          },
        }
      : {}),
  }));
  let queued = false;
  for (const owner of owners) {
    const data: StaffFailedMailEmailData = {
      kind: FAILED_MAIL_KIND,
      shop,
      memberName: owner.name,
      count,
      emails,
      ordersUrl: `${origin}/admin/orders`,
    };
    const written = await queueStaffEmail(
      db,
      { tenantId, recipient: owner.email, data, dedupeKey: noticeKey(tenantId, latest, owner.id) },
      now,
    );
    queued ||= written;
  }
  return queued;
}

/**
 * Queues a notice to the owners of every shop with newly failed e-mails (see the module
 * comment), and wakes the outbox when it queued one. A shop whose notice cannot be made is
 * logged and left for the next sweep; the others go on.
 * @returns the shops this call queued a notice for.
 * @throws the database's error when the failed e-mails cannot be read at all.
 */
export async function noticeFailedMail(ctx: OrderContext): Promise<number[]> {
  const since = new Date(ctx.now().getTime() - LOOK_BACK_MS).toISOString();
  const shops = await failedMail(ctx.db, since)
    .select((eb) => ['e.tenant_id', eb.fn.max('e.id').as('latest')])
    .groupBy('e.tenant_id')
    .execute();
  const noticed: number[] = [];
  for (const { tenant_id: tenantId, latest } of shops) {
    try {
      if (await noticeShop(ctx, tenantId, Number(latest), since)) noticed.push(tenantId);
    } catch (error) {
      ctx.log.error(
        { err: error, tenant: tenantId },
        "could not tell a shop's owners of its failed e-mails",
      );
    }
  }
  if (noticed.length > 0) ctx.afterCommit();
  return noticed;
}
