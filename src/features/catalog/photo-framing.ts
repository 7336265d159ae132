/**
 * How the storefront frames a product's photo (openapi/storefront.yaml: `MainImage.width`,
 * `height`, `focal_x`, `focal_y` and `SiteSettings.card_aspect`).
 *
 * - Where a photo is shown whole (the product page, the gallery), its `width` and `height`
 *   attributes come from its real size, so the browser reserves its box with its own aspect
 *   before it loads (no layout shift) and nothing is cropped.
 * - A card fills the shop's one aspect with the photo (`object-fit: cover`) and keeps the
 *   owner's focal point in view (`object-position`). The pages' Content-Security-Policy allows
 *   no style attribute, so the point is a pair of classes in steps of 5 % (`focal-x-30
 *   focal-y-45`, ./catalog-shared.css), which the server's HTML carries as it is.
 */
import { useQuery } from '@tanstack/react-query';
import { CARD_ASPECT_RATIOS, objectPosition } from '../../../common/photo-framing';
import { siteSettingsQuery } from '../site/api';

/** The card aspects a shop may choose (SiteSettings `card_aspect`). */
export type CardAspect = 'square' | 'portrait' | 'landscape';

/** A photo's framing fields, each absent from an older API. */
export interface Framed {
  width?: number;
  height?: number;
  focal_x?: number;
  focal_y?: number;
}

/** The intrinsic size of the photos whose size is unknown (the seed's squares). */
const UNKNOWN_SIZE = 800;

/** A fraction (0..1, else the centre) as a percentage in steps of 5. */
function step(fraction: number | undefined): number {
  const value = typeof fraction === 'number' && Number.isFinite(fraction) ? fraction : 0.5;
  return Math.round(Math.min(1, Math.max(0, value)) * 20) * 5;
}

/**
 * The classes that put `image`'s focal point in view in a cropped box (`focal-x-30
 * focal-y-45`): for a box of a known aspect (a card), the crop centred on the point as the back
 * office's crop tool shows it (common/photo-framing.ts); else the point itself.
 */
export function focalClasses(image: Framed | null | undefined, aspect?: CardAspect): string {
  const position = objectPosition(image ?? {}, aspect ? CARD_ASPECT_RATIOS[aspect] : undefined);
  return `catalog-focal focal-x-${step(position.x)} focal-y-${step(position.y)}`;
}

/** The `width` and `height` attributes of a photo shown whole: its own, else 800 x 800. */
export function wholeSize(image: Framed | null | undefined): { width: number; height: number } {
  return image?.width && image.height
    ? { width: image.width, height: image.height }
    : { width: UNKNOWN_SIZE, height: UNKNOWN_SIZE };
}

/** The intrinsic size a card's `width`/`height` attributes give, per aspect (the box's shape). */
export const CARD_SIZES: Record<CardAspect, { width: number; height: number }> = {
  square: { width: 320, height: 320 },
  portrait: { width: 320, height: 400 },
  landscape: { width: 360, height: 240 },
};

/**
 * The shop's card aspect, from the settings the frame loaded (inlined at start-up, the root
 * loader's on the server); square while they are unknown. No request of its own.
 */
export function useCardAspect(): CardAspect {
  const aspect = useQuery({ ...siteSettingsQuery(), enabled: false }).data?.card_aspect;
  return aspect === 'portrait' || aspect === 'landscape' ? aspect : 'square';
}
