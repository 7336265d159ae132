/**
 * First-start seed: when the tenants table is empty, inserts the demo shops
 * of ./catalog-data.ts and renders their media (product images and thumbnails as WebP, the logo
 * as PNG, the favicon as SVG) under `<mediaDir>/<media_slug>/`.
 *
 * Files are written first (rendering is the slow part and needs no lock), then every row goes in
 * one transaction, so a crash never leaves a half-seeded shop: the next start seeds again.
 *
 * Demo customers are seeded separately, on every start, by ./customer-seed.ts, so a database
 * seeded before accounts existed gets them too; so are the shops' payment settings by
 * ./payment-seed.ts, and the blog, FAQ, legal and contact content by ./content-seed.ts.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { insertRows, insertShopList } from './insert-rows.ts';
import { lowestPriorPrice } from '../catalog/price-history.ts';
import { type SeedImage, type SeedTenant, seedTenants } from './catalog-data.ts';
import { faviconSvg, renderLogo, renderProductImage } from './images.ts';

export interface SeedOptions {
  /** Folder the media files go into (served at `<publicApiPath>/media/`). */
  mediaDir: string;
  /** API prefix, e.g. "/api": stored image and logo addresses start with it. */
  publicApiPath: string;
  /** The shops to seed (default: seedTenants). */
  tenants?: readonly SeedTenant[];
  /** Clock for created_at values (tests pin it). */
  now?: Date;
  /** Skip writing media files (tests that never fetch images save the rendering time). */
  skipMedia?: boolean;
}

const FULL_SIZE = 800;
const THUMB_SIZE = 320;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Writes a seeded product's price history (`price_history`, or by default its price before
 * discount from 60 days ago, so the demo's discounts are honest) and its current price from
 * `price_since_days_ago` (default 7) days ago, then the lowest price of the 30 days before it
 * (../catalog/price-history.ts).
 */
async function seedPriceHistory(
  trx: Kysely<Database>,
  tenantId: number,
  productId: number,
  product: SeedTenant['products'][number],
  now: Date,
): Promise<void> {
  const earlier =
    product.price_history ??
    (product.price_before_discount_cents === undefined
      ? []
      : [{ price_cents: product.price_before_discount_cents, days_ago: 60 }]);
  const points = [
    ...earlier,
    { price_cents: product.price_cents, days_ago: product.price_since_days_ago ?? 7 },
  ].map((p) => ({
    priceCents: p.price_cents,
    from: new Date(now.getTime() - p.days_ago * DAY_MS),
  }));
  await trx
    .insertInto('product_prices')
    .values(
      points.map((p) => ({
        tenant_id: tenantId,
        product_id: productId,
        price_cents: p.priceCents,
        effective_from: p.from.toISOString(),
      })),
    )
    .execute();
  await trx
    .updateTable('products')
    .set({ lowest_prior_price_cents: lowestPriorPrice(points) })
    .where('id', '=', productId)
    .execute();
}

/** Writes a file through a temp file and a rename, so a reader never sees half of it. */
export async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}

/** Runs `tasks` with at most `limit` in flight (sharp already uses a thread pool per task). */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** Media file names of a product image, relative to the tenant's media folder. */
export function productImageFiles(productSlug: string, n: number): { full: string; thumb: string } {
  return {
    full: `products/${productSlug}-${n}.webp`,
    thumb: `products/${productSlug}-${n}-thumb.webp`,
  };
}

async function renderTenantMedia(tenant: SeedTenant, mediaDir: string): Promise<void> {
  const root = join(mediaDir, tenant.media_slug);
  const tasks: (() => Promise<void>)[] = [
    async () => writeAtomically(join(root, 'logo.png'), await renderLogo(tenant.logo, 360, 96)),
    async () => writeAtomically(join(root, 'favicon.svg'), faviconSvg(tenant.logo.palette)),
  ];
  for (const product of tenant.products) {
    product.images.forEach((image: SeedImage, index) => {
      const files = productImageFiles(product.slug, index + 1);
      tasks.push(async () =>
        writeAtomically(join(root, files.full), await renderProductImage(image, FULL_SIZE, 'webp')),
      );
      tasks.push(async () =>
        writeAtomically(
          join(root, files.thumb),
          await renderProductImage(image, THUMB_SIZE, 'webp'),
        ),
      );
    });
  }
  await runLimited(tasks, 4);
}

