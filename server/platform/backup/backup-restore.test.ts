/**
 * Backup and restore (issue 39, decision 080): an archive taken while shoppers place orders,
 * restored into a fresh data folder (on PostgreSQL, a new empty database), brings the shop back
 * with every order placed before the backup began (and none placed while it copied: the archive
 * is one moment), every photo byte for byte, and the card-provider credentials still opening with
 * the restored key. A damaged or altered archive, a target that holds data and an archive of a
 * newer release are refused without writing anything.
 *
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL (pg_dump and pg_restore from the
 * PATH, Debian's /usr/bin ones in CI).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { buildApp } from '../../app.ts';
import { type AppConfig, jwtSecretPath, paymentSecretsKeyPath } from '../../config/config.ts';
import { ADDRESS, call, createCustomer, postOrder, productsInStock } from '../../test/shop.ts';
import {
  adminQuery,
  TEST_DATABASE_PREFIX,
  testDatabaseUrl,
  useTestApp,
} from '../../test/test-app.ts';
import { type BackupSource, makeBackup } from './archive.ts';
import { type RestoreTarget, RestoreRefusal, restoreBackup } from './restore.ts';

const t = useTestApp();
const onPostgres = testDatabaseUrl !== null;

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-backup-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/**
 * The test shop as a backup reads it: on PostgreSQL its own database, with the keys given by
 * the environment as a PostgreSQL deployment must (here the key files its start made).
 */
function backupSource(): BackupSource & AppConfig {
  if (!onPostgres) return t.config;
  return {
    ...t.config,
    databaseUrl: t.database.databaseUrl,
    jwtSecret: readFileSync(jwtSecretPath(t.config), 'utf8').trim(),
    paymentSecretsKey: new Uint8Array(
      Buffer.from(readFileSync(paymentSecretsKeyPath(t.config), 'utf8').trim(), 'base64'),
    ),
  };
}

/** A new empty PostgreSQL database's URL (vitest's teardown drops it if the test does not). */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_restore_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh data folder the shop would run on, and on PostgreSQL a fresh empty database (or, for a
 * restore refused before it looks at the database, the name of one that does not exist).
 */
