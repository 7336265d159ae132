/**
 * `npm run restore -- FILE`
 *
 * Restores an archive made by `npm run backup` (or the server's schedule) into an empty data
 * folder (SQLITE_PATH, MEDIA_DIR and the key files beside the database) or an empty PostgreSQL
 * database (DATABASE_URL), from the same environment the server will run with (issue 39,
 * decision 080, server/platform/backup/restore.ts):
 *
 *   SQLITE_PATH=/srv/shop/data/shop.sqlite MEDIA_DIR=/srv/shop/data/media \
 *     npm run restore -- /var/backups/shop/shop-2026-11-30.tar.gz
 *
 * It checks every file's checksum before writing anything, and refuses a damaged archive, an
 * archive of a newer release (a migration this code does not know), an archive of the other
 * database kind, and a target that already holds a database, a key or media: it never
 * overwrites. Then it prints what it restored (shops, products, orders, customers, media files,
 * keys) and whether the shops' card-provider credentials open with the key the server will use.
 * Exits 1 with one line for each refusal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { paymentSecretsKeyPath } from '../server/config/config.ts';
import type { AppConfig } from '../server/config/config.ts';
import { RestoreRefusal, restoreBackup } from '../server/platform/backup/restore.ts';
import { openDatabase } from '../server/platform/db/connection.ts';
import { openCredentials } from '../server/payments/credentials.ts';
import { describeCounts, files } from './lib/backup-words.ts';
import { configOrSay } from './lib/cli.ts';

const USAGE = 'usage: npm run restore -- FILE   (an archive made by npm run backup)';

/**
 * How many of the restored shops' sealed card-provider credentials open with the key the server
 * will use (PAYMENT_SECRETS_KEY, else the key file beside the database); null when there is no
 * key, or nothing sealed.
 */
async function openableCredentials(
  config: AppConfig,
): Promise<{ opened: number; sealed: number } | null> {
  const path = paymentSecretsKeyPath(config);
  const key =
    config.paymentSecretsKey ??
    (existsSync(path)
      ? new Uint8Array(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64'))
      : null);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const current = await handle.db
      .selectFrom('payment_settings')
      .select('credentials')
      .where('credentials', 'is not', null)
      .execute();
    const kept = await handle.db
      .selectFrom('payment_provider_credentials')
      .select('credentials')
      .execute();
    const sealed = [...current, ...kept].map((row) => row.credentials!);
    if (!key || sealed.length === 0) return null;
    let opened = 0;
    for (const value of sealed) {
      opened += await openCredentials(value, key).then(
        () => 1,
        () => 0,
      );
    }
    return { opened, sealed: sealed.length };
  } finally {
    await handle.db.destroy();
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith('--') || process.argv.length !== 3) {
    console.error(USAGE);
    return 1;
  }
  const config = configOrSay();
  if (config === null) return 1;
  try {
    const report = await restoreBackup(file, config);
    const { manifest } = report;
    const keys = Object.values(report.keys)
      .map((key) => key.file)
      .filter((path): path is string => path !== null);
    const lines = [
      `Restored ${file} (made ${manifest.createdAt} by release ${manifest.app.version}) into ${report.database}.`,
      `Shops and data: ${describeCounts(report.counts)}.`,
      manifest.media.store === 's3'
        ? `Media: none in the archive; they live in ${manifest.media.location}.`
        : `Media: ${files(report.mediaFiles)} into ${config.mediaDir}.`,
      `Keys: ${keys.length > 0 ? keys.join(', ') : 'none in the archive'}.`,
    ];
    if (report.pendingMigrations.length > 0) {
      lines.push(
        `This release adds ${report.pendingMigrations.length} migration(s) to the archive's schema; the server applies them at its start.`,
      );
    }
    const credentials = await openableCredentials(config);
    if (credentials) {
      lines.push(
        `Card-provider credentials: ${credentials.opened} of ${credentials.sealed} open with the payment secrets key.`,
      );
      if (credentials.opened < credentials.sealed) {
        report.warnings.push(
          'Some card-provider credentials do not open with the payment secrets key the server will use: set PAYMENT_SECRETS_KEY (or the key file) to the backed-up shop\u2019s key, or enter the credentials again.',
        );
      }
    }
    console.log(lines.join('\n'));
    for (const warning of report.warnings) console.error(`Warning: ${warning}`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefusal)) throw error;
    console.error(`Not restored: ${error.message}`);
    return 1;
  }
}

process.exitCode = await main();
