/// <reference types="node" />
/**
 * The images `npm run mock` serves: the contract's examples name image addresses
 * under the reference API's media path (`/api/media/demo/...`), and the mock gateway
 * (scripts/mock-proxy.ts) answers them with pictures drawn by the same code the reference
 * API's seed uses (server/seed/images.ts), so product cards, the gallery, blog posts and the
 * contact page show real images under Prism too.
 *
 * Addresses are given without the API prefix, as the gateway sees them behind Vite's proxy:
 * - `/media/{tenant}/products/{product slug}-{n}.webp` (800 px) and `...-{n}-thumb.webp`
 *   (320 px): the n-th image of that seed product, exactly as the seed draws it;
 * - `/media/{tenant}/logo.png` and `/media/{tenant}/favicon.svg`: the seed's logo and favicon;
 * - `/media/{tenant}/blog/{post slug}.webp` and `/media/{tenant}/contact/{name}.webp`: the
 *   seed's featured image of that post or picture of that location (server/seed/content-data.ts),
 *   else the picture in {@link EXTRA_IMAGES} for the examples' own posts, drawn the same way.
 *
 * `npm run lint` (scripts/check-contract.ts) fails when an example names an image address
 * that {@link mockMedia} cannot draw. {@link serveMockMedia} answers the gateway's requests.
 */
import type http from 'node:http';
import { type SeedImage, seedTenants } from '../../server/seed/catalog-data.ts';
import { seedContent } from '../../server/seed/content-data.ts';
import { faviconSvg, renderLogo, renderProductImage } from '../../server/seed/images.ts';

/** The sizes the reference API's seed renders (server/seed/seed.ts). */
const FULL_SIZE = 800;
const THUMB_SIZE = 320;

/**
 * Blog and contact pictures the examples name that the seed does not draw, keyed by their
 * address under `/media/demo/`.
 */
export const EXTRA_IMAGES: Readonly<Record<string, SeedImage>> = {
  'blog/forging-a-damascus-billet.webp': {
    shape: 'hunting-knife',
    palette: ['#2a2522', '#7b4a2e', '#d9893b'],
    alt_text: 'A damascus hunter fresh from the etch',
  },
  'blog/painting-the-estuary-in-winter.webp': {
    shape: 'painting',
    palette: ['#dfe6ea', '#4d6b80', '#c9a66b'],
    alt_text: 'Watercolour of the estuary at low tide in January',
  },
  'blog/a-week-at-the-kiln.webp': {
    shape: 'vase',
    palette: ['#efe8dd', '#7f8f6a', '#b4532a'],
    alt_text: 'An ash-glazed bottle vase still warm from the kiln',
  },
  'blog/choosing-wood-for-spoons.webp': {
    shape: 'carving',
    palette: ['#f1ebe2', '#b07a4a', '#3a2a1e'],
    alt_text: 'A cherry cooking spoon on a pale backdrop',
  },
  'blog/sharpening-on-whetstones.webp': {
    shape: 'folding-knife',
    palette: ['#d8d3cb', '#5a4636', '#9aa4ad'],
    alt_text: 'Detail of a walnut slipjoint after sharpening',
  },
};

export interface MockMedia {
  contentType: string;
  /** Draws the file; rendering an 800 px WebP takes a few hundred milliseconds. */
  render(): Promise<Buffer>;
}

const PRODUCT_IMAGE = /^products\/([a-z0-9-]+?)-(\d+)(-thumb)?\.webp$/;
const CONTENT_IMAGE = /^(blog|contact)\/([a-z0-9-]+)\.webp$/;

/** The seed's picture of a blog post or a location of the shop with `token`, if it draws one. */
function seedContentImage(token: string, file: string): SeedImage | null {
  const [, kind, name] = CONTENT_IMAGE.exec(file) ?? [];
  const content = seedContent.find((c) => c.tenantToken === token);
  if (!content || !name) return null;
  if (kind === 'blog') return content.blog_posts.find((p) => p.slug === name)?.image ?? null;
  return content.locations.find((l) => l.image?.file === name)?.image ?? null;
}

/**
 * What the mock serves at `path` (`/media/...`, without the API prefix, no query), or null
 * when nothing is drawn there.
 */
export function mockMedia(path: string): MockMedia | null {
  const match = /^\/media\/([a-z0-9-]+)\/(.+)$/.exec(path);
  if (!match) return null;
  const [, mediaSlug, file] = match as unknown as [string, string, string];
  const tenant = seedTenants.find((t) => t.media_slug === mediaSlug);
  if (!tenant) return null;

  if (file === 'logo.png') {
    return { contentType: 'image/png', render: () => renderLogo(tenant.logo, 360, 96) };
  }
  if (file === 'favicon.svg') {
    return {
      contentType: 'image/svg+xml',
      render: async () => Buffer.from(faviconSvg(tenant.logo.palette)),
    };
  }
  const product = PRODUCT_IMAGE.exec(file);
  if (product) {
    const [, slug, n, thumb] = product;
    const image = tenant.products.find((p) => p.slug === slug)?.images[Number(n) - 1];
    if (!image) return null;
    const size = thumb ? THUMB_SIZE : FULL_SIZE;
    return { contentType: 'image/webp', render: () => renderProductImage(image, size, 'webp') };
  }
  const extra =
    seedContentImage(tenant.token, file) ?? (mediaSlug === 'demo' ? EXTRA_IMAGES[file] : undefined);
  if (extra) {
    return {
      contentType: 'image/webp',
      render: () => renderProductImage(extra, FULL_SIZE, 'webp'),
    };
  }
  return null;
}

/**
 * The media path inside an image address as the SPA uses it: `/api/media/x` (the API prefix,
 * as product images carry it) or `/media/x` (relative to the API base, as the favicon is).
 * Null for anything else.
 */
export function mediaPathOf(address: string): string | null {
  const match = /^(?:\/api)?(\/media\/[^?#\s]+)$/.exec(address);
  return match ? match[1]! : null;
}

/** Drawn files by path: each is drawn once per process (a failed drawing is tried again). */
const drawn = new Map<string, Promise<Buffer>>();

/**
 * Answers `GET`/`HEAD {pathname}` (`/media/...`) with the drawn file, cached for an hour, or
 * 404 `{"detail":"Not found."}` when nothing is drawn there.
 * @throws (rejects) when drawing the file fails.
 */
export async function serveMockMedia(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
): Promise<void> {
  const found = mockMedia(pathname);
  if (!found) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Not found.' }));
    return;
  }
  let bytes = drawn.get(pathname);
  if (!bytes) {
    bytes = found.render();
    drawn.set(pathname, bytes);
    bytes.catch(() => drawn.delete(pathname));
  }
  const body = await bytes;
  res.writeHead(200, {
    'content-type': found.contentType,
    'content-length': body.length,
    'cache-control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