async function insertTenant(
  trx: Kysely<Database>,
  tenant: SeedTenant,
  options: SeedOptions,
  now: Date,
) {
  const createdAt = now.toISOString();
  const mediaUrl = `${options.publicApiPath}/media/${tenant.media_slug}`;
  const { id: tenantId } = await trx
    .insertInto('tenants')
    .values({
      token: tenant.token,
      name: tenant.name,
      media_slug: tenant.media_slug,
      currency: tenant.currency,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('site_settings')
    .values({
      tenant_id: tenantId,
      site_title: tenant.site.site_title,
      site_description: tenant.site.site_description,
      // The spec resolves the favicon against the API host, so it is relative to the API base.
      favicon: `/media/${tenant.media_slug}/favicon.svg`,
      theme_name: tenant.site.theme_name,
      logo: `${mediaUrl}/logo.png`,
      google_analytics_id: tenant.site.google_analytics_id,
      contact_email: tenant.site.contact_email,
      social_media_links:
        tenant.site.social_media_links === null
          ? null
          : JSON.stringify(tenant.site.social_media_links),
      legal_name: tenant.seller.legal_name,
      legal_address: tenant.seller.address.join('\n'),
      legal_email: tenant.site.contact_email,
      company_number: tenant.seller.company_number,
      vat_number: tenant.seller.vat_number,
      vat_registered: tenant.seller.vat_rate_bp === null ? 0 : 1,
      vat_rate_bp: tenant.seller.vat_rate_bp,
      // Both demo sellers are in the United Kingdom: one VAT rate, no One-Stop Shop (issue 41).
      vat_country: 'GB',
    })
    .execute();

  const { core_values: coreValues, ...company } = tenant.company;
  await trx
    .insertInto('company_info')
    .values({ tenant_id: tenantId, ...company })
    .execute();
  await insertShopList(
    trx,
    'core_values',
    tenantId,
    coreValues,
    (v) => ({ name: v.name, description: v.description }),
    0,
  );

  const categoryIds = new Map<string, number>();
  for (const category of tenant.categories) {
    const { id } = await trx
      .insertInto('categories')
      .values({
        tenant_id: tenantId,
        slug: category.slug,
        name: category.name,
        description: category.description_html,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(category.slug, id);
  }

  // The catalogue looks made over time, newest first one piece of each category in turn, so
  // "newest" (the home page's strip, `ordering=-created_at`) shows the whole range.
  const rankInCategory = new Map<string, number>();
  const categoryOrder = tenant.categories.map((category) => category.slug);
  const madeAt = (product: (typeof tenant.products)[number]) => {
    const rank = rankInCategory.get(product.category_slug) ?? 0;
    rankInCategory.set(product.category_slug, rank + 1);
    const turn = rank * categoryOrder.length + categoryOrder.indexOf(product.category_slug);
    return new Date(now.getTime() - turn * HOUR_MS).toISOString();
  };

  for (const product of tenant.products) {
    const categoryId = categoryIds.get(product.category_slug);
    if (categoryId === undefined) {
      throw new Error(
        `Seed product ${product.slug} names unknown category ${product.category_slug}.`,
      );
    }
    const { id: productId } = await trx
      .insertInto('products')
      .values({
        tenant_id: tenantId,
        slug: product.slug,
        name: product.name,
        category_id: categoryId,
        price_cents: product.price_cents,
        price_before_discount_cents: product.price_before_discount_cents ?? null,
        stock: product.stock,
        description: product.description,
        long_html_description: product.long_html_description,
        is_active: product.is_active === false ? 0 : 1,
        created_at: madeAt(product),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedPriceHistory(trx, tenantId, productId, product, now);

    await insertRows(
      trx,
      'product_images',
      product.images.map((image, index) => {
        const files = productImageFiles(product.slug, index + 1);
        return {
          product_id: productId,
          image_path: `${mediaUrl}/${files.full}`,
          thumb_path: `${mediaUrl}/${files.thumb}`,
          // The seed's pictures are drawn square (./images.ts).
          width: FULL_SIZE,
          height: FULL_SIZE,
          alt_text: image.alt_text,
          position: index + 1,
        };
      }),
    );
    await insertRows(
      trx,
      'product_attributes',
      product.attributes.map((a, index) => ({
        product_id: productId,
        key: a.key,
        value: a.value,
        position: index + 1,
      })),
    );
    await insertRows(
      trx,
      'reviews',
      product.reviews.map((r) => ({
        tenant_id: tenantId,
        product_id: productId,
        username: r.username,
        rating: r.rating,
        comment: r.comment,
        is_verified_purchase: r.is_verified_purchase ? 1 : 0,
        created_at: new Date(now.getTime() - r.days_ago * DAY_MS).toISOString(),
      })),
    );
  }
}

/**
 * Seeds the demo shops when no tenant exists yet.
 * @returns true when it seeded, false when the database already had tenants.
 * @throws when rendering or inserting fails (the transaction is rolled back).
 */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const existing = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const tenants = options.tenants ?? seedTenants;
  const now = options.now ?? new Date();
  if (!options.skipMedia) {
    for (const tenant of tenants) await renderTenantMedia(tenant, options.mediaDir);
  }
  await db.transaction().execute(async (trx) => {
    for (const tenant of tenants) await insertTenant(trx, tenant, options, now);
  });
  return true;
}
