/**
 * What the back office's moderation queues (./review-moderation.ts, ./comment-moderation.ts),
 * their moves (./moderation.ts) and the contact inbox (./inbox.ts) share: the statuses and the
 * words of a refused move, the shape of a page of a queue (25 items, 1-based pages, each page
 * with every status's count), the errors they raise and the check of a reply's text.
 *
 * Errors: `moderation_item_not_found` (an id that names nothing in the shop),
 * `moderation_move_refused` (a move the item's status does not allow), `invalid_moderation_input`
 * (a reply's field errors), `invalid_moderation_page` (a page past the last); the codes are
 * described in ./moderation-errors.ts. Spec: openapi/admin.yaml, tag moderation.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ModerationStatus } from './tables.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toCount } from '../platform/db/mapping.ts';
import { pageStart } from '../platform/db/page-offset.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import type { Acting } from '../platform/journal.ts';
import type { ModerationErrorCode } from './moderation-errors.ts';

export type { ModerationStatus };

type Trx = Transaction<Database>;

/** Every status, in the order the back office's filter offers them. */
export const MODERATION_STATUSES: readonly ModerationStatus[] = [
  'pending',
  'approved',
  'hidden',
  'rejected',
];

/** Items a page of a queue. */
export const MODERATION_PAGE_SIZE = 25;

/** The longest shop reply (characters), as long as a shopper's review or comment may be. */
export const MAX_REPLY_LENGTH = 4000;

/** What a refused move says. */
export const MODERATION_MESSAGES = {
  approve: (what: string) =>
    `Only a waiting ${what} can be approved; restore a hidden or rejected one.`,
  reject: (what: string) => `Only a waiting ${what} can be rejected.`,
  hide: (what: string) => `Only a shown ${what} can be hidden.`,
  restore: (what: string) => `Only a hidden or rejected ${what} can be restored.`,
  noReply: 'There is no reply to delete.',
  tooLong: tooLongMessage(MAX_REPLY_LENGTH),
  control: 'Control characters are not allowed.',
} as const;

/** What kind of item a move is about. */
export type ModeratedKind = 'review' | 'comment';

/** The shop's reply as the back office shows it. */
export interface ShopReplyView {
  content: string;
  created_at: string;
  /** The member who wrote it last, or null once removed. */
  staff_name: string | null;
}

/** What a queue shows of every item, review or comment, besides its own fields. */
export interface ModeratedItem {
  id: number;
  status: ModerationStatus;
  /** The shopper's name as shown, or null. */
  author: string | null;
  created_at: string;
  /** True when the link rule holds it (./link-rule.ts). */
  held_for_links: boolean;
  shop_reply: ShopReplyView | null;
}

/** How many items each status has (the filter's counts). */
export type StatusCounts = Record<ModerationStatus, number>;

/** One page of a list: the total, the neighbouring pages (null at either end), the items. */
export interface PageOfItems<T> {
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: T[];
}

/** One page of a queue. */
export interface ModerationPage<T> extends PageOfItems<T> {
  statusCounts: StatusCounts;
}

/** A queue's filters: the status shown (`pending` by default) and the page (1 by default). */
export interface QueueFilters {
  status?: ModerationStatus;
  page?: number;
}

/** 404 `moderation_item_not_found`: no such item in the shop. */
export const notFound = () =>
  new DomainError<ModerationErrorCode>('moderation_item_not_found', 'Not found.');
/** 409 `moderation_move_refused` with the rule in words. */
export const refused = (message: string) =>
  new DomainError<ModerationErrorCode>('moderation_move_refused', message);
const invalid = (fields: FieldErrors) =>
  new DomainError<ModerationErrorCode>('invalid_moderation_input', 'Invalid input.', { fields });
const invalidPage = () =>
  new DomainError<ModerationErrorCode>('invalid_moderation_page', 'Invalid page.');

// eslint-disable-next-line no-control-regex -- the rule is about control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A reply's text, trimmed: plain text, 1 to MAX_REPLY_LENGTH characters, line breaks allowed,
 * no other control character.
 * @throws DomainError `invalid_moderation_input` on `field`.
 */
export function checkReplyText(value: unknown, field = 'content', max = MAX_REPLY_LENGTH): string {
  if (typeof value !== 'string') throw invalid({ [field]: ['Not a valid string.'] });
  if (value.includes('\u0000')) throw invalid({ [field]: [NUL_MESSAGE] });
  if (CONTROL.test(value)) throw invalid({ [field]: [MODERATION_MESSAGES.control] });
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') throw invalid({ [field]: [BLANK_MESSAGE] });
  if (text.length > max) {
    throw invalid({ [field]: [tooLongMessage(max)] });
  }
  return text;
}

/**
 * Page `page` (1 when undefined) of a list `pageSize` items a page, and its row offset.
 * @throws DomainError `invalid_moderation_page` ("Invalid page.") for a page that cannot exist.
 */
