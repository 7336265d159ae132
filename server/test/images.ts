/**
 * Image files for the upload tests, made with sharp: photos with noise (so they compress as a
 * camera's do), one carrying a phone's EXIF (GPS position, camera, orientation), a PNG
 * whose header declares far more pixels than its few bytes hold (a decompression bomb), and
 * real PNGs of flat bands, small on disk however many pixels and bits per channel they have.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export interface TestPhotoOptions {
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp';
  /** Write a phone's EXIF: the camera, a GPS position and this orientation tag (1-8). */
  phoneExif?: { orientation: number };
  /** Random noise over the gradient (default true): a realistic, poorly compressible photo. */
  noise?: boolean;
  /** JPEG: saved progressive (as some editors and web exports do) rather than baseline. */
  progressive?: boolean;
}

/** A photo-like image: a two-colour gradient with noise, encoded as asked. */
export async function testPhoto(options: TestPhotoOptions): Promise<Buffer> {
  const { width, height } = options;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = options.noise === false ? 0 : (seed % 48) - 24;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, Math.round((x / width) * 200) + 30 + n));
      raw[i + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 160) + 40 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 120 + n));
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.phoneExif) {
    image = image
      .withExif({
        IFD0: { Make: 'Phonemaker', Model: 'Pocket 12', Software: 'Camera 1.0' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2628/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3984/100',
        },
      })
      .withMetadata({ orientation: options.phoneExif.orientation });
  }
  if (options.format === 'jpeg') {
    return image.jpeg({ quality: 90, progressive: options.progressive ?? false }).toBuffer();
  }
  if (options.format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/**
 * A PNG of a few hundred bytes whose header says `width` x `height`: a valid 1 x 1 PNG with
 * its IHDR rewritten (and its checksum fixed), as a decompression bomb's header reads.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/**
 * A real PNG of `width` x `height` with an alpha channel, at `bits` (8 or 16) per channel, of
 * four flat colour bands: a few hundred KB on disk even at 7000 x 7000 (as the 381 KB PNG of
 * the "Hardening, round four" issue), yet every pixel is there to decode.
 */
export async function bandedPng(width: number, height: number, bits: 8 | 16): Promise<Buffer> {
  const bands = Buffer.from([
    ...[200, 120, 60, 230],
    ...[90, 140, 200, 255],
    ...[240, 230, 210, 200],
    ...[40, 60, 50, 255],
  ]);
  const image = sharp(bands, { raw: { width: 1, height: 4, channels: 4 } }).resize(width, height, {
    kernel: 'nearest',
    fit: 'fill',
  });
  return (bits === 16 ? image.toColourspace('rgb16') : image)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
