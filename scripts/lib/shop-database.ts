/**
 * For the command-line scripts that change one shop (staff:create, payments:configure): the
 * database the API uses, from the same environment (DATABASE_URL or SQLITE_PATH), brought to
 * the latest migration, and the shop a `--tenant` token names.
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
 * Opens the API's database (migrating it to the latest), finds the shop whose tenant token is
 * `token` and runs `work` on it, closing the database afterwards however `work` ends. Returns
 * `work`'s exit code; when no shop has the token, prints so and returns 1 without running it.
 */
export async function withShopDatabase(
  token: string,
  work: (shop: ShopDatabase) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle);
    const tenant = await handle.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirst();
    if (!tenant) {
      console.error(`No shop has the tenant token "${token}".`);
      return 1;
    }
    return await work({ config, db: handle.db, tenantId: tenant.id });
  } finally {
    await handle.db.destroy();
  }
}
