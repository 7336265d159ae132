/**
 * What `npm run check:html` (scripts/check-html.ts) decides without a server: whether an
 * answer is a server-rendered page or the SPA shell, whether its forms name their method,
 * which pages it hands to the W3C Nu HTML checker, the file each is saved as, and the
 * checker's JSON report read back per page.
 */
import { pagesToAudit } from './lighthouse-pages.ts';

/** One page whose markup is checked. */
export interface PageToCheck {
  /** What the table calls it: the path, or the route and the path standing for it. */
  label: string;
  /** Path and query on the checked origin. */
  path: string;
  /** The status the page must answer with. */
  status: number;
}

/**
 * Pages kept out of the sitemap that a shopper still opens, with a server-rendered form each
 * (the forms must post, not put a password in a URL).
 */
export const UNLISTED_PAGES = ['/cart', '/login', '/register', '/forgot-password', '/contact'];

/** A path no route matches: the 404 page is checked too. */
export const UNKNOWN_PAGE = '/no-such-page-for-the-html-check';

/**
 * True when `html` is a page the server rendered, false when it is the SPA shell
 * (dist/index.html with the settings inlined, served when a render failed or none could start).
 * The shell's root element is empty and it loads its entry script itself; a rendered page's
 * root holds the page, and it carries the router's hydration data (`$_TSR`) and the small boot
 * script (server/platform/render/server-render.ts's finishDocument) that loads the entry after the
 * first paint.
 */
export function isServerRendered(html: string): boolean {
  const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html);
  if (!root || root[1]!.trim() === '') return false;
  return html.includes('$_TSR') && html.includes('addEventListener("load"');
}

/**
 * The opening tags of the forms in `html` that name no `method`: submitted before the page's
 * scripts run, such a form is a GET that puts every field (a password) in the URL. A search
 * form says `method="get"` on purpose; every other form posts.
 */
export function formsWithoutMethod(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*>/gi)]
    .map((match) => match[0])
    .filter((tag) => !/\smethod\s*=\s*["']?(get|post|dialog)\b/i.test(tag));
}

/**
 * The pages to check from a sitemap's URLs (absolute, as ./sitemap-urls.ts's `sitemapUrls`
 * returns them): one of each route (`/products/<slug>` once, `/blog/<slug>` once;
 * `npm run lighthouse`'s grouping), then `UNLISTED_PAGES` not already taken, each expected to
 * answer 200, then `UNKNOWN_PAGE`, expected to answer 404.
 */
export function pagesToCheck(urls: readonly string[]): PageToCheck[] {
  const listed = pagesToAudit(urls).filter((page) => !page.noindex);
  const taken = new Set(listed.map((page) => page.path));
  const pages: PageToCheck[] = listed.map(({ label, path }) => ({ label, path, status: 200 }));
  for (const path of UNLISTED_PAGES) {
    if (!taken.has(path)) pages.push({ label: path, path, status: 200 });
  }
  pages.push({ label: `${UNKNOWN_PAGE} (404)`, path: UNKNOWN_PAGE, status: 404 });
  return pages;
}

/**
 * The file name page number `index` (from 0) is saved under: its number, then its path with
 * every run of other characters than letters and digits as one `-`, so a checker's message
 * names a file that says which page it is. `/products?category=knives` at 3 is
 * `04-products-category-knives.html`, `/` at 0 `01-home.html`.
 */
export function fileNameFor(index: number, path: string): string {
  const words = path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home';
  return `${String(index + 1).padStart(2, '0')}-${words.slice(0, 80)}.html`;
}

/** One error of the checker, with the file it was found in. */
export interface CheckerError {
  /** The file's name (no folder). */
  file: string;
  /** 1-based; 0 when the checker gives none (a message about the whole file). */
  line: number;
  column: number;
  message: string;
  /** The markup around the error, as the checker quotes it. */
  extract: string;
}

interface VnuMessage {
  type?: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message?: string;
  extract?: string;
}

/**
 * The errors of the Nu checker's `--format json` report (`{"messages": [...]}`): every message
 * of type `error`, and the `non-document-error`s (a file it could not read) too, each with
 * the base name of its file.
 * @throws Error when `report` is not the checker's JSON.
 */
export function checkerErrors(report: string): CheckerError[] {
  let parsed: { messages?: VnuMessage[] };
  try {
    parsed = JSON.parse(report) as { messages?: VnuMessage[] };
  } catch {
    throw new Error(`the Nu checker's report is not JSON: ${report.slice(0, 500)}`);
  }
  if (!Array.isArray(parsed.messages)) {
    throw new Error(`the Nu checker's report has no messages: ${report.slice(0, 500)}`);
  }
  return parsed.messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => ({
      file: (message.url ?? '').split('/').pop() ?? '',
      line: message.firstLine ?? message.lastLine ?? 0,
      column: message.firstColumn ?? message.lastColumn ?? 0,
      message: message.message ?? '(no message)',
      extract: (message.extract ?? '').replace(/\s+/g, ' ').trim(),
    }));
}
