/**
 * Search-engine and sharing metadata: what each route's `head` returns, rendered by
 * TanStack Router's `<HeadContent />` on the server and kept up to date by it in the browser.
 *
 * The root route sets the defaults every page shares (spec section 1: the site title and the
 * description or its fallback; the favicon; the canonical address; Open Graph and Twitter
 * card basics). A page's `head` adds its own title, description, image and JSON-LD through
 * {@link pageHead}; a child's tag replaces the root's tag of the same name or property.
 */
import { faviconHref, faviconType, metaDescriptionFor } from './start-up';
import { siteTitleOf, socialLinksOf, type SiteSettings } from './site-settings';
import { isNotFound } from '@tanstack/react-router';
import { config } from '../../api/config';

/** What the root loader returns: the request's origin and the tenant's site settings (or null). */
export interface RootLoaderData {
  origin: string;
  settings: SiteSettings | null;
}

/** The part of a route match `head` reads (TanStack passes every match of the page). */
export interface HeadMatch {
  pathname: string;
  search?: unknown;
  loaderData?: unknown;
  /** The router's match status: `notFound` when its loader found no such page. */
  status?: string;
  /** True on the match that shows the not-found page of a path no route has. */
  globalNotFound?: boolean;
  /** What the match's loader threw; a child's `notFound()` lands on the route that shows it. */
  error?: unknown;
}

/**
 * True when the page is the not-found page: a path no route has (only the root matched: every
 * page, home included, is a route below it), or a record or list page whose loader found none.
 */
export function isNotFoundPage(matches: readonly HeadMatch[]): boolean {
  if (matches.length <= 1) return true;
  return matches.some(
    (match) =>
      match.status === 'notFound' || match.globalNotFound === true || isNotFound(match.error),
  );
}

type MetaTag = Record<string, unknown>;
interface LinkTag {
  rel: string;
  href: string;
  type?: string;
}
export interface HeadResult {
  meta: MetaTag[];
  links?: LinkTag[];
}

/** Search params that name a different page of content and so belong in its canonical address. */
const CANONICAL_SEARCH_KEYS = ['category', 'page'] as const;

/** The title used when the shop has none (spec section 1 leaves the page's own title alone). */
export const FALLBACK_SITE_TITLE = 'Storefront';

function rootData(matches: readonly HeadMatch[]): RootLoaderData | undefined {
  return matches[0]?.loaderData as RootLoaderData | undefined;
}

/** `path` made absolute against `origin`; an absolute http(s) address is kept as it is. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The canonical address of the page the matches describe: origin, path (no trailing slash but
 * for the root) and only the search params that select different content (category, page).
 */
export function canonicalUrl(origin: string, matches: readonly HeadMatch[]): string {
  const leaf = matches[matches.length - 1];
  const rawPath = leaf?.pathname ?? '/';
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const search = (leaf?.search ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of CANONICAL_SEARCH_KEYS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
  }
  const query = params.toString();
  return absoluteUrl(origin, path) + (query ? `?${query}` : '');
}

/** The site title for page titles: the settings' title, else the fallback. */
export function siteTitleFor(matches: readonly HeadMatch[]): string {
  return siteTitleOf(rootData(matches)?.settings) || FALLBACK_SITE_TITLE;
}

/**
 * The shop's own name (the settings' title), or '' when it has none: for statements about the
 * shop (a product's brand), where the fallback title would name a shop that does not exist.
 */
export function shopNameFor(matches: readonly HeadMatch[]): string {
  return siteTitleOf(rootData(matches)?.settings);
}

/** The origin the root loader recorded (the request's), for absolute addresses. */
export function originFor(matches: readonly HeadMatch[]): string {
  return rootData(matches)?.origin ?? '';
}

/**
 * The address of a media path the API returned (`/api/media/...`): absolute against the
 * storefront's origin, or as it is when the API gave a full URL.
 */
export function mediaUrl(matches: readonly HeadMatch[], path: string | null | undefined) {
  return path ? absoluteUrl(originFor(matches), path) : undefined;
}

