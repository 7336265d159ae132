/**
 * The sanitizer behind <SanitizedHtml> (src/components/sanitized-html.tsx, which says where
 * HTML is sanitized and why), apart from the component so route loaders can start loading it
 * without pulling the component into every page's first load.
 *
 * In the browser, staff HTML goes through two well-kept sanitizers with one allow-list
 * (common/html-policy.ts):
 * 1. js-xss, on the string, with no DOM: it drops every tag and attribute off the list, event
 *    handlers included, before the browser parses anything. Chromium 156 reports a CSP
 *    `script-src-attr` violation for each inline handler it parses, even into an inert
 *    document that never runs it (decision 012), so handlers must be gone before step 2.
 * 2. DOMPurify, on the tree the browser parses from js-xss's output: the authoritative pass,
 *    which sees the markup as the browser will (mutation XSS, namespace tricks, DOM clobbering).
 */
import type { Config } from 'dompurify';
import {
  ALL_ATTRIBUTES,
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  GLOBAL_ATTRIBUTES,
  isLoadableImageSource,
  LINK_SCHEMES,
} from '../../common/html-policy';

type Sanitize = (html: string) => string;

/** A URL with one of the allowed schemes, or with no scheme at all (a site path). */
const ALLOWED_URI = new RegExp(
  `^(?:(?:${LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: Object.keys(ALLOWED_TAGS),
  ALLOWED_ATTR: [...ALL_ATTRIBUTES],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
};

let serverSanitize: Sanitize | null = null;
let browserSanitize: Sanitize | null = null;
let loading: Promise<void> | null = null;

/** Installs the sanitizer of server renders (src/entry-server.tsx); never called in the browser. */
export function setServerSanitizer(sanitize: Sanitize): void {
  serverSanitize = sanitize;
}

/** The installed sanitizer (server's or the browser's), or null before `loadSanitizer` resolves. */
export function activeSanitizer(): Sanitize | null {
  return serverSanitize ?? browserSanitize;
}

/** js-xss's allow-list: each allowed tag with its own and the global attributes. */
function xssAllowList(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(ALLOWED_TAGS).map(([tag, attrs]) => [tag, [...GLOBAL_ATTRIBUTES, ...attrs]]),
  );
}

/**
 * Loads the browser's sanitizers once (a private DOMPurify instance with the hook below).
 * Resolves at once when a sanitizer is already there, on the server too. Route loaders call
 * it so the page renders without waiting.
 */
export function loadSanitizer(): Promise<void> {
  if (activeSanitizer()) return Promise.resolve();
  loading ??= Promise.all([import('dompurify'), import('xss')]).then(
    ([{ default: DOMPurify }, { FilterXSS, cssFilter, safeAttrValue }]) => {
      const prefilter = new FilterXSS({
        whiteList: xssAllowList(),
        stripIgnoreTag: true,
        stripIgnoreTagBody: [...DROPPED_WITH_CONTENT],
        css: false,
        // js-xss would keep a refused URL as a bare `href`, a link to the page itself: drop it.
        onTagAttr: (tag, name, value) =>
          (name === 'href' || name === 'src') && !safeAttrValue(tag, name, value, cssFilter)
            ? ''
            : undefined,
      });
      // A private instance, so the hook below never affects another caller of DOMPurify.
      const purifier = DOMPurify(window);
      purifier.addHook('afterSanitizeAttributes', (node) => {
        if (!(node instanceof Element)) return;
        // A broken image (no loadable src) is dropped whole rather than kept as a 404.
        if (node.tagName === 'IMG' && !isLoadableImageSource(node.getAttribute('src'))) {
          node.remove();
          return;
        }
        // An image staff left without a text alternative is treated as decorative: screen
        // readers would otherwise read out its file name (WCAG 1.1.1, axe image-alt).
        if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
        if (!node.hasAttribute('target')) return;
        if (node.getAttribute('target') === '_blank') {
          node.setAttribute('rel', 'noopener noreferrer');
        } else {
          // Named targets can be used to hijack another window of the shop; only _blank is kept.
          node.removeAttribute('target');
        }
      });
      browserSanitize = (html) => purifier.sanitize(prefilter.process(html), PURIFY_CONFIG);
    },
  );
  return loading;
}

/**
 * Sanitizes an HTML string (the allow-list of common/html-policy.ts; `target="_blank"` links get
 * `rel="noopener noreferrer"`; images without an alt get `alt=""`) and returns the safe HTML.
 * @throws Error when no sanitizer is loaded yet (call {@link loadSanitizer} first).
 */
export function sanitizeHtml(html: string): string {
  const sanitize = activeSanitizer();
  if (!sanitize) throw new Error('sanitizeHtml: call loadSanitizer() first');
  return sanitize(html);
}
