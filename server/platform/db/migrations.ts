/**
 * Schema migrations, kept in code (no file scanning, so they work the same under tsx, vitest and
 * a bundle) and run at start-up by `migrateToLatest`. Each migration is written once for both
 * dialects; the only difference is how an auto-increment id is spelled (./migrations/
 * schema-helpers.ts).
 *
 * Each migration lives in ./migrations/, in a file named after its id; this module lists them
 * in the order they run. Their ids are stored in every database that ran them: never rename,
 * reorder or edit one that has shipped; append a new one.
 */
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect, DbHandle } from './connection.ts';
import { catalogMigration } from './migrations/2026-001-catalog.ts';
import { accountsMigration } from './migrations/2026-002-accounts.ts';
import { ordersMigration } from './migrations/2026-003-orders.ts';
import { contentMigration } from './migrations/2026-004-content.ts';
import { accountMigration } from './migrations/2026-005-account.ts';
import { orderLifecycleMigration } from './migrations/2026-006-order-lifecycle.ts';
import { makersShopMigration } from './migrations/2026-007-makers-shop.ts';
import { moneyAndStockMigration } from './migrations/2026-008-money-and-stock.ts';
import { catalogueAtScaleMigration } from './migrations/2026-009-catalogue-at-scale.ts';
import { backOfficeMigration } from './migrations/2026-010-back-office.ts';
import { catalogueEditingMigration } from './migrations/2026-011-catalogue-editing.ts';
import { stockAndCategoriesMigration } from './migrations/2026-012-stock-and-categories.ts';
import { mediaMigration } from './migrations/2026-013-media.ts';
import { moderationAndInboxMigration } from './migrations/2026-014-moderation-and-inbox.ts';
import { contentEditingMigration } from './migrations/2026-015-content-editing.ts';
import { shopSettingsMigration } from './migrations/2026-016-shop-settings.ts';
import { cancellationRightsMigration } from './migrations/2026-017-cancellation-rights.ts';
import { sellerAndVatMigration } from './migrations/2026-018-seller-and-vat.ts';
import { priceHistoryAndDeliveryMigration } from './migrations/2026-019-price-history-and-delivery.ts';
import { accountErasureMigration } from './migrations/2026-020-account-erasure.ts';
import { emailVerificationMigration } from './migrations/2026-021-email-verification.ts';
import { confirmedOverpaymentsMigration } from './migrations/2026-022-confirmed-overpayments.ts';
import { staffCredentialsMigration } from './migrations/2026-023-staff-credentials.ts';
import { nameWordsIndexMigration } from './migrations/2026-024-name-words-index.ts';
import { productNameWordsMigration } from './migrations/2026-025-product-name-words.ts';
import { shopsMigration } from './migrations/2026-026-shops.ts';
import { shopLaunchMigration } from './migrations/2026-027-shop-launch.ts';
import { cardCredentialsCheckMigration } from './migrations/2026-028-card-credentials-check.ts';

/** All migrations in order, keyed by a name that sorts chronologically. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026_001_catalog': catalogMigration(dialect),
    '2026_002_accounts': accountsMigration(dialect),
    '2026_003_orders': ordersMigration(dialect),
    '2026_004_content': contentMigration(dialect),
    '2026_005_account': accountMigration(dialect),
    '2026_006_order_lifecycle': orderLifecycleMigration(dialect),
    '2026_007_makers_shop': makersShopMigration(dialect),
    '2026_008_money_and_stock': moneyAndStockMigration(dialect),
    '2026_009_catalogue_at_scale': catalogueAtScaleMigration(dialect),
    '2026_010_back_office': backOfficeMigration(dialect),
    '2026_011_catalogue_editing': catalogueEditingMigration(dialect),
    '2026_012_stock_and_categories': stockAndCategoriesMigration(dialect),
    '2026_013_media': mediaMigration(dialect),
    '2026_014_moderation_and_inbox': moderationAndInboxMigration(dialect),
    '2026_015_content_editing': contentEditingMigration(dialect),
    '2026_016_shop_settings': shopSettingsMigration(dialect),
    '2026_017_cancellation_rights': cancellationRightsMigration(dialect),
    '2026_018_seller_and_vat': sellerAndVatMigration(dialect),
    '2026_019_price_history_and_delivery': priceHistoryAndDeliveryMigration(dialect),
    '2026_020_account_erasure': accountErasureMigration(dialect),
    '2026_021_email_verification': emailVerificationMigration(dialect),
    '2026_022_confirmed_overpayments': confirmedOverpaymentsMigration(dialect),
    '2026_023_staff_credentials': staffCredentialsMigration(dialect),
    '2026_024_name_words_index': nameWordsIndexMigration(dialect),
    '2026_025_product_name_words': productNameWordsMigration(dialect),
    '2026_026_shops': shopsMigration(dialect),
    '2026_027_shop_launch': shopLaunchMigration(),
    '2026_028_card_credentials_check': cardCredentialsCheckMigration(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

/**
 * Brings the schema up to date; a no-op when it already is (safe on every start).
 * @returns the names of the migrations applied by this call.
 * @throws the first migration error (the failed migration is rolled back on PostgreSQL, which
 *   has transactional DDL).
 */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeProvider(handle.dialect),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
