/**
 * Migration 2026_031_photo_framing's data step on a shop that had photos before it: each photo
 * gets the size of the upload it came from, and a photo that is not square shows its full image
 * as its thumbnail (the old thumbnails were centred squares, which cut it). On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { useTestApp } from '../../test/test-app.ts';
import { backfillPhotoSizes } from './migrations/2026-031-photo-framing.ts';
import type { AnyDb } from './migrations/schema-helpers.ts';

const t = useTestApp();

it('gives old photos their upload’s size, and the whole photo as the thumbnail of one that is not square', async () => {
  const { db } = t.app;
  const tenant = await db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirstOrThrow();
  const upload = (name: string, width: number, height: number) => ({
    tenant_id: tenant.id,
    image_key: `demo/uploads/${name}.webp`,
    thumb_key: `demo/uploads/${name}-thumb.webp`,
    image_path: `/api/media/demo/uploads/${name}.webp`,
    thumb_path: `/api/media/demo/uploads/${name}-thumb.webp`,
    width,
    height,
    bytes: 1000,
    created_by: null,
    created_at: new Date().toISOString(),
    claimed_at: new Date().toISOString(),
  });
  await db
    .insertInto('media_uploads')
    .values([upload('knife', 800, 533), upload('bowl', 800, 800)])
    .execute();
  const photo = (name: string, position: number) => ({
    product_id: product.id,
    image_path: `/api/media/demo/uploads/${name}.webp`,
    thumb_path: `/api/media/demo/uploads/${name}-thumb.webp`,
    alt_text: name,
    position: 100 + position,
  });
  await db
    .insertInto('product_images')
    .values([photo('knife', 1), photo('bowl', 2)])
    .execute();

  await backfillPhotoSizes(db as unknown as AnyDb);

  const rows = await db
    .selectFrom('product_images')
    .select(['alt_text', 'width', 'height', 'thumb_path', 'focal_x'])
    .where('alt_text', 'in', ['knife', 'bowl'])
    .orderBy('position')
    .execute();
  expect(rows).toEqual([
    {
      alt_text: 'knife',
      width: 800,
      height: 533,
      thumb_path: '/api/media/demo/uploads/knife.webp',
      focal_x: 0.5,
    },
    {
      alt_text: 'bowl',
      width: 800,
      height: 800,
      thumb_path: '/api/media/demo/uploads/bowl-thumb.webp',
      focal_x: 0.5,
    },
  ]);
});
