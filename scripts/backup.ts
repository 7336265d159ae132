/**
 * `npm run backup -- --out FILE`
 *
 * Makes one archive (a tar.gz) of everything the shop deployment needs to come back, while the
 * shop runs (issue 39, decision 080, server/platform/backup/archive.ts): the database copied
 * from one consistent moment (SQLite's online backup, or `pg_dump` with DATABASE_URL), the media
 * folder (or a note that the media live in S3), the generated key files (or a note that a key
 * comes from the environment) and a manifest of versions, counts and checksums. It reads the same
 * environment as the server (DATABASE_URL or SQLITE_PATH, MEDIA_DIR, MEDIA_S3_URL, JWT_SECRET,
 * PAYMENT_SECRETS_KEY):
 *
 *   npm run backup -- --out /var/backups/shop/shop-2026-11-30.tar.gz
 *
 * Prints what the archive holds, never a key. The archive holds the keys: it is written mode
 * 0600, and belongs off the machine (docs/backups.md). Exits 1 with one line for a wrong argument,
 * a bad setting, an existing FILE, a missing database or a failed pg_dump.
 */
import { BackupError, makeBackup } from '../server/platform/backup/archive.ts';
import { describeCounts, describeKeys, files, megabytes } from './lib/backup-words.ts';
import { argument, configOrSay } from './lib/cli.ts';

const USAGE = 'usage: npm run backup -- --out FILE   (FILE: the .tar.gz to write; never replaced)';

async function main(): Promise<number> {
  const out = argument('out');
  if (!out || process.argv.length !== 4) {
    console.error(USAGE);
    return 1;
  }
  const config = configOrSay();
  if (config === null) return 1;
  try {
    const { file, bytes, seconds, manifest } = await makeBackup(config, { out });
    const media =
      manifest.media.store === 's3'
        ? `media: in ${manifest.media.location}, not in the archive (back the bucket up on its own)`
        : `media: ${files(manifest.media.files)} from ${manifest.media.folder}`;
    console.log(
      [
        `Backed up to ${file} (${megabytes(bytes)}, ${seconds.toFixed(1)} s).`,
        `Database: ${manifest.database.kind === 'sqlite' ? `SQLite ${config.sqlitePath}` : 'PostgreSQL (DATABASE_URL)'} as of ${manifest.createdAt}, release ${manifest.app.version}, ${manifest.schema.migrations.length} migrations.`,
        `Holds ${describeCounts(manifest.counts)}; ${media}.`,
        `Keys: ${describeKeys(manifest.keys)}.`,
        'The archive holds the keys: keep it private, and copy it off this machine.',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`No backup was made: ${error.message}`);
    return 1;
  }
}

process.exitCode = await main();
