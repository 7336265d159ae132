import type { SiteSettings } from './site-settings';

/**
 * Start-up behaviour of spec section 1: page title, meta description and favicon, applied
 * once at boot from the site-settings record. The functions take the document as an argument
 * so they can be tested against a fresh jsdom document.
 *
 * Spec section 1 also loads the analytics script at start-up when `google_analytics_id` is
 * set. The storefront does not: under PECR reg. 6 and the ePrivacy Directive art. 5(3) the
 * Google tag may run only after the visitor agreed, so it is loaded by the consent feature
 * (src/features/consent/: the banner, the remembered choice, the footer's "Cookie settings"),
 * which the root route starts after hydration (docs/spec-deviations.md).
 */

/** Spec section 9: the meta description when the site has none. */
export const DEFAULT_META_DESCRIPTION = 'A description for my site.';

type StartUpSettings = Pick<SiteSettings, 'site_title' | 'site_description' | 'favicon'>;

/** Sets `document.title` to the site title when there is one; otherwise leaves it alone. */
export function applyTitle(
  doc: Document,
  settings: Pick<SiteSettings, 'site_title'> | null | undefined,
): void {
  const title = settings?.site_title?.trim();
  if (title) doc.title = title;
}

/** The meta description text: the site description, or 'A description for my site.' when blank or missing. */
export function metaDescriptionFor(
  settings: Pick<SiteSettings, 'site_description'> | null | undefined,
): string {
  return settings?.site_description?.trim() || DEFAULT_META_DESCRIPTION;
}

/** Writes the meta description (creating `<meta name="description">` when the page has none). */
export function applyMetaDescription(
  doc: Document,
  settings: Pick<SiteSettings, 'site_description'> | null | undefined,
): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = metaDescriptionFor(settings);
}

/**
 * The icon MIME type chosen by the favicon's file extension (spec section 1): svg ->
 * image/svg+xml, png -> image/png, ico -> image/x-icon (and webp -> image/webp, an icon
 * uploaded in the back office); undefined for anything else.
 * A query string or fragment is ignored; the extension is case-insensitive.
 */
export function faviconType(path: string): string | undefined {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const extension = bare.slice(bare.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'svg':
      return 'image/svg+xml';
    case 'png':
      return 'image/png';
    case 'ico':
      return 'image/x-icon';
    case 'webp':
      // An icon uploaded in the back office is made into WebP like every uploaded image.
      return 'image/webp';
    default:
      return undefined;
  }
}

/**
 * The favicon address: the API base plus the favicon value (spec section 1), joined with
 * exactly one slash. `('/api', '/media/demo/favicon.svg')` -> `'/api/media/demo/favicon.svg'`;
 * `('https://shop.example/api/', 'media/x.png')` -> `'https://shop.example/api/media/x.png'`.
 */
export function faviconHref(apiBase: string, favicon: string): string {
  return `${apiBase.replace(/\/+$/, '')}/${favicon.replace(/^\/+/, '')}`;
}

/**
 * Points `<link rel="icon">` at the tenant's favicon, with the type from its extension.
 * When `favicon` is null or blank the default icon of index.html stays. This is a deliberate
 * deviation: the spec says the fallback never applies, but a missing icon would be a 404 on
 * every page and cost Lighthouse points (recorded by the lead in docs/decisions).
 */
export function applyFavicon(
  doc: Document,
  favicon: string | null | undefined,
  apiBase: string,
): void {
  const value = favicon?.trim();
  if (!value) return;
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.href = faviconHref(apiBase, value);
  const type = faviconType(value);
  if (type) link.type = type;
  else link.removeAttribute('type');
}

/**
 * Applies the start-up rules of spec section 1 for one settings record: title, description,
 * favicon. Not the analytics script: that waits for the visitor's consent
 * (src/features/consent/consent.ts). With `settings` undefined (the record could not be
 * loaded) only the description fallback applies.
 */
export function applyStartUp(
  doc: Document,
  settings: StartUpSettings | null | undefined,
  apiBase: string,
): void {
  applyTitle(doc, settings);
  applyMetaDescription(doc, settings);
  applyFavicon(doc, settings?.favicon, apiBase);
}
