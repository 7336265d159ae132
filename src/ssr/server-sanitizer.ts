/**
 * The HTML sanitizer of server renders (decision 008), installed by src/entry-server.tsx.
 * sanitize-html builds its output from an allow-list, so what reaches the page is only these
 * tags and attributes, with text re-escaped. The list follows what DOMPurify keeps in the
 * browser (src/components/sanitized-html.tsx): ordinary text, list, table and image markup;
 * no script, style, iframe or form, no inline styles or event handlers, links and images only
 * to http(s), mailto and tel (images: http(s) and site paths), and `target` only as `_blank`,
 * always with `rel="noopener noreferrer"`; an image without `alt` gets `alt=""`.
 */
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2', 'del', 'ins'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class', 'lang', 'dir'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed', 'type'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // An image without a text alternative is decorative (as in the browser's sanitizer).
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.alt === undefined ? { ...attribs, alt: '' } : attribs,
    }),
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs:
          target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : { ...rest },
      };
    },
  },
};

/** Up to this many sanitized fragments are kept: the same descriptions are rendered again and again. */
const CACHE_SIZE = 500;
const cache = new Map<string, string>();

/** Sanitizes untrusted HTML for a server render; see the module comment for what is kept. */
export function sanitizeOnServer(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html, OPTIONS);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}
