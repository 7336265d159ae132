import { existsSync } from 'node:fs';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { createTestDatabase, testDatabaseUrl } from '../../test/test-app.ts';
import { migrateToLatest } from './migrations.ts';

describe('migrations across restarts', () => {
  it('apply once, keep the data, and do not seed twice', async () => {
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({}),
      sqlitePath: database.sqlitePath,
      mediaDir: `${database.dir}/media`,
      serveSpa: false,
    };
    try {
      expect(await migrateToLatest(database.handle)).toEqual([
        '2026_001_catalog',
        '2026_002_accounts',
        '2026_003_orders',
        '2026_004_content',
        '2026_005_account',
        '2026_006_order_lifecycle',
        '2026_007_makers_shop',
        '2026_008_money_and_stock',
        '2026_009_catalogue_at_scale',
        '2026_010_back_office',
        '2026_011_catalogue_editing',
        '2026_012_stock_and_categories',
        '2026_013_media',
        '2026_014_moderation_and_inbox',
        '2026_015_content_editing',
        '2026_016_shop_settings',
        '2026_017_cancellation_rights',
        '2026_018_seller_and_vat',
        '2026_019_price_history_and_delivery',
        '2026_020_account_erasure',
        '2026_021_email_verification',
        '2026_022_confirmed_overpayments',
        '2026_023_staff_credentials',
        '2026_024_name_words_index',
        '2026_025_product_name_words',
        '2026_026_shops',
        '2026_027_shop_launch',
        '2026_028_card_credentials_check',
        '2026_029_scheduled_jobs',
        '2026_030_refund_lines_and_slips',
        '2026_031_photo_framing',
        '2026_032_category_adults_only',
        '2026_033_push_notifications',
        '2026_034_product_safety',
        '2026_035_honest_reviews',
        '2026_036_destination_vat',
        '2026_037_discount_codes',
        '2026_038_sales',
        '2026_039_gift_cards',
        '2026_040_variants',
        '2026_041_back_in_stock',
        '2026_042_refunds_to_gift_cards',
      ]);
      expect(await migrateToLatest(database.handle)).toEqual([]);

      const first = await buildApp({
        config,
        database: database.handle,
        seed: { skipMedia: true },
        logger: false,
      });
      const count = async (db = first.db) => {
        const { n } = await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(n);
      };
      const products = await count();
      expect(products).toBeGreaterThan(0);
      await first.close();

      // A second process on the same database: the schema is current and the data is still there.
      const reopened = database.reopen();
      try {
        if (!testDatabaseUrl) expect(existsSync(database.sqlitePath)).toBe(true);
        expect(await migrateToLatest(reopened)).toEqual([]);
        const second = await buildApp({
          config,
          database: reopened,
          seed: { skipMedia: true },
          logger: false,
        });
        expect(await count(second.db)).toBe(products);
        const tenants = await second.db.selectFrom('tenants').select('token').execute();
        expect(new Set(tenants.map((r) => r.token)).size).toBe(tenants.length);
        await second.close();
      } finally {
        await reopened.db.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});
