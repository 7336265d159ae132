/**
 * A photo's focal point and the back office's crop tool (admin/src/features/photos).
 *
 * The focal point (`focal_x`, `focal_y`, fractions 0..1 of the photo's width and height) is the
 * centre of the crop the owner chose: a frame of the shop's card aspect, as large as the photo
 * allows. A card shows the photo with `object-position` at the focal point (the storefront's
 * src/features/catalog/photo-framing.ts), which keeps the point in view whatever the card's
 * aspect; the crop is that part of the photo, up to a few percent near an edge.
 */

/** The card aspects a shop may choose (SiteSettings `card_aspect`), as width / height. */
export const CARD_ASPECT_RATIOS = { square: 1, portrait: 4 / 5, landscape: 3 / 2 } as const;
export type CardAspectName = keyof typeof CARD_ASPECT_RATIOS;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const fraction = (value: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? clamp01(value) : 0.5;

/**
 * The crop of a photo a box of `boxAspect` shows around its focal point, in percentages of the
 * photo (x, y from the top left; width, height): what the back office's crop tool starts from.
 */
export function cropAround(
  photo: { width: number; height: number; focal_x?: number; focal_y?: number },
  boxAspect: number,
): { x: number; y: number; width: number; height: number } {
  const ratio = photo.width / photo.height;
  const width = ratio > boxAspect ? (boxAspect / ratio) * 100 : 100;
  const height = ratio > boxAspect ? 100 : (ratio / boxAspect) * 100;
  const x = Math.min(100 - width, Math.max(0, fraction(photo.focal_x) * 100 - width / 2));
  const y = Math.min(100 - height, Math.max(0, fraction(photo.focal_y) * 100 - height / 2));
  return { x, y, width, height };
}

/** The focal point (the crop's centre, fractions rounded to 4 places) of a crop in percentages. */
export function focalOfCrop(crop: { x: number; y: number; width: number; height: number }): {
  focal_x: number;
  focal_y: number;
} {
  const round = (value: number) => Math.round(clamp01(value) * 10_000) / 10_000;
  return {
    focal_x: round((crop.x + crop.width / 2) / 100),
    focal_y: round((crop.y + crop.height / 2) / 100),
  };
}
