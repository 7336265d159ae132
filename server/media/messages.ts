/**
 * What the media rules say when they refuse (shown to the shop's staff as they are), in one
 * place so tests and the contract's examples quote them.
 */
import { tooLongMessage } from '../platform/field-messages.ts';
import type { DecodeKind } from './decode-cost.ts';
import { MAX_DECODE_BYTES, MAX_PHOTOS, MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from './limits.ts';

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const MP = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

/** An image whose decoding would take more than MAX_DECODE_BYTES, as the refusal names it. */
export interface CostlyImage {
  width: number;
  height: number;
  kind: DecodeKind;
  bitsPerChannel: number;
  alpha: boolean;
  /** The estimated bytes decoding it takes (./decode-cost.ts). */
  bytes: number;
  /** The largest size of the same shape within the limit, saved as the advice says. */
  fits: { width: number; height: number };
}

function costlyWhat(image: CostlyImage): string {
  const transparency = image.alpha ? ', with transparency' : '';
  switch (image.kind) {
    case 'png':
      return image.bitsPerChannel > 8
        ? `a PNG at ${image.bitsPerChannel} bits per channel${transparency}`
        : `a PNG${transparency}`;
    case 'progressive-jpeg':
      return 'a progressive JPEG';
    case 'lossless-webp':
      return 'a lossless or animated WebP';
    default:
      return `a ${image.kind === 'jpeg' ? 'JPEG' : 'WebP'}${transparency}`;
  }
}

function costlyAdvice(image: CostlyImage): string {
  const fits = `${image.fits.width} × ${image.fits.height} pixels`;
  switch (image.kind) {
    case 'png':
      return image.bitsPerChannel > 8
        ? `Save it at 8 bits per channel and no larger than ${fits}, and upload it again.`
        : `Save it no larger than ${fits}, or as a JPEG, and upload it again.`;
    case 'progressive-jpeg':
      return 'Save it as a standard (baseline) JPEG, not a progressive one, and upload it again.';
    case 'lossless-webp':
      return 'Save it as a JPEG, or as a lossy WebP that is not animated, and upload it again.';
    default:
      return `Save it no larger than ${fits} and upload it again.`;
  }
}

export const MEDIA_MESSAGES = {
  empty: 'The file is empty: choose a JPEG, PNG or WebP image.',
  wrongContentType:
    'Send the image itself as the request body, with the Content-Type image/jpeg, image/png or image/webp.',
  tooLarge: `The file is larger than ${MB(MAX_UPLOAD_BYTES)}: choose a smaller image, or save it at a lower quality.`,
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width} × ${height} pixels; the most an upload may have is ${MP(MAX_UPLOAD_PIXELS)}. Choose a smaller image.`,
  tooMuchToDecode: (image: CostlyImage) =>
    `The image is ${image.width} × ${image.height} pixels (${costlyWhat(image)}): opening it would take ${MB(image.bytes)} of memory, and an upload may take at most ${MB(MAX_DECODE_BYTES)}. ${costlyAdvice(image)}`,
  svg: 'SVG images are not accepted: they can carry scripts. Upload a JPEG, PNG or WebP image.',
  html: 'This is a web page (HTML), not an image. Upload a JPEG, PNG or WebP image.',
  text: 'This is a text file, not an image, whatever its name says. Upload a JPEG, PNG or WebP image.',
  otherType: (what: string) => `${what} files are not accepted. Upload a JPEG, PNG or WebP image.`,
  notImage: 'This file is not a JPEG, PNG or WebP image. Upload one of those.',
  damaged: 'The image could not be read: it may be damaged or cut short. Save it again and retry.',
  uploadNotFound: 'No such upload: upload the image again.',
  uploadClaimed: 'This upload is already in use: upload the image again.',
  productNotFound: 'Not found.',
  photoNotFound: 'Not found.',
  tooManyPhotos: `A product has at most ${MAX_PHOTOS} photos: remove one before adding another.`,
  altRequired: 'Describe the photo for people who cannot see it.',
  altTooLong: tooLongMessage,
  orderMismatch: "List each of the product's photos exactly once.",
} as const;
