/**
 * What every HTML document the server makes (the storefront's pages, the back office's shell,
 * the API reference) allows in its Content-Security-Policy besides its own sources: no plugins,
 * a `<base>` and form posts only to this origin, and no framing by any page.
 */

/** The directives every document's policy ends with, in this order. */
export const DOCUMENT_LOCKDOWN: readonly string[] = [
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * A document's Content-Security-Policy header value: `directives` (each a whole directive such
 * as `"script-src 'self'"`), in the order given, then DOCUMENT_LOCKDOWN, joined by `; `.
 * Throws nothing.
 */
export function documentPolicy(...directives: string[]): string {
  return [...directives, ...DOCUMENT_LOCKDOWN].join('; ');
}
