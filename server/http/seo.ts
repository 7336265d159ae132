/**
 * `/sitemap.xml`, its files under `/sitemaps/` and `/robots.txt` of the storefront (decision
 * 017).
 *
 * `/sitemap.xml` is a sitemap index (sitemaps.org 0.9) naming files of at most 50,000 URLs:
 * `/sitemaps/pages-1.xml` (the content pages and every category), `/sitemaps/products-1.xml`,
 * `products-2.xml`… (every active product) and `/sitemaps/blog-1.xml` (published posts), each
 * with the latest `lastmod` of its entries; what each lists is ../content/sitemap-sections.ts. A
 * file is written to the client as its rows are read, a thousand at a time, and kept
 * gzip-compressed (./sitemap-cache.ts) until a catalogue change of the shop
 * (`app.catalogCache.onInvalidate`) or the TTL; a kept file is sent as is to a client that takes
 * gzip, with an ETag that answers `If-None-Match` with 304. A file number past the last, or an
 * unknown name, answers 404. Each shop has its own, chosen by the request's Host among the
 * recorded domains (./shop-hosts.ts; an unknown Host answers 404); every URL in them is built
 * from the shop's origin (./site-origin.ts), never the Host.
 *
 * robots.txt allows everything but the API (its images stay crawlable) and points to the
 * sitemap index.
 */
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { fileEntries, planSitemap, type SitemapFile } from '../content/sitemap-sections.ts';
import {
  MAX_URLS_PER_FILE,
  sitemapIndexXml,
  URLSET_END,
  URLSET_START,
  urlXml,
} from '../content/sitemap-xml.ts';
import { sendUnknownHost } from './shop-hosts.ts';
import type { DirectoryShop } from '../shops/shop-directory.ts';
import { etagOf, matchesEtag, SitemapCache, type SitemapGeneration } from './sitemap-cache.ts';

export interface SeoPluginOptions {
  /** The API's path prefix, kept out of robots.txt but for media (default `/api`). */
  publicApiPath?: string;
  /** A shop's public origin (./site-origin.ts), never the request's Host. */
  origin: (tenantId: number) => string;
  /** Most URLs in one sitemap file (default and at most 50,000; tests use a handful). */
  urlsPerFile?: number;
  /** Rows read by one query while planning or writing a file (default 1000). */
  rowsPerQuery?: number;
  /**
   * How long the plan and the written files are kept (ms; default 15 minutes; 0: never). A
   * catalogue change drops them at once; the TTL bounds what no write announces (a post whose
   * publication time comes, a change made straight in the database).
   */
  cacheTtlMs?: number;
}

/** Default of `SeoPluginOptions.cacheTtlMs`. */
export const SITEMAP_CACHE_TTL_MS = 15 * 60 * 1000;

const XML = 'application/xml; charset=utf-8';
/** Crawlers and caches ask again each time, and a kept file answers 304 to its ETag. */
const REVALIDATE = 'public, no-cache';
/** `/sitemaps/{section}-{n}.xml`. */
const FILE_NAME = /^([a-z]+-[1-9][0-9]{0,8})\.xml$/;

/**
 * Whether the shop was launched (open or on holiday): a closed one says "Opening soon" and is
 * kept out of search (robots.txt disallows everything, the index lists no file).
 */
const launched = (shop: DirectoryShop) => shop.status !== 'closed';

/** True when the request takes a gzip-encoded body. */
function takesGzip(request: FastifyRequest): boolean {
  const accepted = new Negotiator({ headers: request.headers }).encodings(['gzip']);
  return accepted.includes('gzip');
}

/**
 * The text of `file` piece by piece: the urlset's start, one string per query's rows, its end.
 */
async function* fileText(
  app: FastifyInstance,
  tenantId: number,
  generation: SitemapGeneration,
  file: SitemapFile,
  origin: string,
  rowsPerQuery: number,
): AsyncGenerator<string> {
  yield URLSET_START;
  for await (const entries of fileEntries(app.db, tenantId, generation.plan, file, rowsPerQuery)) {
    let text = '';
    for (const entry of entries) text += urlXml(origin, entry);
    yield text;
  }
  yield URLSET_END;
}

