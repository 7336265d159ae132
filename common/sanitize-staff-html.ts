/**
 * The one sanitizer of staff HTML on a server (decision 008): sanitize-html builds its output
 * from the allow-list of ./html-policy.ts (the browser's sanitizers read the same list), with
 * text re-escaped: no script, style, iframe or form, no inline styles or event handlers, links
 * only to http(s), mailto and tel or a site path, images only from http(s) or a site path, and
 * `target` only as `_blank`, always with `rel="noopener noreferrer"`; an image without `alt`
 * gets `alt=""`. The storefront's server render shows staff HTML through it, and the API
 * stores what the back office saves through it, so what an editor can keep and what the shop
 * shows are the same set.
 */
import sanitize from 'sanitize-html';
import {
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  GLOBAL_ATTRIBUTES,
  IMAGE_SCHEMES,
  isLoadableImageSource,
  LINK_SCHEMES,
} from './html-policy';

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

/** Sanitizes untrusted staff HTML; see the module comment for what is kept. */
export function sanitizeStaffHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
