/**
 * What an image upload may be (the back office's photos, a post's featured image, the logo):
 * the byte limit the HTTP layer enforces while reading the body, the types, counts and alt text
 * the back office shares (common/upload-limits.ts), and the pixel and decoding limits checked
 * from the image's header before anything is decoded.
 */
export {
  MAX_ALT_TEXT,
  MAX_PHOTOS,
  MAX_UPLOAD_BYTES,
  UPLOAD_TYPES,
} from '../../common/upload-limits.ts';

/**
 * The most pixels an uploaded image may declare: 50 megapixels (a 48 MP phone's 8064 x 6048
 * fits). A decompression bomb (a small PNG declaring 30000 x 30000) is refused from its header.
 * Pixels alone do not bound memory (channels, depth and the format's decoder do):
 * MAX_DECODE_BYTES does.
 */
export const MAX_UPLOAD_PIXELS = 50_000_000;

/**
 * The most memory decoding may take in a process, in bytes, as ./decode-cost.ts estimates it
 * from the header: 48 MB. An image whose decoding alone would take more is refused before it
 * is decoded (a 7000 x 7000 PNG at 16 bits per channel with transparency: 117 MB); uploads made
 * at once share it, so a second one waits while the first holds most of it. A phone's baseline
 * JPEG is decoded shrunk on load, 11-13 MB whatever its megapixels; a progressive 12-megapixel
 * JPEG is 45 MB; a PNG with transparency fits up to 5120 pixels wide. With the API idle at
 * 120-150 MB (sharp loaded), the peak while uploads are made stays under the 200 MB the process
 * is meant to stay within: 175 MB at most measured (docs/decisions/070).
 */
export const MAX_DECODE_BYTES = 48 * 1024 * 1024;

/** The sizes the storefront shows (as the seed's images are): the full image and its thumbnail. */
export const FULL_SIZE = 800;
export const THUMB_SIZE = 320;

/**
 * The most pixels of a thumbnail's long side: the whole photo, never cropped (a card crops it in
 * CSS around the owner's focal point). 480 keeps a card about as sharp as the square 320 x 320
 * thumbnails were when it crops a 3:2 photo to a square or 4:5 card.
 */
export const THUMB_LONGEST = 480;
