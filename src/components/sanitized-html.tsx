import type { Config } from 'dompurify';
import { use, useState, useSyncExternalStore } from 'react';

/*
 * The one place in the storefront that sets inner HTML (architecture rule 8). Server HTML
 * (category descriptions, long product descriptions, blog content, legal documents) is
 * written by shop staff, but it travels through an API we do not control end to end, so it
 * is treated as untrusted and sanitized before it touches the DOM.
 *
 * Where it is sanitized (decision 007):
 * - in the browser by DOMPurify, loaded on demand (`loadSanitizer`, which the loaders of the
 *   pages that show such HTML call), so it is not part of the first load of other pages;
 * - in a server render by the sanitizer the server entry installs (`setServerSanitizer`:
 *   sanitize-html with the same allow-list, since DOMPurify needs a browser DOM and jsdom costs
 *   seconds and hundreds of MB);
 * - an element the browser hydrates keeps the server's sanitized HTML as it is: React does not
 *   touch inner HTML while hydrating, and the component leaves it alone until the HTML changes.
 */

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

function activeSanitizer(): Sanitize | null {
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
      if (!(node instanceof Element) || !node.hasAttribute('target')) return;
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
 * styles; `target="_blank"` links get `rel="noopener noreferrer"`) and returns the safe HTML.
 * @throws Error when no sanitizer is loaded yet (call {@link loadSanitizer} first).
 */
export function sanitizeHtml(html: string): string {
  const sanitize = activeSanitizer();
  if (!sanitize) throw new Error('sanitizeHtml: call loadSanitizer() first');
  return sanitize(html);
}

export interface SanitizedHtmlProps {
  /** Untrusted HTML from the API; null or undefined renders an empty element. */
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section';
  id?: string;
}

const subscribeToNothing = () => () => undefined;

/** Renders server HTML after sanitizing it (spec sections 2 and 3: category and product descriptions, etc.). */
export function SanitizedHtml({ html, className, as = 'div', id }: SanitizedHtmlProps) {
  // True on the server and while the browser hydrates the server's HTML, false afterwards.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const source = html ?? '';
  const [hydratedSource] = useState(() =>
    hydrating && typeof document !== 'undefined' ? source : null,
  );
  const Tag = as;
  if (hydratedSource === source && source !== '') {
    // The element already holds the server's sanitized HTML: keep it, sanitize nothing.
    return (
      <Tag
        id={id}
        className={className}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    );
  }
  if (!activeSanitizer() && source !== '') use(loadSanitizer());
  const clean = source === '' ? '' : sanitizeHtml(source);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
