/**
 * For the command-line scripts that open or change a shop (shop:create, staff:create,
 * payments:configure): the database the API uses, from the same environment (DATABASE_URL or
 * SQLITE_PATH), brought to the latest migration, and the shop a `--tenant` token names.
 */
import type { Kysely } from 'kysely';
import { type AppConfig, loadConfig } from '../../server/config/config.ts';
import type { Database } from '../../server/platform/db/database.ts';
import { openDatabase } from '../../server/platform/db/connection.ts';
import { migrateToLatest } from '../../server/platform/db/migrations.ts';

/** What a script's work gets: the environment's settings, the database and the shop's id. */
export interface ShopDatabase {
  config: AppConfig;
  db: Kysely<Database>;
  tenantId: number;
}

/**
 * Opens the API's database (migrating it to the latest) and runs `work` on it, closing the
 * database afterwards however `work` ends. Returns `work`'s exit code.
 */
export async function withDatabase(
  work: (opened: Omit<ShopDatabase, 'tenantId'>) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle);
    return await work({ config, db: handle.db });
  } finally {
    await handle.db.destroy();
  }
}

/**
 * As {@link withDatabase}, for the shop whose tenant token is `token`: when no shop has it,
 * prints so and returns 1 without running `work`.
 */
export async function withShopDatabase(
  token: string,
  work: (shop: ShopDatabase) => Promise<number>,
): Promise<number> {
  return withDatabase(async ({ config, db }) => {
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirst();
    if (!tenant) {
      console.error(`No shop has the tenant token "${token}".`);
      return 1;
    }
    return work({ config, db, tenantId: tenant.id });
  });
}
