/**
 * Making an uploaded file into the storefront's images (as the seed's are: a WebP of at most
 * 800 x 800 for the product page and a thumbnail of at most 480 x 480 for cards and the
 * gallery, both the whole photo: nothing is cropped here), with every
 * check an upload must pass first:
 *
 * 1. not empty, not over the byte limit (the HTTP layer stops reading at it already);
 * 2. the content is a JPEG, PNG or WebP image, told by its bytes (`file-type`), never by the
 *    file's name or the request's Content-Type: SVG, HTML, text and other types are refused
 *    with a message naming what was found;
 * 3. the pixel size read from the header (sharp's `metadata()`, which decodes nothing) within
 *    the pixel limit, so a decompression bomb is refused before it is decoded; sharp's
 *    `limitInputPixels` guards the decoding too;
 * 4. what decoding it would take, estimated from the same header (size, channels, bits per
 *    channel, progressive or interlaced, lossless: ./decode-cost.ts), within MAX_DECODE_BYTES,
 *    so an image small on disk but huge once decoded is refused with what to do instead;
 * 5. decoded once, shrunk on load where the format allows, to the size both storefront
 *    sizes are made from, turned upright by its EXIF orientation, and written without any
 *    metadata (sharp drops EXIF, GPS, XMP and ICC unless asked to keep them), so a phone photo
 *    no longer carries the workshop's position. Uploads made at once share MAX_DECODE_BYTES:
 *    one that would take the process past it waits for the others to finish.
 *
 * sharp is loaded on the first upload (it costs a process about 25 MB).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { default as sharpModule, Sharp, SharpOptions } from 'sharp';
import { DomainError } from '../platform/domain-error.ts';
import {
  type DecodeCost,
  decodeCost,
  decodeTarget,
  type ImageHeader,
  largestWithin,
  webpLayout,
} from './decode-cost.ts';
import type { MediaErrorCode } from './errors.ts';
import {
  FULL_SIZE,
  MAX_DECODE_BYTES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  THUMB_LONGEST,
  UPLOAD_TYPES,
} from './limits.ts';
import { type CostlyImage, MEDIA_MESSAGES } from './messages.ts';

let loadedSharp: typeof sharpModule | undefined;
function sharp(input: Buffer, options: SharpOptions): Sharp {
  if (!loadedSharp) {
    loadedSharp = createRequire(import.meta.url)('sharp') as typeof sharpModule;
    // No libvips operation cache: an upload is made once, and the cache would keep tens of MB of
    // a 12-megapixel photo's pixels resident after it.
    loadedSharp.cache(false);
    // One libvips thread an image, whatever the machine's cores: each thread holds its own lines
    // of the image, so the decode estimate (./decode-cost.ts) holds on any machine; uploads made
    // at once still use a core each.
    loadedSharp.concurrency(1);
  }
  return loadedSharp(input, options);
}

/** The storefront's images of one upload. */
export interface MadeImages {
  /** SHA-256 of the uploaded bytes, hex: the stored files are named after it. */
  hash: string;
  /** The full image: WebP, the long side at most 800 px (never enlarged). */
  full: { bytes: Buffer; width: number; height: number };
  /** The thumbnail: WebP, the whole photo with its long side at most THUMB_LONGEST (480) px. */
  thumb: { bytes: Buffer };
}

/**
 * How many images a process makes at once (the work is CPU-bound: more would not finish
 * sooner), and together within MAX_DECODE_BYTES of estimated decoding: a burst of uploads
 * waits its turn instead of adding up. First come, first served, so a large image is not
 * overtaken forever by small ones.
 */
const MAKING_AT_ONCE = 2;
let making = 0;
let reserved = 0;
let mostReserved = 0;
const waiting: { bytes: number; start: () => void }[] = [];

function admit(): void {
  while (waiting.length > 0) {
    const next = waiting[0]!;
    if (making >= MAKING_AT_ONCE || (making > 0 && reserved + next.bytes > MAX_DECODE_BYTES)) {
      return;
    }
    waiting.shift();
    making++;
    reserved += next.bytes;
    mostReserved = Math.max(mostReserved, reserved);
    next.start();
  }
}

