/**
 * How the shop frames its photos (openapi/admin.yaml: setPhotoFocalPoint, listShopPhotos,
 * getPhotoDisplay / updatePhotoDisplay, setCategoryImage), as the storefront then shows them:
 * a focal point from 0 to 1 only, the card aspect the owner chose, the hero and a category's
 * tile photo chosen from the shop's own photos, and a fallback that a new product never takes
 * and that a removed photo falls back to. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { components } from '../../../common/admin-api';
import { testPhoto } from '../../test/images.ts';
import { call, productBySlug } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type Photo = components['schemas']['ProductPhoto'];
type ShopPhoto = components['schemas']['ShopPhoto'];
type StorefrontImage = {
  image: string;
  focal_x?: number;
  focal_y?: number;
  width?: number;
  card_x?: number;
  card_y?: number;
};

const t = useTestApp();
let owner: Record<string, string>;
let staff: Record<string, string>;
let potteryOwner: Record<string, string>;
let product: { id: number; slug: string };
let potteryPhoto: ShopPhoto;
const shopper = { 'x-tenant-token': 'demo-handcraft' };

beforeAll(async () => {
  const demo = await tenantIdOf(t.app.db, 'demo-handcraft');
  owner = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: demo, role: 'owner' })),
  );
  staff = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: demo, role: 'staff' })),
  );
  const pottery = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
    role: 'owner',
  });
  potteryOwner = asStaff('demo-pottery', await staffTokenFor(t.app, pottery));
  product = await productBySlug(t.app, 'damascus-gyuto-210mm');
  const theirs = await call<{ results: ShopPhoto[] }>(t.app, 'GET', '/admin/photos/', potteryOwner);
  potteryPhoto = theirs.body.results[0]!;
});

const photosPath = (id = product.id) => `/admin/products/${id}/photos/`;
const focalPath = (photoId: number, productId = product.id) =>
  `/admin/products/${productId}/photos/${photoId}/focal-point/`;

/** A raw JSON body, as a client could send it (numbers JSON.stringify cannot write). */
async function rawPut(url: string, body: string, headers = staff, type = 'application/json') {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function siteSettings() {
  const answer = await call<{ card_aspect: string; hero_images: StorefrontImage[] }>(
    t.app,
    'GET',
    '/pages/site-settings/',
    shopper,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function categoryTile(slug: string): Promise<StorefrontImage | null> {
  const answer = await call<{ slug: string; image: StorefrontImage | null }[]>(
    t.app,
    'GET',
    '/products/categories/',
    shopper,
  );
  return answer.body.find((c) => c.slug === slug)!.image;
}

async function adminCategories() {
  const answer = await call<
    | { id: number; slug: string; image_photo: unknown }[]
    | { results: { id: number; slug: string; image_photo: unknown }[] }
  >(t.app, 'GET', '/admin/categories/', staff);
  expect(answer.status).toBe(200);
  return Array.isArray(answer.body) ? answer.body : answer.body.results;
}

let shade = 0;
/** Uploads a 3:2 photo and adds it to product `productId`; answers the new photo. */
async function addLandscapePhoto(productId = product.id): Promise<Photo> {
  shade++;
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads/',
    headers: { ...owner, 'content-type': 'image/png' },
    payload: await testPhoto({ width: 1200 + shade, height: 800, format: 'png' }),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const added = await call<Photo[]>(t.app, 'POST', photosPath(productId), owner, {
    upload_id: (upload.json() as { id: number }).id,
    alt_text: 'A kiritsuke, tip to handle',
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.at(-1)!;
}

describe("a photo's focal point", () => {
  it('is kept from 0 to 1, shown to the storefront, and written in the activity log', async () => {
    const photo = await addLandscapePhoto();
    expect(photo).toMatchObject({ focal_x: 0.5, focal_y: 0.5, width: 800 });
    expect(photo.height).toBe(Math.round((800 * 800) / (1200 + shade)));

    const set = await call<Photo[]>(t.app, 'PUT', focalPath(photo.id), staff, {
      focal_x: 0.2,
      focal_y: 1,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.find((p) => p.id === photo.id)).toMatchObject({ focal_x: 0.2, focal_y: 1 });

    const page = await call<{ images: (StorefrontImage & { id: number })[] }>(
      t.app,
      'GET',
      `/products/products/${product.slug}/`,
      shopper,
    );
    expect(page.body.images.find((i) => i.id === photo.id)).toMatchObject({
      focal_x: 0.2,
      focal_y: 1,
      width: 800,
      // A square card shows two thirds of the 3:2 photo: centred on 0.2 it would start before
      // the photo does, so it starts at its left edge, as the crop tool showed the owner.
      card_x: 0,
      card_y: 0.5,
    });
    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'product.photo_focal_point')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(log.after))).toEqual({
      photo_id: photo.id,
      focal_x: 0.2,
      focal_y: 1,
    });
  });

  it('refuses NaN, 1e999, strings, out of range and missing coordinates, changing nothing', async () => {
    const photo = await addLandscapePhoto();
    for (const body of [
      '{"focal_x": 1e999, "focal_y": 0.5}',
      '{"focal_x": -1e999, "focal_y": 0.5}',
      '{"focal_x": NaN, "focal_y": 0.5}',
      // Strings: the house keeps DRF's leniency for a numeric string ("0.5"), never for these.
      '{"focal_x": "NaN", "focal_y": 0.5}',
      '{"focal_x": "Infinity", "focal_y": 0.5}',
      '{"focal_x": "1e999", "focal_y": 0.5}',
      '{"focal_x": "half", "focal_y": 0.5}',
      '{"focal_x": "0.5\u0000", "focal_y": 0.5}',
      '{"focal_x": 1.0001, "focal_y": 0.5}',
      '{"focal_x": 0.5, "focal_y": -0.01}',
      '{"focal_x": 0.5}',
      '{"focal_x": 0.5, "focal_y": 0.5, "note": "\\u0000"}',
    ]) {
      const answer = await rawPut(focalPath(photo.id), body);
      expect(answer.status, body).toBe(400);
      expect(typeof answer.body, body).toBe('object');
      expect(Object.keys(answer.body).length, body).toBeGreaterThan(0);
    }
    const text = await rawPut(focalPath(photo.id), 'focal_x=0.1&focal_y=0.1', staff, 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body).toHaveProperty('detail');

    const after = await call<Photo[]>(t.app, 'GET', photosPath(), staff);
    expect(after.body.find((p) => p.id === photo.id)).toMatchObject({ focal_x: 0.5, focal_y: 0.5 });
  });

  it("is not found on another shop's product or photo", async () => {
    const photo = await addLandscapePhoto();
    const point = { focal_x: 0.1, focal_y: 0.1 };
    // Another shop's member, on this shop's product.
    expect((await call(t.app, 'PUT', focalPath(photo.id), potteryOwner, point)).status).toBe(404);
    // This shop's member, naming another shop's photo on this shop's product, or its product.
    const theirs = await call(t.app, 'PUT', focalPath(potteryPhoto.id), staff, point);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ detail: 'Not found.' });
    const theirProduct = focalPath(potteryPhoto.id, potteryPhoto.product_id);
    expect((await call(t.app, 'PUT', theirProduct, staff, point)).status).toBe(404);
    const list = await call<{ results: ShopPhoto[] }>(t.app, 'GET', '/admin/photos/', potteryOwner);
    expect(list.body.results.find((p) => p.id === potteryPhoto.id)).toMatchObject({
      focal_x: potteryPhoto.focal_x,
      focal_y: potteryPhoto.focal_y,
    });
    expect(list.body.results.some((p) => p.id === photo.id)).toBe(false);
  });
});

describe("the cards' aspect", () => {
  it('is square until the owner chooses portrait or landscape; staff may not change it', async () => {
    expect((await siteSettings()).card_aspect).toBe('square');
    const read = await call<{ card_aspect: string }>(
      t.app,
      'GET',
      '/admin/settings/photos/',
      staff,
    );
    expect(read.status).toBe(200);
    expect(read.body.card_aspect).toBe('square');

    const refused = await call(t.app, 'PATCH', '/admin/settings/photos/', staff, {
      card_aspect: 'portrait',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toHaveProperty('detail');
    const wide = await call(t.app, 'PATCH', '/admin/settings/photos/', owner, {
      card_aspect: 'panorama',
    });
    expect(wide.status).toBe(400);
    expect(wide.body).toHaveProperty('card_aspect');
    expect((await siteSettings()).card_aspect).toBe('square');

    const chosen = await call<{ card_aspect: string }>(
      t.app,
      'PATCH',
      '/admin/settings/photos/',
      owner,
      {
        card_aspect: 'portrait',
      },
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.card_aspect).toBe('portrait');
    expect((await siteSettings()).card_aspect).toBe('portrait');
    await call(t.app, 'PATCH', '/admin/settings/photos/', owner, { card_aspect: 'square' });
  });
});

describe('the home page hero', () => {
  it('keeps its fallback when a product is added, shows the chosen photo, and falls back when it is removed', async () => {
    const fallback = (await siteSettings()).hero_images.map((i) => i.image);
    expect(fallback).toHaveLength(3);

    // A new product with a photo does not take the hero.
    const created = await call<{ id: number }>(t.app, 'POST', '/admin/products/', owner, {
      name: 'Kiritsuke 240mm',
      category_id: (await adminCategories()).find((c) => c.slug === 'chef-knives')!.id,
      price: '420.00',
      stock: 1,
      status: 'active',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newPhoto = await addLandscapePhoto(created.body.id);
    expect((await siteSettings()).hero_images.map((i) => i.image)).toEqual(fallback);

    // Another shop's photo is refused, and nothing changes.
    const theirs = await call(t.app, 'PATCH', '/admin/settings/photos/', owner, {
      hero_photo_id: potteryPhoto.id,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ hero_photo_id: ['Choose one of the shop’s photos.'] });
    for (const bad of ['"seven"', '1e999', '-1', '0', '1.5', '[1]']) {
      const answer = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings/photos/',
        headers: { ...owner, 'content-type': 'application/json' },
        payload: `{"hero_photo_id": ${bad}}`,
      });
      expect(answer.statusCode, bad).toBe(400);
    }

    const chosen = await call<{ hero_photo: ShopPhoto }>(
      t.app,
      'PATCH',
      '/admin/settings/photos/',
      owner,
      {
        hero_photo_id: newPhoto.id,
      },
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.hero_photo).toMatchObject({
      id: newPhoto.id,
      product_name: 'Kiritsuke 240mm',
    });
    expect((await siteSettings()).hero_images).toEqual([
      expect.objectContaining({ image: newPhoto.image, width: 800, focal_x: 0.5 }),
    ]);

    const removed = await call(
      t.app,
      'DELETE',
      `${photosPath(created.body.id)}${newPhoto.id}/`,
      owner,
    );
    expect(removed.status).toBe(200);
    expect((await siteSettings()).hero_images.map((i) => i.image)).toEqual(fallback);
    const display = await call<{ hero_photo: unknown }>(
      t.app,
      'GET',
      '/admin/settings/photos/',
      owner,
    );
    expect(display.body.hero_photo).toBeNull();
  });
});

describe("a category's tile photo", () => {
  it("shows the chosen photo, refuses another shop's, and falls back when it is removed", async () => {
    const knives = (await adminCategories()).find((c) => c.slug === 'chef-knives')!;
    expect(knives.image_photo).toBeNull();
    const fallback = await categoryTile('chef-knives');
    expect(fallback?.image).toMatch(/\.webp$/);

    const photo = await addLandscapePhoto();
    const imagePath = `/admin/categories/${knives.id}/image/`;
    const theirs = await call(t.app, 'PUT', imagePath, staff, { photo_id: potteryPhoto.id });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ photo_id: ['Choose one of the shop’s photos.'] });
    const otherShop = await call(t.app, 'PUT', imagePath, potteryOwner, {
      photo_id: potteryPhoto.id,
    });
    expect(otherShop.status).toBe(404);
    expect(await categoryTile('chef-knives')).toEqual(fallback);

    const chosen = await call<{ image_photo: ShopPhoto }>(t.app, 'PUT', imagePath, staff, {
      photo_id: photo.id,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.image_photo).toMatchObject({ id: photo.id, image: photo.image });
    expect((await categoryTile('chef-knives'))?.image).toBe(photo.image);

    expect((await call(t.app, 'DELETE', `${photosPath()}${photo.id}/`, staff)).status).toBe(200);
    expect(await categoryTile('chef-knives')).toEqual(fallback);

    const none = await call<{ image_photo: unknown }>(t.app, 'PUT', imagePath, staff, {
      photo_id: null,
    });
    expect(none.status).toBe(200);
    expect(none.body.image_photo).toBeNull();
  });
});
