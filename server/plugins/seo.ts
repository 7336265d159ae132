/**
 * `/sitemap.xml` and `/robots.txt` of the storefront.
 *
 * The sitemap lists, for the storefront's tenant, the content pages, every category (as its
 * product list, `/products?category={slug}`), every active product and every published blog
 * post. Each kind of entry is one source below: a new kind is one more query in `SOURCES`. Private pages (cart, login, account, payment) are never listed; they
 * carry `noindex` themselves. robots.txt allows everything but the API (its images stay
 * crawlable) and points to the sitemap.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { escapeHtml } from '../lib/index-html.ts';

export interface SeoPluginOptions {
  /** The storefront's tenant, or null when the configured token names none (empty sitemap). */
  tenantId: number | null;
  /** The API's path prefix, kept out of robots.txt but for media (default `/api`). */
  publicApiPath?: string;
  /** The storefront's public origin (../lib/site-origin.ts), never the request's Host. */
  origin: () => string;
}

/** One `<url>` of the sitemap: a site path (`/products/oak-knife`) and its last change, if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

type Source = (db: Kysely<Database>, tenantId: number) => Promise<SitemapEntry[]>;

/** Pages every shop has; their content comes from the API. */
export const CONTENT_PAGES = [
  '/',
  '/products',
  '/gallery',
  '/blog',
  '/company-info',
  '/contact',
  '/faq',
  '/refund-policy',
  '/privacy-policy',
] as const;

function isoDate(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** The sitemap's sources, in the order they are listed. */
export const SOURCES: Source[] = [
  async () => CONTENT_PAGES.map((path) => ({ path })),
  async (db, tenantId) =>
    (
      await db
        .selectFrom('categories')
        .select('slug')
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ path: `/products?category=${encodeURIComponent(row.slug)}` })),
  async (db, tenantId) =>
    (
      await db
        .selectFrom('products')
        .select(['slug', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('is_active', '=', 1)
        .orderBy('id')
        .execute()
    ).map((row) => ({
      path: `/products/${encodeURIComponent(row.slug)}`,
      lastModified: isoDate(row.created_at),
    })),
  async (db, tenantId) =>
    (
      await db
        .selectFrom('blog_posts')
        .select(['slug', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'published')
        .where('published_at', '<=', new Date().toISOString())
        .orderBy('id')
        .execute()
    ).map((row) => ({
      path: `/blog/${encodeURIComponent(row.slug)}`,
      lastModified: isoDate(row.updated_at),
    })),
];

/** The sitemap document (sitemaps.org 0.9) for `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : '';
    return `<url><loc>${escapeHtml(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
}

/** Registers the two routes (encapsulated: nothing else changes). */
export async function seo(app: FastifyInstance, options: SeoPluginOptions): Promise<void> {
  const api = options.publicApiPath ?? app.publicApiPath ?? '/api';

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries: SitemapEntry[] = [];
    if (options.tenantId !== null) {
      for (const source of SOURCES) entries.push(...(await source(app.db, options.tenantId)));
    }
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(options.origin(), entries));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          `Disallow: ${api}/`,
          `Allow: ${api}/media/`,
          `Sitemap: ${options.origin()}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );
}
