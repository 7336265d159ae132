/**
 * The contact inbox of the back office (permission `inbox.manage`): the messages shoppers send
 * through the contact form (./contact.ts), read and unread, archived or not, and the shop's
 * replies by e-mail.
 *
 * - The list is newest first (25 a page), the inbox (not archived) by default; `unread` keeps
 *   only messages nobody opened, `archived` shows the archive instead. Each page says how many
 *   unread messages the inbox holds (the navigation's badge).
 * - Opening a message marks it read (once: `contact_message.read` in the log); a member may
 *   mark it unread again, archive it and bring it back.
 * - A reply is e-mailed through the outbox in the transaction that keeps it: from the shop's
 *   address (the outbox's sender), Reply-To the shop's contact address, to the message's
 *   sender, subject "Re: <subject>", the reply then the original message quoted, HTML and text
 *   (server/staff/emails/staff-emails.tsx). The message keeps every reply: who,
 *   when, what. Replying marks the message read.
 *
 * Every change writes the activity log (`contact_message.archive`, `.reply`, ...) with the
 * fields before and after, in the change's transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { sentMessage } from './contact.ts';
import type { Acting } from '../platform/journal.ts';
import type { ContactReplyEmailData } from '../staff/emails/staff-email-data.ts';
import { queueStaffEmail, staffEmailShop } from '../staff/staff-mail.ts';
import {
  checkReplyText,
  notFound,
  pageBounds,
  pageOf,
  type PageOfItems,
  refused,
} from './moderation-queue.ts';

/** Messages a page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/** The longest reply (characters). */
export const MAX_INBOX_REPLY_LENGTH = 10_000;

/** A reply the shop sent. */
export interface InboxReply {
  id: number;
  body: string;
  created_at: string;
  /** The member who sent it (their name as it was). */
  staff_name: string;
}

/** A message in the list. */
export interface InboxMessageSummary {
  id: number;
  name: string;
  email: string;
  subject: string;
  /** The first 140 characters of the message, on one line. */
  excerpt: string;
  created_at: string;
  is_read: boolean;
  is_archived: boolean;
  reply_count: number;
}

/** A message opened. */
export interface InboxMessage extends Omit<InboxMessageSummary, 'excerpt' | 'reply_count'> {
  phone_number: string | null;
  message: string;
  read_at: string | null;
  archived_at: string | null;
  replies: InboxReply[];
}

/** One page of the inbox. */
export interface InboxPage extends PageOfItems<InboxMessageSummary> {
  /** Unread messages in the inbox (not archived), whatever the filter. */
  unreadCount: number;
}

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What a refused inbox move says. */
export const INBOX_MESSAGES = {
  alreadyUnread: 'This message is already unread.',
  alreadyArchived: 'This message is already archived.',
  notArchived: 'This message is not archived.',
} as const;

/**
 * Page `filters.page` of shop `tenantId`'s contact messages, newest first (see the module
 * comment).
 * @throws DomainError `invalid_moderation_page` ("Invalid page.") past the last.
 */
export async function listInbox(
  db: Db,
  tenantId: number,
  filters: { unread?: boolean; archived?: boolean; page?: number },
): Promise<InboxPage> {
  const { page, offset } = pageBounds(filters.page, INBOX_PAGE_SIZE);
  let query = db
    .selectFrom('contact_messages as m')
    .where('m.tenant_id', '=', tenantId)
    .where('m.archived_at', filters.archived ? 'is not' : 'is', null);
  if (filters.unread) query = query.where('m.read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    query
      .select((eb) => [
        'm.id',
        'm.name',
        'm.email',
        'm.subject',
        'm.message',
        'm.created_at',
        'm.read_at',
        'm.archived_at',
        eb
          .selectFrom('contact_message_replies as r')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('r.message_id', '=', 'm.id')
          .as('reply_count'),
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(INBOX_PAGE_SIZE)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('archived_at', 'is', null)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const results = rows.map((m): InboxMessageSummary => {
    const flat = m.message.replace(/\s+/g, ' ').trim();
    return {
      id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      excerpt: flat.length > 140 ? `${flat.slice(0, 139)}…` : flat,
      created_at: toIsoString(m.created_at),
      is_read: m.read_at !== null,
      is_archived: m.archived_at !== null,
      reply_count: toCount(m.reply_count),
    };
  });
  return {
    ...pageOf(page, toCount(total.n), results, INBOX_PAGE_SIZE),
    unreadCount: toCount(unread.n),
  };
}

/** The message `id` of the shop, locked (a write first, as orders lock), or 404. */
async function lockMessage(trx: Trx, tenantId: number, id: number) {
  if (!isRowId(id)) throw notFound();
  const row = await trx
    .updateTable('contact_messages')
    .set((eb) => ({ subject: eb.ref('subject') }))
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Message `id` with its replies, oldest reply first. */
async function readMessage(db: Db | Trx, tenantId: number, id: number): Promise<InboxMessage> {
  const [m, replies] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
    db
      .selectFrom('contact_message_replies')
      .select(['id', 'body', 'created_at', 'staff_name'])
      .where('message_id', '=', id)
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  if (!m) throw notFound();
  return {
    ...sentMessage(m),
    is_read: m.read_at !== null,
    is_archived: m.archived_at !== null,
    read_at: m.read_at === null ? null : toIsoString(m.read_at),
    archived_at: m.archived_at === null ? null : toIsoString(m.archived_at),
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      created_at: toIsoString(r.created_at),
      staff_name: r.staff_name,
    })),
  };
}

/** Writes `set` to message `id` (which the caller locked). */
async function setMessage(
  trx: Trx,
  id: number,
  set: { read_at?: string | null; archived_at?: string | null },
): Promise<void> {
  await trx.updateTable('contact_messages').set(set).where('id', '=', id).execute();
}

/** Journals one inbox change (`contact_message.<action>` on message `id`) in `trx`. */
async function logChange(
  trx: Trx,
  acting: Acting,
  id: number,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await acting.journal(
    trx,
    {
      action: `contact_message.${action}`,
      objectType: 'contact_message',
      objectId: id,
      before,
      after,
    },
    at,
  );
}

/**
 * Opens message `id` of shop `acting.tenantId`: its text, its replies, and marks it read the
 * first time (journalled through `acting.journal` as `contact_message.read`).
 * @throws DomainError `moderation_item_not_found` (404) for no such message in the shop.
 */
export async function openMessage(
  db: Db,
  acting: Acting,
  id: number,
  at: Date = new Date(),
): Promise<InboxMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await lockMessage(trx, acting.tenantId, id);
    if (row.read_at === null) {
      await setMessage(trx, id, { read_at: at.toISOString() });
      await logChange(trx, acting, id, 'read', { is_read: false }, { is_read: true }, at);
    }
    return readMessage(trx, acting.tenantId, id);
  });
}

