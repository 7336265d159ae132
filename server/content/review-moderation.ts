/**
 * The back office's queue of product reviews (permission `moderation.manage`): a page of the
 * shop's reviews in one status, newest first, each with its product and the shop's reply, and
 * the store the moves of ./moderation.ts change a review through.
 *
 * A review's status is `reviews.status`; the shop's one reply to it is `reviews.shop_reply`,
 * with when (`shop_reply_at`) and by whom (`shop_reply_staff_id`). Only approved reviews are
 * shown and counted on the storefront (migration 2026_014's triggers keep a product's
 * `review_count` and `rating_average`).
 *
 * Errors: `moderation_item_not_found` (404) for no such review in the shop;
 * `invalid_moderation_page` past the last page. Spec: openapi/admin.yaml, tag moderation.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { heldForLinks } from './link-rule.ts';
import { moderatedStore, MODERATION_PAGE_SIZE, queueItem, queuePage } from './moderation-queue.ts';
import type { ModeratedItem, ModerationPage, QueueFilters } from './moderation-queue.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A review in the queue. */
export interface ModerationReview extends ModeratedItem {
  rating: number;
  comment: string;
  is_verified_purchase: boolean;
  /** The reviewer received something in return (decision 085). */
  incentivised: boolean;
  product: { id: number; name: string; slug: string };
}

/**
 * Page `page` of shop `tenantId`'s reviews in `status` (default `pending`), newest first, 25 a
 * page, each with its product and the shop's reply, and every status's count.
 * @throws DomainError `invalid_moderation_page` ("Invalid page.") past the last.
 */
export async function listReviewsForModeration(
  db: Db,
  tenantId: number,
  filters: QueueFilters,
): Promise<ModerationPage<ModerationReview>> {
  return queuePage(
    filters,
    (status, offset) =>
      reviewRows(db, tenantId)
        .where('r.status', '=', status)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(MODERATION_PAGE_SIZE)
        .offset(offset)
        .execute(),
    () =>
      db
        .selectFrom('reviews')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .where('tenant_id', '=', tenantId)
        .groupBy('status')
        .execute(),
    (rows) => rows.map(toModerationReview),
  );
}

/** The reviews of shop `tenantId` with their products, as the queue reads them. */
function reviewRows(db: Db | Trx, tenantId: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('staff as s', 's.id', 'r.shop_reply_staff_id')
    .select([
      'r.id',
      'r.status',
      'r.rating',
      'r.comment',
      'r.username',
      'r.created_at',
      'r.is_verified_purchase',
      'r.incentivised',
      'r.shop_reply',
      'r.shop_reply_at',
      's.name as staff_name',
      'p.id as product_id',
      'p.name as product_name',
      'p.slug as product_slug',
    ])
    .where('r.tenant_id', '=', tenantId);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['executeTakeFirstOrThrow']>>;

function toModerationReview(r: ReviewRow): ModerationReview {
  return {
    id: r.id,
    status: r.status,
    rating: r.rating,
    comment: r.comment,
    author: r.username,
    created_at: toIsoString(r.created_at),
    is_verified_purchase: toBool(r.is_verified_purchase),
    incentivised: toBool(r.incentivised),
    held_for_links: heldForLinks(r.comment),
    product: { id: r.product_id, name: r.product_name, slug: r.product_slug },
    shop_reply:
      r.shop_reply === null || r.shop_reply_at === null
        ? null
        : {
            content: r.shop_reply,
            created_at: toIsoString(r.shop_reply_at),
            staff_name: r.staff_name ?? null,
          },
  };
}

/**
 * Review `id` of the shop as the queue shows it (a move's answer).
 * @throws DomainError `moderation_item_not_found`.
 */
export async function getModeratedReview(
  db: Db,
  tenantId: number,
  id: number,
): Promise<ModerationReview> {
  return queueItem(
    id,
    () => reviewRows(db, tenantId).where('r.id', '=', id).executeTakeFirst(),
    toModerationReview,
  );
}

/** How the moves change a review (see ModeratedStore): its status and `reviews.shop_reply`. */
export const reviewStore = moderatedStore('reviews', {
  async writeReply(trx, acting, id, text, now) {
    const before = await replyOf(trx, id);
    await trx
      .updateTable('reviews')
      .set({ shop_reply: text, shop_reply_at: now, shop_reply_staff_id: acting.staff.id })
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .execute();
    return before;
  },

  async deleteReply(trx, _tenantId, id) {
    const before = await replyOf(trx, id);
    if (before !== null) {
      await trx
        .updateTable('reviews')
        .set({ shop_reply: null, shop_reply_at: null, shop_reply_staff_id: null })
        .where('id', '=', id)
        .execute();
    }
    return before;
  },
});

/** The shop's reply to review `id` (locked by the move), or null. */
async function replyOf(trx: Trx, id: number): Promise<string | null> {
  const row = await trx
    .selectFrom('reviews')
    .select('shop_reply')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.shop_reply;
}
