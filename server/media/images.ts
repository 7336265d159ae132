/**
 * Making an uploaded file into the storefront's images (as the seed's are: a WebP of at most
 * 800 x 800 for the product page and a 320 x 320 square WebP thumbnail for cards), with every
 * check an upload must pass first:
 *
 * 1. not empty, not over the byte limit (the HTTP layer stops reading at it already);
 * 2. the content is a JPEG, PNG or WebP image, told by its bytes (`file-type`), never by the
 *    file's name or the request's Content-Type: SVG, HTML, text and other types are refused
 *    with a message naming what was found;
 * 3. the pixel size read from the header (sharp's `metadata()`, which decodes nothing) within
 *    the pixel limit, so a decompression bomb is refused before it is decoded; sharp's
 *    `limitInputPixels` guards the decoding too;
 * 4. decoded, turned upright by its EXIF orientation, and written without any metadata (sharp
 *    drops EXIF, GPS, XMP and ICC unless asked to keep them), so a phone photo no longer
 *    carries the workshop's position.
 *
 * sharp is loaded on the first upload (it costs a process about 25 MB).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { default as sharpModule, Sharp, SharpOptions } from 'sharp';
import { DomainError } from '../platform/domain-error.ts';
import type { MediaErrorCode } from './errors.ts';
import {
  FULL_SIZE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  THUMB_SIZE,
  UPLOAD_TYPES,
} from './limits.ts';
import { MEDIA_MESSAGES } from './messages.ts';

let loadedSharp: typeof sharpModule | undefined;
function sharp(input: Buffer, options: SharpOptions): Sharp {
  if (!loadedSharp) {
    loadedSharp = createRequire(import.meta.url)('sharp') as typeof sharpModule;
    // No libvips operation cache: an upload is made once, and the cache would keep tens of MB of
    // a 12-megapixel photo's pixels resident after it.
    loadedSharp.cache(false);
  }
  return loadedSharp(input, options);
}

/** The storefront's images of one upload. */
export interface MadeImages {
  /** SHA-256 of the uploaded bytes, hex: the stored files are named after it. */
  hash: string;
  /** The full image: WebP, the long side at most 800 px (never enlarged). */
  full: { bytes: Buffer; width: number; height: number };
  /** The square thumbnail: WebP, 320 x 320, cropped to the centre. */
  thumb: { bytes: Buffer };
}

/**
 * How many images a process makes at once: each decodes up to 50 megapixels (shrunk on load for
 * JPEG and WebP, not for PNG), so a burst of uploads waits its turn instead of adding up.
 */
const MAKING_AT_ONCE = 2;
let making = 0;
const waiting: (() => void)[] = [];

/** Waits for a free slot to make images in; call the answer to give it back. */
async function makingSlot(): Promise<() => void> {
  if (making >= MAKING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else making++;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else making--;
  };
}

const refuse = (code: MediaErrorCode, message: string) =>
  new DomainError<MediaErrorCode>(code, message);

/** What a file that `file-type` does not recognise is, for the refusal's words. */
function describeUnknown(bytes: Buffer): string {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = head.toLowerCase();
  if (lower.includes('<svg')) return MEDIA_MESSAGES.svg;
  if (/^<(!doctype html|html|head|body|script)/.test(lower)) return MEDIA_MESSAGES.html;
  // Text: valid UTF-8 with no control characters but whitespace.
  const sample = bytes.subarray(0, 4096);
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  // eslint-disable-next-line no-control-regex -- control characters are what tell binary from text
  if (!decoded.includes('\uFFFD') && !/[\x00-\x08\x0E-\x1F]/.test(decoded))
    return MEDIA_MESSAGES.text;
  return MEDIA_MESSAGES.notImage;
}

/**
 * Checks `bytes` as an upload and makes the storefront's images of it (see the module comment).
 * @throws DomainError `image_damaged` (empty, or unreadable), `image_too_large`,
 *   `image_refused` (not a JPEG, PNG or WebP: SVG, HTML, text, another type) or
 *   `image_too_many_pixels`, each with its message (./messages.ts).
 */
export async function makeImages(bytes: Buffer): Promise<MadeImages> {
  if (bytes.length === 0) throw refuse('image_damaged', MEDIA_MESSAGES.empty);
  if (bytes.length > MAX_UPLOAD_BYTES) throw refuse('image_too_large', MEDIA_MESSAGES.tooLarge);

  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type) throw refuse('image_refused', describeUnknown(bytes));
  if (!(UPLOAD_TYPES as readonly string[]).includes(type.mime)) {
    if (type.mime === 'application/xml' || type.mime.startsWith('image/svg')) {
      throw refuse('image_refused', describeUnknown(bytes));
    }
    throw refuse('image_refused', MEDIA_MESSAGES.otherType(type.ext.toUpperCase()));
  }

  const options: SharpOptions = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' };
  let width: number;
  let height: number;
  try {
    // The header only: nothing is decoded here, so the limit is checked below with the size.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    throw refuse('image_damaged', MEDIA_MESSAGES.damaged);
  }
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw refuse('image_too_many_pixels', MEDIA_MESSAGES.tooManyPixels(width, height));
  }
  if (width === 0 || height === 0) throw refuse('image_damaged', MEDIA_MESSAGES.damaged);

  const release = await makingSlot();
  try {
    const upright = sharp(bytes, options).rotate();
    const [full, thumb] = await Promise.all([
      upright
        .clone()
        .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 3 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover', position: 'centre' })
        .webp({ quality: 80, effort: 3 })
        .toBuffer(),
    ]);
    return {
      hash: createHash('sha256').update(bytes).digest('hex'),
      full: { bytes: full.data, width: full.info.width, height: full.info.height },
      thumb: { bytes: thumb },
    };
  } catch {
    throw refuse('image_damaged', MEDIA_MESSAGES.damaged);
  } finally {
    release();
  }
}
