/**
 * Start-up rendering of the SPA's index.html (spec section 1): the tenant's
 * site settings inlined as JSON so the page needs no extra round trip, plus the title and the
 * meta description that crawlers read before any script runs.
 */
import type { components } from '../../../common/storefront-api';
import { documentPolicy } from '../csp.ts';

type SiteSettings = components['schemas']['SiteSettings'];

/** Spec section 1: the meta description when the site has none. */
export const DESCRIPTION_FALLBACK = 'A description for my site.';

const JSON_HTML_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Serializes `value` as JSON that is safe inside `<script type="application/json">`: `<`, `>`
 * and `&` become \u escapes (so "</script>" or "<!--" in a title cannot end or confuse the
 * element) and so do U+2028/U+2029. JSON.parse of the element's text gives `value` back.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_HTML_ESCAPES[c] ?? c);
}

/** Escapes text for an HTML element body or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `html` with the shop's tenant token in a `<meta name="tenant-token">` right after `<head>`
 * (replacing one the build may carry). The storefront (src/api/config.ts) and the back office
 * (admin/src/api/config.ts) read it first, so one build serves whichever shop the server is
 * started for (spec section 7: every request carries the shop's token).
 */
export function withTenantToken(html: string, tenantToken: string): string {
  const meta = `<meta name="tenant-token" content="${escapeHtml(tenantToken)}">`;
  const without = html.replace(/<meta name="tenant-token"[^>]*>/g, '');
  return without.replace(/<head>/i, (head) => `${head}${meta}`);
}

/**
 * `html` with the shop's card aspect on its document (`<html data-card-aspect="portrait">`), for
 * the stylesheet that shapes the product cards (src/features/catalog/photo-framing.ts): no
 * script of the page reads it, so the home page's first load stays within its budget. Said once:
 * a document that has it already is returned as it is. The shell and every server-rendered page
 * get it; React leaves the attribute alone when it hydrates.
 */
export function withCardAspect(html: string, aspect: string | undefined): string {
  const value = escapeHtml(aspect ?? 'square');
  return html.replace(
    /<html\b(?![^>]*data-card-aspect)/i,
    () => `<html data-card-aspect="${value}"`,
  );
}

/**
 * Returns `template` with the site settings inlined right before `</head>` as
 * `<script id="site-settings" type="application/json">`, the `<title>` set to the site title,
 * the meta description set (or added) with the spec's fallback, and the cards' aspect on the
 * document (`<html data-card-aspect="square">`). With `settings` null the template is returned
 * unchanged.
 * @throws Error when the template has no `</head>`.
 */
export function renderIndexHtml(template: string, settings: SiteSettings | null): string {
  if (!/<\/head>/i.test(template)) throw new Error('index.html has no </head>.');
  if (!settings) return template;
  let html = template;
  const title = escapeHtml(settings.site_title);
  if (settings.site_title.trim() !== '') {
    html = /<title>[\s\S]*?<\/title>/i.test(html)
      ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
      : html.replace(/<\/head>/i, () => `<title>${title}</title></head>`);
  }
  const description = escapeHtml(settings.site_description.trim() || DESCRIPTION_FALLBACK);
  const meta = `<meta name="description" content="${description}">`;
  html = /<meta\s+name=["']description["'][^>]*>/i.test(html)
    ? html.replace(/<meta\s+name=["']description["'][^>]*>/i, () => meta)
    : html.replace(/<\/head>/i, () => `${meta}</head>`);
  html = withCardAspect(html, settings.card_aspect);
  const script = `<script id="site-settings" type="application/json">${jsonForHtml(settings)}</script>`;
  return html.replace(/<\/head>/i, () => `${script}</head>`);
}

/**
 * The Content-Security-Policy of the storefront's documents. Google Tag Manager is allowed only
 * when the shop has an analytics id (spec section 1 loads it only then). The shell's inlined
 * settings are a non-executable JSON script element, so no hash or nonce is needed for them;
 * a server-rendered page passes its `nonce`.
 */
export function contentSecurityPolicy(
  settings: Pick<SiteSettings, 'google_analytics_id'> | null,
  nonce?: string,
): string {
  const analytics = Boolean(settings?.google_analytics_id);
  // A server-rendered page's inline scripts (its data and the loader of its scripts) carry
  // this response's nonce; nothing inline runs without it (decision 008).
  const scriptSrc =
    (analytics ? "'self' https://www.googletagmanager.com" : "'self'") +
    (nonce ? ` 'nonce-${nonce}'` : '');
  const connectSrc = analytics
    ? "'self' https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com"
    : "'self'";
  return documentPolicy(
    "default-src 'self'",
    "img-src 'self' data: blob:" +
      (analytics ? ' https://www.googletagmanager.com https://*.google-analytics.com' : ''),
    `script-src ${scriptSrc}`,
    // React sets style properties through the CSSOM, which CSP allows; no inline <style> or
    // style attributes in markup are needed, so none are allowed.
    "style-src 'self'",
    `connect-src ${connectSrc}`,
    // The contact page embeds maps from this host only (src/features/content/map-embed.ts).
    'frame-src https://www.openstreetmap.org',
  );
}
