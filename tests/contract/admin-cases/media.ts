/**
 * Images (admin contract: uploadImage, listProductPhotos, addProductPhoto,
 * reorderProductPhotos, updateProductPhoto, removeProductPhoto) on a seeded piece of the demo
 * shop (the damascus gyuto, found through the storefront):
 * - the staff member uploads a JPEG (201: the storefront's sizes), and is refused an SVG sent as
 *   a PNG, a text file sent as a JPEG (415, each with its message), a JSON body (415), a PNG
 *   whose header declares 30000 x 30000 pixels and a PNG of 7000 x 7000 at 16 bits per channel
 *   that would take too much memory to decode (400 each, refused before decoding);
 * - the piece's photos listed; the upload added with its alt text (201), a blank alt text and
 *   the same upload again refused (400 on the field); its alt text edited; the photos reordered
 *   (the new one first), a list that is not the piece's refused; the new photo removed and the
 *   seeded order put back; another product 404.
 *
 * Prism cannot proxy an image's bytes: it reads every body that is not JSON as UTF-8 text
 * (prism-http-server's `parseRequestBody`) and forwards that text, so a JPEG arrives damaged.
 * The uploads of real images therefore go to the API directly (`via: 'direct'`, their answers
 * still checked against the contract); the refusals of text bodies (an SVG, a text file) go
 * through Prism.
 */
