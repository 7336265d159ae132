/**
 * The HTML sanitizer of server renders (decision 008), installed by src/entry-server.tsx.
 * sanitize-html builds its output from an allow-list, so what reaches the page is only the
 * tags and attributes of src/components/html-policy.ts (the browser's sanitizers read the same
 * list), with text re-escaped: no script, style, iframe or form, no inline styles or event
 * handlers, links only to http(s), mailto and tel or a site path, images only from http(s) or a
 * site path, and `target` only as `_blank`, always with `rel="noopener noreferrer"`; an image
 * without `alt` gets `alt=""`.
 */
import sanitize from 'sanitize-html';
import {
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  GLOBAL_ATTRIBUTES,
  IMAGE_SCHEMES,
  isLoadableImageSource,
  LINK_SCHEMES,
} from '../components/html-policy';

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED_TAGS),
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  allowedAttributes: {
    ...Object.fromEntries(
      Object.entries(ALLOWED_TAGS)
        .filter(([, attributes]) => attributes.length > 0)
        .map(([tag, attributes]) => [tag, [...attributes]]),
    ),
    '*': [...GLOBAL_ATTRIBUTES],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  // A broken image (no loadable src) is dropped whole rather than kept as a 404.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isLoadableImageSource(frame.attribs.src),
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