async function freshTarget(
  name: string,
  database: 'empty' | 'never reached' = 'empty',
): Promise<AppConfig & RestoreTarget> {
  const dir = join(work, name);
  const source = backupSource();
  let databaseUrl: string | null = null;
  if (onPostgres && database === 'empty') databaseUrl = await emptyPostgresDatabase();
  if (onPostgres && database === 'never reached') {
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${TEST_DATABASE_PREFIX}${process.pid}_never_made`;
    databaseUrl = url.toString();
  }
  return {
    ...source,
    sqlitePath: join(dir, 'shop.sqlite'),
    mediaDir: join(dir, 'media'),
    outboxDir: join(dir, 'outbox'),
    databaseUrl,
  };
}

let nextProduct = 0;
/** Places a bank-transfer order of one piece as a new customer; its order number. */
async function placeOrder(app: FastifyInstance): Promise<string> {
  const products = await productsInStock(app, 'demo-handcraft', 5);
  const product = products[nextProduct++ % products.length]!;
  const who = await createCustomer(app);
  const added = await call(app, 'POST', '/orders/cart/add-item/', who.headers, {
    product_id: product.id,
    quantity: 1,
  });
  expect(added.status).toBe(200);
  const placed = await postOrder<{ order_number: string }>(app, who, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
  });
  expect(placed.status).toBe(201);
  return placed.body.order_number;
}

/** The bytes of a media file as the app serves them, or null. */
async function mediaBytes(app: FastifyInstance, key: string): Promise<Buffer | null> {
  const object = await app.mediaStore.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The photos the test puts in the shop's media store: key -> bytes. */
const PHOTOS = new Map<string, Buffer>([
  ['demo/uploads/walnut-board.webp', randomBytes(40_000)],
  ['demo/uploads/gyuto-210.webp', randomBytes(12_345)],
  ['pottery/products/bowl-thumb.webp', randomBytes(777)],
]);

/** Repacks archive `from` as `to`, after `change` edited its unpacked files in `dir`. */
async function repack(from: string, to: string, change: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(work, 'repack-'));
  await tar.extract({ file: from, cwd: dir });
  await change(dir);
  const entries = (await readdir(dir)).sort((a, b) =>
    a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a.localeCompare(b),
  );
  await tar.create({ gzip: true, file: to, cwd: dir }, entries);
  await rm(dir, { recursive: true, force: true });
}

describe('a backup taken while the shop sells', () => {
  let archive = '';
  let before: string[] = [];
  const during: string[] = [];
  let tenantId = 0;
  let sandboxSecret: string | null = null;

  beforeAll(async () => {
    for (const [key, bytes] of PHOTOS) await t.app.mediaStore.put(key, bytes, 'image/webp');
    tenantId = (
      await t.app.db
        .selectFrom('tenants')
        .select('id')
        .where('token', '=', 'demo-handcraft')
        .executeTakeFirstOrThrow()
    ).id;
    sandboxSecret = await t.app.paymentProviders.sandboxSecret(tenantId);
    before = [await placeOrder(t.app), await placeOrder(t.app), await placeOrder(t.app)];
    archive = join(work, 'shop.tar.gz');
    const result = await makeBackup(backupSource(), {
      out: archive,
      // One page a step: the copy spans many turns of the event loop, and it waits in the middle
      // while the orders below are placed, so they certainly overlap it.
      pagesPerStep: 1,
      duringCopy: async () => {
        for (let i = 0; i < 3; i++) during.push(await placeOrder(t.app));
      },
    });
    expect(result.file).toBe(archive);
  });

  it('is one archive whose manifest says what it holds and what it does not', async () => {
    expect(sandboxSecret).toEqual(expect.any(String));
    expect(during).toHaveLength(3);
    const manifestEntry: Buffer[] = [];
    await tar.list({
      file: archive,
      filter: (path) => path === 'manifest.json',
      onReadEntry: (entry) => entry.on('data', (chunk: Buffer) => manifestEntry.push(chunk)),
    });
    const manifest = JSON.parse(Buffer.concat(manifestEntry).toString('utf8'));
    expect(manifest).toMatchObject({
      format: 1,
      kind: 'handcraft-shop-backup',
      app: { name: 'handcraft-storefront' },
      database: onPostgres
        ? { kind: 'postgres', file: 'database/shop.pgdump' }
        : { kind: 'sqlite', file: 'database/shop.sqlite' },
      media: { store: 'disk', files: PHOTOS.size },
      keys: onPostgres
        ? {
            jwtSecret: { source: 'environment', variable: 'JWT_SECRET' },
            paymentSecretsKey: { source: 'environment', variable: 'PAYMENT_SECRETS_KEY' },
          }
        : {
            jwtSecret: { source: 'file', file: 'keys/jwt-secret' },
            paymentSecretsKey: { source: 'file', file: 'keys/payment-secrets-key' },
          },
    });
    expect(manifest.schema.migrations).toContain('2026_029_scheduled_jobs');
    expect(manifest.counts.tenants).toBe(2);
    expect(manifest.files.map((file: { path: string }) => file.path)).toEqual(
      expect.arrayContaining([...PHOTOS.keys()].map((key) => `media/${key}`)),
    );
    // No key's value is written in the manifest.
    const text = Buffer.concat(manifestEntry).toString('utf8');
    const key = readFileSync(paymentSecretsKeyPath(t.config), 'utf8').trim();
    expect(text).not.toContain(key);
    expect(text).not.toContain(readFileSync(jwtSecretPath(t.config), 'utf8').trim());
  });

  it('restores into a fresh folder a shop with every earlier order, every photo and its card keys', async () => {
    const target = await freshTarget('restored');
    const report = await restoreBackup(archive, target);
    expect(report.mediaFiles).toBe(PHOTOS.size);
    expect(report.pendingMigrations).toEqual([]);
    expect(report.warnings).toEqual([]);
    if (!onPostgres) {
      expect(report.keys.paymentSecretsKey.file).toBe(paymentSecretsKeyPath(target));
      expect(readFileSync(paymentSecretsKeyPath(target))).toEqual(
        readFileSync(paymentSecretsKeyPath(t.config)),
      );
    }

    const app = await buildApp({ config: target, seed: false, logger: false, background: false });
    try {
      const numbers = (await app.db.selectFrom('orders').select('order_number').execute()).map(
        (row) => row.order_number,
      );
      expect(numbers).toEqual(expect.arrayContaining(before));
      // The archive is the shop as it was when the backup began.
      for (const number of during) expect(numbers).not.toContain(number);
      expect(report.counts.orders).toBe(numbers.length);
      for (const [key, bytes] of PHOTOS) expect(await mediaBytes(app, key)).toEqual(bytes);
      // The sealed card-provider credentials open with the restored key, to the same secret.
      expect(await app.paymentProviders.current(tenantId)).not.toBeNull();
      expect(await app.paymentProviders.sandboxSecret(tenantId)).toBe(sandboxSecret);
      // And the restored shop takes orders.
      expect(await placeOrder(app)).toEqual(expect.any(String));
    } finally {
      await app.close();
      if (target.databaseUrl) {
        await adminQuery(
          `DROP DATABASE IF EXISTS ${new URL(target.databaseUrl).pathname.slice(1)} WITH (FORCE)`,
        );
      }
    }
  });

  it('refuses a damaged or altered archive and writes nothing', async () => {
    const target = await freshTarget('tampered', 'never reached');
    const altered = join(work, 'altered.tar.gz');
    await repack(archive, altered, async (dir) => {
      const photo = join(dir, 'media', 'demo/uploads/gyuto-210.webp');
      const bytes = await readFile(photo);
      bytes[100] = bytes[100]! ^ 0xff;
      await writeFile(photo, bytes);
    });
    await expect(restoreBackup(altered, target)).rejects.toThrow(
      new RestoreRefusal(
        `${altered} is damaged: media/demo/uploads/gyuto-210.webp does not match its checksum; nothing was restored.`,
      ),
    );
    const truncated = join(work, 'truncated.tar.gz');
    await writeFile(truncated, (await readFile(archive)).subarray(0, 20_000));
    await expect(restoreBackup(truncated, target)).rejects.toThrow(
      /is damaged .*nothing was restored/,
    );
    expect(existsSync(join(work, 'tampered'))).toBe(false);
  });

  it('refuses a target that already holds a shop, and leaves it as it was', async () => {
    if (onPostgres) {
      // The test shop's own database has tables.
      await expect(
        restoreBackup(archive, { ...backupSource(), mediaDir: join(work, 'unused-media') }),
      ).rejects.toThrow(/already has \d+ tables: a restore goes only into an empty database/);
      return;
    }
    const target = await freshTarget('occupied');
    await mkdir(join(work, 'occupied'), { recursive: true });
    await writeFile(target.sqlitePath, 'a shop that is already here');
    await expect(restoreBackup(archive, target)).rejects.toThrow(
      `${target.sqlitePath} already exists: a restore goes only into an empty data folder, it never overwrites a database.`,
    );
    expect(await readFile(target.sqlitePath, 'utf8')).toBe('a shop that is already here');
    expect(existsSync(target.mediaDir)).toBe(false);
    expect(existsSync(paymentSecretsKeyPath(target))).toBe(false);

    // A key file left in an otherwise empty folder is not replaced either.
    await rm(target.sqlitePath);
    await writeFile(paymentSecretsKeyPath(target), 'another shop’s key');
    await expect(restoreBackup(archive, target)).rejects.toThrow(/never replaces a key/);
    expect(existsSync(target.sqlitePath)).toBe(false);
  });

  it('refuses an archive made by a newer release, whose schema this code does not know', async () => {
    const target = await freshTarget('newer', 'never reached');
    const newer = join(work, 'newer.tar.gz');
    await repack(archive, newer, async (dir) => {
      const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
      manifest.app.version = '9.0.0';
      manifest.schema.migrations.push('2099_001_hover_boards');
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    await expect(restoreBackup(newer, target)).rejects.toThrow(
      `${newer} was made by a newer release (9.0.0): its schema has migrations this release does not know (2099_001_hover_boards). Restore it with that release or a later one.`,
    );
    expect(existsSync(join(work, 'newer'))).toBe(false);
  });
});
