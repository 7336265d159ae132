import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { migrateToLatest } from '../db/migrations.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { seedTenants } from './catalog-data.ts';
import { DEMO_CUSTOMERS, seedDemoCustomersIfMissing, seedIfEmpty } from './seed.ts';

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
