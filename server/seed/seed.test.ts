import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { migrateToLatest } from '../db/migrations.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { seedTenants } from './catalog-data.ts';
import {
  DEMO_CUSTOMERS,
  seedDemoCustomersIfMissing,
  seedIfEmpty,
  seedPaymentSettingsIfMissing,
} from './seed.ts';

describe('seedIfEmpty', () => {
  it('renders WebP images, thumbnails, logo and favicon into the tenant’s media folder, once', async () => {
    const base = seedTenants[1]!;
    const product = base.products.find((p) => p.images.length > 0)!;
    const tiny = {
      ...base,
      products: [product],
      categories: base.categories.filter((c) => c.slug === product.category_slug),
    };
    const database = await createTestDatabase();
    const mediaDir = await mkdtemp(join(tmpdir(), 'shop-media-'));
    try {
      await migrateToLatest(database.handle);
      expect(
        await seedIfEmpty(database.handle.db, { mediaDir, publicApiPath: '/api', tenants: [tiny] }),
      ).toBe(true);

      const root = join(mediaDir, tiny.media_slug);
      const full = await sharp(
        await readFile(join(root, 'products', `${product.slug}-1.webp`)),
      ).metadata();
      const thumb = await sharp(
        await readFile(join(root, 'products', `${product.slug}-1-thumb.webp`)),
      ).metadata();
      expect(full).toMatchObject({ format: 'webp', width: 800 });
      expect(thumb).toMatchObject({ format: 'webp', width: 320 });
      expect((await sharp(await readFile(join(root, 'logo.png'))).metadata()).format).toBe('png');
      expect(await readFile(join(root, 'favicon.svg'), 'utf8')).toContain('<svg');

      const image = await database.handle.db
        .selectFrom('product_images')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(image.image_path).toBe(
        `/api/media/${tiny.media_slug}/products/${product.slug}-1.webp`,
      );

      expect(
        await seedIfEmpty(database.handle.db, { mediaDir, publicApiPath: '/api', tenants: [tiny] }),
      ).toBe(false);
      const tenants = await database.handle.db.selectFrom('tenants').select('id').execute();
      expect(tenants).toHaveLength(1);
    } finally {
      await database.drop();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});

describe('seedDemoCustomersIfMissing', () => {
  it('adds each shop’s demo customer to an already seeded database, once', async () => {
    const database = await createTestDatabase();
    try {
      await migrateToLatest(database.handle);
      const { db } = database.handle;
      // A database seeded before accounts existed: shops, no users.
      await seedIfEmpty(db, { mediaDir: database.dir, publicApiPath: '/api', skipMedia: true });
      expect(await db.selectFrom('users').select('id').execute()).toEqual([]);

      expect(await seedDemoCustomersIfMissing(db, { passwordHashCost: 10 })).toEqual(
        DEMO_CUSTOMERS.map((c) => c.email),
      );
      for (const customer of DEMO_CUSTOMERS) {
        const user = await db
          .selectFrom('users')
          .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
          .select(['users.email', 'users.username', 'users.password_hash'])
          .where('tenants.token', '=', customer.tenantToken)
          .executeTakeFirstOrThrow();
        expect(user).toMatchObject({ email: customer.email, username: customer.username });
        expect(await verifyPassword(customer.password, user.password_hash)).toBe(true);
      }

      // The next start finds them and adds nothing.
      expect(await seedDemoCustomersIfMissing(db, { passwordHashCost: 10 })).toEqual([]);
      expect(await db.selectFrom('users').select('id').execute()).toHaveLength(
        DEMO_CUSTOMERS.length,
      );
    } finally {
      await database.drop();
    }
  });

  it('skips a shop that does not exist', async () => {
    const database = await createTestDatabase();
    try {
      await migrateToLatest(database.handle);
      expect(
        await seedDemoCustomersIfMissing(database.handle.db, { passwordHashCost: 10 }),
      ).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

describe('seedPaymentSettingsIfMissing', () => {
  it('gives each demo shop its payment settings and its own secret, once, without overwriting', async () => {
    const database = await createTestDatabase();
    try {
      await migrateToLatest(database.handle);
      const { db } = database.handle;
      // A database seeded before payments existed: shops, no payment settings.
      await seedIfEmpty(db, { mediaDir: database.dir, publicApiPath: '/api', skipMedia: true });
      expect(await seedPaymentSettingsIfMissing(db)).toEqual(['demo-handcraft', 'demo-pottery']);

      const rows = await db
        .selectFrom('payment_settings as ps')
        .innerJoin('tenants as t', 't.id', 'ps.tenant_id')
        .select([
          't.token',
          'ps.enable_card_payment',
          'ps.custom_payment_redirect_url',
          'ps.gateway_secret',
        ])
        .orderBy('t.token')
        .execute();
      expect(rows.map((r) => [r.token, Boolean(r.enable_card_payment)])).toEqual([
        ['demo-handcraft', true],
        ['demo-pottery', false],
      ]);
      for (const row of rows) expect(row.gateway_secret).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.gateway_secret).not.toBe(rows[1]!.gateway_secret);
      expect(rows[1]!.custom_payment_redirect_url).toMatch(/^https:\/\//);

      // A shop that changed its settings keeps them on the next start.
      await db.updateTable('payment_settings').set({ enable_card_payment: 0 }).execute();
      expect(await seedPaymentSettingsIfMissing(db)).toEqual([]);
      const after = await db
        .selectFrom('payment_settings')
        .select(['enable_card_payment', 'gateway_secret'])
        .orderBy('tenant_id')
        .execute();
      expect(after.map((r) => Boolean(r.enable_card_payment))).toEqual([false, false]);
      expect(after.map((r) => r.gateway_secret).sort()).toEqual(
        rows.map((r) => r.gateway_secret).sort(),
      );
    } finally {
      await database.drop();
    }
  });
});
