import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { verifyPassword } from '../platform/credentials/passwords.ts';
import { seedTenants } from './catalog-data.ts';
import { demoContent, potteryContent, seedContent } from './content-data.ts';
import { seedContentIfMissing } from './content-seed.ts';
import { blogImageFile, locationImageFile } from './content-seed-media.ts';
import { NO_LOGIN_PASSWORD_HASH } from './content-seed-people.ts';
import { seedIfEmpty } from './seed.ts';
import { seedPaymentSettingsIfMissing } from './payment-seed.ts';
import { DEMO_CUSTOMERS, seedDemoCustomersIfMissing } from './customer-seed.ts';

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

describe('seedContentIfMissing', () => {
  it('seeds each demo shop’s content once, into a database seeded before the content existed', async () => {
    const database = await createTestDatabase();
    try {
      await migrateToLatest(database.handle);
      const { db } = database.handle;
      await seedIfEmpty(db, { mediaDir: database.dir, publicApiPath: '/api', skipMedia: true });
      const options = { mediaDir: database.dir, publicApiPath: '/api', skipMedia: true };
      expect(await seedContentIfMissing(db, options)).toEqual(['demo-handcraft', 'demo-pottery']);
      expect(await seedContentIfMissing(db, options)).toEqual([]);

      const posts = await db
        .selectFrom('blog_posts as p')
        .innerJoin('tenants as t', 't.id', 'p.tenant_id')
        .select(['t.token', 'p.slug'])
        .execute();
      for (const content of seedContent) {
        expect(posts.filter((p) => p.token === content.tenantToken)).toHaveLength(
          content.blog_posts.length,
        );
      }
      const settings = await db
        .selectFrom('site_settings as s')
        .innerJoin('tenants as t', 't.id', 's.tenant_id')
        .select(['t.token', 's.comments_auto_approve'])
        .orderBy('t.token')
        .execute();
      expect(settings.map((s) => [s.token, Boolean(s.comments_auto_approve)])).toEqual([
        ['demo-handcraft', true],
        ['demo-pottery', false],
      ]);

      // Seeded people cannot log in.
      const people = await db
        .selectFrom('users')
        .select(['username', 'password_hash'])
        .where('password_hash', '=', NO_LOGIN_PASSWORD_HASH)
        .execute();
      expect(people.map((p) => p.username)).toContain('daniel.reyes');
      expect(await verifyPassword('', NO_LOGIN_PASSWORD_HASH)).toBe(false);

      // Verified reviews rest on a shipped order of their product by their author, paid in
      // full by hand and sent with a tracking number (a state the shop reaches by its moves).
      const verified = await db
        .selectFrom('reviews as r')
        .innerJoin('orders as o', 'o.user_id', 'r.user_id')
        .innerJoin('order_items as oi', (join) =>
          join.onRef('oi.order_id', '=', 'o.id').onRef('oi.product_id', '=', 'r.product_id'),
        )
        .innerJoin('manual_payments as m', 'm.order_id', 'o.id')
        .innerJoin('order_fulfilments as f', 'f.order_id', 'o.id')
        .select([
          'r.username',
          'o.status',
          'o.paid_at',
          'o.total_cents',
          'o.subtotal_cents',
          'o.shipping_cents',
          'o.country',
          'o.shipments',
          'm.amount_cents',
          'f.status as fulfilment',
          'f.tracking_number',
        ])
        .where('r.is_verified_purchase', '=', 1)
        .where('r.user_id', 'is not', null)
        .execute();
      const expected = seedContent.flatMap((c) => c.reviews.filter((r) => r.paid_order));
      expect(verified.map((v) => v.username).sort()).toEqual(
        expected.map((r) => r.username).sort(),
      );
      for (const row of verified) {
        expect(row).toMatchObject({ status: 'shipped', fulfilment: 'shipped', country: 'GB' });
        expect(row.paid_at).not.toBeNull();
        expect(row.amount_cents).toBe(row.total_cents);
        expect(row.total_cents).toBe(row.subtotal_cents + row.shipping_cents);
        expect(row.tracking_number).toMatch(/^[A-Z0-9]+$/);
        expect(JSON.parse(row.shipments)).toEqual([
          expect.objectContaining({ kind: 'delivery', item_ids: [expect.any(Number)] }),
        ]);
      }
    } finally {
      await database.drop();
    }
  });

  it('leaves a shop that has content of its own alone, and renders the pictures', async () => {
    const database = await createTestDatabase();
    const mediaDir = await mkdtemp(join(tmpdir(), 'shop-media-'));
    try {
      await migrateToLatest(database.handle);
      const { db } = database.handle;
      await seedIfEmpty(db, { mediaDir, publicApiPath: '/api', skipMedia: true });
      const pottery = await db
        .selectFrom('tenants')
        .select('id')
        .where('token', '=', 'demo-pottery')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('faqs')
        .values({ tenant_id: pottery.id, question: 'Own?', answer: '<p>Yes</p>', position: 1 })
        .execute();
      // One post with a picture and one location picture are enough to prove the drawing.
      const tiny = {
        ...demoContent,
        blog_posts: demoContent.blog_posts.slice(0, 1),
        locations: demoContent.locations.slice(0, 1),
        reviews: [],
      };
      expect(
        await seedContentIfMissing(db, {
          mediaDir,
          publicApiPath: '/api',
          content: [tiny, potteryContent],
        }),
      ).toEqual(['demo-handcraft']);
      const faqs = await db
        .selectFrom('faqs')
        .select('question')
        .where('tenant_id', '=', pottery.id)
        .execute();
      expect(faqs).toEqual([{ question: 'Own?' }]);

      const post = tiny.blog_posts[0]!;
      const image = await sharp(
        await readFile(join(mediaDir, 'demo', blogImageFile(post.slug))),
      ).metadata();
      expect(image).toMatchObject({ format: 'webp', width: 800 });
      const row = await db
        .selectFrom('blog_posts')
        .select('featured_image_path')
        .where('slug', '=', post.slug)
        .executeTakeFirstOrThrow();
      expect(row.featured_image_path).toBe(`/api/media/demo/${blogImageFile(post.slug)}`);
      const place = await sharp(
        await readFile(join(mediaDir, 'demo', locationImageFile('the-forge'))),
      ).metadata();
      expect(place.format).toBe('webp');
    } finally {
      await database.drop();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
