/**
 * Reads a site's sitemap the way a crawler does (sitemaps.org 0.9): a `<urlset>` gives its
 * `<loc>`s, a `<sitemapindex>` names further sitemaps, each read in turn. Every script that
 * walks the shop's pages (check:html, lighthouse, the bench's crawl) and the server's sitemap
 * tests read it through here, so none of them depends on how the server splits it into files.
 */

/**
 * Gets the text at a path (`/sitemap.xml`, `/sitemaps/products-1.xml`) of the site being read.
 * @throws Error when it does not answer 200
 */
export type FetchText = (path: string) => Promise<string>;

/** A parsed sitemap document: a list of pages or an index of sitemaps. */
export interface SitemapDocument {
  kind: 'urlset' | 'sitemapindex';
  /** Every `<loc>`, unescaped, in document order. */
  locs: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `text` with XML's character and entity references replaced by what they stand for. */
export function xmlUnescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name] ?? whole;
  });
}

/**
 * Parses one sitemap document.
 * @throws Error when `xml` is neither a `<urlset>` nor a `<sitemapindex>`
 */
export function parseSitemap(xml: string): SitemapDocument {
  const root = /<(urlset|sitemapindex)[\s>]/.exec(xml)?.[1] as SitemapDocument['kind'] | undefined;
  if (!root) throw new Error('not a sitemap: no <urlset> or <sitemapindex>');
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((match) =>
    xmlUnescape(match[1]!),
  );
  return { kind: root, locs };
}

/** The path and query of an absolute URL (`https://shop.example/products?category=a&b`). */
export function pathOfUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * Every page URL of the sitemap at `path`, in order: its own `<loc>`s when it is a `<urlset>`,
 * or those of each sitemap it names when it is a `<sitemapindex>` (read one after another, as
 * paths on the same site whatever origin the index names: it names the configured one, which
 * may not be the server being read). An index naming another index is followed too, up to
 * `depth` levels (sitemaps.org allows none; guards against a loop).
 * @returns absolute URLs as the sitemap lists them
 * @throws what `fetchText` throws, or Error on a document that is not a sitemap
 */
export async function sitemapUrls(
  fetchText: FetchText,
  path = '/sitemap.xml',
  depth = 2,
): Promise<string[]> {
  const document = parseSitemap(await fetchText(path));
  if (document.kind === 'urlset') return document.locs;
  if (depth <= 0) throw new Error(`${path}: a sitemap index nested too deep`);
  const urls: string[] = [];
  for (const loc of document.locs)
    urls.push(...(await sitemapUrls(fetchText, pathOfUrl(loc), depth - 1)));
  return urls;
}

/**
 * A `FetchText` for a running server at `base` (`http://127.0.0.1:8080`, no trailing slash),
 * with fetch (which takes gzip and inflates it).
 */
export function fetchFrom(base: string): FetchText {
  return async (path) => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`${base}${path} answered ${response.status}`);
    return response.text();
  };
}
