/**
 * The text of sitemaps (sitemaps.org protocol 0.9): a `<urlset>` written piece by piece, so a
 * file of 50,000 URLs is never one string, and the `<sitemapindex>` naming the files.
 */

/** One `<url>` of a sitemap: a site path (`/products/oak-knife`) and its last change, if known. */
export interface SitemapEntry {
  /** Path and query on the storefront's origin, already percent-encoded. */
  path: string;
  /** W3C date (`2026-03-01`), when known. */
  lastModified?: string;
}

/** Most URLs one sitemap file may list (sitemaps.org), and most files one index may name. */
export const MAX_URLS_PER_FILE = 50_000;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * `text` with the five characters XML reserves written as the entities sitemaps.org asks for
 * (`&amp;`, `&apos;`, `&quot;`, `&gt;`, `&lt;`).
 */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * The date part (`YYYY-MM-DD`, UTC) of a timestamp as either driver returns it (an ISO string
 * from SQLite, a `Date` from PostgreSQL), or undefined for null or an unreadable value.
 */
export function isoDate(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** The later of two W3C dates, either of which may be missing. */
export function laterDate(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

/** What a `<urlset>` starts with, up to its first `<url>`. */
export const URLSET_START =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/** What a `<urlset>` ends with. */
export const URLSET_END = '</urlset>\n';

/** One `<url>` line for `origin` (`https://shop.example`, no trailing slash), escaped. */
export function urlXml(origin: string, entry: SitemapEntry): string {
  const lastmod = entry.lastModified ? `<lastmod>${xmlEscape(entry.lastModified)}</lastmod>` : '';
  return `<url><loc>${xmlEscape(origin + entry.path)}</loc>${lastmod}</url>\n`;
}

/**
 * A whole `<urlset>` of `entries` for `origin`, as one string: for small lists (tests, the
 * content pages); the files the server serves are written with the pieces above as rows arrive.
 */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  return URLSET_START + entries.map((entry) => urlXml(origin, entry)).join('') + URLSET_END;
}

/**
 * The sitemap index naming `files` (each a path on `origin` and the latest `lastmod` of its
 * entries, if any entry has one). An index with no file is still well-formed (a shop with no
 * tenant configured).
 */
export function sitemapIndexXml(origin: string, files: readonly SitemapEntry[]): string {
  const lines = files.map((file) => {
    const lastmod = file.lastModified ? `<lastmod>${xmlEscape(file.lastModified)}</lastmod>` : '';
    return `<sitemap><loc>${xmlEscape(origin + file.path)}</loc>${lastmod}</sitemap>\n`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    lines.join('') +
    '</sitemapindex>\n'
  );
}