/**
 * Waits for a slot to make images in whose decoding takes `bytes` (at most MAX_DECODE_BYTES);
 * call the answer to give it back.
 */
async function makingSlot(bytes: number): Promise<() => void> {
  await new Promise<void>((start) => {
    waiting.push({ bytes, start });
    admit();
  });
  return () => {
    making--;
    reserved -= bytes;
    admit();
  };
}

/**
 * The decoding budget now: uploads being made and waiting, the estimated bytes they hold, and
 * the most held at once since `resetMostReserved()` (what the tests check the bound with).
 */
export function decodingBudget(): {
  making: number;
  waiting: number;
  reservedBytes: number;
  mostReservedBytes: number;
} {
  return {
    making,
    waiting: waiting.length,
    reservedBytes: reserved,
    mostReservedBytes: mostReserved,
  };
}

/** Starts `decodingBudget().mostReservedBytes` again from what is held now. */
export function resetMostReserved(): void {
  mostReserved = reserved;
}

/** The refusal's facts for an image whose decoding would take `cost` bytes. */
function costly(header: ImageHeader, alpha: boolean, cost: DecodeCost): CostlyImage {
  // The size advised is for the image saved as the advice says: a PNG at 8 bits per channel.
  const advised = cost.kind === 'png' ? { ...header, depth: 'uchar' } : header;
  return {
    width: header.width,
    height: header.height,
    kind: cost.kind,
    bitsPerChannel: cost.bitsPerChannel,
    alpha,
    bytes: cost.bytes,
    fits: largestWithin(advised, MAX_DECODE_BYTES),
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
 *   `image_refused` (not a JPEG, PNG or WebP: SVG, HTML, text, another type),
 *   `image_too_many_pixels` or `image_too_much_to_decode`, each with its message
 *   (./messages.ts).
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

  const format = type.ext === 'jpg' ? 'jpeg' : (type.ext as 'png' | 'webp');
  let header: ImageHeader;
  let alpha: boolean;
  let upright: { width: number; height: number };
  try {
    // The header only: nothing is decoded here, so the limits are checked below with it.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    header = {
      format,
      width: metadata.width ?? 0,
      height: metadata.height ?? 0,
      channels: metadata.channels ?? 4,
      depth: metadata.depth ?? 'double',
      isProgressive: metadata.isProgressive ?? false,
      chromaSubsampling: metadata.chromaSubsampling,
      webp: format === 'webp' ? webpLayout(bytes) : undefined,
    };
    alpha = metadata.hasAlpha ?? false;
    upright = metadata.autoOrient ?? { width: header.width, height: header.height };
  } catch {
    throw refuse('image_damaged', MEDIA_MESSAGES.damaged);
  }
  const { width, height } = header;
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw refuse('image_too_many_pixels', MEDIA_MESSAGES.tooManyPixels(width, height));
  }
  if (width === 0 || height === 0) throw refuse('image_damaged', MEDIA_MESSAGES.damaged);
  const target = decodeTarget(upright.width, upright.height);
  const cost = decodeCost(header);
  if (cost.bytes > MAX_DECODE_BYTES) {
    throw refuse(
      'image_too_much_to_decode',
      MEDIA_MESSAGES.tooMuchToDecode(costly(header, alpha, cost)),
    );
  }

  const release = await makingSlot(cost.bytes);
  try {
    // The one decode: shrunk on load where the format allows, upright, 8-bit sRGB.
    let decoding = sharp(bytes, {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      failOn: 'error',
      autoOrient: true,
    });
    if (target.resize) decoding = decoding.resize(target.resize);
    const decoded = await decoding
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Straight (not premultiplied) alpha: sharp undoes its premultiplying after the resize.
    const { width: w, height: h, channels } = decoded.info;
    const from = () => sharp(decoded.data, { raw: { width: w, height: h, channels } });
    const [full, thumb] = await Promise.all([
      from()
        .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 3 })
        .toBuffer({ resolveWithObject: true }),
      from()
        // The whole photo, smaller: a card crops it in CSS around the owner's focal point
        // (./photo-framing.ts), so no variant cuts what the owner wants seen.
        .resize({
          width: THUMB_LONGEST,
          height: THUMB_LONGEST,
          fit: 'inside',
          withoutEnlargement: true,
        })
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
