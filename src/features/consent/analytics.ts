/**
 * The Google tag (spec section 1's analytics script), run only after the visitor agreed
 * (PECR reg. 6 / ePrivacy Directive art. 5(3); docs/spec-deviations.md): loading it, telling it
 * which page this is, and taking it away again when the visitor withdraws. The functions take
 * the document and window as arguments so they can be tested against a fresh jsdom document.
 * Moved here from src/features/site/start-up.ts: nothing of it is needed at start-up any more,
 * so it loads with the consent code (a lazy chunk) instead of on every page.
 */

/** The third-party host the analytics script is loaded from (Google tag). */
export const ANALYTICS_SCRIPT_BASE = 'https://www.googletagmanager.com/gtag/js';

/**
 * The window as the Google tag expects it: a `dataLayer` queue, the `gtag` function, and the
 * `ga-disable-<id>` flags that make it send nothing more.
 */
export interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  /** Where the page is (the browser's `location`); absent in tests that do not care. */
  location?: { origin: string; pathname: string; search: string };
  [disableFlag: `ga-disable-${string}`]: boolean | undefined;
}

/**
 * Pages whose query string is the shopper's business alone (a reset token, a payment id, an
 * order step): analytics is told their path only.
 */
const PRIVATE_PATHS = [
  '/reset-password',
  '/verify-email',
  '/forgot-password',
  '/login',
  '/register',
  '/cart',
  '/account',
  '/order-confirmation',
  '/payment',
];

/** The page's address as analytics may see it: without the query string on a private page. */
export function analyticsLocation(location: {
  origin: string;
  pathname: string;
  search: string;
}): string {
  const isPrivate = PRIVATE_PATHS.some(
    (path) => location.pathname === path || location.pathname.startsWith(`${path}/`),
  );
  return `${location.origin}${location.pathname}${isPrivate ? '' : location.search}`;
}

/**
 * Loads the analytics script from the third-party host and configures it with `id`
 * (spec section 1), only when `id` is a non-blank string; a no-op otherwise and on a second
 * call. Call it only once the visitor has accepted analytics (src/features/consent/consent.ts
 * does). Returns the injected `<script>` element, or null when nothing was injected.
 */
export function applyAnalytics(
  doc: Document,
  win: AnalyticsWindow,
  id: string | null | undefined,
): HTMLScriptElement | null {
  const trimmed = id?.trim();
  if (!trimmed) return null;
  if (doc.querySelector(`script[src^="${ANALYTICS_SCRIPT_BASE}"]`)) return null;

  win[`ga-disable-${trimmed}`] = false;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the queue, not arrays: keep the classic shape.
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag('js', new Date());
  if (win.location) {
    win.gtag('config', trimmed, { page_location: analyticsLocation(win.location) });
  } else {
    win.gtag('config', trimmed);
  }

  const script = doc.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT_BASE}?id=${encodeURIComponent(trimmed)}`;
  doc.head.append(script);
  return script;
}

/** The cookies Google Analytics sets: `_ga`, `_ga_<container>`, `_gid`, `_gat…`. */
const ANALYTICS_COOKIE = /^_(ga|gid|gat)(_|$)/;

/**
 * Deletes every Google Analytics cookie the document can see. The Google tag writes them on
 * the widest domain it may (`cookie_domain: 'auto'`, e.g. `.shop.example` for
 * `www.shop.example`), and a cookie is deleted only with the domain it was set with, so each
 * is expired host-only and on every parent domain of `hostname`. Returns the names removed.
 */
export function removeAnalyticsCookies(doc: Document, hostname: string): string[] {
  const names = [
    ...new Set(
      doc.cookie
        .split(';')
        .map((pair) => pair.split('=', 1)[0]!.trim())
        .filter((name) => ANALYTICS_COOKIE.test(name)),
    ),
  ];
  const labels = hostname.split('.');
  const domains = [''];
  for (let i = 0; i < labels.length - 1; i += 1)
    domains.push(`; domain=.${labels.slice(i).join('.')}`);
  for (const name of names) {
    for (const domain of domains) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/${domain}`;
    }
  }
  return names;
}

/**
 * Stops analytics for `id` on this page (the Google tag checks `ga-disable-<id>` before each
 * hit) and deletes its cookies. The loaded script stays in memory until the page is left, so
 * the caller reloads the page when the visitor withdraws.
 */
export function stopAnalytics(
  doc: Document,
  win: AnalyticsWindow,
  id: string,
  hostname: string,
): string[] {
  win[`ga-disable-${id.trim()}`] = true;
  return removeAnalyticsCookies(doc, hostname);
}
