/**
 * Migration 2026_039_gift_cards: gift cards sold as products, redeemed at checkout, and store
 * credit (issue 42, decision 090; vouchers: Council Directive (EU) 2016/1065, HMRC VAT Notice
 * 700/7). Shipped once released; never edit it then, add a later migration instead.
 *
 * - `products.gift_card`: the product is a gift card (sold in amounts, delivered by e-mail,
 *   never discounted, never shipped); `gift_card_amounts` the amounts the owner offers (JSON
 *   array of cents, `[]` none), `gift_card_min_cents`/`gift_card_max_cents` the range of a
 *   custom amount (both null: no custom amount).
 * - `cart_items.gift_card` and `order_items.gift_card`: the buyer's choice (JSON: amount,
 *   recipient, message, delivery date; the order line adds the voucher kind, `spv`|`mpv`).
 * - `orders.gift_card_cents`: what gift cards paid of the order's total (the provider or the
 *   transfer is due the rest).
 * - `gift_cards`: one card; its code is kept only as `code_hash` (SHA-256 of the pepper and the
 *   code, null until the card is delivered) and `last_four`; `balance_cents` never below 0.
 * - `gift_card_moves`: a card's history (issued, spent, given back, refunded, cancelled).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** See the module comment. */
export function giftCardsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      // One column a statement: SQLite's ALTER TABLE adds one at a time.
      const products = () => db.schema.alterTable('products');
      await products()
        .addColumn('gift_card', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await products()
        .addColumn('gift_card_amounts', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await products().addColumn('gift_card_min_cents', 'integer').execute();
      await products().addColumn('gift_card_max_cents', 'integer').execute();
      await db.schema.alterTable('cart_items').addColumn('gift_card', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('gift_card', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('gift_card_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('gift_cards'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('last_four', 'varchar(4)')
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('initial_cents', 'integer', (c) => c.notNull())
        .addColumn('balance_cents', 'integer', (c) => c.notNull().check(sql`balance_cents >= 0`))
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('voucher', 'varchar(3)', (c) => c.notNull())
        .addColumn('vat_rate_bp', 'integer')
        .addColumn('order_item_id', 'integer', (c) => c.references('order_items.id'))
        .addColumn('recipient_name', 'varchar(120)', (c) => c.notNull())
        .addColumn('recipient_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('deliver_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('delivered_at', 'timestamptz')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gift_cards_to_deliver')
        .on('gift_cards')
        .columns(['delivered_at', 'deliver_on'])
        .execute();
      await db.schema
        .createIndex('gift_cards_tenant')
        .on('gift_cards')
        .columns(['tenant_id', 'id'])
        .execute();
      await withId(db.schema.createTable('gift_card_moves'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
        .addColumn('gift_card_id', 'integer', (c) => c.notNull().references('gift_cards.id'))
        .addColumn('kind', 'varchar(12)', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('note', 'text')
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gift_card_moves_card')
        .on('gift_card_moves')
        .columns(['gift_card_id', 'id'])
        .execute();
      await db.schema
        .createIndex('gift_card_moves_order')
        .on('gift_card_moves')
        .columns(['order_id'])
        .execute();
    },
  };
}