export function pageBounds(
  page: number | undefined,
  pageSize = MODERATION_PAGE_SIZE,
): { page: number; offset: number } {
  return pageStart(page, pageSize, invalidPage);
}

/**
 * Page `page` of a list of `count` items, `pageSize` a page, holding `results`.
 * @throws DomainError `invalid_moderation_page` for an empty page past the first.
 */
export function pageOf<T>(
  page: number,
  count: number,
  results: T[],
  pageSize = MODERATION_PAGE_SIZE,
): PageOfItems<T> {
  if (page > 1 && results.length === 0) throw invalidPage();
  return {
    count,
    nextPage: page * pageSize < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    results,
  };
}

function countsOf(rows: readonly { status: string; n: number | string | bigint }[]): StatusCounts {
  const counts: StatusCounts = { pending: 0, approved: 0, hidden: 0, rejected: 0 };
  for (const row of rows) {
    if ((MODERATION_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as ModerationStatus] = toCount(row.n);
    }
  }
  return counts;
}

/**
 * Page `filters.page` of a queue in `filters.status` (`pending` by default), 25 a page, with
 * every status's count: `readRows` reads the page's rows at `offset`, `readCounts` the number of
 * items a status, and `toItems` makes the page's items of its rows.
 * @throws DomainError `invalid_moderation_page` ("Invalid page.") past the last page.
 */
export async function queuePage<R, T>(
  filters: QueueFilters,
  readRows: (status: ModerationStatus, offset: number) => Promise<R[]>,
  readCounts: () => Promise<{ status: string; n: number | string | bigint }[]>,
  toItems: (rows: R[]) => T[] | Promise<T[]>,
): Promise<ModerationPage<T>> {
  const status = filters.status ?? 'pending';
  const { page, offset } = pageBounds(filters.page);
  const [rows, counts] = await Promise.all([readRows(status, offset), readCounts()]);
  const items = await toItems(rows);
  const statusCounts = countsOf(counts);
  return { ...pageOf(page, statusCounts[status], items), statusCounts };
}

/**
 * Item `id` as a queue shows it (a move's answer): `read` finds its row in the shop (undefined
 * for none), `toItem` makes the item of the row.
 * @throws DomainError `moderation_item_not_found` for an id that is no row id (not a positive
 *   whole number) or names no row.
 */
export async function queueItem<R, T>(
  id: number,
  read: () => Promise<R | undefined>,
  toItem: (row: R) => T | Promise<T>,
): Promise<T> {
  if (!isRowId(id)) throw notFound();
  const row = await read();
  if (!row) throw notFound();
  return toItem(row);
}

/**
 * One kind of moderated item as the moves (./moderation.ts) change it; each call runs in the
 * move's transaction, on an item of shop `tenantId` (or `acting.tenantId`).
 */
export interface ModeratedStore {
  /**
   * The status of item `id`, locked: a write first, never a read (as orders lock: on SQLite a
   * transaction that read before it writes fails at once when another connection wrote in
   * between, instead of waiting), so two moderators' moves on one item run one after the other;
   * undefined when the shop has no such item.
   */
  lockStatus(trx: Trx, tenantId: number, id: number): Promise<ModerationStatus | undefined>;
  /** Sets item `id`'s status. */
  setStatus(trx: Trx, tenantId: number, id: number, status: ModerationStatus): Promise<void>;
  /**
   * Writes (or rewrites) the shop's reply `text` to item `id` of shop `acting.tenantId`, signed
   * by `acting.staff.id`; returns the text it replaced. The move journals it, not the store.
   */
  writeReply(
    trx: Trx,
    acting: Acting,
    id: number,
    text: string,
    now: string,
  ): Promise<string | null>;
  /** Removes the shop's reply to item `id`; returns its text, null when there was none. */
  deleteReply(trx: Trx, tenantId: number, id: number): Promise<string | null>;
}

/** The tables whose rows are moderated items: each has `id`, `tenant_id` and `status`. */
type ModeratedTable = 'reviews' | 'blog_comments';

/**
 * The store of the items of `table` (see ModeratedStore): their status is the row's `status`
 * column, locked by writing it to itself; `replies` writes and deletes the shop's reply. For
 * `blog_comments`, the shop's own replies (`is_shop_reply`) are rows of the table but no items:
 * `lockStatus` finds none of them.
 */
export function moderatedStore(
  table: ModeratedTable,
  replies: Pick<ModeratedStore, 'writeReply' | 'deleteReply'>,
): ModeratedStore {
  return {
    async lockStatus(trx, tenantId, id) {
      const row = await trx
        .updateTable(table)
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .$if(table === 'blog_comments', (qb) => qb.where('is_shop_reply', '=', 0))
        .returning('status')
        .executeTakeFirst();
      return row?.status;
    },

    async setStatus(trx, tenantId, id, status) {
      await trx
        .updateTable(table)
        .set({ status })
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .execute();
    },

    ...replies,
  };
}
