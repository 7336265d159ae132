/**
 * Migration 2026_036_destination_vat: VAT where the buyer is, and the One-Stop Shop (issue 41,
 * decision 087; Council Directive 2006/112/EC arts 33(a), 59c and 369a-369k as amended by
 * Directive (EU) 2017/2455 and 2019/1995). Shipped once released; never edit it then, add a
 * later migration instead.
 *
 * - `site_settings.vat_country`: the country the shop is established in, whose VAT its prices
 *   include (ISO 3166-1 alpha-2; null: unknown). Backfilled from the country the shop opened
 *   with (`shop_settings.default_country`, issue 38), else its VAT number's prefix (`EL` is
 *   Greece, `GR`; `XI`, Northern Ireland, is the United Kingdom, `GB`), which the owner may
 *   correct.
 * - `site_settings.vat_mode`: `single` (one rate for every order, as before) or `destination`
 *   (an EU shop charges the VAT of the member state the goods go to). `single` for every shop.
 * - `site_settings.vat_prices`: `same_gross` (prices stay; the VAT included changes) or
 *   `recompute_net` (the net stays; the price follows the rate). `same_gross` for every shop.
 * - `site_settings.oss_number`: the OSS identification number the shop declares under (its
 *   VAT number in the member state of identification, art. 369d); null: none given.
 * - `orders.vat_country`: the country the order was taxed in, kept beside `vat_rate_bp`.
 *   Existing orders with a rate were all taxed at home: backfilled with the shop's country;
 *   orders without VAT keep null.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

/** See the module comment. */
export function destinationVatMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      // One column a statement: SQLite's ALTER TABLE adds one at a time.
      const site = () => db.schema.alterTable('site_settings');
      await site().addColumn('vat_country', 'varchar(2)').execute();
      await site()
        .addColumn('vat_mode', 'varchar(12)', (c) => c.notNull().defaultTo('single'))
        .execute();
      await site()
        .addColumn('vat_prices', 'varchar(16)', (c) => c.notNull().defaultTo('same_gross'))
        .execute();
      await site().addColumn('oss_number', 'varchar(20)').execute();
      await db.schema.alterTable('orders').addColumn('vat_country', 'varchar(2)').execute();
      await sql`update site_settings set vat_country = coalesce(
          (select s.default_country from shop_settings s
            where s.tenant_id = site_settings.tenant_id),
          case upper(substr(vat_number, 1, 2)) when 'EL' then 'GR' when 'XI' then 'GB'
            else upper(substr(vat_number, 1, 2)) end
        )`.execute(db);
      await sql`update orders set vat_country = (
          select v.vat_country from site_settings v where v.tenant_id = orders.tenant_id
        ) where vat_rate_bp is not null`.execute(db);
    },
  };
}
