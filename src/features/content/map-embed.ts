/**
 * Which embedded maps the contact page may show.
 *
 * The reference API's Content-Security-Policy allows frames from these hosts only
 * (`frame-src` in server/lib/index-html.ts: keep the two lists equal). A `map_embed_link` on
 * any other host would be blocked by the browser and leave an empty grey box, so the page
 * does not try: it shows the map link instead, or 'Map currently unavailable.'.
 */
export const MAP_EMBED_HOSTS: readonly string[] = ['www.openstreetmap.org'];

/**
 * The embed address when `link` is an https URL on an allowed map host (see
 * {@link MAP_EMBED_HOSTS}); otherwise null. Never throws. Pure, so it runs the same on the
 * server and in the browser.
 */
export function embeddableMapUrl(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return MAP_EMBED_HOSTS.includes(url.hostname) ? url.href : null;
}

/**
 * An http(s) address for a plain link (a map location, a social profile), or null: a stored
 * `javascript:` or `data:` value must never become a link.
 */
export function safeExternalUrl(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A usable image address: a root-relative path on this site (the API's `/api/media/…`) or an
 * http(s) URL; anything else (`javascript:`, `data:`, protocol-relative `//host`) gives null.
 */
export function safeImageUrl(src: string | null | undefined): string | null {
  const text = src?.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  return safeExternalUrl(text);
}
