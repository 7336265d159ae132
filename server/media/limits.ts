/**
 * What an image upload may be (the back office's photos, a post's featured image, the logo):
 * the byte limit the HTTP layer enforces while reading the body, and the pixel limit checked
 * from the image's header before anything is decoded.
 */

/** The most bytes an uploaded file may have: 15 MB, above any phone's JPEG. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * The most pixels an uploaded image may declare: 50 megapixels (a 48 MP phone's 8064 x 6048
 * fits). Decoding takes 3-4 bytes a pixel, so this caps an upload's memory near 200 MB; a
 * decompression bomb (a small PNG declaring 30000 x 30000) is refused from its header.
 */
export const MAX_UPLOAD_PIXELS = 50_000_000;

/** The media types an upload is accepted as (by its content, not its name or header). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The sizes the storefront shows (as the seed's images are): the full image and its thumbnail. */
export const FULL_SIZE = 800;
export const THUMB_SIZE = 320;

/** The most photos a product may have. */
export const MAX_PHOTOS = 10;

/** The longest alt text, in characters (the product_images column is varchar(500)). */
export const MAX_ALT_TEXT = 300;
