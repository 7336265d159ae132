/**
 * The `redirect` search param of /login (issue 3; ASVS V5.1.5: no open redirect).
 * Only a same-site path is accepted: it starts with exactly one '/' (not '//host' nor '/\host',
 * which browsers treat as another origin), holds no whitespace or control characters (browsers
 * drop tabs and newlines, turning '/\t/host' into '//host'), and resolves to this origin.
 * Anything else is undefined.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const path = value;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  try {
    const base = 'https://storefront.invalid';
    const url = new URL(path, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