/** Shortens text for a meta description: whitespace collapsed, at most `max` characters. */
export function summarize(text: string | null | undefined, max = 160): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The root route's head: spec section 1's title, description and favicon, plus shared tags. */
export function rootHead(data: RootLoaderData | undefined, matches: readonly HeadMatch[]) {
  const settings = data?.settings ?? null;
  const siteTitle = siteTitleOf(settings) || FALLBACK_SITE_TITLE;
  const description = metaDescriptionFor(settings);
  // A page that is none has no address of its own to claim, and stays out of the index.
  const notFound = isNotFoundPage(matches);
  const canonical = notFound ? null : canonicalUrl(data?.origin ?? '', matches);
  const favicon = settings?.favicon?.trim();
  const icon: LinkTag = favicon
    ? {
        rel: 'icon',
        href: faviconHref(config.apiBaseUrl, favicon),
        ...(faviconType(favicon) ? { type: faviconType(favicon) } : {}),
      }
    : { rel: 'icon', href: '/favicon.ico', type: 'image/x-icon' };
  return {
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1f1b16' },
      { title: siteTitle },
      { name: 'description', content: description },
      { property: 'og:site_name', content: siteTitle },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: siteTitle },
      { property: 'og:description', content: description },
      ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: siteTitle },
      { name: 'twitter:description', content: description },
      ...(notFound ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
    links: canonical ? [{ rel: 'canonical', href: canonical }, icon] : [icon],
  } satisfies HeadResult;
}

export interface PageHeadOptions {
  /** The page's own title; the document title becomes '{title} | {site title}'. Omit on home. */
  title?: string;
  /** Plain text; summarized to 160 characters. Omitted: the site description stays. */
  description?: string | null;
  /** Media path or address of the page's picture (product or post image). */
  image?: string | null;
  imageAlt?: string | null;
  /** Open Graph type: 'website' (default), 'product' or 'article'. */
  type?: 'website' | 'product' | 'article';
  /** Pages that only make sense to one shopper (cart, login, orders) are kept out of search. */
  noindex?: boolean;
  /** schema.org objects, each rendered as one `<script type="application/ld+json">`. */
  jsonLd?: readonly object[];
}

/** A page's head tags (see the module comment). */
export function pageHead(matches: readonly HeadMatch[], options: PageHeadOptions): HeadResult {
  const siteTitle = siteTitleFor(matches);
  const meta: MetaTag[] = [];
  if (options.title) {
    const full = `${options.title} | ${siteTitle}`;
    meta.push(
      { title: full },
      { property: 'og:title', content: options.title },
      { name: 'twitter:title', content: options.title },
    );
  }
  const description = summarize(options.description);
  if (description) {
    meta.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
      { name: 'twitter:description', content: description },
    );
  }
  if (options.type && options.type !== 'website')
    meta.push({ property: 'og:type', content: options.type });
  const image = mediaUrl(matches, options.image);
  if (image) {
    meta.push(
      { property: 'og:image', content: image },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: image },
    );
    if (options.imageAlt) {
      meta.push(
        { property: 'og:image:alt', content: options.imageAlt },
        { name: 'twitter:image:alt', content: options.imageAlt },
      );
    }
  }
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' });
  for (const item of options.jsonLd ?? []) meta.push({ 'script:ld+json': item });
  return { meta };
}

/** The head of a page that must stay out of search results (spec: login, cart, account...). */
export function privatePageHead(matches: readonly HeadMatch[], title: string): HeadResult {
  return pageHead(matches, { title, noindex: true });
}

/**
 * schema.org `Organization` of the home page: the shop's name, address, logo and social
 * profiles (`sameAs`), from the site settings.
 */
export function organizationJsonLd(matches: readonly HeadMatch[]): object {
  const data = rootData(matches);
  const settings = data?.settings ?? null;
  const origin = data?.origin ?? '';
  const logo = settings?.logo ? mediaUrl(matches, settings.logo) : undefined;
  const sameAs = socialLinksOf(settings?.social_media_links).map((link) => link.href);
  const email = settings?.contact_email?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteTitleFor(matches),
    url: absoluteUrl(origin, '/'),
    ...(logo ? { logo } : {}),
    ...(email ? { email } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** schema.org `BreadcrumbList` from (name, path) pairs, paths made absolute. */
export function breadcrumbJsonLd(
  matches: readonly HeadMatch[],
  items: ReadonlyArray<{ name: string; path: string }>,
): object {
  const origin = originFor(matches);
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}
