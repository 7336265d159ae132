/**
 * Schema migrations, kept in code (no file scanning, so they work the same under tsx, vitest and
 * a bundle) and run at start-up by `migrateToLatest`. Each migration is written once for both
 * dialects; the only difference is how an auto-increment id is spelled (./migrations/
 * schema-helpers.ts).
 *
 * Each migration lives in ./migrations/, in a file named after its id; this module lists them
 * in the order they run. Their ids are stored in every database that ran them: never rename,
 * reorder or edit one that has shipped; append a new one.
 *
 * Migrations only go forward (issue 39): none has a `down`, and a database is upgraded by
 * starting a newer release on it (server/platform/db/upgrade.test.ts starts today's code on a
 * database the last release made). Each runs in a transaction of its own, on SQLite as on
 * PostgreSQL, with the row that records it: a migration that fails leaves nothing of itself
 * behind and is tried again, whole, at the next start, while the ones before it stay applied.
 * So a migration holds nothing that cannot run inside a transaction (PostgreSQL's `create index
 * concurrently`, SQLite's `vacuum`; SQLite ignores `pragma foreign_keys` there).
 */
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
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
import { scheduledJobsMigration } from './migrations/2026-029-scheduled-jobs.ts';
import { refundLinesAndSlipsMigration } from './migrations/2026-030-refund-lines-and-slips.ts';
import { photoFramingMigration } from './migrations/2026-031-photo-framing.ts';
import { categoryAdultsOnlyMigration } from './migrations/2026-032-category-adults-only.ts';
import { pushNotificationsMigration } from './migrations/2026-033-push-notifications.ts';
import { productSafetyMigration } from './migrations/2026-034-product-safety.ts';
import { honestReviewsMigration } from './migrations/2026-035-honest-reviews.ts';
import { destinationVatMigration } from './migrations/2026-036-destination-vat.ts';
import { discountCodesMigration } from './migrations/2026-037-discount-codes.ts';
import { salesMigration } from './migrations/2026-038-sales.ts';
import { giftCardsMigration } from './migrations/2026-039-gift-cards.ts';
import { variantsMigration } from './migrations/2026-040-variants.ts';
import { backInStockMigration } from './migrations/2026-041-back-in-stock.ts';
import { refundsToGiftCardsMigration } from './migrations/2026-042-refunds-to-gift-cards.ts';

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
    '2026_029_scheduled_jobs': scheduledJobsMigration(),
    '2026_030_refund_lines_and_slips': refundLinesAndSlipsMigration(dialect),
    '2026_031_photo_framing': photoFramingMigration(),
    '2026_032_category_adults_only': categoryAdultsOnlyMigration(),
    '2026_033_push_notifications': pushNotificationsMigration(dialect),
    '2026_034_product_safety': productSafetyMigration(dialect),
    '2026_035_honest_reviews': honestReviewsMigration(dialect),
    '2026_036_destination_vat': destinationVatMigration(dialect),
    '2026_037_discount_codes': discountCodesMigration(dialect),
    '2026_038_sales': salesMigration(dialect),
    '2026_039_gift_cards': giftCardsMigration(dialect),
    '2026_040_variants': variantsMigration(dialect),
    '2026_041_back_in_stock': backInStockMigration(dialect),
    '2026_042_refunds_to_gift_cards': refundsToGiftCardsMigration(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

export interface MigrateOptions {
  /** The migrations to run instead of {@link migrations}' (a test's, such as one that fails). */
  migrations?: Record<string, Migration>;
}

/**
 * Brings the schema up to date; a no-op when it already is (safe on every start, and from
 * several processes at once: on PostgreSQL an advisory lock, on SQLite the write lock each
 * transaction takes as it begins, lets one migrate while the others wait and then find nothing
 * left to do). One migration at a time, each in its own transaction with its record (see the
 * module comment).
 * @returns the names of the migrations applied by this call, in order.
 * @throws Error "Migration <name> failed: <reason>" (the cause attached) for the first migration
 *   that fails: it was rolled back, the ones before it stay applied, the ones after it did not
 *   run; "The database was migrated by a newer release …" when the database records a migration
 *   this code does not have (a newer release ran on it: nothing is run).
 */
export async function migrateToLatest(
  handle: DbHandle,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeProvider(options.migrations ?? migrations(handle.dialect)),
  });
  const applied: string[] = [];
  // migrateUp runs the next migration in a transaction (the dialect's adapter says schema
  // changes are transactional: ./connection.ts for SQLite), after reading under the lock which
  // one is next; migrateToLatest would run them all in a single one.
  for (;;) {
    const { error, results = [] } = await migrator.migrateUp();
    if (error !== undefined) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = results.find((r) => r.status === 'Error');
      if (failed) {
        throw new Error(`Migration ${failed.migrationName} failed: ${reason}`, { cause: error });
      }
      const unknown = /previously executed migration (\S+) is missing/.exec(reason)?.[1];
      throw new Error(
        unknown
          ? `The database was migrated by a newer release (it ran ${unknown}, which this code does not know): start that release or a later one.`
          : `The migrations could not run: ${reason}`,
        { cause: error },
      );
    }
    const done = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (done.length === 0) return applied;
    applied.push(...done);
  }
}

/** The names of the migrations `handle`'s database records as run, in order. */
export async function appliedMigrations(handle: DbHandle): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('kysely_migration' as never)
    .select(sql<string>`name`.as('name'))
    .orderBy(sql`name`)
    .execute();
  return rows.map((row) => row.name);
}
