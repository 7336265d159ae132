/**
 * How the shop frames its photos (admin contract: listShopPhotos, setPhotoFocalPoint,
 * getPhotoDisplay, updatePhotoDisplay, setCategoryImage), on the demo shop's seeded photos:
 * - the staff member lists the shop's photos, sets a photo's focal point and puts it back, and
 *   is refused a point outside 0..1 (400 on the field);
 * - the staff member reads the cards' aspect and the hero; the owner sets them (square, no hero:
 *   as seeded) and is refused a photo that is not the shop's (400 on the field);
 * - the staff member chooses a category's tile photo and then none again.
 */
import { DEMO, fieldError, TENANT_HEADER, type Case } from '../case';
import { isObject, type Json } from '../contract-document';
import { request } from '../request';
import { adminCase, members, type AdminSetup } from './admin-setup';

const NOT_THE_SHOPS = 'Choose one of the shop’s photos.';

/** The photo framing cases, in order. */
export function photoFramingCases(a: AdminSetup, upstream: string): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept = { photoId: 0, productId: 0, categoryId: 0 };
  const photoPath = () => `/products/${kept.productId}/photos/${kept.photoId}/focal-point/`;
  const first = (b: Json) =>
    isObject(b) && Array.isArray(b.results) ? b.results.filter(isObject)[0] : undefined;

  return [
    asStaff(
      adminCase("listShopPhotos the shop's photos", 'listShopPhotos', 'GET', '/photos/', 200, {
        remember: (b) => {
          const photo = first(b);
          kept.photoId = Number(photo?.id ?? 0);
          kept.productId = Number(photo?.product_id ?? 0);
        },
        check: (b) =>
          first(b) && typeof first(b)!.focal_x === 'number'
            ? null
            : `expected the seeded photos, got ${JSON.stringify(b).slice(0, 300)}`,
      }),
    ),
    asStaff(
      adminCase(
        'setPhotoFocalPoint a point',
        'setPhotoFocalPoint',
        'PUT',
        '/products/1/photos/1/focal-point/',
        200,
        {
          prepare: () => ({ path: photoPath(), body: { focal_x: 0.3, focal_y: 0.45 } }),
          check: (b) =>
            Array.isArray(b) &&
            b.filter(isObject).some((p) => p.id === kept.photoId && p.focal_x === 0.3)
              ? null
              : `expected the point kept, got ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'setPhotoFocalPoint outside 0..1 is refused',
        'setPhotoFocalPoint',
        'PUT',
        '/products/1/photos/1/focal-point/',
        400,
        {
          via: 'lenient',
          prepare: () => ({ path: photoPath(), body: { focal_x: 1.5, focal_y: 0.5 } }),
          check: (b) =>
            isObject(b) && Array.isArray(b.focal_x)
              ? null
              : `expected focal_x, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'setPhotoFocalPoint back to the centre',
        'setPhotoFocalPoint',
        'PUT',
        '/products/1/photos/1/focal-point/',
        200,
        {
          prepare: () => ({ path: photoPath(), body: { focal_x: 0.5, focal_y: 0.5 } }),
        },
      ),
    ),
    asStaff(
      adminCase(
        "getPhotoDisplay the cards' aspect",
        'getPhotoDisplay',
        'GET',
        '/settings/photos/',
        200,
      ),
    ),
    asOwner(
      adminCase(
        'updatePhotoDisplay square, no hero',
        'updatePhotoDisplay',
        'PATCH',
        '/settings/photos/',
        200,
        {
          body: { card_aspect: 'square', hero_photo_id: null },
          check: (b) =>
            isObject(b) && b.card_aspect === 'square' && b.hero_photo === null
              ? null
              : `expected square and no hero, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        "updatePhotoDisplay a photo not the shop's is refused",
        'updatePhotoDisplay',
        'PATCH',
        '/settings/photos/',
        400,
        {
          body: { hero_photo_id: 2147483647 },
          check: fieldError('hero_photo_id', NOT_THE_SHOPS),
        },
      ),
    ),
    asStaff(
      adminCase(
        "setCategoryImage a category's tile photo",
        'setCategoryImage',
        'PUT',
        '/categories/1/image/',
        200,
        {
          prepare: async () => {
            const list = await request(upstream, {
              method: 'GET',
              path: '/products/categories/',
              headers: { [TENANT_HEADER]: DEMO },
            });
            const category = Array.isArray(list.body) ? list.body.filter(isObject)[0] : undefined;
            kept.categoryId = Number(category?.id ?? 0);
            return {
              path: `/categories/${kept.categoryId}/image/`,
              body: { photo_id: kept.photoId },
            };
          },
          check: (b) =>
            isObject(b) && isObject(b.image_photo) && b.image_photo.id === kept.photoId
              ? null
              : `expected the chosen photo, got ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'setCategoryImage none again',
        'setCategoryImage',
        'PUT',
        '/categories/1/image/',
        200,
        {
          prepare: () => ({
            path: `/categories/${kept.categoryId}/image/`,
            body: { photo_id: null },
          }),
        },
      ),
    ),
  ];
}
