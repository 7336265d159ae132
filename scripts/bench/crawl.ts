/// <reference types="node" />
/**
 * A crawl of every page: each URL of the storefront's `/sitemap.xml` and the files that index
 * names (taken as a path on `siteBase`, whatever origin the sitemap names), then `/cart`,
 * `/login` and `/register`, requested once each as a browser asks for a page (Accept:
 * text/html), one after another.
 * Each one not yet cached is rendered by the server; the bench reads the API's memory during
 * and after it (bench/memory.ts).
 */
import { fetchFrom, pathOfUrl, sitemapUrls } from '../lib/sitemap-urls.ts';

/** Pages the sitemap leaves out (noindex) that a shopper still opens. */
const UNLISTED_PAGES = ['/cart', '/login', '/register'];

/**
 * Requests every page once.
 * @param siteBase the storefront's origin, `http://127.0.0.1:PORT`
 * @returns how many pages were requested and how many answered other than 200
 * @throws Error when the sitemap or one of its files does not answer 200
 */
export async function crawlEveryPage(siteBase: string): Promise<{ pages: number; failed: number }> {
  const listed = (await sitemapUrls(fetchFrom(siteBase))).map(pathOfUrl);
  let failed = 0;
  const pages = [...listed, ...UNLISTED_PAGES];
  for (const page of pages) {
    const response = await fetch(`${siteBase}${page}`, { headers: { accept: 'text/html' } });
    await response.arrayBuffer();
    if (response.status !== 200) failed++;
  }
  return { pages: pages.length, failed };
}
