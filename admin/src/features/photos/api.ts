/**
 * Images in the back office: uploading one, and a product's photos.
 *
 * - `uploadImage(file)`: `POST /media/uploads/` with the file's bytes as the body (not a form):
 *   answers the upload's id and the addresses of its storefront sizes. An upload is used once,
 *   by id: a product photo here, a post's featured image, the logo.
 * - `useDraftPhotos()`: the photos chosen on a product's form and uploaded at once, until its
 *   one save attaches them (see its section below);
 * - `photosQuery(productId)`: `GET /products/{id}/photos/`, key `['products','photos',id]`, so
 *   invalidating `['products']` (a product saved elsewhere) refreshes it too.
 * - Mutations (add with alt text, edit alt text, reorder, remove): each answers the product's
 *   photos afterwards, which replace the query's data; every `['products']` query (the product,
 *   the lists, which show the main image) and the activity log are then marked stale.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
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

/*
 * Photos chosen on the product form but not saved yet (issue 40: "photos are chosen with the
 * product"). Each file uploads at once (`POST /media/uploads/`) while the owner types; the
 * product's one save then attaches them in their order: a new product sends them with its
 * body (`photos` of `POST /products/`, attached in the same transaction), a saved product adds
 * each after its fields (`POST /products/{id}/photos/`). An upload never attached is removed by
 * the server after a day, so a form left behind leaves nothing.
 *
 * Each photo's alt text is suggested from the product's name and its place ("Kiritsuke 240 mm,
 * photo 2") until the owner types their own. The first photo of a new product is the main one;
 * "Make main" and the moves reorder them.
 */

/** A chosen file: uploading (`upload` and `error` null), uploaded, or refused (`error`). */
export interface DraftPhoto {
  key: number;
  /** The file's own name, shown while it uploads and with a refusal. */
  name: string;
  upload: MediaUpload | null;
  error: string | null;
  /** The owner's alt text, or null while the suggestion stands. */
  alt: string | null;
  /** The server's refusal of this photo's alt text or upload on save. */
  saveError: string | null;
}

/** The suggested alt text of the photo at `position` (1 for the main one). */
export function suggestedAlt(productName: string, position: number): string {
  const name = productName.trim().replace(/\s+/g, ' ').slice(0, 250);
  return `${name || 'Photo'}, photo ${position}`;
}

/** The alt text a draft is saved with: the owner's, or the suggestion for its place. */
export function altOf(draft: DraftPhoto, productName: string, position: number): string {
  return draft.alt ?? suggestedAlt(productName, position);
}

/**
 * The place of each draft still to save, by key (1 for the product's main photo): after the
 * `before` saved photos, in the drafts' order, a refused file taking no place. Both the cards'
 * suggested alt texts and the save's use it, so a photo is saved with the words shown.
 */
export function draftPositions(drafts: readonly DraftPhoto[], before: number): Map<number, number> {
  const positions = new Map<number, number>();
  for (const draft of drafts) {
    if (draft.error === null) positions.set(draft.key, before + positions.size + 1);
  }
  return positions;
}

/** `items` with the one at `from` moved to `to`. */
export function movedTo<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

let nextKey = 1;

/** What the product form holds of its chosen photos, and the moves on them. */
export interface DraftPhotos {
  drafts: DraftPhoto[];
  /** Takes files as chosen: each image uploads at once; others are refused with a message. */
  add: (files: File[]) => void;
  remove: (key: number) => void;
  /** Moves the draft `key` to place `to` (0: the main photo). */
  moveTo: (key: number, to: number) => void;
  setAlt: (key: number, alt: string) => void;
  setSaveError: (key: number, message: string | null) => void;
  /** Forgets every draft (after they were saved). */
  clear: () => void;
  /** Waits for the uploads under way; answers the drafts then. */
  settled: () => Promise<DraftPhoto[]>;
  /** True while an upload is under way. */
  uploading: boolean;
  /**
   * True while a chosen photo waits for the save (uploading or uploaded): what leaving would
   * lose. A refused file (`error`) is not counted: there is nothing of it to save.
   */
  unsaved: boolean;
}

/** The chosen photos of one product form (see the module comment). */
export function useDraftPhotos(): DraftPhotos {
  const [drafts, setDrafts] = useState<DraftPhoto[]>([]);
  const current = useRef<DraftPhoto[]>([]);
  const inFlight = useRef(new Map<number, Promise<void>>());

  const change = useCallback((fn: (all: DraftPhoto[]) => DraftPhoto[]) => {
    current.current = fn(current.current);
    setDrafts(current.current);
  }, []);
  const patch = useCallback(
    (key: number, values: Partial<DraftPhoto>) =>
      change((all) => all.map((d) => (d.key === key ? { ...d, ...values } : d))),
    [change],
  );

  const add = useCallback(
    (files: File[]) => {
      const added: DraftPhoto[] = files.map((file) => ({
        key: nextKey++,
        name: file.name,
        upload: null,
        error: isImageType(file) ? null : 'Choose a JPEG, PNG or WebP image.',
        alt: null,
        saveError: null,
      }));
      change((all) => [...all, ...added]);
      files.forEach((file, i) => {
        const draft = added[i]!;
        if (draft.error) return;
        const work = uploadImage(file).then(
          (upload) => patch(draft.key, { upload }),
          (error: unknown) => patch(draft.key, { error: errorMessage(error) }),
        );
        inFlight.current.set(draft.key, work);
        void work.finally(() => inFlight.current.delete(draft.key));
      });
    },
    [change, patch],
  );

  return useMemo(
    () => ({
      drafts,
      add,
      remove: (key) => change((all) => all.filter((d) => d.key !== key)),
      moveTo: (key, to) =>
        change((all) =>
          movedTo(
            all,
            all.findIndex((d) => d.key === key),
            to,
          ),
        ),
      setAlt: (key, alt) => patch(key, { alt, saveError: null }),
      setSaveError: (key, saveError) => patch(key, { saveError }),
      clear: () => change(() => []),
      settled: async () => {
        await Promise.all(inFlight.current.values());
        return current.current;
      },
      uploading: drafts.some((d) => d.upload === null && d.error === null),
      unsaved: drafts.some((d) => d.error === null),
    }),
    [drafts, add, change, patch],
  );
}

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
