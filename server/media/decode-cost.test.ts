/**
 * The decoding estimate an upload is checked with (./decode-cost.ts): the size it is decoded to,
 * the JPEG shrink-on-load sharp picks, what each kind of image costs, the size the refusal
 * advises, and how a WebP is stored, read from real files sharp writes.
 */
import sharp from 'sharp';
import {
  decodeCost,
  decodeTarget,
  type ImageHeader,
  jpegShrinkOnLoad,
  largestWithin,
  webpLayout,
} from './decode-cost.ts';
import { MAX_DECODE_BYTES } from './limits.ts';

const MB = 1024 * 1024;
const jpeg = (width: number, height: number, more: Partial<ImageHeader> = {}): ImageHeader => ({
  format: 'jpeg',
  width,
  height,
  channels: 3,
  depth: 'uchar',
  isProgressive: false,
  chromaSubsampling: '4:2:0',
  ...more,
});
const png = (width: number, height: number, more: Partial<ImageHeader> = {}): ImageHeader => ({
  format: 'png',
  width,
  height,
  channels: 4,
  depth: 'uchar',
  isProgressive: false,
  ...more,
});

describe('the size an upload is decoded to', () => {
  it('is the full image for a photo, the thumbnail’s short side for a panorama, never enlarged', () => {
    expect(decodeTarget(4000, 3000)).toEqual({
      resize: { width: 800, height: 800, fit: 'inside' },
      shrink: 5,
    });
    expect(decodeTarget(3000, 4000).shrink).toBe(5);
    expect(decodeTarget(7000, 1000)).toEqual({
      resize: { width: 2240, height: 320, fit: 'fill' },
      shrink: 3.125,
    });
    // A very long strip: the long side stops at 4096.
    expect(decodeTarget(50000, 1000).resize).toMatchObject({ width: 4096, height: 82 });
    expect(decodeTarget(400, 300)).toEqual({ resize: null, shrink: 1 });
  });

  it('lets a JPEG be decoded at 1/2, 1/4 or 1/8 as sharp picks it', () => {
    expect([1.5, 2, 3, 4, 5, 8, 8.5, 9, 10].map(jpegShrinkOnLoad)).toEqual([
      1, 1, 2, 2, 4, 4, 4, 8, 8,
    ]);
  });
});

describe('what decoding an image takes', () => {
  it('keeps any phone’s baseline JPEG small, being decoded shrunk', () => {
    for (const [w, h] of [
      [4000, 3000],
      [5712, 4284],
      [8064, 6048],
    ] as const) {
      expect(decodeCost(jpeg(w, h)).bytes).toBeLessThan(16 * MB);
    }
  });

  it('counts every coefficient of a progressive JPEG: a 12 MP one fits, a 4:4:4 or 24 MP one not', () => {
    const twelve = decodeCost(jpeg(4000, 3000, { isProgressive: true }));
    expect(twelve.kind).toBe('progressive-jpeg');
    expect(twelve.bytes).toBeGreaterThan(4000 * 3000 * 3);
    expect(twelve.bytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
    const full = jpeg(4000, 3000, { isProgressive: true, chromaSubsampling: '4:4:4' });
    expect(decodeCost(full).bytes).toBeGreaterThan(MAX_DECODE_BYTES);
    expect(decodeCost(jpeg(6000, 4000, { isProgressive: true })).bytes).toBeGreaterThan(
      MAX_DECODE_BYTES,
    );
  });

  it('charges a PNG its band of full-width lines, so a wide one costs as much however short', () => {
    expect(decodeCost(png(7000, 500)).bytes).toBe(decodeCost(png(7000, 1700)).bytes);
    expect(decodeCost(png(7000, 500)).bytes).toBeGreaterThan(MAX_DECODE_BYTES);
    // A phone-sized cutout with transparency fits; at 16 bits per channel the band doubles.
    expect(decodeCost(png(3024, 4032)).bytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
    expect(decodeCost(png(4000, 3000)).bytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
    expect(decodeCost(png(4000, 3000, { depth: 'ushort' })).bytes).toBeGreaterThan(
      MAX_DECODE_BYTES,
    );
    // An interlaced PNG is decoded whole first.
    expect(decodeCost(png(3000, 3000, { isProgressive: true })).bytes).toBeGreaterThan(
      decodeCost(png(3000, 3000)).bytes + 3000 * 3000 * 4 - 1,
    );
  });

  it('charges a lossless WebP 4 bytes a pixel, a lossy one only its alpha plane', () => {
    const webp = (lossless: boolean, alpha: boolean): ImageHeader => ({
      ...png(4000, 3000),
      format: 'webp',
      webp: { lossless, alpha, animated: false },
    });
    expect(decodeCost(webp(false, false)).bytes).toBeLessThan(16 * MB);
    expect(decodeCost(webp(false, true)).bytes).toBe(
      decodeCost(webp(false, false)).bytes + 4000 * 3000,
    );
    expect(decodeCost(webp(true, false)).bytes).toBeGreaterThan(MAX_DECODE_BYTES);
  });

  it('advises the largest size of the same shape that fits', () => {
    const advised = png(7000, 7000);
    const fits = largestWithin(advised, MAX_DECODE_BYTES);
    expect(fits).toEqual({ width: 5120, height: 5120 });
    expect(decodeCost({ ...advised, ...fits }).bytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
    expect(decodeCost({ ...advised, width: 5121, height: 5121 }).bytes).toBeGreaterThan(
      MAX_DECODE_BYTES,
    );
  });
});

describe('how a WebP is stored', () => {
  const picture = (channels: 3 | 4) =>
    sharp({
      create: { width: 40, height: 30, channels, background: { r: 9, g: 80, b: 200, alpha: 0.5 } },
    });

  it('tells lossy from lossless, with or without transparency, and animated', async () => {
    expect(webpLayout(await picture(3).webp().toBuffer())).toEqual({
      lossless: false,
      alpha: false,
      animated: false,
    });
    expect(webpLayout(await picture(4).webp().toBuffer())).toEqual({
      lossless: false,
      alpha: true,
      animated: false,
    });
    // A phone's EXIF makes it an extended file, still lossy and opaque.
    const withExif = await picture(3).withMetadata({ orientation: 6 }).webp().toBuffer();
    expect(webpLayout(withExif)).toEqual({ lossless: false, alpha: false, animated: false });
    expect(webpLayout(await picture(3).webp({ lossless: true }).toBuffer())).toMatchObject({
      lossless: true,
    });
    const frames = [await picture(3).png().toBuffer(), await picture(4).png().toBuffer()];
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    expect(webpLayout(animated).animated).toBe(true);
  });

  it('answers the costliest layout for what it cannot read', async () => {
    const worst = { lossless: true, alpha: true, animated: true };
    expect(webpLayout(Buffer.from('RIFF\0\0\0\0WEBPVP8Z0000000000'))).toEqual(worst);
    const lossy = await picture(4).webp().toBuffer();
    expect(webpLayout(lossy.subarray(0, 24))).toEqual(worst);
  });
});
