/**
 * The media module's error codes (architecture guide, convention 17): each names the rule that
 * refused the request; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `upload_not_found`: no upload of this shop by that id (field `upload_id`), or it was
 *   already used for another photo.
 * - `image_refused`: the bytes are not a JPEG, PNG or WebP image (SVG, HTML, text renamed
 *   `.jpg`); the message says what was found.
 * - `image_damaged`: the bytes start as an image the upload takes but cannot be read.
 * - `image_wrong_content_type`: the request's Content-Type is not an image type the upload takes.
 * - `image_too_large`: more bytes than the upload takes.
 * - `image_too_many_pixels`: the image declares more pixels than the upload decodes (a
 *   decompression bomb is refused from its header, before any decoding).
 * - `image_too_much_to_decode`: decoding the image would take more memory than an upload may
 *   (its size, channels, depth and format, read from the header: ./decode-cost.ts).
 * - `photo_not_found`: the product has no photo by that id.
 * - `media_product_not_found`: no product of this shop by that id.
 * - `too_many_photos`: the product already has the most photos it may have.
 * - `invalid_photo_input`: a field is missing or out of range (field errors).
 */
export type MediaErrorCode =
  | 'upload_not_found'
  | 'image_refused'
  | 'image_damaged'
  | 'image_wrong_content_type'
  | 'image_too_large'
  | 'image_too_many_pixels'
  | 'image_too_much_to_decode'
  | 'photo_not_found'
  | 'media_product_not_found'
  | 'too_many_photos'
  | 'invalid_photo_input';
