/**
 * Where a photo sits in a box of another aspect, from its focal point: the server's storefront
 * answers (`card_x`, `card_y` of an image, for the shop's card aspect), the back office's card
 * preview and its crop tool.
 *
 * The focal point (`focal_x`, `focal_y`, fractions 0..1 of the photo's width and height) is the
 * centre of the crop the owner chose in the back office: a frame of the shop's card aspect, as
 * large as the photo allows. A box of aspect `boxAspect` (width / height) filled with the photo
 * (`object-fit: cover`) shows the part of that aspect centred on the focal point, moved inside
 * the photo where the point is near an edge: the crop the owner saw. Answered as
 * `object-position` fractions.
 */

/** The card aspects a shop may choose (SiteSettings `card_aspect`), as width / height. */
export const CARD_ASPECT_RATIOS = { square: 1, portrait: 4 / 5, landscape: 3 / 2 } as const;
export type CardAspectName = keyof typeof CARD_ASPECT_RATIOS;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const fraction = (value: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? clamp01(value) : 0.5;

/**
 * The `object-position` (fractions 0..1 along x and y) that shows a photo of `width` x `height`
 * pixels in a box of `boxAspect` with its crop centred on (`focal_x`, `focal_y`). An unknown size
 * answers the focal point itself (which keeps the point in view).
 */
export function objectPosition(
  photo: { width?: number | null; height?: number | null; focal_x?: number; focal_y?: number },
  boxAspect: number,
): { x: number; y: number } {
  const fx = fraction(photo.focal_x);
  const fy = fraction(photo.focal_y);
  if (!photo.width || !photo.height) return { x: fx, y: fy };
  const ratio = photo.width / photo.height;
  // The share of the photo's width (or height) the box shows; the rest is cut.
  const shownX = Math.min(1, boxAspect / ratio);
  const shownY = Math.min(1, ratio / boxAspect);
  const along = (focal: number, shown: number) =>
    shown >= 1 ? 0.5 : clamp01((focal - shown / 2) / (1 - shown));
  return { x: along(fx, shownX), y: along(fy, shownY) };
}

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
