/**
 * The HTML sanitizer of server renders (decision 008), installed by src/entry-server.tsx.
 * sanitize-html builds its output from an allow-list, so what reaches the page is only the
 * tags and attributes of common/html-policy.ts, through common/sanitize-staff-html.ts (the
 * browser's sanitizers read the same list), with text re-escaped: no script, style, iframe or form,
 * no inline styles or event handlers, links only to http(s), mailto and tel or a site path, images
 * only from http(s) or a site path, and `target` only as `_blank`, always with `rel="noopener
 * noreferrer"`; an image without `alt` gets `alt=""`.
 */
import { sanitizeStaffHtml } from '../../common/sanitize-staff-html';

/** Up to this many sanitized fragments are kept: the same descriptions are rendered again and again. */
const CACHE_SIZE = 500;
const cache = new Map<string, string>();

/** Sanitizes untrusted HTML for a server render; see the module comment for what is kept. */
export function sanitizeOnServer(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeStaffHtml(html);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}