/**
 * Makes one of the inbox's moves on message `id` of shop `acting.tenantId`: `unread` (mark it
 * unread again), `archive`, `unarchive`; journalled through `acting.journal`
 * (`contact_message.mark_unread`, `.archive`, `.unarchive`).
 * @returns the message afterwards.
 * @throws DomainError `moderation_item_not_found`; `moderation_move_refused` (409) when it is
 *   already so ("This message is already archived.").
 */
export async function moveMessage(
  db: Db,
  acting: Acting,
  id: number,
  move: 'unread' | 'archive' | 'unarchive',
  at: Date = new Date(),
): Promise<InboxMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await lockMessage(trx, acting.tenantId, id);
    const now = at.toISOString();
    if (move === 'unread') {
      if (row.read_at === null) throw refused(INBOX_MESSAGES.alreadyUnread);
      await setMessage(trx, id, { read_at: null });
      await logChange(trx, acting, id, 'mark_unread', { is_read: true }, { is_read: false }, at);
    } else {
      const archive = move === 'archive';
      if (archive === (row.archived_at !== null)) {
        throw refused(archive ? INBOX_MESSAGES.alreadyArchived : INBOX_MESSAGES.notArchived);
      }
      await setMessage(trx, id, { archived_at: archive ? now : null });
      await logChange(
        trx,
        acting,
        id,
        move,
        { is_archived: !archive },
        { is_archived: archive },
        at,
      );
    }
    return readMessage(trx, acting.tenantId, id);
  });
}

/**
 * E-mails the member's reply `body` to the sender of message `id` through the outbox and keeps
 * it on the message (see the module comment). The caller wakes the outbox after this returns.
 * @param acting the member replying: the shop (`tenantId`), who signs the reply
 *   (`staff.id`, `staff.name`), and the journal that logs it as `contact_message.reply`.
 * @param origin the storefront's origin (the e-mail's links and logo).
 * @returns the message afterwards, the reply last among its replies.
 * @throws DomainError `moderation_item_not_found`; `invalid_moderation_input` (field `body`:
 *   blank, over 10,000 characters, control characters).
 */
export async function replyToMessage(
  db: Db,
  acting: Acting,
  id: number,
  body: unknown,
  origin: string,
  at: Date = new Date(),
): Promise<InboxMessage> {
  const text = checkReplyText(body, 'body', MAX_INBOX_REPLY_LENGTH);
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const message = await lockMessage(trx, acting.tenantId, id);
    const reply = await trx
      .insertInto('contact_message_replies')
      .values({
        tenant_id: acting.tenantId,
        message_id: id,
        staff_id: acting.staff.id,
        staff_name: acting.staff.name,
        body: text,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const data: ContactReplyEmailData = {
      kind: 'contact_reply',
      shop: await staffEmailShop(trx, acting.tenantId, origin, 'no-reply@invalid.example'),
      customerName: message.name,
      subject: message.subject,
      reply: text,
      original: { message: message.message, sentAt: toIsoString(message.created_at) },
    };
    await queueStaffEmail(
      trx,
      {
        tenantId: acting.tenantId,
        recipient: message.email,
        data,
        dedupeKey: `contact-reply:${reply.id}`,
      },
      at,
    );
    if (message.read_at === null) {
      await setMessage(trx, id, { read_at: now });
    }
    await logChange(
      trx,
      acting,
      id,
      'reply',
      { reply_count: await replyCountBefore(trx, id) },
      { reply: text, to: message.email },
      at,
    );
    return readMessage(trx, acting.tenantId, id);
  });
}

/** The replies of message `id` before the one just written. */
async function replyCountBefore(trx: Trx, id: number): Promise<number> {
  const row = await trx
    .selectFrom('contact_message_replies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('message_id', '=', id)
    .executeTakeFirstOrThrow();
  return toCount(row.n) - 1;
}
