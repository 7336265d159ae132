/**
 * Seed-time artwork for the demo shops: product "photographs", a text logo and a favicon,
 * all drawn as SVG in code and rasterised with sharp, so the catalogue has real raster
 * images (section 3: "1 to 4 real raster images each ... distinct colours and
 * shapes per product so that the centre pixels differ") without shipping binary files.
 *
 * Every drawing works on an 800 x 800 canvas and is scaled to the requested size by the
 * SVG viewBox. Variation (angle, mirroring, proportions, scenery) comes from a PRNG seeded
 * with the image's shape, palette and alt text, so output is deterministic per image.
 *
 * A few words in the alt text pick a variant, so the picture matches what it describes:
 * "damascus" etches a layered pattern on a blade; "detail"/"close-up" zooms in on a knife;
 * "watercolour", "print", "etching", "ink" or "gouache" mounts a painting; a wood name
 * ("walnut", "oak", ...) turns a bowl into turned wood; for carvings "spoon" draws a spoon,
 * "board"/"platter"/"tray" a board, anything else a whittled bird on a plinth.
 *
 * This module holds what the seed calls (a product picture by its shape, the logo, the favicon);
 * each kind of product is drawn by its own module (./image-knives.ts, ./image-painting.ts,
 * ./image-ceramics.ts, ./image-carvings.ts) with the shared helpers of ./image-drawing.ts.
 */
import { createRequire } from 'node:module';
import type { default as sharpModule, Sharp } from 'sharp';
import type { SeedImage, SeedTenant } from './catalog-data.ts';
import { bowl, mug, vase } from './image-ceramics.ts';
import { carving } from './image-carvings.ts';
import {
  backdrop,
  CANVAS,
  type Ctx,
  escapeXml,
  framedShot,
  n1,
  parseHex,
  rngFor,
  toHex,
  vignette,
} from './image-drawing.ts';
import { chefKnife, foldingKnife, huntingKnife, knifeScene } from './image-knives.ts';
import { painting } from './image-painting.ts';

/**
 * sharp, loaded on the first image made: it (and libvips) costs a running shop about 25 MB,
 * and only the first start's seed makes images (the idle process).
 */
let loadedSharp: typeof sharpModule | undefined;
function sharp(input: Buffer): Sharp {
  loadedSharp ??= createRequire(import.meta.url)('sharp') as typeof sharpModule;
  return loadedSharp(input);
}

/** Builds the SVG document for one product image (800 x 800 user units, scaled to size). */
export function productSvg(image: SeedImage, size: number): string {
  const [bg, main, accent] = image.palette;
  const ctx: Ctx = {
    rng: rngFor(`${image.shape}|${image.palette.join(',')}`),
    shot: rngFor(`${image.alt_text}|${image.palette.join(',')}`),
    bg,
    main,
    accent,
    alt: image.alt_text,
    defs: [],
  };
  const back = backdrop(ctx);
  let subject: string;
  switch (image.shape) {
    case 'chef-knife':
      subject = knifeScene(ctx, chefKnife(ctx));
      break;
    case 'hunting-knife':
      subject = knifeScene(ctx, huntingKnife(ctx));
      break;
    case 'folding-knife':
      subject = knifeScene(ctx, foldingKnife(ctx));
      break;
    case 'painting':
      subject = painting(ctx);
      break;
    case 'vase':
      subject = framedShot(ctx, vase(ctx));
      break;
    case 'bowl':
      subject = framedShot(ctx, bowl(ctx));
      break;
    case 'mug':
      subject = framedShot(ctx, mug(ctx));
      break;
    case 'carving':
      subject = carving(ctx);
      break;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${CANVAS} ${CANVAS}">` +
    `<defs>${ctx.defs.join('')}</defs>${back}${subject}${vignette}</svg>`
  );
}

function checkSize(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 16 || value > 4096) {
    throw new RangeError(`${name} must be an integer between 16 and 4096, got ${value}`);
  }
}

/**
 * Renders a product illustration (an SVG drawn in code, rasterised by sharp) as a square
 * image of `size` x `size` pixels. Returns the encoded bytes (WebP quality 80 or JPEG
 * quality 82), without an alpha channel. Throws RangeError for a size outside 16-4096 and
 * Error for a palette colour that is not #rrggbb.
 */
export async function renderProductImage(
  image: SeedImage,
  size: number,
  format: 'webp' | 'jpeg',
): Promise<Buffer> {
  checkSize('size', size);
  const pipeline = sharp(Buffer.from(productSvg(image, size))).removeAlpha();
  return format === 'webp'
    ? pipeline.webp({ quality: 80, effort: 3 }).toBuffer()
    : pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * Renders the shop's text logo as a transparent PNG of `width` x `height` pixels: a round
 * emblem with the initials (accent colour, letters in the background colour) followed by the
 * text in the main colour, sized to fit. Palette order is [bg, main, accent].
 */
export async function renderLogo(
  logo: SeedTenant['logo'],
  width: number,
  height: number,
): Promise<Buffer> {
  checkSize('width', width);
  checkSize('height', height);
  const [bg, main, accent] = logo.palette;
  const initials = logo.text
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const r = height * 0.42;
  const emblemX = height / 2;
  const textX = height + height * 0.12;
  // Bold serif glyphs average about 0.68 em (fallback fonts run wide); shrink the font rather than
  // let the text clip.
  const fontSize = Math.min(height * 0.5, (width - textX - 4) / (logo.text.length * 0.68));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<circle cx="${n1(emblemX)}" cy="${n1(height / 2)}" r="${n1(r)}" fill="${accent}"/>` +
    `<circle cx="${n1(emblemX)}" cy="${n1(height / 2)}" r="${n1(r * 0.86)}" fill="none" stroke="${bg}" stroke-width="${n1(Math.max(1, height * 0.02))}" opacity="0.7"/>` +
    `<text x="${n1(emblemX)}" y="${n1(height / 2)}" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${n1(r * 0.8)}" fill="${bg}">${escapeXml(initials)}</text>` +
    `<text x="${n1(textX)}" y="${n1(height / 2)}" dy="0.35em" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${n1(fontSize)}" fill="${main}">${escapeXml(logo.text)}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A 64 x 64 favicon as SVG text: a rounded square in the main colour with a flame-like
 * leaf in the background colour and an accent core. Palette order is [bg, main, accent].
 */
export function faviconSvg(palette: [string, string, string]): string {
  const [bg, main, accent] = palette.map((c) => toHex(parseHex(c))) as [string, string, string];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${main}"/>` +
    `<path d="M32 9C43 20 49 30 46 41C44 49 38 55 32 55C26 55 20 49 18 41C15 30 21 20 32 9Z" fill="${bg}"/>` +
    `<path d="M32 25C38 32 40 38 38 44C37 48 35 50 32 50C29 50 27 48 26 44C24 38 26 32 32 25Z" fill="${accent}"/>` +
    `</svg>`
  );
}
