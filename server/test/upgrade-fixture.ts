/**
 * The upgrade fixtures (issue 39, "Upgrades"): a shop database made and filled by the code of a
 * released version, kept under server/test/fixtures/upgrade/<version>/ by
 * scripts/make-upgrade-fixture.ts, and what the upgrade test (server/platform/db/upgrade.test.ts)
 * needs to start today's code on a copy of it.
 *
 * A fixture's folder holds:
 * - `manifest.json` ({@link UpgradeManifest}): which release made it, and what the release
 *   left in each database (rows per table, the shops, the customers with their passwords and
 *   orders as the release's API showed them);
 * - `shop.sqlite.gz`: the SQLite file, gzipped, after the release closed it (no -wal beside it);
 * - `shop.pgdump`: the same shop made by the same release on PostgreSQL, in `pg_dump`'s custom
 *   format (`pg_restore` reads it; it is compressed already);
 * - `jwt-secret` and `payment-secrets-key`: the keys the release made beside the SQLite file
 *   (the PostgreSQL run was given the same ones), without which the sealed card-provider
 *   credentials are lost.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './test-app.ts';

/** The folder of every upgrade fixture, one subfolder per released version. */
export const UPGRADE_FIXTURES_DIR = join(import.meta.dirname, 'fixtures', 'upgrade');

/** The key files kept beside a fixture's database, by what they hold. */
export const FIXTURE_KEY_FILES = {
  jwtSecret: 'jwt-secret',
  paymentSecretsKey: 'payment-secrets-key',
} as const;

/** One order as the release's storefront API showed it to its customer. */
export interface FixtureOrder {
  order_number: string;
  status: string;
  payment_method: string;
  total_price: string;
  refund_status: string | null;
  /** Its lines' units (the Order's `total_items`). */
  total_items: number;
}

/** A customer the release registered (or seeded), with what they can expect to find. */
export interface FixtureCustomer {
  tenant: string;
  email: string;
  password: string;
  /** Their orders, newest first, as `GET /orders/orders/` answered. */
  orders: FixtureOrder[];
  /** The lines of their cart, as `GET /orders/cart/` answered (empty when it has none). */
  cart: { product_id: number; quantity: number }[];
}

/** One shop of the fixture as the release's storefront API showed it. */
export interface FixtureShop {
  token: string;
  /** `GET /pages/site-settings/`'s `site_title`. */
  site_title: string;
  /** `GET /products/products/`'s `count`: the products the storefront lists. */
  listed_products: number;
  /** Every order of the shop, by number (any customer, any status). */
  order_numbers: string[];
}

/** What one database of the fixture holds. */
export interface FixtureDatabase {
  /** The file in the fixture's folder. */
  file: string;
  /** Its SHA-256 (hex), so a damaged copy fails the test with a clear reason. */
  sha256: string;
  /** Rows of each of the release's tables when it was closed. */
  rows: Record<string, number>;
  shops: FixtureShop[];
  customers: FixtureCustomer[];
  /** A product page the release answered, with its reviews (one of them written by `customers`). */
  product: {
    tenant: string;
    slug: string;
    name: string;
    price: string;
    review_count: number;
  };
  /** A blog comment a customer wrote; `approved` when the shop showed it at once. */
  blog_comment: { tenant: string; post_slug: string; content: string; approved: boolean };
  /** A message a visitor sent through the contact form. */
  contact_message: { tenant: string; subject: string; email: string };
  /**
   * Card-provider credentials sealed by the release's `payments:configure` under the fixture's
   * `payment-secrets-key` (fake values: no provider knows them).
   */
  sealed_credentials: {
    tenant: string;
    provider: string;
    credentials: Record<string, string>;
  };
}