import { DEMO, detailIs, fieldError, TENANT_HEADER, type Case } from '../case';
import { isObject, type Json } from '../contract-document';
import { request } from '../request';
import { bandedPng, pngDeclaring, testPhoto } from '../../../server/test/images.ts';
import { MEDIA_MESSAGES } from '../../../server/media/messages.ts';
import { NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

const PIECE = 'damascus-gyuto-210mm';

interface Kept {
  productId: number;
  seeded: number[];
  uploadId: number;
  photoId: number;
  problem: string;
}

/** The photos' ids of a ProductPhotoList answer. */
function idsOf(body: Json): number[] {
  return Array.isArray(body) ? body.filter(isObject).map((p) => Number(p.id)) : [];
}

/** The image cases, in order. */
export function mediaCases(a: AdminSetup, upstream: string): Case[] {
  const { asStaff } = members(a);
  const kept: Kept = { productId: 0, seeded: [], uploadId: 0, photoId: 0, problem: '' };
  let found: Promise<void> | null = null;
  const ready = async () => {
    found ??= (async () => {
      const page = await request(upstream, {
        method: 'GET',
        path: `/products/products/${PIECE}/`,
        headers: { [TENANT_HEADER]: DEMO },
      });
      if (isObject(page.body) && typeof page.body.id === 'number') kept.productId = page.body.id;
      else kept.problem = `the storefront has no ${PIECE} (${page.status})`;
    })();
    await found;
    if (!kept.productId) throw new Error(`not run: ${kept.problem}`);
  };
  const photos = () => `/products/${kept.productId}/photos/`;
  const text = (value: string) => new TextEncoder().encode(value);
  let jpeg: Promise<Uint8Array> | null = null;
  const photo = () =>
    (jpeg ??= testPhoto({
      width: 1600,
      height: 1200,
      format: 'jpeg',
      phoneExif: { orientation: 1 },
    }).then((b) => new Uint8Array(b)));

  const upload = (name: string, status: number, rest: Partial<Case>) =>
    asStaff(
      adminCase(`uploadImage ${name}`, 'uploadImage', 'POST', '/media/uploads/', status, rest),
    );
  const onPhotos = (
    operationId: string,
    name: string,
    method: string,
    suffix: string,
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
  ) => {
    const { bodyOf, ...others } = rest;
    return asStaff(
      adminCase(`${operationId} ${name}`, operationId, method, '/products/1/photos/', status, {
        ...others,
        prepare: async () => {
          await ready();
          return {
            path: `${photos()}${suffix.replace('{photo}', String(kept.photoId))}`,
            ...(bodyOf ? { body: bodyOf() } : {}),
          };
        },
      }),
    );
  };

  return [
    upload(
      'a phone photo (JPEG) becomes the storefront sizes (directly: Prism mangles bytes)',
      201,
      {
        via: 'direct',
        prepare: async () => ({ rawBody: { bytes: await photo(), contentType: 'image/jpeg' } }),
        check: (b) =>
          isObject(b) && b.width === 800 && b.height === 600 && String(b.url).endsWith('.webp')
            ? null
            : `expected an 800 x 600 WebP, got ${JSON.stringify(b)}`,
        remember: (b) => {
          if (isObject(b)) kept.uploadId = Number(b.id);
        },
      },
    ),
    upload('an SVG sent as a PNG is refused', 415, {
      rawBody: {
        bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        contentType: 'image/png',
      },
      check: detailIs(MEDIA_MESSAGES.svg),
    }),
    upload('a text file sent as a JPEG is refused', 415, {
      rawBody: { bytes: text('Dear maker, this is not a photo.\n'), contentType: 'image/jpeg' },
      check: detailIs(MEDIA_MESSAGES.text),
    }),
    upload('a JSON body is refused', 415, {
      via: 'lenient',
      body: { file: 'photo.jpg' },
      check: detailIs(MEDIA_MESSAGES.wrongContentType),
    }),
    upload('a PNG declaring 30000 x 30000 pixels is refused before decoding', 400, {
      via: 'direct',
      prepare: async () => ({
        rawBody: {
          bytes: new Uint8Array(await pngDeclaring(30000, 30000)),
          contentType: 'image/png',
        },
      }),
      check: detailIs(MEDIA_MESSAGES.tooManyPixels(30000, 30000)),
    }),
    upload('a small PNG that would take too much memory to decode is refused', 400, {
      via: 'direct',
      prepare: async () => ({
        rawBody: {
          bytes: new Uint8Array(await bandedPng(7000, 7000, 16)),
          contentType: 'image/png',
        },
      }),
      check: (body) =>
        isObject(body) &&
        typeof body.detail === 'string' &&
        body.detail.startsWith(
          'The image is 7000 × 7000 pixels (a PNG at 16 bits per channel, with transparency)',
        )
          ? null
          : `expected the decoding refusal, got ${JSON.stringify(body)}`,
    }),

    onPhotos('listProductPhotos', "the piece's photos, the main image first", 'GET', '', 200, {
      remember: (b) => {
        kept.seeded = idsOf(b);
      },
      check: (b) =>
        idsOf(b).length > 0 ? null : `expected the seeded photos, got ${JSON.stringify(b)}`,
    }),
    onPhotos('addProductPhoto', 'a blank alt text is refused', 'POST', '', 400, {
      bodyOf: () => ({ upload_id: kept.uploadId, alt_text: '   ' }),
      check: fieldError('alt_text', MEDIA_MESSAGES.altRequired),
    }),
    onPhotos('addProductPhoto', 'the upload with its alt text, last', 'POST', '', 201, {
      bodyOf: () => ({ upload_id: kept.uploadId, alt_text: 'Sparks at the anvil' }),
      remember: (b) => {
        kept.photoId = idsOf(b).at(-1) ?? 0;
      },
      check: (b) =>
        Array.isArray(b) && (b.filter(isObject).at(-1)?.alt_text ?? '') === 'Sparks at the anvil'
          ? null
          : `expected the new photo last, got ${JSON.stringify(b).slice(0, 300)}`,
    }),
    onPhotos('addProductPhoto', 'the same upload again is refused', 'POST', '', 400, {
      bodyOf: () => ({ upload_id: kept.uploadId, alt_text: 'Again' }),
      check: fieldError('upload_id', MEDIA_MESSAGES.uploadClaimed),
    }),
    onPhotos('updateProductPhoto', 'its alt text', 'PATCH', '{photo}/', 200, {
      bodyOf: () => ({ alt_text: 'Sparks fly at the anvil' }),
      check: (b) =>
        Array.isArray(b) && b.filter(isObject).some((p) => p.alt_text === 'Sparks fly at the anvil')
          ? null
          : `expected the new alt text, got ${JSON.stringify(b).slice(0, 300)}`,
    }),
    onPhotos('reorderProductPhotos', 'the new photo first', 'PUT', 'order/', 200, {
      bodyOf: () => ({ photo_ids: [kept.photoId, ...kept.seeded] }),
      check: (b) =>
        idsOf(b)[0] === kept.photoId ? null : `expected it first, got ${JSON.stringify(idsOf(b))}`,
    }),
    onPhotos('reorderProductPhotos', 'a list missing a photo is refused', 'PUT', 'order/', 400, {
      bodyOf: () => ({ photo_ids: kept.seeded }),
      check: fieldError('photo_ids', MEDIA_MESSAGES.orderMismatch),
    }),
    onPhotos('removeProductPhoto', 'the new photo', 'DELETE', '{photo}/', 200, {
      check: (b) =>
        JSON.stringify(idsOf(b)) === JSON.stringify(kept.seeded)
          ? null
          : `expected the seeded photos left, got ${JSON.stringify(idsOf(b))}`,
    }),
    onPhotos('removeProductPhoto', 'one already removed', 'DELETE', '{photo}/', 404, {
      check: detailIs(NOT_FOUND),
    }),
    asStaff(
      adminCase(
        'listProductPhotos no such product',
        'listProductPhotos',
        'GET',
        '/products/999999/photos/',
        404,
        {
          check: detailIs(NOT_FOUND),
        },
      ),
    ),
  ];
}
