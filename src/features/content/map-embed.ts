/**
 * Which embedded maps the contact page may show.
 *
 * The reference API's Content-Security-Policy allows frames from these hosts only (`frame-src` in
 * server/platform/render/index-html.ts: keep the two lists equal). A `map_embed_link` on any other
 * host would be blocked by the browser and leave an empty grey box, so the page does not try: it
 * shows the map link instead, or 'Map currently unavailable.'.
 */
export const MAP_EMBED_HOSTS: readonly string[] = ['www.openstreetmap.org'];

/**
 * The `sandbox` of an embedded map: only what OpenStreetMap's embed page needs.
 *
 * - `allow-scripts`: the embed is a Leaflet map drawn by script (its tiles are images).
 * - No `allow-same-origin`: together with `allow-scripts` it gives the frame's script its
 *   host's real origin (its cookies and storage), so the sandbox would only block forms and
 *   navigation; and were an embed ever served from this site's own origin, its script could
 *   reach into this page and remove the `sandbox` attribute itself (the HTML standard's
 *   warning, which the W3C checker enforces). The map does not need its origin: it keeps no
 *   cookies or storage and makes no same-origin requests; its scripts and tiles load as plain
 *   cross-origin resources, which an opaque origin may do.
 * - `allow-popups` and `allow-popups-to-escape-sandbox`: the map's attribution links ('Report
 *   a problem', the licence) open openstreetmap.org in a new tab, which must work there as a
 *   normal page rather than inherit this sandbox.
 * No forms, top navigation, downloads or modals.
 */
export const MAP_EMBED_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

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
