/**
 * What decoding an upload takes, in bytes, told from its header before anything is decoded, and
 * the one size it is decoded to.
 *
 * The pixel limit alone does not bound memory: a 381 KB PNG of 7000 × 7000 pixels is 49
 * megapixels, within it, yet at 16 bits per channel with transparency each of its lines is
 * 56 KB, and libvips (under sharp) holds a couple of thousand of them while it shrinks the
 * image. What decoding holds depends on the format; measured with sharp 0.35 (libvips 8.18, one
 * thread per image) it is at most the sum of
 *
 * - **a fixed part**, DECODE_OVERHEAD: libvips' own buffers, the shrunk image and the two WebP
 *   encoders;
 * - **a band of lines** at the width the decoder hands over, in the image's channels and bytes
 *   per sample: libvips' line caches between the decoder and the shrink, and the premultiplied
 *   copies of an image with transparency. A baseline JPEG is decoded shrunk on load (libjpeg's
 *   1/2, 1/4 or 1/8, as sharp picks them for the shrink the upload needs) and a lossy WebP
 *   scaled on load, so their band is narrow and libvips finishes a small shrink over
 *   SHRUNK_BAND_LINES lines; a PNG (or a lossless WebP) is shrunk by libvips alone, over
 *   BAND_LINES lines of its full width: a wide PNG costs its band even when it is short;
 * - **what the decoder keeps whole**: every DCT coefficient of a progressive JPEG (2 bytes each,
 *   the chroma planes a quarter the size when subsampled); the whole image of an interlaced
 *   (Adam7) PNG; 4 bytes a pixel for a lossless or animated WebP; the alpha plane of a lossy
 *   WebP with transparency. Nothing for a baseline JPEG or a plain PNG, decoded as a stream.
 *
 * Measured against this, each kind took at most its estimate (docs/decisions/070, "Measured", has
 * the figures).
 */
import type { ResizeOptions } from 'sharp';
import { FULL_SIZE, THUMB_SIZE } from './limits.ts';

/** How an image is decoded, for the estimate and the refusal's advice. */
export type DecodeKind = 'jpeg' | 'progressive-jpeg' | 'png' | 'lossy-webp' | 'lossless-webp';

/** What the estimate reads from the header (sharp's `metadata()`, and the WebP's chunks). */
export interface ImageHeader {
  format: 'jpeg' | 'png' | 'webp';
  /** Pixel size as stored (before the orientation tag is applied). */
  width: number;
  height: number;
  /** Bands as decoded, alpha included (a palette PNG decodes to 3 or 4). */
  channels: number;
  /** sharp's sample format: `uchar` (8 bits), `ushort` (16 bits), ... */
  depth: string;
  /** JPEG: progressive; PNG: interlaced (Adam7). */
  isProgressive: boolean;
  /** JPEG: `4:2:0` when the chroma planes are subsampled, `4:4:4` (`4:4:4:4`) otherwise. */
  chromaSubsampling?: string;
  /** WebP: how the image is stored (`webpLayout`). */
  webp?: WebpLayout;
}

/** What the estimate found: bytes, the kind of decode, and the bits per channel. */
export interface DecodeCost {
  bytes: number;
  kind: DecodeKind;
  bitsPerChannel: number;
}

/** A WebP's storage, read from its RIFF chunks. */
export interface WebpLayout {
  lossless: boolean;
  alpha: boolean;
  animated: boolean;
}

/** What any decode takes besides its band and what it keeps whole: 8 MB. */
export const DECODE_OVERHEAD = 8 * 1024 * 1024;

/** The lines of its decoded width libvips holds while it shrinks a PNG or lossless WebP. */
export const BAND_LINES = 2048;

/** The lines libvips holds of a JPEG or lossy WebP decoded shrunk (a small shrink is left). */
export const SHRUNK_BAND_LINES = 1024;

/** The longest side the thumbnail of a very long panorama is cut from. */
const THUMB_SOURCE_LONGEST = 4096;

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  double: 8,
};

/**
 * The one size an upload is decoded and shrunk to, both storefront sizes made from it: the
 * full image itself (the long side FULL_SIZE), unless that leaves the short side under the
 * thumbnail's THUMB_SIZE (a panorama): then the short side THUMB_SIZE, the long side at most
 * THUMB_SOURCE_LONGEST. Never enlarged. The rule is the same whichever way the image is turned,
 * so stored and upright sizes give the same shrink; sharp's resize takes upright sizes.
 * Answers sharp's resize (null when it is the image's own size) and the shrink (source size /
 * result, at least 1), which a JPEG or WebP decoder may take on load.
 */
export function decodeTarget(
  width: number,
  height: number,
): { resize: ResizeOptions | null; shrink: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  let scale = FULL_SIZE / long;
  const panorama = short * scale < THUMB_SIZE;
  if (panorama) scale = Math.min(THUMB_SIZE / short, THUMB_SOURCE_LONGEST / long);
  if (scale >= 1) return { resize: null, shrink: 1 };
  const resize: ResizeOptions = panorama
    ? {
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        fit: 'fill',
      }
    : { width: FULL_SIZE, height: FULL_SIZE, fit: 'inside' };
  return { resize, shrink: 1 / scale };
}