/** `manifest.json` of an upgrade fixture. */
export interface UpgradeManifest {
  /** The storefront contract's released version (openapi/releases/X.Y.Z.yaml). */
  version: string;
  /** The commit whose code made the fixture (the one that added that release's copy). */
  commit: string;
  /** When it was made (ISO 8601). */
  made_at: string;
  /** How to make it again. */
  made_by: string;
  /** The migrations the release had run, in order (its `kysely_migration` names). */
  migrations: string[];
  /** The scrypt cost (log2 N) the release hashed passwords with (each hash carries its own). */
  password_hash_cost: number;
  sqlite: FixtureDatabase;
  /** Absent when the fixture was made without a PostgreSQL server. */
  postgres?: FixtureDatabase;
}

/** The released versions that have a fixture, newest last (numeric order). */
export function upgradeFixtureVersions(): string[] {
  if (!existsSync(UPGRADE_FIXTURES_DIR)) return [];
  const numbers = (v: string) => v.split('.').map(Number);
  return readdirSync(UPGRADE_FIXTURES_DIR)
    .filter((name) => /^\d+\.\d+\.\d+$/.test(name))
    .sort((a, b) => {
      const [x, y] = [numbers(a), numbers(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
}

/** The manifest of the fixture of `version`. @throws when it has none. */
export function readUpgradeManifest(version: string): UpgradeManifest {
  const text = readFileSync(join(UPGRADE_FIXTURES_DIR, version, 'manifest.json'), 'utf8');
  return JSON.parse(text) as UpgradeManifest;
}

/** A fixture's key file as a string (its content without the line break). */
export function fixtureKey(version: string, key: keyof typeof FIXTURE_KEY_FILES): string {
  return readFileSync(join(UPGRADE_FIXTURES_DIR, version, FIXTURE_KEY_FILES[key]), 'utf8').trim();
}

/** The fixture's database of the dialect the tests run on, with its manifest entry. */
export interface UpgradedDatabase {
  database: TestDatabase;
  /** The manifest's entry for this dialect. */
  expected: FixtureDatabase;
}

/**
 * A throwaway copy of the fixture of `version`'s database, not yet opened by today's code: on
 * SQLite the gunzipped file with the key files beside it (as a data folder holds them), on
 * PostgreSQL (TEST_DATABASE_URL) a fresh `shoptest_…` database the dump is restored into with
 * Debian's `pg_restore` (on PATH). The caller drops it (`database.drop()`).
 * @throws when the fixture lacks the dialect's dump, its checksum differs from the manifest's,
 *   or `pg_restore` fails.
 */
export async function openUpgradeFixture(
  version: string,
  manifest: UpgradeManifest,
): Promise<UpgradedDatabase> {
  const folder = join(UPGRADE_FIXTURES_DIR, version);
  const expected = testDatabaseUrl ? manifest.postgres : manifest.sqlite;
  if (!expected) {
    throw new Error(
      `The upgrade fixture ${version} has no PostgreSQL dump: make it with scripts/make-upgrade-fixture.ts --database-url.`,
    );
  }
  const bytes = readFileSync(join(folder, expected.file));
  const { createHash } = await import('node:crypto');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== expected.sha256) {
    throw new Error(`${expected.file} of the upgrade fixture ${version} is damaged (SHA-256).`);
  }
  if (!testDatabaseUrl) {
    const unpacked = await mkdtemp(join(tmpdir(), 'shop-upgrade-'));
    try {
      await writeFile(join(unpacked, 'shop.sqlite'), gunzipSync(bytes), { mode: 0o600 });
      for (const file of Object.values(FIXTURE_KEY_FILES)) {
        await copyFile(join(folder, file), join(unpacked, file));
      }
      // createTestDatabase copies the file and the keys beside it into a folder of its own.
      const database = await createTestDatabase({
        dir: unpacked,
        sqlitePath: join(unpacked, 'shop.sqlite'),
      });
      return { database, expected };
    } finally {
      await rm(unpacked, { recursive: true, force: true });
    }
  }
  const database = await createTestDatabase();
  try {
    await promisify(execFile)('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      database.databaseUrl!,
      join(folder, expected.file),
    ]);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return { database, expected };
}
