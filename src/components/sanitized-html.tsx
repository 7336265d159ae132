import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/*
 * The one place in the storefront that sets inner HTML (architecture rule 8). Server HTML
 * (category descriptions, long product descriptions, blog content, legal documents) is
 * written by shop staff, but it travels through an API we do not control end to end, so it
 * is treated as untrusted and sanitized before it touches the DOM.
 */

const CONFIG: Config = {
  FORBID_TAGS: ['style', 'script', 'iframe', 'form'],
  FORBID_ATTR: ['style'],
  // Staff may open external links in a new tab; the hook below makes that safe.
  ADD_ATTR: ['target'],
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // A private instance, so the hook below never affects another caller of DOMPurify.
  purifier = DOMPurify(window);
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
  return purifier;
}

/**
 * Sanitizes an HTML string with DOMPurify (default profile, without style/script/iframe/form
 * and inline styles; `target="_blank"` links get `rel="noopener noreferrer"`; images without
 * an alt get `alt=""`). Returns the
 * safe HTML string. Pure apart from DOMPurify's use of the DOM.
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}

export interface SanitizedHtmlProps {
  /** Untrusted HTML from the API; null or undefined renders an empty element. */
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section';
  id?: string;
}

/** Renders server HTML after sanitizing it (spec sections 2 and 3: category and product descriptions, etc.). */
export function SanitizedHtml({ html, className, as = 'div', id }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  const Tag = as;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
