/**
 * What the storefront's sitemap lists, in sections, and how each section is cut into files of
 * at most `urlsPerFile` URLs (sitemaps.org allows 50,000):
 *
 * - `pages`: the content pages every shop has, then every category as its product list
 *   (`/products?category={slug}`);
 * - `products`: every active product (`/products/{slug}`), its `lastmod` the day it was created
 *   (the products table keeps no time of last change);
 * - `blog`: every published post whose publication time has come (`/blog/{slug}`), its
 *   `lastmod` the day it was last updated.
 *
 * Rows are read in id order with keyset pagination (`id > last` … `limit`, through the
 * `(tenant_id, is_active, id)` index for products), a few hundred or thousand at a time, so
 * neither a plan nor a file ever holds a section's whole list, and no query blocks SQLite's
 * synchronous driver for long. A file is named by its section and number (`products-3`) and
 * covers an id range fixed when the plan is made, so the files of one plan never overlap.
 * Private pages (cart, login, account, payment) are never listed; they carry `noindex`
 * themselves.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isoDate, laterDate, type SitemapEntry } from './sitemap-xml.ts';

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
  '/cancellation',
  '/privacy-policy',
  '/review-policy',
  '/accessibility',
] as const;

/** What a section's next rows hold: how many, the last id, and their latest `lastmod`. */
export interface RowSpan {
  count: number;
  lastId: number;
  lastModified?: string;
}

/** One row of a section: its id (the keyset) and its `<url>`. */
export interface SitemapRow {
  id: number;
  entry: SitemapEntry;
}

/** The time a plan was made (ISO 8601): a post counts as published when its time is before it. */
type AsOf = string;

/** One kind of page the sitemap lists. */
export interface SitemapSection {
  /** Names its files: `${name}-${n}.xml`. */
  name: string;
  /** Entries listed before the rows, in this order (few: the content pages). */
  fixed: readonly SitemapEntry[];
  /** The span of the next `limit` rows (at most) with an id above `afterId`, in id order. */
  span(
    db: Kysely<Database>,
    tenantId: number,
    asOf: AsOf,
    afterId: number,
    limit: number,
  ): Promise<RowSpan>;
  /** The next `limit` rows (at most) with `afterId < id <= throughId`, in id order. */
  rows(
    db: Kysely<Database>,
    tenantId: number,
    asOf: AsOf,
    afterId: number,
    throughId: number,
    limit: number,
  ): Promise<SitemapRow[]>;
}

/**
 * Lets the event loop run what waits (other requests' I/O) before the next query: SQLite's
 * driver answers synchronously, so a loop of awaited queries would otherwise hold the thread
 * for its whole length (a plan of 160,000 products held it ~300 ms).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The aggregate row of a span query as either driver returns it (PostgreSQL counts as text). */
interface SpanRow {
  count: number | string | bigint;
  last_id: number | null;
  changed?: unknown;
}

function toSpan(row: SpanRow | undefined): RowSpan {
  const count = Number(row?.count ?? 0);
  return {
    count,
    lastId: count > 0 ? Number(row!.last_id) : 0,
    lastModified: isoDate(row?.changed),
  };
}

/**
 * What a section lists, as one query: the shop's rows it lists (any order), each with its id
 * (the keyset), its slug, and the time it last changed (`lastmod`; null when not kept).
 */
type Listed = (
  db: Kysely<Database>,
  tenantId: number,
  asOf: AsOf,
) => SelectQueryBuilder<Database, never, { id: number; slug: string; changed: unknown }>;

/**
 * A section (`name`, its `fixed` entries first) whose rows are those of `listed`, read in id
 * order `limit` at a time (a keyset: `id > afterId`, through `throughId` for a file's rows),
 * each row's `<url>` made by `entry`; a span's `lastModified` is the latest `changed` of its
 * rows. Its `span` and `rows` throw the database's error.
 */
function keysetSection(
  name: string,
  fixed: readonly SitemapEntry[],
  listed: Listed,
  entry: (row: { slug: string; changed: unknown }) => SitemapEntry,
): SitemapSection {
  /** The rows of `listed` with an id above `afterId` (through `throughId`), `limit` in id order. */
  const window = (
    db: Kysely<Database>,
    tenantId: number,
    asOf: AsOf,
    afterId: number,
    limit: number,
    throughId?: number,
  ) => {
    const id = db.dynamic.ref('id');
    return listed(db, tenantId, asOf)
      .where(id, '>', afterId)
      .$if(throughId !== undefined, (qb) => qb.where(id, '<=', throughId!))
      .orderBy(id)
      .limit(limit);
  };
  return {
    name,
    fixed,
    async span(db, tenantId, asOf, afterId, limit) {
      const next = window(db, tenantId, asOf, afterId, limit).as('next');
      return toSpan(
        await db
          .selectFrom(next)
          .select((eb) => [
            eb.fn.countAll().as('count'),
            eb.fn.max('next.id').as('last_id'),
            eb.fn.max('next.changed').as('changed'),
          ])
          .executeTakeFirst(),
      );
    },
    async rows(db, tenantId, asOf, afterId, throughId, limit) {
      const rows = await window(db, tenantId, asOf, afterId, limit, throughId).execute();
      return rows.map((row) => ({ id: row.id, entry: entry(row) }));
    },
  };
}

