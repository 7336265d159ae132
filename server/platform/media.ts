/**
 * Serves media files (product photos, logos, favicons, blog images) from the media store
 * (./media-store.ts: the media folder, or an S3-compatible bucket with the folder behind it for
 * the seed's files) at `<publicApiPath>/media/<key>`. No tenant token is needed: the files are
 * public and image elements cannot send headers.
 *
 * Caching: an uploaded file's name is the hash of its content (`.../uploads/<64 hex>.webp`), so
 * it never changes under its name: a year, `immutable`. Anything else (the seed's names, which a
 * re-seed may redraw) a day. Every answer is `nosniff`; an SVG (the seed's favicon) is also
 * sandboxed, so opened on its own it runs nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaStore } from './media-store.ts';

export interface MediaPluginOptions {
  store: MediaStore;
  publicApiPath: string;
  /**
   * Whether the file `key` may be served for this request (default: always): a shop's domain
   * serves that shop's files only (issue 38, server/http/shop-hosts.ts); refused files answer
   * 404, as missing ones do.
   */
  servable?: (request: FastifyRequest, key: string) => boolean;
}

const ONE_DAY_S = 24 * 60 * 60;
const ONE_YEAR_S = 365 * ONE_DAY_S;
/** A content-hashed upload: `<tenant>/uploads/<sha256>.webp` or `...-thumb.webp`. */
const HASHED = /\/uploads\/[0-9a-f]{64}(-[a-z0-9]+)?\.[a-z]+$/;

/** Registers the media route (encapsulated: it adds no hooks or decorators to the app). */
export async function media(app: FastifyInstance, options: MediaPluginOptions): Promise<void> {
  const { store } = options;
  app.get(`${options.publicApiPath}/media/*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = options.servable && !options.servable(request, key) ? null : await store.get(key);
    if (!file) {
      return reply.code(404).header('X-Content-Type-Options', 'nosniff').send({
        detail: 'Not found.',
      });
    }
    reply
      .header(
        'Cache-Control',
        HASHED.test(key)
          ? `public, max-age=${ONE_YEAR_S}, immutable`
          : `public, max-age=${ONE_DAY_S}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.length);
    if (file.contentType.startsWith('image/svg')) {
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
    }
    return reply.send(file.body);
  });
}
