/**
 * The size of a photo shown whole (the product page, the gallery): its own `width` and `height`
 * (openapi/storefront.yaml `MainImage.width`, `height`) as the `<img>` attributes, so the
 * browser reserves its box in the photo's own aspect before it loads (no layout shift) and
 * nothing is cropped; 800 x 800 for a photo whose size is unknown (the seed's squares).
 */
export function wholeSize(image?: { width?: number; height?: number } | null): {
  width: number;
  height: number;
} {
  return image?.width && image.height
    ? { width: image.width, height: image.height }
    : { width: 800, height: 800 };
}
