/**
 * The shop's moderation settings (the back office's settings page, `settings.manage`, owners
 * only) and the navigation's badges (how many reviews and comments wait, how many contact
 * messages are unread).
 *
 * The settings are two flags of `site_settings`: whether new comments (`comments_auto_approve`,
 * off by default) and new reviews (`reviews_auto_approve`, on by default) are shown at once or
 * wait in the queue (./moderation.ts; the link rule of ./link-rule.ts holds some either way). A
 * change is logged as `moderation_settings.update` with the fields that changed, before and
 * after, in its transaction. Spec: openapi/admin.yaml, tag moderation.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool, toCount } from '../platform/db/mapping.ts';
import type { Acting } from '../platform/journal.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The shop's moderation settings. */
export interface ModerationSettings {
  /** New comments are shown at once (else they wait for approval). */
  comments_auto_approve: boolean;
  /** New reviews are shown at once (else they wait for approval). */
  reviews_auto_approve: boolean;
}

/** The moderation settings of shop `tenantId`. */
export async function getModerationSettings(db: Db, tenantId: number): Promise<ModerationSettings> {
  return readSettings(db, tenantId);
}

async function readSettings(db: Db | Trx, tenantId: number): Promise<ModerationSettings> {
  const row = await db
    .selectFrom('site_settings')
    .select(['comments_auto_approve', 'reviews_auto_approve'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    comments_auto_approve: row ? toBool(row.comments_auto_approve) : false,
    reviews_auto_approve: row ? toBool(row.reviews_auto_approve) : true,
  };
}

/**
 * Changes the moderation settings of shop `acting.tenantId` (either or both), journalled
 * through `acting.journal` in its transaction as `moderation_settings.update` with the fields
 * that changed (nothing when none did).
 * @returns the settings afterwards.
 */
export async function updateModerationSettings(
  db: Db,
  acting: Acting,
  change: Partial<ModerationSettings>,
  at: Date = new Date(),
): Promise<ModerationSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, acting.tenantId);
    const changedBefore: Partial<ModerationSettings> = {};
    const changedAfter: Partial<ModerationSettings> = {};
    for (const key of ['comments_auto_approve', 'reviews_auto_approve'] as const) {
      const value = change[key];
      if (value !== undefined && value !== before[key]) {
        changedBefore[key] = before[key];
        changedAfter[key] = value;
      }
    }
    if (Object.keys(changedAfter).length === 0) return before;
    await trx
      .updateTable('site_settings')
      .set({
        ...(changedAfter.comments_auto_approve === undefined
          ? {}
          : { comments_auto_approve: changedAfter.comments_auto_approve ? 1 : 0 }),
        ...(changedAfter.reviews_auto_approve === undefined
          ? {}
          : { reviews_auto_approve: changedAfter.reviews_auto_approve ? 1 : 0 }),
      })
      .where('tenant_id', '=', acting.tenantId)
      .execute();
    await acting.journal(
      trx,
      {
        action: 'moderation_settings.update',
        objectType: 'settings',
        objectId: 'moderation',
        before: changedBefore,
        after: changedAfter,
      },
      at,
    );
    return { ...before, ...changedAfter };
  });
}

/**
 * How many reviews and comments wait and how many contact messages are unread (the back
 * office's navigation badges), each from an index.
 */
export async function waitingCounts(
  db: Db,
  tenantId: number,
): Promise<{ reviews: number; comments: number; unread_messages: number }> {
  const [reviews, comments, unread] = await Promise.all([
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('blog_comments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .where('is_shop_reply', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('read_at', 'is', null)
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    reviews: toCount(reviews.n),
    comments: toCount(comments.n),
    unread_messages: toCount(unread.n),
  };
}
