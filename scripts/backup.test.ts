/**
 * `npm run backup` and `npm run restore` (issue 39, decision 080) as an operator runs them: the
 * backup prints what the archive holds and never a key; the restore brings the database, the
 * media and the keys back into an empty folder and says what it restored; each refusal (an
 * archive that exists, a folder that holds a shop) is one line and exit code 1, and changes
 * nothing. The archive's contents and the other refusals are tested on the server side
 * (server/platform/backup/backup-restore.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/platform/db/connection.ts';
import { migrateToLatest } from '../server/platform/db/migrations.ts';

const root = path.resolve(import.meta.dirname, '..');
let dir = '';
const JWT = randomBytes(32).toString('hex');
const KEY = randomBytes(32).toString('base64');
const PHOTO = randomBytes(3000);

/** Runs `scripts/<name>` with the data folder `data` under the test's folder. */
function run(name: string, args: string[], data: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SQLITE_PATH: path.join(dir, data, 'shop.sqlite'),
    MEDIA_DIR: path.join(dir, data, 'media'),
  };
  for (const variable of ['DATABASE_URL', 'TEST_DATABASE_URL', 'JWT_SECRET', 'PAYMENT_SECRETS_KEY'])
    delete env[variable];
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', name), ...args],
    { cwd: root, env, encoding: 'utf8' },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'backup-cli-'));
  const data = path.join(dir, 'shop');
  mkdirSync(path.join(data, 'media', 'demo'), { recursive: true });
  const handle = openDatabase({ databaseUrl: null, sqlitePath: path.join(data, 'shop.sqlite') });
  await migrateToLatest(handle);
  await handle.db
    .insertInto('tenants')
    .values({
      token: 'tidewater',
      name: 'Tidewater Knives',
      media_slug: 'tidewater',
      created_at: new Date().toISOString(),
    })
    .execute();
  await handle.db.destroy();
  writeFileSync(path.join(data, 'jwt-secret'), JWT, { mode: 0o600 });
  writeFileSync(path.join(data, 'payment-secrets-key'), KEY, { mode: 0o600 });
  writeFileSync(path.join(data, 'media', 'demo', 'photo.webp'), PHOTO);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('back a shop up into one archive and restore it into an empty folder, refusing to overwrite', () => {
    const archive = path.join(dir, 'archives', 'shop.tar.gz');
    const backup = run('backup.ts', ['--out', archive], 'shop');
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    const lines = backup.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^Backed up to ${archive} \\(\\d+\\.\\d MB, \\d+\\.\\d s\\)\\.$`),
    );
    expect(lines.slice(2)).toEqual([
      `Holds 1 shop, 0 products, 0 orders, 0 customers, 0 staff members; media: 1 file from ${path.join(dir, 'shop', 'media')}.`,
      'Keys: jwt-secret in the archive; payment-secrets-key in the archive.',
      'The archive holds the keys: keep it private, and copy it off this machine.',
    ]);
    expect(backup.out).not.toContain(KEY);
    expect(backup.out).not.toContain(JWT);

    const again = run('backup.ts', ['--out', archive], 'shop');
    expect(again).toEqual({
      code: 1,
      out: '',
      err: `No backup was made: ${archive} already exists: a backup never replaces a file.\n`,
    });

    const restore = run('restore.ts', [archive], 'restored');
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    const restored = path.join(dir, 'restored');
    expect(restore.out).toContain(`into ${path.join(restored, 'shop.sqlite')}.`);
    expect(restore.out).toContain(
      'Shops and data: 1 shop, 0 products, 0 orders, 0 customers, 0 staff members.',
    );
    expect(restore.out).toContain(`Media: 1 file into ${path.join(restored, 'media')}.`);
    expect(restore.out).toContain(
      `Keys: ${path.join(restored, 'jwt-secret')}, ${path.join(restored, 'payment-secrets-key')}.`,
    );
    expect(restore.out).not.toContain(KEY);
    expect(readFileSync(path.join(restored, 'media', 'demo', 'photo.webp'))).toEqual(PHOTO);
    expect(readFileSync(path.join(restored, 'payment-secrets-key'), 'utf8')).toBe(KEY);

    const over = run('restore.ts', [archive], 'restored');
    expect(over).toEqual({
      code: 1,
      out: '',
      err: `Not restored: ${path.join(restored, 'shop.sqlite')} already exists: a restore goes only into an empty data folder, it never overwrites a database. Move it away or set SQLITE_PATH to a new place.\n`,
    });
  });
});
