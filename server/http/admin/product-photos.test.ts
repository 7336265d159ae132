/**
 * A product's photos in the back office (openapi/admin.yaml, tag media): an upload is added
 * with its alt text and shows on the storefront's product at once; at most ten; reordered (the
 * first is the main image); alt text edited; removed. Another shop's product or upload is not
 * found, and every change is in the activity log with before and after.
 */
import type { components } from '../../../common/admin-api';
import { MEDIA_MESSAGES } from '../../media/messages.ts';
import { testPhoto } from '../../test/images.ts';
import { call, productBySlug } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type Photo = components['schemas']['ProductPhoto'];

const t = useTestApp();
let staff: Record<string, string>;
let potteryOwner: Record<string, string>;
let product: { id: number; slug: string };

beforeAll(async () => {
  const member = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-handcraft'),
    role: 'staff',
  });
  staff = asStaff('demo-handcraft', await staffTokenFor(t.app, member));
  const other = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
    role: 'owner',
  });
  potteryOwner = asStaff('demo-pottery', await staffTokenFor(t.app, other));
  product = await productBySlug(t.app, 'damascus-gyuto-210mm');
});

let shade = 0;
/** Uploads a distinct small photo as `headers`' shop and answers its id. */
async function uploadPhoto(headers = staff): Promise<number> {
  shade++;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads/',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: await testPhoto({ width: 64 + shade, height: 48, format: 'jpeg' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const photosPath = (id = product.id) => `/admin/products/${id}/photos/`;

async function storefrontImages(): Promise<{ image: string; alt_text: string }[]> {
  const page = await call<{ images: { image: string; alt_text: string }[] }>(
    t.app,
    'GET',
    `/products/products/${product.slug}/`,
    { 'x-tenant-token': 'demo-handcraft' },
  );
  expect(page.status).toBe(200);
  return page.body.images;
}

describe("a product's photos", () => {
  it('adds an upload with its alt text as the last photo, shown on the storefront at once', async () => {
    const before = await call<Photo[]>(t.app, 'GET', photosPath(), staff);
    expect(before.status).toBe(200);
    const uploadId = await uploadPhoto();
    const added = await call<Photo[]>(t.app, 'POST', photosPath(), staff, {
      upload_id: uploadId,
      alt_text: '  The blade in   raking light ',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toHaveLength(before.body.length + 1);
    const last = added.body.at(-1)!;
    expect(last).toMatchObject({
      alt_text: 'The blade in raking light',
      position: before.body.length + 1,
    });
    expect(last.image).toMatch(/^\/api\/media\/demo\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(added.body.map((p) => p.position)).toEqual(added.body.map((_, i) => i + 1));

    const shown = await storefrontImages();
    expect(shown.at(-1)).toMatchObject({
      image: last.image,
      alt_text: 'The blade in raking light',
    });

    // The upload is used: adding it again is refused on its field.
    const again = await call(t.app, 'POST', photosPath(), staff, {
      upload_id: uploadId,
      alt_text: 'Again',
    });
    expect(again).toMatchObject({
      status: 400,
      body: { upload_id: [MEDIA_MESSAGES.uploadClaimed] },
    });

    const logged = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'object_type', 'object_id', 'before', 'after'])
      .where('action', '=', 'product.photo_add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ object_type: 'product', object_id: String(product.id) });
    expect(JSON.parse(String(logged.after)).photos.at(-1)).toEqual({
      id: last.id,
      alt_text: 'The blade in raking light',
    });
    expect(JSON.parse(String(logged.before)).photos).toHaveLength(before.body.length);
  });

  it('requires an alt text, and refuses one too long', async () => {
    const uploadId = await uploadPhoto();
    for (const alt of ['', '   ']) {
      const answer = await call(t.app, 'POST', photosPath(), staff, {
        upload_id: uploadId,
        alt_text: alt,
      });
      expect(answer).toEqual(
        expect.objectContaining({ status: 400, body: { alt_text: [MEDIA_MESSAGES.altRequired] } }),
      );
    }
    const long = await call(t.app, 'POST', photosPath(), staff, {
      upload_id: uploadId,
      alt_text: 'x'.repeat(301),
    });
    expect(long.status).toBe(400);
    const missing = await call(t.app, 'POST', photosPath(), staff, { upload_id: uploadId });
    expect(missing.status).toBe(400);
  });

  it('refuses an eleventh photo with a message', async () => {
    let photos = (await call<Photo[]>(t.app, 'GET', photosPath(), staff)).body;
    while (photos.length < 10) {
      const added = await call<Photo[]>(t.app, 'POST', photosPath(), staff, {
        upload_id: await uploadPhoto(),
        alt_text: `Photo ${photos.length + 1}`,
      });
      expect(added.status).toBe(201);
      photos = added.body;
    }
    const uploadId = await uploadPhoto();
    const eleventh = await call(t.app, 'POST', photosPath(), staff, {
      upload_id: uploadId,
      alt_text: 'One more',
    });
    expect(eleventh).toMatchObject({ status: 409, body: { detail: MEDIA_MESSAGES.tooManyPhotos } });
    // The refused upload is still free to use once a photo goes.
    const claimed = await t.app.db
      .selectFrom('media_uploads')
      .select('claimed_at')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(claimed.claimed_at).toBeNull();
  });

  it('reorders the photos, the first becoming the main image', async () => {
    const photos = (await call<Photo[]>(t.app, 'GET', photosPath(), staff)).body;
    const reversed = photos.map((p) => p.id).reverse();
    const answer = await call<Photo[]>(t.app, 'PUT', `${photosPath()}order/`, staff, {
      photo_ids: reversed,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map((p) => p.id)).toEqual(reversed);
    expect(answer.body.map((p) => p.position)).toEqual(reversed.map((_, i) => i + 1));
    expect((await storefrontImages())[0]!.image).toBe(answer.body[0]!.image);

    for (const wrong of [
      reversed.slice(1),
      [...reversed.slice(1), reversed[1]!],
      [...reversed.slice(1), 999999],
    ]) {
      const refused = await call(t.app, 'PUT', `${photosPath()}order/`, staff, {
        photo_ids: wrong,
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { photo_ids: [MEDIA_MESSAGES.orderMismatch] },
      });
    }
    const logged = await t.app.db
      .selectFrom('activity_log')
      .select(['before', 'after'])
      .where('action', '=', 'product.photo_reorder')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(logged.after))).toEqual({ photo_ids: reversed });
  });

  it('edits an alt text, and removes a photo (the next one moving up)', async () => {
    const photos = (await call<Photo[]>(t.app, 'GET', photosPath(), staff)).body;
    const first = photos[0]!;
    const edited = await call<Photo[]>(t.app, 'PATCH', `${photosPath()}${first.id}/`, staff, {
      alt_text: 'The spine, polished',
    });
    expect(edited.status).toBe(200);
    expect(edited.body[0]).toMatchObject({ id: first.id, alt_text: 'The spine, polished' });
    expect((await storefrontImages())[0]!.alt_text).toBe('The spine, polished');
    const blank = await call(t.app, 'PATCH', `${photosPath()}${first.id}/`, staff, {
      alt_text: ' ',
    });
    expect(blank).toMatchObject({ status: 400, body: { alt_text: [MEDIA_MESSAGES.altRequired] } });

    const removed = await call<Photo[]>(t.app, 'DELETE', `${photosPath()}${first.id}/`, staff);
    expect(removed.status).toBe(200);
    expect(removed.body.map((p) => p.id)).toEqual(photos.slice(1).map((p) => p.id));
    expect(removed.body[0]!.position).toBe(1);
    expect((await storefrontImages())[0]!.image).toBe(photos[1]!.image);
    const gone = await call(t.app, 'DELETE', `${photosPath()}${first.id}/`, staff);
    expect(gone).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const update = await t.app.db
      .selectFrom('activity_log')
      .select(['before', 'after'])
      .where('action', '=', 'product.photo_update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(update.before))).toEqual({
      photo_id: first.id,
      alt_text: first.alt_text,
    });
    expect(JSON.parse(String(update.after))).toEqual({
      photo_id: first.id,
      alt_text: 'The spine, polished',
    });
  });

  it("answers 404 for another shop's product and 400 for another shop's upload", async () => {
    const pot = await productBySlug(
      t.app,
      (
        await t.app.db
          .selectFrom('products')
          .select('slug')
          .where('tenant_id', '=', await tenantIdOf(t.app.db, 'demo-pottery'))
          .executeTakeFirstOrThrow()
      ).slug,
      'demo-pottery',
    );
    const listed = await call(t.app, 'GET', photosPath(pot.id), staff);
    expect(listed).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const potteryUpload = await uploadPhoto(potteryOwner);
    const foreignProduct = await call(t.app, 'POST', photosPath(pot.id), staff, {
      upload_id: await uploadPhoto(),
      alt_text: 'x',
    });
    expect(foreignProduct.status).toBe(404);
    const photos = (await call<Photo[]>(t.app, 'GET', photosPath(), staff)).body;
    if (photos.length >= 10) {
      await call(t.app, 'DELETE', `${photosPath()}${photos.at(-1)!.id}/`, staff);
    }
    const foreignUpload = await call(t.app, 'POST', photosPath(), staff, {
      upload_id: potteryUpload,
      alt_text: 'Not ours',
    });
    expect(foreignUpload).toMatchObject({
      status: 400,
      body: { upload_id: [MEDIA_MESSAGES.uploadNotFound] },
    });
    const otherPhoto = await call(
      t.app,
      'PATCH',
      `${photosPath(pot.id)}${photos[0]!.id}/`,
      potteryOwner,
      { alt_text: 'mine' },
    );
    expect(otherPhoto.status).toBe(404);
    const foreignPhoto = await call(
      t.app,
      'DELETE',
      `${photosPath()}${photos[0]!.id}/`,
      potteryOwner,
    );
    expect(foreignPhoto.status).toBe(404);
  });
});