/**
 * The scale sharp's JPEG loader decodes at for a `shrink` (source size / wanted size, ≥ 1):
 * libjpeg's 8, 4 or 2 when the shrink is at least that, halved when the shrink is that exact
 * whole number (sharp's guard against libjpeg's rounding); 1 otherwise.
 */
export function jpegShrinkOnLoad(shrink: number): number {
  let factor = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
  if (factor > 1 && Math.trunc(shrink) === factor) factor /= 2;
  return factor;
}

/**
 * The estimated bytes decoding `header` takes when it is made into the storefront's sizes
 * (shrunk as `decodeTarget` says), by the rules of the module comment.
 */
export function decodeCost(header: ImageHeader): DecodeCost {
  const { width, height, channels } = header;
  const { shrink } = decodeTarget(width, height);
  const sample = BYTES_PER_SAMPLE[header.depth] ?? 8;
  const bitsPerChannel = sample * 8;
  const pixels = width * height;
  // The fixed part, the band of `lines` lines `decodedWidth` wide, and what is kept whole.
  const cost = (kind: DecodeKind, decodedWidth: number, lines: number, whole: number) => ({
    bytes: DECODE_OVERHEAD + decodedWidth * channels * sample * lines + whole,
    kind,
    bitsPerChannel,
  });
  switch (header.format) {
    case 'jpeg': {
      const decodedWidth = Math.ceil(width / jpegShrinkOnLoad(shrink));
      if (!header.isProgressive) return cost('jpeg', decodedWidth, SHRUNK_BAND_LINES, 0);
      // Y (and K) at full size; each chroma plane a quarter of it when subsampled.
      const subsampled = header.chromaSubsampling?.startsWith('4:2:0') ?? false;
      const planes = channels < 3 ? channels : subsampled ? channels - 1.5 : channels;
      return cost('progressive-jpeg', decodedWidth, SHRUNK_BAND_LINES, pixels * planes * 2);
    }
    case 'png':
      return cost('png', width, BAND_LINES, header.isProgressive ? pixels * channels * sample : 0);
    case 'webp': {
      const layout = header.webp ?? { lossless: true, alpha: true, animated: true };
      if (layout.lossless || layout.animated) {
        return cost('lossless-webp', width, BAND_LINES, pixels * 4);
      }
      const decodedWidth = Math.ceil(width / shrink);
      return cost('lossy-webp', decodedWidth, SHRUNK_BAND_LINES, layout.alpha ? pixels : 0);
    }
  }
}

/**
 * The largest size of the same shape as `header` whose decoding takes at most `limit` bytes
 * (rounded down to whole pixels, at least 1 x 1): what the refusal advises saving it at.
 */
export function largestWithin(
  header: ImageHeader,
  limit: number,
): { width: number; height: number } {
  const at = (factor: number) => ({
    width: Math.max(1, Math.floor(header.width * factor)),
    height: Math.max(1, Math.floor(header.height * factor)),
  });
  let low = 0;
  let high = 1;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (decodeCost({ ...header, ...at(middle) }).bytes <= limit) low = middle;
    else high = middle;
  }
  return at(low);
}

/**
 * How a WebP file is stored, from its RIFF chunks (`RIFF` size `WEBP`, then `VP8 ` for a
 * simple lossy image, `VP8L` for a lossless one, or `VP8X` with flags, followed by `ALPH`,
 * `ANIM`, `VP8 ` or `VP8L` chunks). Answers the most costly layout (lossless, alpha, animated)
 * when the chunks cannot be read, so a malformed header is never estimated low.
 */
export function webpLayout(bytes: Buffer): WebpLayout {
  const worst = { lossless: true, alpha: true, animated: true };
  if (bytes.length < 21 || bytes.toString('latin1', 8, 12) !== 'WEBP') return worst;
  const first = bytes.toString('latin1', 12, 16);
  if (first === 'VP8 ') return { lossless: false, alpha: false, animated: false };
  if (first === 'VP8L') return { lossless: true, alpha: true, animated: false };
  if (first !== 'VP8X') return worst;
  const flags = bytes[20]!;
  const layout = { lossless: false, alpha: (flags & 0x10) !== 0, animated: (flags & 0x02) !== 0 };
  // Walk the chunks to the image's own: lossless (VP8L) or lossy (VP8 ), with ALPH before it.
  for (let at = 12; at + 8 <= bytes.length;) {
    const name = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (name === 'ALPH') layout.alpha = true;
    if (name === 'ANIM' || name === 'ANMF') layout.animated = true;
    if (name === 'VP8L') return { ...layout, lossless: true };
    if (name === 'VP8 ') return layout;
    at += 8 + size + (size % 2);
  }
  return worst;
}
