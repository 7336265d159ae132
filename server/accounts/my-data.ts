/**
 * A copy of everything the shop keeps about a shopper, for the shopper (UK GDPR / GDPR art. 15,
 * the right of access, and art. 20, portability: a structured, machine-readable file), as the
 * contract's AccountDataExport.
 *
 * It holds the account (no password hash, no token), the saved addresses, the orders with
 * their lines, every payment attempt's status (no provider reference beyond what the order page
 * shows, no credential), the reviews and blog comments the shopper wrote, the contact messages
 * that are provably the account's ({@link ownContactMessages}) with the shop's answers (without
 * the staff member's name), the cart, and the "E-mail me when it is back" requests waiting
 * (server/catalog/back-in-stock.ts: made signed in, or for the verified address). Every query is bound to the tenant and the user, so
 * nobody else's data can appear in it.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import { toDecimal } from '../../common/money.ts';
import { shopperRefundStatus, toOrders } from '../orders/read-model.ts';
import type { ShopperMoveFacts } from '../orders/shopper-moves.ts';
import { findCartId, loadCart } from '../cart/cart.ts';
import { sentMessage } from '../content/contact.ts';
import { listSavedAddresses } from './address-book.ts';
import { backInStockRequestsOf } from '../catalog/back-in-stock.ts';

export type AccountDataExport = Schemas['AccountDataExport'];

const nullableIso = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/** The account whose contact messages are asked for. */
export interface MessageOwner {
  id: number;
  /** Stored lowercased. */
  email: string;
  /** `users.email_verified_at`: null until a link sent to `email` was opened. */
  email_verified_at: Date | string | null;
}

/**
 * The shop's contact messages that are provably the account's (hardening round four):
 * those sent while it was signed in (`user_id`), and, once its address is verified
 * (server/accounts/email-verification.ts), those a visitor sent from that address. Registration
 * checks no address, so before verification an address proves nothing: whoever registered
 * `Lena.Fischer@example.de` must not read Lena's messages. The data download lists them; the
 * erasure deletes them.
 * @returns a query over `contact_messages` to select from or delete with.
 */
export function ownContactMessages(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: number,
  owner: MessageOwner,
) {
  return db
    .selectFrom('contact_messages')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      owner.email_verified_at === null
        ? eb('user_id', '=', owner.id)
        : eb.or([
            eb('user_id', '=', owner.id),
            eb.and([eb('user_id', 'is', null), eb(sql<string>`lower(email)`, '=', owner.email)]),
          ]),
    );
}

/**
 * The shopper's data file. Reads only (a shopper without a cart gets `cart: null`, none is
 * created).
 * @param moves the shop's facts (../orders/shopper-moves.ts `shopperMoveFacts`): `moves.now` is
 *   the export's time (`exported_at`, and the file name's date), and the orders' `actions` are
 *   read with them.
 * @returns AccountDataExport; lists are oldest first.
 */
export async function exportAccountData(
  db: Kysely<Database>,
  scope: { tenantId: number; userId: number },
  moves: ShopperMoveFacts,
): Promise<AccountDataExport> {
  const { tenantId, userId } = scope;
  const { now } = moves;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'created_at', 'email_verified_at'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();

  const backInStock = await backInStockRequestsOf(
    db,
    tenantId,
    userId,
    user.email_verified_at === null ? null : user.email,
    now,
  );
  const [addresses, orderRows, payments, reviews, comments, messages, cartId] = await Promise.all([
    listSavedAddresses({ db, tenantId, userId }),
    db
      .selectFrom('orders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments as pay')
      .innerJoin('orders as o', 'o.id', 'pay.order_id')
      .select([
        'o.order_number',
        'pay.attempt',
        'pay.status',
        'pay.amount_cents',
        'pay.currency',
        'pay.created_at',
        'pay.captured_at',
        'pay.refund_status',
      ])
      .where('pay.tenant_id', '=', tenantId)
      .where('pay.user_id', '=', userId)
      .where('o.user_id', '=', userId)
      .orderBy('pay.created_at')
      .orderBy('pay.id')
      .execute(),
    db
      .selectFrom('reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select([
        'r.id',
        'r.rating',
        'r.comment',
        'r.status',
        'r.created_at',
        'r.shop_reply',
        'p.id as product_id',
        'p.name as product_name',
        'p.slug as product_slug',
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('blog_comments as c')
      .innerJoin('blog_posts as p', 'p.id', 'c.post_id')
      .select([
        'c.id',
        'c.parent_id',
        'c.content',
        'c.status',
        'c.created_at',
        'p.id as post_id',
        'p.title as post_title',
        'p.slug as post_slug',
      ])
      .where('c.tenant_id', '=', tenantId)
      .where('c.user_id', '=', userId)
      .where('c.is_shop_reply', '=', 0)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute(),
    ownContactMessages(db, tenantId, user)
      .select(['id', 'name', 'email', 'phone_number', 'subject', 'message', 'created_at'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    findCartId(db, tenantId, userId),
  ]);
  const replies =
    messages.length === 0
      ? []
      : await db
          .selectFrom('contact_message_replies')
          .select(['message_id', 'body', 'created_at'])
          .where('tenant_id', '=', tenantId)
          .where(
            'message_id',
            'in',
            messages.map((m) => m.id),
          )
          .orderBy('created_at')
          .orderBy('id')
          .execute();

  return {
    exported_at: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      username: user.username,
      date_joined: toIsoString(user.created_at),
    },
    addresses,
    orders: await toOrders(db, orderRows, moves),
    payments: payments.map((p) => ({
      order_number: p.order_number,
      attempt: p.attempt,
      status: p.status,
      amount: toDecimal(p.amount_cents),
      currency: p.currency,
      created_at: toIsoString(p.created_at),
      captured_at: nullableIso(p.captured_at),
      refund_status: shopperRefundStatus(p.refund_status),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      product: { id: r.product_id, name: r.product_name, slug: r.product_slug },
      rating: r.rating,
      comment: r.comment,
      status: r.status,
      created_at: toIsoString(r.created_at),
      shop_reply: r.shop_reply,
    })),
    blog_comments: comments.map((c) => ({
      id: c.id,
      post: { id: c.post_id, title: c.post_title, slug: c.post_slug },
      parent: c.parent_id,
      content: c.content,
      status: c.status,
      created_at: toIsoString(c.created_at),
    })),
    contact_messages: messages.map((m) => ({
      ...sentMessage(m),
      replies: replies
        .filter((r) => r.message_id === m.id)
        .map((r) => ({ body: r.body, created_at: toIsoString(r.created_at) })),
    })),
    cart: cartId === undefined ? null : await loadCart(db, cartId, tenantId, now),
    back_in_stock_requests: backInStock,
  };
}

/** The export's file name: `my-data-YYYY-MM-DD.json` (the UTC date of `now`). */
export function exportFileName(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
