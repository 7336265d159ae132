/**
 * Migration 2026_018_seller_and_vat: who the seller is and the VAT it charges, snapshotted on
 * each order. Shipped once released; never edit it then, add a later migration instead.
 *
 * What the E-Commerce Regulations 2002 reg. 6 and the Companies Act 2006 trading disclosures
 * ask a shop to show, and what a VAT invoice carries (HMRC VAT Notice 700/21, EU VAT Directive
 * art. 226):
 * - `site_settings.legal_name` (the registered or trading name; the site title until the owner
 *   sets it), `legal_address` (a geographic address, lines joined by "\n"; '' until set),
 *   `legal_email` (the contact e-mail until set), `company_number` and `vat_number` (null:
 *   none), `vat_registered` (false) and `vat_rate_bp`, the standard rate in basis points
 *   (2000 = 20 %; null while not registered).
 * - `orders.vat_rate_bp`: the rate in force when the order was placed (null: the shop charged
 *   no VAT), so a later change of rate never changes an order's VAT.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

/** See the module comment. */
export function sellerAndVatMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      // One column a statement: SQLite's ALTER TABLE adds one at a time.
      const site = () => db.schema.alterTable('site_settings');
      await site()
        .addColumn('legal_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
      await site()
        .addColumn('legal_address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
      await site()
        .addColumn('legal_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .execute();
      await site().addColumn('company_number', 'varchar(20)').execute();
      await site().addColumn('vat_number', 'varchar(20)').execute();
      await site()
        .addColumn('vat_registered', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await site().addColumn('vat_rate_bp', 'integer').execute();
      await sql`update site_settings set legal_name = site_title, legal_email = contact_email`.execute(
        db,
      );
      await db.schema.alterTable('orders').addColumn('vat_rate_bp', 'integer').execute();
    },
  };
}
