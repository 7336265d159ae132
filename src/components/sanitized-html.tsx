import { use, useState, useSyncExternalStore } from 'react';
import { activeSanitizer, loadSanitizer, sanitizeHtml } from './sanitizer';

export { loadSanitizer, sanitizeHtml, setServerSanitizer } from './sanitizer';

/*
 * The one place in the storefront that sets inner HTML (architecture rule 8). Server HTML
 * (category descriptions, long product descriptions, blog content, legal documents) is
 * written by shop staff, but it travels through an API we do not control end to end, so it
 * is treated as untrusted and sanitized before it touches the DOM.
 *
 * Where it is sanitized (decision 008):
 * - in the browser by DOMPurify, loaded on demand (`loadSanitizer`, which the loaders of the
 *   pages that show such HTML call), so it is not part of the first load of other pages;
 * - in a server render by the sanitizer the server entry installs (`setServerSanitizer`:
 *   sanitize-html with the same allow-list, since DOMPurify needs a browser DOM and jsdom costs
 *   seconds and hundreds of MB);
 * - an element the browser hydrates keeps the server's sanitized HTML as it is: React does not
 *   touch inner HTML while hydrating, and the component leaves it alone until the HTML changes.
 */

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
