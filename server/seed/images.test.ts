import sharp from 'sharp';
import { demoTenant, secondTenant, type SeedImage } from './catalog-data.ts';
import { faviconSvg, renderLogo, renderProductImage } from './images.ts';

/** The colour the SPA uses as the product card background (spec section 2, product card). */
async function centrePixel(bytes: Buffer): Promise<[number, number, number]> {
  const { width, height } = await sharp(bytes).metadata();
  const raw = await sharp(bytes)
    .extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer();
  return [raw[0]!, raw[1]!, raw[2]!];
}

const distance = (a: number[], b: number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

const mainImage = (slug: string): SeedImage => {
  const product = demoTenant.products.find((p) => p.slug === slug);
  if (!product?.images[0]) throw new Error(`no seed product ${slug}`);
  return product.images[0];
};

describe('renderProductImage', () => {
  it('produces a WebP of the requested size that sharp can decode', async () => {
    const bytes = await renderProductImage(mainImage('damascus-gyuto-210mm'), 320, 'webp');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 320]);
  });

  it('produces a JPEG of the requested size, full size included', async () => {
    const bytes = await renderProductImage(mainImage('celadon-bottle-vase'), 800, 'jpeg');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([800, 800]);
  });

  it('draws a picture, not a flat fill: the frame has many distinct colours', async () => {
    const bytes = await renderProductImage(mainImage('harbour-at-dusk-oil'), 160, 'webp');
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3)
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(colours.size).toBeGreaterThan(500);
  });

  it('gives two different products different centre pixels', async () => {
    const a = await centrePixel(
      await renderProductImage(mainImage('damascus-gyuto-210mm'), 320, 'webp'),
    );
    const b = await centrePixel(
      await renderProductImage(mainImage('tenmoku-tea-mug'), 320, 'webp'),
    );
    expect(distance(a, b)).toBeGreaterThan(10);
  });

  it('gives every seeded product its own card colour (centre pixel of the main image)', async () => {
    const images = [...demoTenant.products, ...secondTenant.products].map((p) => ({
      slug: p.slug,
      image: p.images[0]!,
    }));
    const pixels = await Promise.all(
      images.map(async ({ slug, image }) => ({
        slug,
        rgb: await centrePixel(await renderProductImage(image, 320, 'webp')),
      })),
    );
    const clashes: string[] = [];
    for (let i = 0; i < pixels.length; i++) {
      for (let j = i + 1; j < pixels.length; j++) {
        if (distance(pixels[i]!.rgb, pixels[j]!.rgb) < 4)
          clashes.push(`${pixels[i]!.slug} ~ ${pixels[j]!.slug}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('shows each product from more than one angle: its shots are different pictures', async () => {
    const product = demoTenant.products.find((p) => p.slug === 'harbour-at-dusk-oil')!;
    const [first, second] = await Promise.all(
      product.images.slice(0, 2).map((image) => renderProductImage(image, 96, 'jpeg')),
    );
    expect(first!.equals(second!)).toBe(false);
  });

  it('is deterministic, so reseeding does not change the pictures', async () => {
    const image = mainImage('carved-oak-wren');
    const first = await renderProductImage(image, 96, 'jpeg');
    const second = await renderProductImage(image, 96, 'jpeg');
    expect(first.equals(second)).toBe(true);
  });

  it('rejects a malformed palette colour and an absurd size', async () => {
    const image: SeedImage = {
      shape: 'mug',
      palette: ['#fff', '#000000', '#123456'],
      alt_text: 'x',
    };
    await expect(renderProductImage(image, 100, 'jpeg')).rejects.toThrow(/#rrggbb/);
    await expect(renderProductImage(mainImage('tenmoku-tea-mug'), 0, 'jpeg')).rejects.toThrow(
      RangeError,
    );
  });
});

describe('renderLogo', () => {
  it('produces a transparent PNG of the requested size', async () => {
    const bytes = await renderLogo(demoTenant.logo, 360, 72);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([360, 72]);
    expect(meta.hasAlpha).toBe(true);
  });
});

describe('faviconSvg', () => {
  it('is a small SVG that rasterises and uses the palette', async () => {
    const svg = faviconSvg(demoTenant.logo.palette);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.length).toBeLessThan(2000);
    expect(svg).toContain(demoTenant.logo.palette[1]);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([64, 64]);
  });
});
