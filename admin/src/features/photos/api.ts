/**
 * Images in the back office: uploading one, and a product's photos.
 *
 * - `uploadImage(file)`: `POST /media/uploads/` with the file's bytes as the body (not a form):
 *   answers the upload's id and the addresses of its storefront sizes. An upload is used once,
 *   by id: a product photo here, a post's featured image, the logo.
 * - `photosQuery(productId)`: `GET /products/{id}/photos/`, key `['products','photos',id]`, so
 *   invalidating `['products']` (a product saved elsewhere) refreshes it too.
 * - Mutations (add with alt text, edit alt text, reorder, remove): each answers the product's
 *   photos afterwards, which replace the query's data; every `['products']` query (the product,
 *   the lists, which show the main image) and the activity log are then marked stale.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';
import { UPLOAD_TYPES } from '../../../../common/upload-limits';

export type ProductPhoto = Schemas['ProductPhoto'];
export type MediaUpload = Schemas['MediaUpload'];

const PRODUCTS_KEY = ['products'] as const;

/** Uploads one image file and answers the upload. @throws ApiError with the server's message. */
export async function uploadImage(file: Blob): Promise<MediaUpload> {
  // The bytes themselves (read at once: at most MAX_UPLOAD_BYTES, 15 MB), which any fetch sends as
  // they are.
  const bytes = await file.arrayBuffer();
  const { data } = await api.POST('/media/uploads/', {
    body: bytes as never,
    bodySerializer: (body: unknown) => body as BodyInit,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  return data as MediaUpload;
}

export const photosQuery = (productId: number) =>
  getQuery([...PRODUCTS_KEY, 'photos', productId] as const, (signal) =>
    dataOf(
      api.GET('/products/{product_id}/photos/', {
        params: { path: { product_id: productId } },
        signal,
      }),
    ),
  );

async function settled(queryClient: QueryClient, productId: number, photos: ProductPhoto[]) {
  queryClient.setQueryData(photosQuery(productId).queryKey, photos);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: PRODUCTS_KEY,
      // The photos just answered are current; everything else about products may not be.
      predicate: (query) => query.queryKey[1] !== 'photos' || query.queryKey[2] !== productId,
    }),
    queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
  ]);
}

/** A mutation on the photos of `productId` whose answer is the photos afterwards. */
function usePhotosMutation<TVariables>(
  productId: number,
  call: (variables: TVariables) => Promise<ProductPhoto[]>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (photos) => settled(queryClient, productId, photos),
  });
}

export function useAddPhoto(productId: number) {
  return usePhotosMutation(productId, async (input: { upload_id: number; alt_text: string }) => {
    const { data } = await api.POST('/products/{product_id}/photos/', {
      params: { path: { product_id: productId } },
      body: input,
    });
    return data as ProductPhoto[];
  });
}

export function useUpdatePhoto(productId: number) {
  return usePhotosMutation(productId, async (input: { photoId: number; alt_text: string }) => {
    const { data } = await api.PATCH('/products/{product_id}/photos/{photo_id}/', {
      params: { path: { product_id: productId, photo_id: input.photoId } },
      body: { alt_text: input.alt_text },
    });
    return data as ProductPhoto[];
  });
}

export function useReorderPhotos(productId: number) {
  return usePhotosMutation(productId, async (photoIds: number[]) => {
    const { data } = await api.PUT('/products/{product_id}/photos/order/', {
      params: { path: { product_id: productId } },
      body: { photo_ids: photoIds },
    });
    return data as ProductPhoto[];
  });
}

export function useRemovePhoto(productId: number) {
  return usePhotosMutation(productId, async (photoId: number) => {
    const { data } = await api.DELETE('/products/{product_id}/photos/{photo_id}/', {
      params: { path: { product_id: productId, photo_id: photoId } },
    });
    return data as ProductPhoto[];
  });
}

/** `ids` with the one at `index` swapped with its neighbour `by` places away (-1 or 1). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Whether `file` is a type the upload takes, by what the browser says (the server checks the bytes). */
export function isImageType(file: { type: string }): boolean {
  return (UPLOAD_TYPES as readonly string[]).includes(file.type);
}

// ~~ photo framing ~~
/*
 * How the storefront frames the shop's photos:
 * - `shopPhotosQuery()`: `GET /photos/`, every photo of the shop's products, key
 *   `['products','shop-photos']` (under `['products']`, so a photo added or removed anywhere
 *   refreshes it);
 * - `photoDisplayQuery()`: `GET /settings/photos/`, the cards' aspect and the chosen hero, key
 *   `['settings','photos']`;
 * - `useSetFocalPoint(productId)`: `PUT .../focal-point/`, answering the product's photos;
 * - `useUpdatePhotoDisplay()`: `PATCH /settings/photos/` (owner only).
 */
export type ShopPhoto = Schemas['ShopPhoto'];
export type PhotoDisplay = Schemas['PhotoDisplay'];
export type CardAspect = PhotoDisplay['card_aspect'];

/** The card aspects in the owner's words. */
export const ASPECT_WORDS: Record<CardAspect, string> = {
  square: 'square',
  portrait: 'portrait (4:5)',
  landscape: 'landscape (3:2)',
};

const PHOTO_DISPLAY_KEY = ['settings', 'photos'] as const;

export const shopPhotosQuery = () =>
  getQuery([...PRODUCTS_KEY, 'shop-photos'] as const, async (signal) => {
    const { data } = await api.GET('/photos/', { signal });
    return data?.results ?? [];
  });

export const photoDisplayQuery = () =>
  getQuery(PHOTO_DISPLAY_KEY, (signal) => dataOf(api.GET('/settings/photos/', { signal })));

/** Sets a photo's focal point (fractions 0..1 of its width and height). */
export function useSetFocalPoint(productId: number) {
  return usePhotosMutation(
    productId,
    async (input: { photoId: number; focal_x: number; focal_y: number }) => {
      const { data } = await api.PUT('/products/{product_id}/photos/{photo_id}/focal-point/', {
        params: { path: { product_id: productId, photo_id: input.photoId } },
        body: { focal_x: input.focal_x, focal_y: input.focal_y },
      });
      return data as ProductPhoto[];
    },
  );
}

/** Changes the cards' aspect or the hero photo; the answer replaces `photoDisplayQuery`'s data. */
export function useUpdatePhotoDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['PhotoDisplayUpdate']) => {
      const { data } = await api.PATCH('/settings/photos/', { body });
      return data as PhotoDisplay;
    },
    onSuccess: async (display) => {
      queryClient.setQueryData(PHOTO_DISPLAY_KEY, display);
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
    },
  });
}