/** The content pages, then every category as its product list (no `lastmod`: none is kept). */
const pagesSection = keysetSection(
  'pages',
  CONTENT_PAGES.map((path) => ({ path })),
  (db, tenantId) =>
    db
      .selectFrom('categories')
      .select(['id', 'slug', sql<null>`cast(null as text)`.as('changed')])
      .where('tenant_id', '=', tenantId),
  (row) => ({ path: `/products?category=${encodeURIComponent(row.slug)}` }),
);

/** Every active product, its `lastmod` the day it was created. */
const productsSection = keysetSection(
  'products',
  [],
  (db, tenantId) =>
    db
      .selectFrom('products')
      .select(['id', 'slug', 'created_at as changed'])
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1),
  (row) => ({
    path: `/products/${encodeURIComponent(row.slug)}`,
    lastModified: isoDate(row.changed),
  }),
);

/** Every post published by `asOf`, its `lastmod` the day it was last updated. */
const blogSection = keysetSection(
  'blog',
  [],
  (db, tenantId, asOf) =>
    db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'updated_at as changed'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'published')
      .where('published_at', '<=', asOf),
  (row) => ({
    path: `/blog/${encodeURIComponent(row.slug)}`,
    lastModified: isoDate(row.changed),
  }),
);

/** The sitemap's sections, in the order the index names their files. */
export const SECTIONS: readonly SitemapSection[] = [pagesSection, productsSection, blogSection];

/** One file of the sitemap: which entries it lists, how many, and their latest change. */
export interface SitemapFile {
  /** `products-2`: served as `/sitemaps/products-2.xml`. */
  name: string;
  section: SitemapSection;
  /** The section's fixed entries this file starts with. */
  fixed: readonly SitemapEntry[];
  /** The file lists the section's rows with `afterId < id <= throughId` (none when equal). */
  afterId: number;
  throughId: number;
  /** URLs it lists (at most `urlsPerFile`). */
  urls: number;
  /** The latest `lastmod` of its entries (W3C date), when any has one. */
  lastModified?: string;
}

/** Which files the sitemap has at one moment; files of one plan never overlap. */
export interface SitemapPlan {
  /** When it was made (ISO 8601): what "published by now" means for every file of it. */
  asOf: string;
  /** In the index's order; a section without entries has no file. */
  files: SitemapFile[];
}

/** How to cut sections into files and how many rows one query reads. */
export interface SitemapLimits {
  /** Most URLs in one file (1 to 50,000). */
  urlsPerFile: number;
  /** Most rows one query reads (at least 1). */
  rowsPerQuery: number;
}

/**
 * Plans the files of `section` for the tenant: reads only ids and change times, `rowsPerQuery`
 * rows a query, one aggregate row each.
 */
async function planSection(
  db: Kysely<Database>,
  tenantId: number,
  asOf: AsOf,
  section: SitemapSection,
  { urlsPerFile, rowsPerQuery }: SitemapLimits,
): Promise<SitemapFile[]> {
  const files: SitemapFile[] = [];
  let fixedAt = 0;
  let afterId = 0;
  let rowsLeft = true;
  while (fixedAt < section.fixed.length || rowsLeft) {
    const fixed = section.fixed.slice(fixedAt, fixedAt + urlsPerFile);
    fixedAt += fixed.length;
    let lastModified = fixed.reduce<string | undefined>(
      (latest, entry) => laterDate(latest, entry.lastModified),
      undefined,
    );
    const first = afterId;
    let rows = 0;
    while (rowsLeft && fixed.length + rows < urlsPerFile) {
      const want = Math.min(urlsPerFile - fixed.length - rows, rowsPerQuery);
      await nextTurn();
      const span = await section.span(db, tenantId, asOf, afterId, want);
      if (span.count > 0) {
        rows += span.count;
        afterId = span.lastId;
        lastModified = laterDate(lastModified, span.lastModified);
      }
      if (span.count < want) rowsLeft = false;
    }
    if (fixed.length + rows === 0) break;
    files.push({
      name: `${section.name}-${files.length + 1}`,
      section,
      fixed,
      afterId: first,
      throughId: afterId,
      urls: fixed.length + rows,
      lastModified,
    });
  }
  return files;
}

/**
 * The sitemap's files for `tenantId` now: every section cut into files of at most
 * `urlsPerFile` URLs. Costs one small aggregate query per `rowsPerQuery` rows listed.
 * @throws the database's error
 */
export async function planSitemap(
  db: Kysely<Database>,
  tenantId: number,
  limits: SitemapLimits,
  now: Date = new Date(),
): Promise<SitemapPlan> {
  const asOf = now.toISOString();
  const files: SitemapFile[] = [];
  for (const section of SECTIONS)
    files.push(...(await planSection(db, tenantId, asOf, section, limits)));
  return { asOf, files };
}

/**
 * The entries of one file of `plan`, in order: its fixed entries, then its rows, `rowsPerQuery`
 * at a time (each yield is one query's worth), so the caller can write each batch out before
 * the next is read.
 * @throws the database's error (from the iteration)
 */
export async function* fileEntries(
  db: Kysely<Database>,
  tenantId: number,
  plan: SitemapPlan,
  file: SitemapFile,
  rowsPerQuery: number,
): AsyncGenerator<readonly SitemapEntry[]> {
  if (file.fixed.length > 0) yield file.fixed;
  let afterId = file.afterId;
  while (afterId < file.throughId) {
    await nextTurn();
    const rows = await file.section.rows(
      db,
      tenantId,
      plan.asOf,
      afterId,
      file.throughId,
      rowsPerQuery,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.entry);
    afterId = rows[rows.length - 1]!.id;
  }
}
