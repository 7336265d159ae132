/**
 * What staff HTML (category and product descriptions, blog posts, legal documents, FAQ
 * answers) may keep once sanitized: one allow-list, read by the three libraries that apply
 * it, so the server render and the browser agree on every tag and attribute.
 *
 * - server renders: sanitize-html (src/ssr/server-sanitizer.ts);
 * - the browser: js-xss first, on the string, then DOMPurify on the parsed tree
 *   (src/components/sanitizer.ts, decision 012 says why both).
 *
 * Nothing here runs script or restyles the shop: no script, style, iframe, form or SVG, no inline
 * style, class or event handler, links only to http(s), mailto and tel or a site path, images only
 * from http(s) or a site path. `target` is kept only as `_blank`, with `rel="noopener noreferrer"`
 * added by each sanitizer.
 */

/**
 * Attributes any allowed tag may carry. No `class`: the shop's own styles are class-based, so a
 * saved `<div class="catalog-overlay">` could restyle the page around it (a full-screen overlay
 * with a "sign in again" link to another site), and the back office's editor writes no class.
 * No `id` either (it could clobber the page's own anchors and DOM globals).
 */
export const GLOBAL_ATTRIBUTES = ['lang', 'dir'] as const;

/** Allowed tags, each with the attributes it may carry beyond {@link GLOBAL_ATTRIBUTES}. */
export const ALLOWED_TAGS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    [
      'address',
      'article',
      'aside',
      'footer',
      'header',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'hgroup',
      'main',
      'nav',
      'section',
      'blockquote',
      'dd',
      'div',
      'dl',
      'dt',
      'figcaption',
      'figure',
      'hr',
      'li',
      'menu',
      'p',
      'pre',
      'ul',
      'abbr',
      'b',
      'bdi',
      'bdo',
      'br',
      'cite',
      'code',
      'data',
      'dfn',
      'em',
      'i',
      'kbd',
      'mark',
      'q',
      'rb',
      'rp',
      'rt',
      'rtc',
      'ruby',
      's',
      'samp',
      'small',
      'span',
      'strong',
      'sub',
      'sup',
      'u',
      'var',
      'wbr',
      'caption',
      'col',
      'colgroup',
      'table',
      'tbody',
      'tfoot',
      'thead',
      'tr',
      'del',
      'ins',
    ].map((tag) => [tag, [] as string[]]),
  ),
  a: ['href', 'name', 'target', 'rel', 'title'],
  img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start', 'reversed', 'type'],
  time: ['datetime'],
};

/** Tags removed together with everything inside them (their text is code, not prose). */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'noscript',
  'iframe',
  'template',
] as const;

/** URL schemes a link may use; a URL without a scheme (a site path) is always allowed. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** URL schemes an image may use. */
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/**
 * True for an image source a page can load: an absolute http(s) URL or a site path
 * (`/api/media/…`). Anything else (`x`, `image.png` relative to whatever page shows it, an
 * empty or missing src) is a broken image, a 404 and a console error on every view: such an
 * `<img>` is dropped whole.
 */
export function isLoadableImageSource(src: string | null | undefined): boolean {
  return /^(https?:\/\/[^/\s]|\/(?![/\\]))/i.test((src ?? '').trim());
}

/** Every attribute name the allow-list mentions, for sanitizers that take one flat list. */
export const ALL_ATTRIBUTES: readonly string[] = [
  ...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(ALLOWED_TAGS).flat()]),
];
