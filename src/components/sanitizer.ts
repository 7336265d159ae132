/**
 * The sanitizer behind <SanitizedHtml> (src/components/sanitized-html.tsx, which says where
 * HTML is sanitized and why), apart from the component so route loaders can start loading it
 * without pulling the component into every page's first load.
 */
import type { Config } from 'dompurify';

type Sanitize = (html: string) => string;

/** DOMPurify's settings: its default profile without these tags and inline styles. */
export const FORBIDDEN_TAGS = ['style', 'script', 'iframe', 'form'] as const;

const CONFIG: Config = {
  FORBID_TAGS: [...FORBIDDEN_TAGS],
  FORBID_ATTR: ['style'],
  // Staff may open external links in a new tab; the hook below makes that safe.
  ADD_ATTR: ['target'],
};

let serverSanitize: Sanitize | null = null;
let browserSanitize: Sanitize | null = null;
let loading: Promise<void> | null = null;

/** Installs the sanitizer of server renders (src/entry-server.tsx); never called in the browser. */
export function setServerSanitizer(sanitize: Sanitize): void {
  serverSanitize = sanitize;
}

/** The installed sanitizer (server's or DOMPurify), or null before `loadSanitizer` resolves. */
export function activeSanitizer(): Sanitize | null {
  return serverSanitize ?? browserSanitize;
}

/**
 * Loads DOMPurify once (a private instance with the target hook below). Resolves at once when
 * a sanitizer is already there, on the server too. Route loaders call it so the page renders
 * without waiting.
 */
export function loadSanitizer(): Promise<void> {
  if (activeSanitizer()) return Promise.resolve();
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    // A private instance, so the hook below never affects another caller of DOMPurify.
    const purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (!(node instanceof Element)) return;
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
    browserSanitize = (html) => purifier.sanitize(html, CONFIG);
  });
  return loading;
}

/**
 * Sanitizes an HTML string (default profile, without style/script/iframe/form and inline
 * styles; `target="_blank"` links get `rel="noopener noreferrer"`; images without an alt get
 * `alt=""`) and returns the safe HTML.
 * @throws Error when no sanitizer is loaded yet (call {@link loadSanitizer} first).
 */
export function sanitizeHtml(html: string): string {
  const sanitize = activeSanitizer();
  if (!sanitize) throw new Error('sanitizeHtml: call loadSanitizer() first');
  return sanitize(html);
}
