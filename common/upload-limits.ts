/**
 * What the back office may upload, for both the back office (its file picker, its counts and
 * fields) and the reference server (which enforces each): the contract's `ProductPhotoList`
 * `maxItems` and `ProductPhotoCreate.alt_text` `maxLength` say the same (a test compares them).
 * Pure and without imports, so the server's type check and build can include it. The server's
 * own decoding limits (pixels, memory) are in server/media/limits.ts.
 */

/** The most bytes an uploaded file may have: 15 MB, above any phone's JPEG. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The media types an upload is accepted as (the server decides by the content, not the name). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The most photos a product may have (the server refuses an eleventh). */
export const MAX_PHOTOS = 10;

/** The longest alt text, in characters (the product_images column is varchar(500)). */
export const MAX_ALT_TEXT = 300;