/** Registers the routes (encapsulated: nothing else changes). */
export async function seo(app: FastifyInstance, options: SeoPluginOptions): Promise<void> {
  const api = options.publicApiPath ?? app.publicApiPath ?? '/api';
  const limits = {
    urlsPerFile: Math.max(1, Math.min(MAX_URLS_PER_FILE, options.urlsPerFile ?? MAX_URLS_PER_FILE)),
    rowsPerQuery: Math.max(1, options.rowsPerQuery ?? 1000),
  };
  // One cache per shop and origin (a shop's origin changes only with its primary domain).
  const caches = new Map<string, SitemapCache>();
  const cacheFor = (tenantId: number, origin: string) => {
    const key = `${tenantId} ${origin}`;
    let cache = caches.get(key);
    if (!cache) {
      cache = new SitemapCache({
        ttlMs: options.cacheTtlMs ?? SITEMAP_CACHE_TTL_MS,
        onBuildError: (error, name) =>
          app.log.error({ err: error, file: name }, 'sitemap: writing a file failed'),
      });
      caches.set(key, cache);
    }
    return cache;
  };
  // Stock moves (product slugs given) change no URL; anything else may add or remove one.
  app.catalogCache.onInvalidate((changed, productSlugs) => {
    if (productSlugs !== undefined) return;
    for (const [key, cache] of caches) if (key.startsWith(`${changed} `)) cache.invalidate();
  });

  const generationFor = (origin: string, id: number) =>
    cacheFor(id, origin).generation(() => planSitemap(app.db, id, limits));

  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file.\n');

  app.get('/sitemap.xml', async (request, reply) => {
    const shop = await app.shops.forRequest(request);
    if (!shop) return sendUnknownHost(reply);
    const origin = options.origin(shop.id);
    // A shop not launched yet lists nothing: its pages say "Opening soon".
    const files = launched(shop) ? (await generationFor(origin, shop.id)).plan.files : [];
    const xml = sitemapIndexXml(
      origin,
      files.map((file) => ({
        path: `/sitemaps/${file.name}.xml`,
        lastModified: file.lastModified,
      })),
    );
    const etag = etagOf(xml);
    reply.header('Content-Type', XML).header('Cache-Control', REVALIDATE).header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(xml);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const shop = await app.shops.forRequest(request);
    if (!shop) return sendUnknownHost(reply);
    const tenantId = shop.id;
    const name = FILE_NAME.exec(request.params.file)?.[1];
    if (name === undefined || !launched(shop)) return notFound(reply);
    const origin = options.origin(tenantId);
    const generation = await generationFor(origin, tenantId);
    const file = generation.plan.files.find((candidate) => candidate.name === name);
    if (!file) return notFound(reply);
    reply
      .header('Content-Type', XML)
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding');
    const built = generation.built(name);
    if (built) {
      reply.header('ETag', built.etag);
      if (matchesEtag(request.headers['if-none-match'], built.etag)) return reply.code(304).send();
    }
    const gzip = built
      ? built.gzip
      : generation.stream(name, () =>
          fileText(app, tenantId, generation, file, origin, limits.rowsPerQuery),
        );
    if (takesGzip(request)) return reply.header('Content-Encoding', 'gzip').send(gzip);
    // A client that takes no gzip gets the text, inflated as it is sent.
    const text = createGunzip();
    if (Buffer.isBuffer(gzip)) text.end(gzip);
    else pipeline(gzip, text, () => {});
    return reply.send(text);
  });

  app.get('/robots.txt', async (request, reply) => {
    const shop = await app.shops.forRequest(request);
    if (!shop) return sendUnknownHost(reply);
    if (!launched(shop))
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send('User-agent: *\nDisallow: /\n');
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          `Disallow: ${api}/`,
          `Allow: ${api}/media/`,
          `Sitemap: ${options.origin(shop.id)}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
}
